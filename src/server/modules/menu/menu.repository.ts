import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

type Db = Kysely<DB>;

export async function listAllMenus(db: Db) {
  return db
    .selectFrom('menus')
    .select(['id', 'menu_no', 'parent_no', 'menu_name', 'menu_icon', 'menu_url', 'menu_link', 'target', 'hidden', 'menu_color', 'sort'])
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

/** Menu numbers any role of the user holds. */
export async function listUserMenuNos(db: Db, userId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('user_roles as ur')
    .innerJoin('role_menus as rm', 'rm.role_id', 'ur.role_id')
    .select('rm.menu_no')
    .distinct()
    .where('ur.user_id', '=', userId)
    .execute();
  return rows.map((r) => r.menu_no);
}

/** Buttons any role of the user holds, in menu order. */
export async function listUserButtons(db: Db, userId: number) {
  return db
    .selectFrom('user_roles as ur')
    .innerJoin('role_buttons as rb', 'rb.role_id', 'ur.role_id')
    .innerJoin('menu_buttons as mb', 'mb.button_key', 'rb.button_key')
    .select(['mb.button_key', 'mb.button_name', 'mb.menu_no', 'mb.sort', 'mb.id'])
    .distinct()
    .where('ur.user_id', '=', userId)
    .orderBy('mb.sort')
    .orderBy('mb.id')
    .execute();
}

export async function findExistingMenuNos(db: Db, menuNos: string[]): Promise<Set<string>> {
  if (menuNos.length === 0) return new Set();
  const rows = await db.selectFrom('menus').select('menu_no').where('menu_no', 'in', menuNos).execute();
  return new Set(rows.map((r) => r.menu_no));
}

export async function findButtons(db: Db, buttonKeys: string[]) {
  if (buttonKeys.length === 0) return [];
  return db.selectFrom('menu_buttons').select(['button_key', 'menu_no']).where('button_key', 'in', buttonKeys).execute();
}
