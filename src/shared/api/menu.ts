import { Type, type Static } from '@sinclair/typebox';
import { endpoint } from './endpoint';
import { Flag, Id, IdParams, List, NoData, OptStr, ReqStr, SavedId, Str } from './schema';
import { MenuButton, type MenuItem } from './auth';
import { RoleMenuNodeSchema } from './user';
import { MENU_TARGETS } from '../menuLink';

const Text = Type.Union([Type.String(), Type.Null()]);

/** A permission key: `<resource>:<action>`, letters and digits. */
export const BUTTON_KEY_PATTERN = '^[A-Za-z][A-Za-z0-9]*:[A-Za-z][A-Za-z0-9]*$';
/** A menu number: letters, digits, dot, underscore, dash. */
export const MENU_NO_PATTERN = '^[A-Za-z0-9_.-]+$';
/** Colours are CSS hex colours. */
export const MENU_COLOR_PATTERN = '^#[0-9A-Fa-f]{6}$';
export { MENU_TARGETS } from '../menuLink';

/** One menu as the menu screen edits it. */
export interface MenuAdminNode extends Omit<MenuItem, 'children'> {
  /** Seeded from src/shared/menus.ts: can be renamed, moved and reordered, not deleted; its keys stay. */
  builtIn: boolean;
  /** The seeded keys of this screen, which every save must keep. */
  lockedKeys: string[];
  /** Roles holding this menu. */
  roleCount: number;
  children: MenuAdminNode[];
}

export const MenuAdminNodeSchema = Type.Recursive((Self) => Type.Object({
  id: Type.Integer(),
  menuNo: Type.String(),
  menuName: Type.String(),
  menuIcon: Text,
  menuUrl: Text,
  menuLink: Text,
  target: Text,
  hidden: Flag('隐藏'),
  menuColor: Text,
  parentNo: Text,
  sort: Type.Integer(),
  buttonList: Type.Array(MenuButton),
  builtIn: Type.Boolean(),
  lockedKeys: Type.Array(Type.String()),
  roleCount: Type.Integer(),
  children: Type.Array(Self),
}), { $id: 'MenuAdminNode' });

export const MenuOption = Type.Object({ id: Type.Integer(), menuNo: Type.String(), menuName: Type.String(), parentNo: Text, menuUrl: Text });
export type MenuOption = Static<typeof MenuOption>;

/** POST /api/menu/save (with id: edit). */
export const MenuSaveBody = Type.Object({
  id: Type.Optional(Id()),
  menuNo: Type.String({ title: '菜单编号', minLength: 1, maxLength: 64, pattern: MENU_NO_PATTERN }),
  menuName: ReqStr('菜单名称', { maxLength: 64 }),
  menuIcon: OptStr('图标', { maxLength: 64 }),
  /** An in-app route such as /product/product. */
  menuUrl: OptStr('路由地址', { maxLength: 255, pattern: '^(/[A-Za-z0-9_./-]*)?$' }),
  /** An external http(s) link, opened in `target` (src/shared/menuLink.ts); the service refuses any other. */
  menuLink: OptStr('外部链接', { maxLength: 255, pattern: '^(https?://[^\\s\\u0000]+)?$' }),
  target: Type.Optional(Type.Union([...MENU_TARGETS.map((t) => Type.Literal(t)), Type.Literal(''), Type.Null()], { title: '打开方式' })),
  hidden: Type.Optional(Flag('隐藏')),
  menuColor: OptStr('颜色', { maxLength: 7, pattern: `(${MENU_COLOR_PATTERN})|^$` }),
  sort: Type.Optional(Type.Integer({ title: '排序', minimum: 0, maximum: 100_000 })),
  parentNo: OptStr('上级菜单', { maxLength: 64, pattern: MENU_NO_PATTERN }),
  buttonList: List('按钮', Type.Object({
    buttonKey: Type.String({ title: '按钮权限', minLength: 3, maxLength: 64, pattern: BUTTON_KEY_PATTERN }),
    buttonName: ReqStr('按钮名称', { maxLength: 64 }),
  }), { maxItems: 50, default: [] }),
});
export type MenuSaveBody = Static<typeof MenuSaveBody>;

/** GET /api/menu/treeListByParentNo/:menuNo/:roleId — menuNo `0` is the root, roleId 0 is no role. */
export const MenuBranchParams = Type.Object({
  menuNo: Str('菜单编号', { minLength: 1, maxLength: 64, pattern: MENU_NO_PATTERN }),
  roleId: Type.Integer({ title: '角色', minimum: 0, maximum: 2_147_483_647 }),
});

/** Menus (SPEC section 7, Menus); screen /Setting/MenuMng. */
export const MENU = {
  tree: endpoint({ method: 'GET', path: '/api/menu/treeList', summary: '菜单树（含按钮）', permission: 'menu:view', data: Type.Array(MenuAdminNodeSchema) }),
  list: endpoint({ method: 'GET', path: '/api/menu/listMenu', summary: '菜单列表（扁平，供上级菜单下拉）', permission: 'menu:view', data: Type.Array(MenuOption) }),
  branch: endpoint({
    method: 'GET', path: '/api/menu/treeListByParentNo/:menuNo/:roleId', summary: '某菜单下的菜单与按钮树，勾选该角色已有的（menuNo 为 0 表示全部）',
    permission: 'role:view', params: MenuBranchParams, data: Type.Array(RoleMenuNodeSchema),
  }),
  save: endpoint({
    method: 'POST', path: '/api/menu/save', summary: '新增或编辑菜单及其按钮（带 id 为编辑）', permission: 'menu:add', editPermission: 'menu:edit',
    body: MenuSaveBody, data: SavedId,
  }),
  delete: endpoint({
    method: 'POST', path: '/api/menu/delete/:id', summary: '删除菜单（内置菜单、有下级或有角色使用时拒绝）', permission: 'menu:delete', params: IdParams, data: NoData,
  }),
};
