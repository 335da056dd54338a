import type { Kysely } from 'kysely';
import type { MenuItem, NavData } from '@shared/api/auth';
import type { DB } from '../../db/schema';
import { listAllMenus, listUserButtons, listUserMenuNos } from './menu.repository';
import { buttonsByMenu, menuItemOf, nest } from './menu-tree';

/**
 * The navigation of one user: the menus their roles hold plus those menus' ancestors (so a granted
 * screen is reachable), each with the declared buttons the user holds; `promise` lists all their keys.
 */
export async function loadNav(db: Kysely<DB>, userId: number): Promise<NavData> {
  const [menus, heldNos, buttons] = await Promise.all([listAllMenus(db), listUserMenuNos(db, userId), listUserButtons(db, userId)]);
  const byNo = new Map(menus.map((m) => [m.menu_no, m]));

  const visible = new Set<string>();
  for (const no of heldNos) {
    for (let m = byNo.get(no); m && !visible.has(m.menu_no); m = m.parent_no ? byNo.get(m.parent_no) : undefined) {
      visible.add(m.menu_no);
    }
  }

  const byMenu = buttonsByMenu(buttons);
  // Only visible menus are nested, so a visible menu's parent is visible too.
  const menuList = nest<MenuItem>(menus.filter((m) => visible.has(m.menu_no)), (m) => menuItemOf(m, byMenu.get(m.menu_no) ?? []));
  return { menuList, promise: [...new Set(buttons.map((b) => b.button_key))] };
}
