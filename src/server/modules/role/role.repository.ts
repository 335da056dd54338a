import { sql, type Kysely, type Transaction } from 'kysely';
import type { RoleOption, RoleRow } from '@shared/api/user';
import type { DB } from '../../db/schema';
import { ADMIN_ROLE } from '../../db/seed';

type Db = Kysely<DB>;

import { roleGrants, type Grants } from '../menu';

export { roleGrants, type Grants };

export async function listRoles(db: Db): Promise<RoleRow[]> {
  const rows = await db
    .selectFrom('roles as r')
    .select((eb) => [
      'r.id', 'r.role_name as roleName', 'r.role_code as roleCode', 'r.remark',
      eb.fn.coalesce(
        eb.selectFrom('role_menus as rm').select(sql<string[]>`array_agg(rm.menu_no order by rm.menu_no)`.as('v'))
          .whereRef('rm.role_id', '=', 'r.id'),
        sql<string[]>`'{}'::text[]`,
      ).as('menuNos'),
      eb.fn.coalesce(
        eb.selectFrom('role_buttons as rb').select(sql<string[]>`array_agg(rb.button_key order by rb.button_key)`.as('v'))
          .whereRef('rb.role_id', '=', 'r.id'),
        sql<string[]>`'{}'::text[]`,
      ).as('buttonKeys'),
      // Served by user_roles_role_idx.
      eb.selectFrom('user_roles as ur').select(sql<number>`count(*)::int`.as('n')).whereRef('ur.role_id', '=', 'r.id').as('userCount'),
    ])
    .orderBy('r.id')
    .execute();
  return rows.map((r) => ({ ...r, userCount: Number(r.userCount ?? 0), builtIn: r.roleCode === ADMIN_ROLE.roleCode }));
}

export function roleOptions(db: Db): Promise<RoleOption[]> {
  return db.selectFrom('roles').select(['id', 'role_name as roleName', 'role_code as roleCode']).orderBy('id').execute();
}

export async function roleCodeTaken(db: Db, roleCode: string): Promise<boolean> {
  return Boolean(await db.selectFrom('roles').select('id').where('role_code', '=', roleCode).executeTakeFirst());
}

/** The role holding a code (roles_role_code_key). */
export function roleCodeOwner(db: Db, roleCode: string): Promise<{ id: number } | undefined> {
  return db.selectFrom('roles').select('id').where('role_code', '=', roleCode).executeTakeFirst();
}

export function findRole(db: Db, id: number) {
  return db.selectFrom('roles').select(['id', 'role_name', 'role_code']).where('id', '=', id).executeTakeFirst();
}

/**
 * The role, locked until the transaction ends: assigning it to a user (user_roles' foreign key takes a key
 * share lock on the row) waits, so a delete's user count and a grant change cannot race a new holder.
 */
export function lockRole(trx: Transaction<DB>, id: number) {
  return trx.selectFrom('roles').select(['id', 'role_name', 'role_code']).where('id', '=', id).forUpdate().executeTakeFirst();
}


/** The button keys a user holds through their roles, and whether one of them is 超级管理员. */
export async function actorKeys(db: Db, userId: number): Promise<{ admin: boolean; keys: Set<string> }> {
  const rows = await db.selectFrom('user_roles as ur').innerJoin('roles as r', 'r.id', 'ur.role_id')
    .leftJoin('role_buttons as rb', 'rb.role_id', 'ur.role_id')
    .select(['r.role_code', 'rb.button_key']).where('ur.user_id', '=', userId).execute();
  return {
    admin: rows.some((r) => r.role_code === ADMIN_ROLE.roleCode),
    keys: new Set(rows.flatMap((r) => (r.button_key ? [r.button_key] : []))),
  };
}

export async function insertRole(
  db: Db,
  role: { roleName: string; roleCode: string; remark: string | null; menuNos: string[]; buttonKeys: string[] },
): Promise<number> {
  const { id } = await db
    .insertInto('roles')
    .values({ role_name: role.roleName, role_code: role.roleCode, remark: role.remark })
    .returning('id')
    .executeTakeFirstOrThrow();
  await insertGrants(db, id, role);
  return id;
}

async function insertGrants(db: Db, roleId: number, grants: Grants): Promise<void> {
  if (grants.menuNos.length) {
    await db.insertInto('role_menus').values(grants.menuNos.map((menuNo) => ({ role_id: roleId, menu_no: menuNo }))).execute();
  }
  if (grants.buttonKeys.length) {
    await db.insertInto('role_buttons').values(grants.buttonKeys.map((key) => ({ role_id: roleId, button_key: key }))).execute();
  }
}

export async function updateRole(trx: Transaction<DB>, id: number, role: { roleName: string; roleCode: string; remark: string | null }): Promise<void> {
  await trx.updateTable('roles').set({ role_name: role.roleName, role_code: role.roleCode, remark: role.remark }).where('id', '=', id).execute();
}

/** The role's screens and buttons become exactly `grants`. */
export async function replaceGrants(trx: Transaction<DB>, roleId: number, grants: Grants): Promise<void> {
  await trx.deleteFrom('role_menus').where('role_id', '=', roleId).execute();
  await trx.deleteFrom('role_buttons').where('role_id', '=', roleId).execute();
  await insertGrants(trx, roleId, grants);
}

export async function countHolders(db: Db, roleId: number): Promise<number> {
  const row = await db.selectFrom('user_roles').select(sql<number>`count(*)::int`.as('n')).where('role_id', '=', roleId).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Its grants go with it (foreign keys cascade). */
export async function deleteRole(trx: Transaction<DB>, id: number): Promise<void> {
  await trx.deleteFrom('roles').where('id', '=', id).execute();
}
