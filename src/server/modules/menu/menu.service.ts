import type { Kysely } from 'kysely';
import type { MenuAdminNode, MenuOption, MenuSaveBody } from '@shared/api/menu';
import type { RoleMenuNode } from '@shared/api/user';
import type { DB } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { mapUniqueViolation } from '../../lib/db-errors';
import { BusinessError } from '../../lib/errors';
import { blankToNull } from '../../lib/paging';
import { openableLink } from '@shared/menuLink';
import { adminMenuTree, BUILT_IN_MENUS, descendantsOf, findNode, roleMenuTree } from './menu-tree';
import * as repo from './menu.repository';

type Db = Kysely<DB>;

export async function menuTree(db: Db): Promise<MenuAdminNode[]> {
  const [menus, buttons, counts] = await Promise.all([repo.listAllMenus(db), repo.listAllButtons(db), repo.menuRoleCounts(db)]);
  return adminMenuTree(menus, buttons, counts);
}

export async function listMenu(db: Db): Promise<MenuOption[]> {
  return (await repo.listAllMenus(db)).map((m) => ({ id: m.id, menuNo: m.menu_no, menuName: m.menu_name, parentNo: m.parent_no, menuUrl: m.menu_url }));
}

/** The grants of a role for a tree; role 0 (or none): nothing checked. */
export async function grantsOf(db: Db, roleId: number | undefined) {
  if (!roleId) return { menuNos: [], buttonKeys: [] };
  if (!(await repo.roleExists(db, roleId))) throw new BusinessError('角色不存在');
  return repo.roleGrants(db, roleId);
}

/** Every menu with its buttons, checked where the role holds them. */
export async function roleTree(db: Db, roleId: number | undefined): Promise<RoleMenuNode[]> {
  const [held, menus, buttons] = await Promise.all([grantsOf(db, roleId), repo.listAllMenus(db), repo.listAllButtons(db)]);
  return roleMenuTree(menus, buttons, held);
}

/** The menus below `menuNo` ('0': the whole tree), checked for the role (0: none). */
export async function branch(db: Db, menuNo: string, roleId: number): Promise<RoleMenuNode[]> {
  const tree = await roleTree(db, roleId);
  if (menuNo === '0') return tree;
  const node = findNode(tree, menuNo);
  if (!node) throw new BusinessError(`菜单不存在：${menuNo}`);
  return node.children;
}

const duplicateMenu = (no: string) => `菜单编号已存在：${no}`;

/** Buttons as the body lists them, names trimmed; one key twice is refused. */
function buttonsOf(body: MenuSaveBody) {
  const buttons = (body.buttonList ?? []).map((b) => ({ buttonKey: b.buttonKey, buttonName: b.buttonName.trim() }));
  if (buttons.some((b) => !b.buttonName)) throw new BusinessError('参数错误：按钮名称不能为空');
  const seen = new Set<string>();
  const twice = [...new Set(buttons.map((b) => b.buttonKey).filter((k) => seen.has(k) || !seen.add(k)))];
  if (twice.length) throw new BusinessError(`按钮权限重复：${twice.join(', ')}`);
  return buttons;
}

/**
 * Creates or (with id) edits a menu and replaces its buttons. Built-in menus keep their number and keys;
 * a menu cannot move under itself; a key belongs to one menu; a menu has a route or a link, not both.
 * Whatever is added is granted to 超级管理员 at once.
 */
