import type { Kysely } from 'kysely';
import type { RoleSaveBody } from '@shared/api/user';
import type { DB } from '../../db/schema';
import { mapUniqueViolation } from '../../lib/db-errors';
import { BusinessError } from '../../lib/errors';
import { findButtons, findExistingMenuNos } from '../menu/menu.repository';
import * as repo from './role.repository';
import { inTransaction } from '../../db/transaction';

export const listRoles = (db: Kysely<DB>) => repo.listRoles(db);

/**
 * Creates a role. Unknown menus or buttons are refused by name. A granted button brings its screen's
 * menu along, so the holder can reach the screen the button lives on.
 */
export async function createRole(db: Kysely<DB>, body: RoleSaveBody): Promise<number> {
  const menuNos = [...new Set(body.menuNos ?? [])];
  const buttonKeys = [...new Set(body.buttonKeys ?? [])];
  return mapUniqueViolation(() => inTransaction(db, async (trx) => {
    if (await repo.roleCodeTaken(trx, body.roleCode)) throw new BusinessError(duplicateRole(body.roleCode));
    const knownMenus = await findExistingMenuNos(trx, menuNos);
    const unknownMenus = menuNos.filter((no) => !knownMenus.has(no));
    if (unknownMenus.length) throw new BusinessError(`菜单不存在：${unknownMenus.join(', ')}`);
    const buttons = await findButtons(trx, buttonKeys);
    const knownKeys = new Set(buttons.map((b) => b.button_key));
    const unknownKeys = buttonKeys.filter((key) => !knownKeys.has(key));
    if (unknownKeys.length) throw new BusinessError(`按钮权限不存在：${unknownKeys.join(', ')}`);
    const allMenus = [...new Set([...menuNos, ...buttons.map((b) => b.menu_no)])];
    return repo.insertRole(trx, {
      roleName: body.roleName.trim(), roleCode: body.roleCode, remark: body.remark || null, menuNos: allMenus, buttonKeys,
    });
  }), { roles_role_code_key: duplicateRole });
}

/** Two saves racing for one code get the same answer as the pre-check. */
const duplicateRole = (code: string) => `角色编码已存在：${code}`;
