import type { Selectable } from 'kysely';
import type { MenuItem } from '@shared/api/auth';
import type { MenuAdminNode } from '@shared/api/menu';
import type { MenusTable } from '../../db/schema';
import type { RoleMenuNode } from '@shared/api/user';
import { MENU_TREE, type MenuDef } from '@shared/menus';

/**
 * Built-in menus (declared in src/shared/menus.ts and seeded from it) with the button keys each declares:
 * the screens the app's routes and permission checks are written against, so they can be renamed, moved,
 * hidden and reordered, but not deleted, renumbered or stripped of those keys.
 */
export const BUILT_IN_MENUS: ReadonlyMap<string, readonly string[]> = new Map(
  (function flatten(defs: readonly MenuDef[]): Array<[string, string[]]> {
    return defs.flatMap((d) => [[d.menuNo, (d.buttons ?? []).map((b) => b.buttonKey)] as [string, string[]], ...flatten(d.children ?? [])]);
  })(MENU_TREE),
);

/** A menus row as listAllMenus reads it. */
export type MenuRecord = Selectable<MenusTable>;

export interface ButtonRecord {
  button_key: string;
  button_name: string;
  menu_no: string;
}

/**
 * Nests nodes under their parents. `menus` comes sorted (sort, id), so appending in that order keeps
 * every level sorted; a node whose parent is missing is a root.
 */
export function nest<T extends { children: T[] }>(menus: MenuRecord[], nodeOf: (m: MenuRecord) => T): T[] {
  const nodes = new Map(menus.map((m) => [m.menu_no, nodeOf(m)]));
  const roots: T[] = [];
  for (const m of menus) {
    const parent = m.parent_no ? nodes.get(m.parent_no) : undefined;
    (parent ? parent.children : roots).push(nodes.get(m.menu_no)!);
  }
  return roots;
}

export function buttonsByMenu<B extends ButtonRecord>(buttons: B[]): Map<string, B[]> {
  const byMenu = new Map<string, B[]>();
  for (const b of buttons) byMenu.set(b.menu_no, [...(byMenu.get(b.menu_no) ?? []), b]);
  return byMenu;
}

/** Every menu with its buttons, checked where `held` holds them (the role screen's tree). */
export function roleMenuTree(menus: MenuRecord[], buttons: ButtonRecord[], held: { menuNos: Iterable<string>; buttonKeys: Iterable<string> }): RoleMenuNode[] {
  const menuNos = new Set(held.menuNos);
  const keys = new Set(held.buttonKeys);
  const byMenu = buttonsByMenu(buttons);
  return nest<RoleMenuNode>(menus, (m) => ({
    menuNo: m.menu_no,
    menuName: m.menu_name,
    menuUrl: m.menu_url,
    hidden: m.hidden === 1 ? 1 : 0,
    checked: menuNos.has(m.menu_no),
    buttonList: (byMenu.get(m.menu_no) ?? []).map((b) => ({ buttonKey: b.button_key, buttonName: b.button_name, checked: keys.has(b.button_key) })),
    children: [],
  }));
}

/** The node `menuNo` anywhere in the tree. */
export function findNode<T extends { menuNo: string; children: T[] }>(nodes: T[], menuNo: string): T | undefined {
  for (const n of nodes) {
    const found = n.menuNo === menuNo ? n : findNode(n.children, menuNo);
    if (found) return found;
  }
  return undefined;
}

/** A menu as the navigation and the menu screen show it (children filled in by `nest`). */
export function menuItemOf(m: MenuRecord, buttons: readonly ButtonRecord[]): MenuItem {
  return {
    id: m.id, menuNo: m.menu_no, menuName: m.menu_name, menuIcon: m.menu_icon, menuUrl: m.menu_url, menuLink: m.menu_link,
    target: m.target, hidden: m.hidden === 1 ? 1 : 0, menuColor: m.menu_color, parentNo: m.parent_no, sort: m.sort,
    buttonList: buttons.map((b) => ({ buttonKey: b.button_key, buttonName: b.button_name })),
    children: [],
  };
}

/** Every menu as the menu screen edits it. */
export function adminMenuTree(menus: MenuRecord[], buttons: ButtonRecord[], roleCounts: Map<string, number>): MenuAdminNode[] {
  const byMenu = buttonsByMenu(buttons);
  return nest<MenuAdminNode>(menus, (m) => ({
    ...menuItemOf(m, byMenu.get(m.menu_no) ?? []),
    builtIn: BUILT_IN_MENUS.has(m.menu_no),
    lockedKeys: [...(BUILT_IN_MENUS.get(m.menu_no) ?? [])],
    roleCount: roleCounts.get(m.menu_no) ?? 0,
    children: [],
  }));
}

/** The menus below `menuNo`, at any depth. */
export function descendantsOf(menus: Array<Pick<MenuRecord, 'menu_no' | 'parent_no'>>, menuNo: string): Set<string> {
  const found = new Set<string>();
  let frontier = [menuNo];
  while (frontier.length) {
    const next = menus.filter((m) => m.parent_no !== null && frontier.includes(m.parent_no) && !found.has(m.menu_no)).map((m) => m.menu_no);
    next.forEach((n) => found.add(n));
    frontier = next;
  }
  return found;
}