export async function saveMenu(db: Db, body: MenuSaveBody): Promise<number> {
  const menuUrl = blankToNull(body.menuUrl);
  const menuLink = blankToNull(body.menuLink);
  if (menuUrl && menuLink) throw new BusinessError('路由地址与外部链接只能填一个');
  // Only an http(s) address is ever opened (javascript:, data:, file: never), framed or not.
  if (menuLink && !openableLink(menuLink)) throw new BusinessError(`外部链接只能是 http:// 或 https:// 开头的网址：${menuLink}`);
  const menuName = body.menuName.trim();
  if (!menuName) throw new BusinessError('参数错误：菜单名称不能为空');
  const buttons = buttonsOf(body);
  const parentNo = blankToNull(body.parentNo);

  return mapUniqueViolation(() => inTransaction(db, async (trx) => {
    const current = body.id === undefined ? undefined : await repo.lockMenu(trx, body.id);
    if (body.id !== undefined && !current) throw new BusinessError(`菜单不存在：${body.id}`);
    const locked = current ? BUILT_IN_MENUS.get(current.menu_no) : undefined;
    if (current && locked && body.menuNo !== current.menu_no) throw new BusinessError(`内置菜单的编号不能修改：${current.menu_no}`);

    const menus = await repo.listAllMenus(trx);
    const before = current && menus.find((m) => m.id === current.id);
    const owner = menus.find((m) => m.menu_no === body.menuNo);
    if (owner && owner.id !== current?.id) throw new BusinessError(duplicateMenu(body.menuNo));
    if (parentNo) {
      const below = current ? descendantsOf(menus, current.menu_no) : new Set<string>();
      if (parentNo === body.menuNo || parentNo === current?.menu_no || below.has(parentNo)) {
        throw new BusinessError('不能把菜单移到它自己或其下级菜单下');
      }
      if (!menus.some((m) => m.menu_no === parentNo)) throw new BusinessError(`上级菜单不存在：${parentNo}`);
    }

    const keys = new Set(buttons.map((b) => b.buttonKey));
    const dropped = (locked ?? []).filter((k) => !keys.has(k));
    if (dropped.length) throw new BusinessError(`内置菜单的按钮权限不能删除：${dropped.join(', ')}`);
    for (const b of await repo.findButtons(trx, [...keys])) {
      if (b.menu_no === current?.menu_no) continue;
      const name = menus.find((m) => m.menu_no === b.menu_no)?.menu_name ?? b.menu_no;
      throw new BusinessError(`按钮权限已被菜单 ${name} 使用：${b.button_key}`);
    }

    const values: repo.MenuValues = {
      menu_no: body.menuNo,
      parent_no: parentNo,
      menu_name: menuName,
      menu_icon: blankToNull(body.menuIcon),
      menu_url: menuUrl,
      menu_link: menuLink,
      target: blankToNull(body.target),
      hidden: body.hidden ?? 0,
      menu_color: blankToNull(body.menuColor),
      // Left out: an edit keeps its place among the same siblings, anything else goes last.
      sort: body.sort ?? (before && before.parent_no === parentNo ? before.sort : await repo.nextSort(trx, parentNo)),
    };
    let id: number;
    if (current) {
      await repo.updateMenu(trx, current.id, values);
      id = current.id;
    } else {
      id = await repo.insertMenu(trx, values);
    }
    const added = await repo.replaceButtons(trx, body.menuNo, buttons);
    await repo.grantToAdmin(trx, current ? [] : [body.menuNo], added);
    return id;
  }), { menus_menu_no_key: duplicateMenu, menu_buttons_button_key_key: (key) => `按钮权限已被其他菜单使用：${key}` });
}

/** Refused for built-in menus, menus with children and menus roles hold (超级管理员 aside). */
export async function deleteMenu(db: Db, id: number): Promise<void> {
  await inTransaction(db, async (trx) => {
    const menu = await repo.lockMenu(trx, id);
    if (!menu) throw new BusinessError(`菜单不存在：${id}`);
    if (BUILT_IN_MENUS.has(menu.menu_no)) throw new BusinessError('内置菜单不能删除');
    if (await repo.hasChildren(trx, menu.menu_no)) throw new BusinessError('请先删除下级菜单');
    const roles = (await repo.menuRoleCounts(trx, menu.menu_no)).get(menu.menu_no) ?? 0;
    if (roles > 0) throw new BusinessError(`菜单 ${menu.menu_name} 已被 ${roles} 个角色使用，不能删除`);
    await repo.deleteMenu(trx, id);
  });
}
