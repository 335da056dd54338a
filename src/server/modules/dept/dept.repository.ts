import { sql, type Kysely, type Transaction } from 'kysely';
import type { DeptRow } from '@shared/api/user';
import type { DB } from '../../db/schema';

type Db = Kysely<DB>;

/** The columns a save writes. */
export interface DeptValues {
  dept_name: string;
  parent_id: number | null;
  leader: string | null;
  phone: string | null;
  sort: number;
}

/** Every department with its own users counted (index users_dept_idx), in display order. */
export function listDepts(db: Db): Promise<DeptRow[]> {
  return db.selectFrom('departments as d')
    .select((eb) => [
      'd.id', 'd.dept_name as deptName', 'd.parent_id as parentId', 'd.leader', 'd.phone', 'd.sort',
      eb.selectFrom('users as u').select((c) => c.fn.countAll<string>().as('n')).whereRef('u.dept_id', '=', 'd.id').as('userCount'),
    ])
    .orderBy('d.sort').orderBy('d.id')
    .execute()
    .then((rows) => rows.map((r) => ({ ...r, userCount: Number(r.userCount) })));
}

export function findDept(db: Db, id: number) {
  return db.selectFrom('departments').select(['id', 'dept_name as deptName', 'parent_id as parentId']).where('id', '=', id).executeTakeFirst();
}

/**
 * Department structure changes (new, moved, renamed, deleted) run one at a time: no index can say "no two
 * siblings share a name" or "no cycle", so two saves at once could otherwise both pass the checks.
 * They are rare, so one transaction-scoped advisory lock costs nothing.
 */
export async function lockStructure(trx: Transaction<DB>): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext('departments.structure'))`.execute(trx);
}

/** A sibling (same parent) with the same name in any letter case, other than `exceptId`. */
export function siblingNamed(db: Db, parentId: number | null, name: string, exceptId?: number) {
  return db.selectFrom('departments').select(['id', 'dept_name as deptName'])
    .where(sql`lower(dept_name)`, '=', name.toLowerCase())
    .where((eb) => (parentId === null ? eb('parent_id', 'is', null) : eb('parent_id', '=', parentId)))
    .$if(exceptId !== undefined, (q) => q.where('id', '<>', exceptId!))
    .executeTakeFirst();
}

/** `id` and every department below it. */
export async function branchIds(db: Db, id: number): Promise<number[]> {
  const { rows } = await sql<{ id: number }>`
    with recursive branch(id) as (
      select ${id}::int
      union all
      select d.id from departments d join branch b on d.parent_id = b.id
    ) select id from branch`.execute(db);
  return rows.map((r) => r.id);
}

export async function childCount(db: Db, id: number): Promise<number> {
  const row = await db.selectFrom('departments').select((eb) => eb.fn.countAll<string>().as('n')).where('parent_id', '=', id).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function userCount(db: Db, id: number): Promise<number> {
  const row = await db.selectFrom('users').select((eb) => eb.fn.countAll<string>().as('n')).where('dept_id', '=', id).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertDept(trx: Transaction<DB>, values: DeptValues): Promise<number> {
  return (await trx.insertInto('departments').values(values).returning('id').executeTakeFirstOrThrow()).id;
}

export async function updateDept(trx: Transaction<DB>, id: number, values: DeptValues): Promise<void> {
  await trx.updateTable('departments').set(values).where('id', '=', id).execute();
}

/** The row is locked first: a user saved into the department at the same moment either waits or sees it gone. */
export async function lockDept(trx: Transaction<DB>, id: number) {
  return trx.selectFrom('departments').select(['id', 'dept_name as deptName']).where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function deleteDept(trx: Transaction<DB>, id: number): Promise<void> {
  await trx.deleteFrom('departments').where('id', '=', id).execute();
}
