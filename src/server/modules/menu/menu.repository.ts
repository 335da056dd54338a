import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB, MenusTable } from '../../db/schema';
import { ADMIN_ROLE } from '../../db/seed';

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

/* ------------------------------------------------------------ administration (menu and role screens) */

/** Every button, in the order its screen lists them. */
export async function listAllButtons(db: Db) {
  return db.selectFrom('menu_buttons').select(['button_key', 'button_name', 'menu_no']).orderBy('sort').orderBy('id').execute();
}

/**
 * Roles holding each menu, by the menu itself or one of its buttons. The built-in 超级管理员 is not
 * counted: it holds everything by definition (the seed grants it every menu at start-up), so counting it
 * would make every menu undeletable.
 */
export async function menuRoleCounts(db: Db, menuNo?: string): Promise<Map<string, number>> {
  let held = db.selectFrom('role_menus').select(['menu_no', 'role_id']);
  let viaButtons = db.selectFrom('role_buttons as rb').innerJoin('menu_buttons as mb', 'mb.button_key', 'rb.button_key')
    .select(['mb.menu_no', 'rb.role_id']);
  if (menuNo !== undefined) {
    held = held.where('menu_no', '=', menuNo);
    viaButtons = viaButtons.where('mb.menu_no', '=', menuNo);
  }
  const rows = await db
    .selectFrom(held.union(viaButtons).as('g'))
    .innerJoin('roles as r', 'r.id', 'g.role_id')
    .select(['g.menu_no', sql<number>`count(distinct g.role_id)::int`.as('n')])
    .where('r.role_code', '<>', ADMIN_ROLE.roleCode)
    .groupBy('g.menu_no')
    .execute();
  return new Map(rows.map((r) => [r.menu_no, Number(r.n)]));
}

/**
 * The menu, locked until the transaction ends: a child added under it or a role granted it (both take a
 * key share lock through their foreign keys) waits, so a delete's checks cannot race them.
 */
export function lockMenu(trx: Transaction<DB>, id: number) {
  return trx.selectFrom('menus').select(['id', 'menu_no', 'menu_name']).where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function buttonKeysOf(db: Db, menuNo: string): Promise<string[]> {
  return (await db.selectFrom('menu_buttons').select('button_key').where('menu_no', '=', menuNo).execute()).map((b) => b.button_key);
}

export async function hasChildren(db: Db, menuNo: string): Promise<boolean> {
  return Boolean(await db.selectFrom('menus').select('id').where('parent_no', '=', menuNo).executeTakeFirst());
}

/** After the last of its siblings. */
export async function nextSort(db: Db, parentNo: string | null): Promise<number> {
  const row = await db.selectFrom('menus').select(sql<number>`coalesce(max(sort), 0)::int`.as('s'))
    .where('parent_no', parentNo === null ? 'is' : '=', parentNo).executeTakeFirstOrThrow();
  return Number(row.s) + 10;
}

/** The columns a save writes. */
export type MenuValues = Omit<MenusTable, 'id' | 'hidden' | 'sort'> & { hidden: number; sort: number };

export async function insertMenu(trx: Transaction<DB>, values: MenuValues): Promise<number> {
  return (await trx.insertInto('menus').values(values).returning('id').executeTakeFirstOrThrow()).id;
}

/** A changed menu number follows into children, buttons and role grants (ON UPDATE CASCADE). */
export async function updateMenu(trx: Transaction<DB>, id: number, values: MenuValues): Promise<void> {
  await trx.updateTable('menus').set(values).where('id', '=', id).execute();
}

/**
 * The menu's buttons become `buttons`, in that order: names and order update, new keys are added, missing
 * ones deleted (their role grants go with them by cascade). Returns the keys added.
 */
export async function replaceButtons(
  trx: Transaction<DB>,
  menuNo: string,
  buttons: Array<{ buttonKey: string; buttonName: string }>,
): Promise<string[]> {
  const existing = new Set(await buttonKeysOf(trx, menuNo));
  const keep = buttons.map((b) => b.buttonKey);
  let removal = trx.deleteFrom('menu_buttons').where('menu_no', '=', menuNo);
  if (keep.length) removal = removal.where('button_key', 'not in', keep);
  await removal.execute();
  const added: string[] = [];
  for (const [i, b] of buttons.entries()) {
    const values = { button_name: b.buttonName, sort: (i + 1) * 10 };
    if (existing.has(b.buttonKey)) {
      await trx.updateTable('menu_buttons').set(values).where('button_key', '=', b.buttonKey).execute();
    } else {
      await trx.insertInto('menu_buttons').values({ ...values, button_key: b.buttonKey, menu_no: menuNo }).execute();
      added.push(b.buttonKey);
    }
  }
  return added;
}

/** 超级管理员 holds everything: what is added now is its at once, not only after the next start-up. */
export async function grantToAdmin(trx: Transaction<DB>, menuNos: string[], buttonKeys: string[]): Promise<void> {
  const admin = await trx.selectFrom('roles').select('id').where('role_code', '=', ADMIN_ROLE.roleCode).executeTakeFirst();
  if (!admin) return;
  if (menuNos.length) {
    await trx.insertInto('role_menus').values(menuNos.map((m) => ({ role_id: admin.id, menu_no: m }))).onConflict((oc) => oc.doNothing()).execute();
  }
  if (buttonKeys.length) {
    await trx.insertInto('role_buttons').values(buttonKeys.map((k) => ({ role_id: admin.id, button_key: k }))).onConflict((oc) => oc.doNothing()).execute();
  }
}

/** Its buttons and every role's grants of it go with it (foreign keys cascade). */
export async function deleteMenu(trx: Transaction<DB>, id: number): Promise<void> {
  await trx.deleteFrom('menus').where('id', '=', id).execute();
}

/** What a role may be granted: screens (menus, groups included) and buttons. */
export interface Grants {
  menuNos: string[];
  buttonKeys: string[];
}

/** What the role holds now. */
export async function roleGrants(db: Db, roleId: number): Promise<Grants> {
  const [menus, buttons] = await Promise.all([
    db.selectFrom('role_menus').select('menu_no').where('role_id', '=', roleId).execute(),
    db.selectFrom('role_buttons').select('button_key').where('role_id', '=', roleId).execute(),
  ]);
  return { menuNos: menus.map((m) => m.menu_no), buttonKeys: buttons.map((b) => b.button_key) };
}

export const roleExists = async (db: Db, roleId: number) => !!(await db.selectFrom('roles').select('id').where('id', '=', roleId).executeTakeFirst());
