import type { Kysely, Transaction } from 'kysely';
import type { DeptEditBody, DeptNode, DeptRow, DeptSaveBody } from '@shared/api/user';
import type { DB } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { BusinessError } from '../../lib/errors';
import { blankToNull } from '../../lib/paging';
import * as repo from './dept.repository';

type Db = Kysely<DB>;

const notFound = (id: number) => `部门不存在：${id}`;

export const listDepts = (db: Db) => repo.listDepts(db);

/** Nests the flat list (already in display order); a department whose parent is not in the list is a root. */
export function buildTree(rows: DeptRow[]): DeptNode[] {
  const nodes = new Map<number, DeptNode>(rows.map((r) => [r.id, { ...r, children: [] }]));
  const roots: DeptNode[] = [];
  for (const row of rows) {
    const node = nodes.get(row.id)!;
    const parent = row.parentId === null ? undefined : nodes.get(row.parentId);
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}

/** 0: the whole tree; otherwise that department with everything below it. */
export async function deptTree(db: Db, id: number): Promise<DeptNode[]> {
  const rows = await repo.listDepts(db);
  if (id === 0) return buildTree(rows);
  if (!rows.some((r) => r.id === id)) throw new BusinessError(notFound(id));
  const branch = new Set(await repo.branchIds(db, id));
  // The department keeps its parentId; outside the list, it is the root here.
  return buildTree(rows.filter((r) => branch.has(r.id)));
}

function valuesOf(body: DeptSaveBody): repo.DeptValues {
  const name = body.deptName.trim();
  if (!name) throw new BusinessError('参数错误：部门名称不能为空');
  return { dept_name: name, parent_id: body.parentId ?? null, leader: blankToNull(body.leader), phone: blankToNull(body.phone), sort: body.sort ?? 0 };
}

async function assertPlace(trx: Transaction<DB>, values: repo.DeptValues, id?: number): Promise<void> {
  if (values.parent_id !== null) {
    if (!(await repo.findDept(trx, values.parent_id))) throw new BusinessError('上级部门不存在');
    if (id !== undefined && (await repo.branchIds(trx, id)).includes(values.parent_id)) {
      throw new BusinessError('不能把部门移到它自己或其下级部门下');
    }
  }
  const twin = await repo.siblingNamed(trx, values.parent_id, values.dept_name, id);
  if (twin) throw new BusinessError(`同一上级下已有部门：${twin.deptName}`);
}

export async function createDept(db: Db, body: DeptSaveBody): Promise<number> {
  const values = valuesOf(body);
  return inTransaction(db, async (trx) => {
    await repo.lockStructure(trx);
    await assertPlace(trx, values);
    return repo.insertDept(trx, values);
  });
}

export async function editDept(db: Db, body: DeptEditBody): Promise<void> {
  const values = valuesOf(body);
  await inTransaction(db, async (trx) => {
    await repo.lockStructure(trx);
    if (!(await repo.findDept(trx, body.id))) throw new BusinessError(notFound(body.id));
    await assertPlace(trx, values, body.id);
    await repo.updateDept(trx, body.id, values);
  });
}

/** Refused while the department has sub-departments or users: nothing is moved or cleared silently. */
export async function deleteDept(db: Db, id: number): Promise<void> {
  await inTransaction(db, async (trx) => {
    await repo.lockStructure(trx);
    const dept = await repo.lockDept(trx, id);
    if (!dept) throw new BusinessError(notFound(id));
    if ((await repo.childCount(trx, id)) > 0) throw new BusinessError('请先删除下级部门');
    const users = await repo.userCount(trx, id);
    if (users > 0) throw new BusinessError(`部门 ${dept.deptName} 还有 ${users} 个用户，不能删除`);
    await repo.deleteDept(trx, id);
  });
}
