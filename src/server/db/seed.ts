import { sql, type Kysely, type Transaction } from 'kysely';
import { DICTIONARY_TYPES } from '@shared/api/dictionary';
import { MENU_TREE, type MenuDef } from '@shared/menus';
import { generatePassword, hashPassword } from '../lib/password';
import type { DB } from './schema';

export const ADMIN_ROLE = { roleCode: 'admin', roleName: '超级管理员' } as const;
export const ADMIN_USER = { username: 'admin', name: '管理员' } as const;

export interface SeedResult {
  adminCreated: boolean;
  /** Set only when the admin was created just now without INITIAL_ADMIN_PASSWORD: shown once. */
  generatedPassword?: string;
}

interface FlatMenu {
  def: MenuDef;
  parentNo: string | null;
  sort: number;
}

/** Parents before children, so a child's parent_no always refers to an existing row. */
function flatten(tree: readonly MenuDef[], parentNo: string | null = null): FlatMenu[] {
  return tree.flatMap((def, i) => [{ def, parentNo, sort: (i + 1) * 10 }, ...flatten(def.children ?? [], def.menuNo)]);
}

async function syncMenus(trx: Transaction<DB>): Promise<void> {
  for (const { def, parentNo, sort } of flatten(MENU_TREE)) {
    const row = {
      menu_no: def.menuNo,
      parent_no: parentNo,
      menu_name: def.menuName,
      menu_icon: def.menuIcon ?? null,
      menu_url: def.menuUrl ?? null,
      hidden: def.hidden ? 1 : 0,
      sort,
    };
    // What is missing is added; a menu an administrator renamed, moved or hid keeps their change.
    await trx.insertInto('menus').values(row).onConflict((oc) => oc.column('menu_no').doNothing()).execute();
    const buttons = (def.buttons ?? []).map((b, i) => ({
      button_key: b.buttonKey, menu_no: def.menuNo, button_name: b.buttonName, sort: (i + 1) * 10,
    }));
    if (buttons.length === 0) continue;
    await trx
      .insertInto('menu_buttons')
      .values(buttons)
      .onConflict((oc) => oc.column('button_key').doNothing())
      .execute();
  }
}

/**
 * The dictionary types the forms read (气瓶规格, 制造单位, …) exist and are built in. One missing in any
 * letter case is added; one an administrator renamed keeps its name, and its entries are never touched.
 */
async function syncDictionaryTypes(trx: Transaction<DB>): Promise<void> {
  for (const { typeCode, typeName } of DICTIONARY_TYPES) {
    await trx
      .insertInto('dictionary_types')
      .values({ type_code: typeCode, type_name: typeName, remark: null, built_in: 1 })
      // The unique index is on lower(type_code): an expression, so no conflict target is named.
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
}

/** The admin role exists and holds every menu and button, including ones added since the last start. */
async function syncAdminRole(trx: Transaction<DB>): Promise<number> {
  await trx
    .insertInto('roles')
    .values({ role_code: ADMIN_ROLE.roleCode, role_name: ADMIN_ROLE.roleName, remark: null })
    .onConflict((oc) => oc.column('role_code').doNothing())
    .execute();
  const { id } = await trx.selectFrom('roles').select('id').where('role_code', '=', ADMIN_ROLE.roleCode).executeTakeFirstOrThrow();
  await trx
    .insertInto('role_menus')
    .columns(['role_id', 'menu_no'])
    .expression((eb) => eb.selectFrom('menus').select([sql.lit(id).as('role_id'), 'menu_no']))
    .onConflict((oc) => oc.doNothing())
    .execute();
  await trx
    .insertInto('role_buttons')
    .columns(['role_id', 'button_key'])
    .expression((eb) => eb.selectFrom('menu_buttons').select([sql.lit(id).as('role_id'), 'button_key']))
    .onConflict((oc) => oc.doNothing())
    .execute();
  return id;
}

/**
 * Idempotent start-up seed: the menu tree of src/shared/menus.ts, inserting what is missing and never
 * overwriting what an administrator changed (rows added by people are kept too),
 * the built-in dictionary types, the admin role holding everything, and the first admin user when there is none.
 */
export async function ensureSeed(db: Kysely<DB>, opts: { initialAdminPassword?: string }): Promise<SeedResult> {
  // The password is hashed outside the transaction: scrypt is slow and needs no lock.
  const exists = await db.selectFrom('users').select('id').where('username', '=', ADMIN_USER.username).executeTakeFirst();
  const generatedPassword = exists || opts.initialAdminPassword ? undefined : generatePassword();
  const passwordHash = exists ? undefined : await hashPassword(opts.initialAdminPassword ?? generatedPassword!);

  return db.transaction().execute(async (trx) => {
    // Two processes starting at once must not seed twice.
    await sql`select pg_advisory_xact_lock(${0x5eed})`.execute(trx);
    await syncMenus(trx);
    await syncDictionaryTypes(trx);
    const roleId = await syncAdminRole(trx);
    if (!passwordHash) return { adminCreated: false };
    const created = await trx
      .insertInto('users')
      .values({
        username: ADMIN_USER.username, name: ADMIN_USER.name, password_hash: passwordHash, dept_id: null,
        // A generated password was printed in a console: whoever signs in first replaces it with their own.
        must_change_password: generatedPassword ? 1 : 0,
      })
      .onConflict((oc) => oc.column('username').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!created) return { adminCreated: false };
    await trx.insertInto('user_roles').values({ user_id: created.id, role_id: roleId }).execute();
    return generatedPassword ? { adminCreated: true, generatedPassword } : { adminCreated: true };
  });
}
