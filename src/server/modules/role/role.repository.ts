import { sql, type Kysely } from 'kysely';
import type { RoleRow } from '@shared/api/user';
import type { DB } from '../../db/schema';

type Db = Kysely<DB>;

export async function listRoles(db: Db): Promise<RoleRow[]> {
  return db
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
    ])
    .orderBy('r.id')
    .execute();
}

export async function roleCodeTaken(db: Db, roleCode: string): Promise<boolean> {
  return Boolean(await db.selectFrom('roles').select('id').where('role_code', '=', roleCode).executeTakeFirst());
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
  if (role.menuNos.length) {
    await db.insertInto('role_menus').values(role.menuNos.map((menuNo) => ({ role_id: id, menu_no: menuNo }))).execute();
  }
  if (role.buttonKeys.length) {
    await db.insertInto('role_buttons').values(role.buttonKeys.map((key) => ({ role_id: id, button_key: key }))).execute();
  }
  return id;
}
