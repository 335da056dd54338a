import type { Kysely } from 'kysely';
import type { MenuItem, NavData } from '@shared/api/auth';
import type { DB } from '../../db/schema';
import { listAllMenus, listUserButtons, listUserMenuNos } from './menu.repository';

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

  const items = new Map<string, MenuItem>();
  for (const m of menus) {
    if (!visible.has(m.menu_no)) continue;
    items.set(m.menu_no, {
      id: m.id, menuName: m.menu_name, menuNo: m.menu_no, menuIcon: m.menu_icon, menuUrl: m.menu_url,
      menuLink: m.menu_link, target: m.target, hidden: m.hidden === 1 ? 1 : 0, menuColor: m.menu_color,
      parentNo: m.parent_no, sort: m.sort, buttonList: [], children: [],
    });
  }
  for (const b of buttons) items.get(b.menu_no)?.buttonList.push({ buttonKey: b.button_key, buttonName: b.button_name });

  // `menus` is sorted, so appending in that order keeps every level sorted.
  const menuList: MenuItem[] = [];
  for (const item of items.values()) {
    const parent = item.parentNo ? items.get(item.parentNo) : undefined;
    (parent ? parent.children : menuList).push(item);
  }
  return { menuList, promise: [...new Set(buttons.map((b) => b.button_key))] };
}
