import type { Kysely, Transaction } from 'kysely';
import type { RoleEditBody, RoleGrantBody, RoleSaveBody } from '@shared/api/user';
import type { DB } from '../../db/schema';
import { ADMIN_ROLE } from '../../db/seed';
import { inTransaction } from '../../db/transaction';
import { mapUniqueViolation } from '../../lib/db-errors';
import { BusinessError } from '../../lib/errors';
import { findButtons, findExistingMenuNos, roleTree } from '../menu';
import * as repo from './role.repository';

export const listRoles = (db: Kysely<DB>) => repo.listRoles(db);
export const roleOptions = (db: Kysely<DB>) => repo.roleOptions(db);
export const roleMenuTree = (db: Kysely<DB>, roleId?: number) => roleTree(db, roleId);

/** Two saves racing for one code get the same answer as the pre-check. */
const duplicateRole = (code: string) => `角色编码已存在：${code}`;
const ADMIN_LOCKED = '超级管理员拥有全部权限，不能修改其权限';

/**
 * The grants a body asks for. Unknown menus or buttons are refused by name. A granted button brings its
 * screen's menu along, so the holder can reach the screen the button lives on.
 */
async function resolveGrants(trx: Transaction<DB>, body: { menuNos?: string[]; buttonKeys?: string[] }): Promise<repo.Grants> {
  const menuNos = [...new Set(body.menuNos ?? [])];
  const buttonKeys = [...new Set(body.buttonKeys ?? [])];
  const knownMenus = await findExistingMenuNos(trx, menuNos);
  const unknownMenus = menuNos.filter((no) => !knownMenus.has(no));
  if (unknownMenus.length) throw new BusinessError(`菜单不存在：${unknownMenus.join(', ')}`);
  const buttons = await findButtons(trx, buttonKeys);
  const knownKeys = new Set(buttons.map((b) => b.button_key));
  const unknownKeys = buttonKeys.filter((key) => !knownKeys.has(key));
  if (unknownKeys.length) throw new BusinessError(`按钮权限不存在：${unknownKeys.join(', ')}`);
  return { menuNos: [...new Set([...menuNos, ...buttons.map((b) => b.menu_no)])], buttonKeys };
}

const sameSet = (a: string[], b: string[]) => a.length === b.length && new Set([...a, ...b]).size === a.length;

/**
 * Nobody hands out a permission they do not hold themselves (a holder of role:edit could otherwise give
 * their own role everything); 超级管理员's holders hold everything anyway.
 */
async function assertMayGrant(trx: Transaction<DB>, actorId: number, roleId: number | null, buttonKeys: string[]): Promise<void> {
  const held = roleId === null ? new Set<string>() : new Set((await repo.roleGrants(trx, roleId)).buttonKeys);
  const added = buttonKeys.filter((key) => !held.has(key));
  if (!added.length) return;
  const actor = await repo.actorKeys(trx, actorId);
  if (actor.admin) return;
  const missing = added.filter((key) => !actor.keys.has(key));
  if (missing.length) throw new BusinessError(`不能授予自己没有的权限：${missing.join(', ')}`);
}

/**
 * Replaces the role's grants. 超级管理员 holds everything (the seed and new menus see to it): its grants
 * cannot change, so only the very tree it holds is accepted for it (the role form sends it back unchanged).
 */
async function setGrants(trx: Transaction<DB>, role: { id: number; role_code: string }, body: { menuNos?: string[]; buttonKeys?: string[] }, actorId: number) {
  const grants = await resolveGrants(trx, body);
  await assertMayGrant(trx, actorId, role.id, grants.buttonKeys);
  if (role.role_code === ADMIN_ROLE.roleCode) {
    const held = await repo.roleGrants(trx, role.id);
    if (!sameSet(grants.menuNos, held.menuNos) || !sameSet(grants.buttonKeys, held.buttonKeys)) throw new BusinessError(ADMIN_LOCKED);
    return;
  }
  await repo.replaceGrants(trx, role.id, grants);
}

export async function createRole(db: Kysely<DB>, body: RoleSaveBody, actorId: number): Promise<number> {
  return mapUniqueViolation(() => inTransaction(db, async (trx) => {
    if (await repo.roleCodeTaken(trx, body.roleCode)) throw new BusinessError(duplicateRole(body.roleCode));
    const grants = await resolveGrants(trx, body);
    await assertMayGrant(trx, actorId, null, grants.buttonKeys);
    return repo.insertRole(trx, { roleName: roleName(body), roleCode: body.roleCode, remark: body.remark?.trim() || null, ...grants });
  }), { roles_role_code_key: duplicateRole });
}

function roleName(body: { roleName: string }): string {
  const name = body.roleName.trim();
  if (!name) throw new BusinessError('参数错误：角色名称不能为空');
  return name;
}

async function lockedRole(trx: Transaction<DB>, id: number) {
  const role = await repo.lockRole(trx, id);
  if (!role) throw new BusinessError('角色不存在');
  return role;
}

/** Name, code, remark and grants at once. 超级管理员 may be renamed; its code and grants stay. */
export async function editRole(db: Kysely<DB>, body: RoleEditBody, actorId: number): Promise<void> {
  const name = roleName(body);
  await mapUniqueViolation(() => inTransaction(db, async (trx) => {
    const role = await lockedRole(trx, body.id);
    const owner = await repo.roleCodeOwner(trx, body.roleCode);
    if (owner && owner.id !== role.id) throw new BusinessError(duplicateRole(body.roleCode));
    // The seed and the permission checks know 超级管理员 by its code.
    if (role.role_code === ADMIN_ROLE.roleCode && body.roleCode !== role.role_code) throw new BusinessError('超级管理员的角色编码不能修改');
    await setGrants(trx, role, body, actorId);
    await repo.updateRole(trx, role.id, { roleName: name, roleCode: body.roleCode, remark: body.remark?.trim() || null });
  }), { roles_role_code_key: duplicateRole });
}

/** Only the grants. Holders get the change at their next request (access is read per request). */
export async function grantRole(db: Kysely<DB>, body: RoleGrantBody, actorId: number): Promise<void> {
  await inTransaction(db, async (trx) => setGrants(trx, await lockedRole(trx, body.id), body, actorId));
}

/** Refused for 超级管理员 and while users hold the role. */
export async function deleteRole(db: Kysely<DB>, id: number): Promise<void> {
  await inTransaction(db, async (trx) => {
    const role = await lockedRole(trx, id);
    if (role.role_code === ADMIN_ROLE.roleCode) throw new BusinessError(`角色 ${role.role_name} 为内置角色，不能删除`);
    const holders = await repo.countHolders(trx, id);
    if (holders > 0) throw new BusinessError(`角色 ${role.role_name} 仍有 ${holders} 个用户，不能删除`);
    await repo.deleteRole(trx, id);
  });
}
