import { Type, type Static } from '@sinclair/typebox';
import { endpoint, KB } from './endpoint';
import { Bool, Flag, Id, IdBody, IdParams, List, NoData, OneOf, OptDate, OptId, OptStr, Page, PageQuery, ReqStr, SavedId, Str } from './schema';
import { GAS_CATEGORIES } from './material';
import { IdNumber } from './transport';

/**
 * 气瓶充装作业人员证 (issue 34): number, expiry and the gas categories (material category codes) it covers. The fill
 * gate refuses 领瓶 and 充装 to an operator without a valid one for the gas when 充装人员须持有效作业证 is on.
 */
const CertCategories = Type.Optional(List('充装作业证适用介质类别', OneOf('介质类别', GAS_CATEGORIES.map((c) => c.code)), { maxItems: 5 }));
const FillerCert = {
  fillerCertNo: OptStr('充装作业证编号', { maxLength: 64 }),
  fillerCertExpiry: OptDate('充装作业证有效期至'),
  fillerCertCategories: CertCategories,
  /** 身份证号 (issue 36: the regulator's platform names a filler by it). Stored encrypted; absent on edit: kept; '' or null: cleared. */
  idNo: IdNumber(),
};

const Text = Type.Union([Type.String(), Type.Null()]);
const PHONE_PATTERN = '^[0-9+\\-() ]{3,32}$';
const Phone = (title = '电话') => OptStr(title, { maxLength: 32, pattern: PHONE_PATTERN });

/* ---------------------------------------------------------------- users */

export const UserRow = Type.Object({
  id: Type.Integer(),
  username: Type.String(),
  name: Type.String(),
  phone: Text,
  deptId: Type.Union([Type.Integer(), Type.Null()]),
  deptName: Text,
  status: Type.Union([Type.Literal(0), Type.Literal(1)]),
  roleNames: Type.Array(Type.String()),
  /** Locked out of signing in from at least one address right now (too many wrong passwords). */
  locked: Type.Boolean(),
  /** Must change the password at the next sign-in (created or reset by an administrator). */
  mustChangePassword: Type.Boolean(),
  createdAt: Type.String(),
  /** 气瓶充装作业人员证 (issue 34). */
  fillerCertNo: Type.Optional(Text),
  fillerCertExpiry: Type.Optional(Text),
  fillerCertCategories: Type.Optional(Type.Array(Type.String())),
  /** 身份证号 masked (110***********123X); null when none (issue 36). */
  idNoMasked: Type.Optional(Text),
});
export type UserRow = Static<typeof UserRow>;

export const USER_SORTS = ['id', 'username', 'name', 'status', 'createdAt'] as const;

/** GET /api/user/pageList query. */
export const UserPageQuery = PageQuery(USER_SORTS, {
  username: Type.Optional(Str('用户名', { maxLength: 64 })),
  name: Type.Optional(Str('姓名', { maxLength: 64 })),
  status: Type.Optional(Flag()),
  deptId: Type.Optional(Id('部门')),
});
export type UserPageQuery = Static<typeof UserPageQuery>;

const Username = Type.String({ title: '用户名', minLength: 2, maxLength: 64, pattern: '^[A-Za-z0-9_.-]+$' });
const RoleIds = List('角色', Id('角色'), { maxItems: 100, default: [] });

/** POST /api/user/save: a new user, who must change the password at the first sign-in. */
export const UserSaveBody = Type.Object({
  username: Username,
  name: ReqStr('姓名', { maxLength: 64 }),
  password: Str('密码', { minLength: 8, maxLength: 128 }),
  phone: Phone(),
  deptId: OptId('部门'),
  roleIds: RoleIds,
  status: Type.Optional(Flag()),
  /** 首次登录须修改密码: on unless the administrator turns it off (a shared station account, say). */
  mustChangePassword: Type.Optional(Bool('首次登录须修改密码')),
  ...FillerCert,
});
export type UserSaveBody = Static<typeof UserSaveBody>;

/** POST /api/user/edit: everything but the user name (the sign-in name stays) and the password. */
export const UserEditBody = Type.Object({
  id: Id(),
  name: ReqStr('姓名', { maxLength: 64 }),
  phone: Phone(),
  deptId: OptId('部门'),
  roleIds: RoleIds,
  status: Type.Optional(Flag()),
  /** Absent: the certificate stays as it is; null or '': cleared. */
  ...FillerCert,
});
export type UserEditBody = Static<typeof UserEditBody>;

/** POST /api/user/updateStatus: 0 disables (the user's tokens stop working at once), 1 enables. */
export const UserStatusBody = Type.Object({ id: Id(), status: Flag() });
export type UserStatusBody = Static<typeof UserStatusBody>;

/** POST /api/user/saveRole: the user's roles, replaced as a whole. */
export const UserRolesBody = Type.Object({ id: Id(), roleIds: RoleIds });
export type UserRolesBody = Static<typeof UserRolesBody>;

/** One address a user is locked out at (wrong passwords), as the administrator sees it. */
export const SignInLock = Type.Object({
  ip: Type.String(),
  /** ISO time the lock ends. */
  lockedUntil: Type.String(),
  /** Wrong passwords counted since the last lock. */
  failures: Type.Integer(),
});
export type SignInLock = Static<typeof SignInLock>;

export const UserDetail = Type.Composite([UserRow, Type.Object({ roleIds: Type.Array(Type.Integer()), locks: Type.Array(SignInLock) })]);
export type UserDetail = Static<typeof UserDetail>;

export const UserOption = Type.Object({ id: Type.Integer(), name: Type.String() });
export type UserOption = Static<typeof UserOption>;

/** Users (SPEC section 7, Org/users); screens /Setting/user and /Setting/AddUser. */
export const USER = {
  page: endpoint({ method: 'GET', path: '/api/user/pageList', summary: '用户分页列表', permission: 'user:view', query: UserPageQuery, data: Page(UserRow) }),
  info: endpoint({ method: 'GET', path: '/api/user/info/:id', summary: '用户详情', permission: 'user:view', params: IdParams, data: UserDetail }),
  detail: endpoint({
    method: 'GET', path: '/api/user/detail/:id', summary: '用户详情（含角色与登录锁定）', permission: 'user:view', params: IdParams, data: UserDetail,
  }),
  all: endpoint({
    method: 'GET', path: '/api/user/getAllUser', summary: '启用用户下拉（id 与姓名）', permission: 'authenticated', data: Type.Array(UserOption),
  }),
  save: endpoint({
    method: 'POST', path: '/api/user/save', summary: '新增用户（首次登录须修改密码）', permission: 'user:add', body: UserSaveBody, data: SavedId,
  }),
  edit: endpoint({ method: 'POST', path: '/api/user/edit', summary: '编辑用户', permission: 'user:edit', body: UserEditBody, data: NoData }),
  updateStatus: endpoint({
    method: 'POST', path: '/api/user/updateStatus', summary: '启用/停用用户（停用立即使其令牌失效）', permission: 'user:status', body: UserStatusBody, data: NoData,
  }),
  saveRole: endpoint({ method: 'POST', path: '/api/user/saveRole', summary: '设置用户角色', permission: 'user:edit', body: UserRolesBody, data: NoData }),
  unlock: endpoint({
    method: 'POST', path: '/api/user/unlock', summary: '解除用户的登录锁定（所有地址）', permission: 'user:unlock', body: IdBody, data: NoData,
  }),
};

/* ---------------------------------------------------------------- roles */

export const RoleRow = Type.Object({
  id: Type.Integer(),
  roleName: Type.String(),
  roleCode: Type.String(),
  remark: Text,
  menuNos: Type.Array(Type.String()),
  buttonKeys: Type.Array(Type.String()),
  /** Users holding the role. */
  userCount: Type.Integer(),
  /** The seeded 超级管理员: holds everything, cannot be edited down or deleted. */
  builtIn: Type.Boolean(),
});
export type RoleRow = Static<typeof RoleRow>;

const MenuNos = List('菜单', Str('菜单编号', { maxLength: 64 }), { maxItems: 500, default: [] });
const ButtonKeys = List('按钮权限', Str('按钮权限', { maxLength: 64 }), { maxItems: 1000, default: [] });
/** A role's body holds every menu and key it grants. */
const ROLE_BODY_LIMIT = { bytes: 320 * KB, why: 'every menu (up to 500) and button key (up to 1 000) a role grants' };

/** POST /api/role/saveRole */
export const RoleSaveBody = Type.Object({
  roleName: ReqStr('角色名称', { maxLength: 64 }),
  roleCode: Type.String({ title: '角色编码', minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_.-]+$' }),
  remark: OptStr('备注', { maxLength: 255 }),
  menuNos: MenuNos,
  buttonKeys: ButtonKeys,
});
export type RoleSaveBody = Static<typeof RoleSaveBody>;

/** POST /api/role/editRole: name, code, remark and the tree at once. */
export const RoleEditBody = Type.Composite([Type.Object({ id: Id() }), RoleSaveBody]);
export type RoleEditBody = Static<typeof RoleEditBody>;

/** POST /api/role/updateRole: only the tree of screens and buttons. */
export const RoleGrantBody = Type.Object({ id: Id(), menuNos: MenuNos, buttonKeys: ButtonKeys });
export type RoleGrantBody = Static<typeof RoleGrantBody>;

/** POST /api/role/getRoleMenuList: the tree for a role (none: a new role, nothing checked). */
export const RoleMenuQuery = Type.Object({ roleId: Type.Optional(Id('角色')) });

export const RoleMenuButton = Type.Object({ buttonKey: Type.String(), buttonName: Type.String(), checked: Type.Boolean() });
export interface RoleMenuNode {
  menuNo: string;
  menuName: string;
  menuUrl: string | null;
  hidden: 0 | 1;
  checked: boolean;
  buttonList: Array<Static<typeof RoleMenuButton>>;
  children: RoleMenuNode[];
}
export const RoleMenuNodeSchema = Type.Recursive((Self) => Type.Object({
  menuNo: Type.String(),
  menuName: Type.String(),
  menuUrl: Text,
  hidden: Flag('隐藏'),
  checked: Type.Boolean(),
  buttonList: Type.Array(RoleMenuButton),
  children: Type.Array(Self),
}), { $id: 'RoleMenuNode' });

export const RoleOption = Type.Object({ id: Type.Integer(), roleName: Type.String(), roleCode: Type.String() });
export type RoleOption = Static<typeof RoleOption>;

/** Roles (SPEC section 6 and 7, Roles); screen /Setting/Role. A change applies at the holders' next request. */
export const ROLE = {
  list: endpoint({ method: 'POST', path: '/api/role/list', summary: '角色列表', permission: 'role:view', readOnly: true, data: Type.Array(RoleRow) }),
  /** The user form's role choice: names only, for whoever may open a user (no role:view needed). */
  options: endpoint({ method: 'GET', path: '/api/role/dropDown', summary: '角色下拉（id、名称、编码）', permission: 'user:view', data: Type.Array(RoleOption) }),
  menuTree: endpoint({
    method: 'POST', path: '/api/role/getRoleMenuList', summary: '菜单与按钮树（勾选该角色已有的）', permission: 'role:view', readOnly: true,
    body: Type.Optional(RoleMenuQuery), data: Type.Array(RoleMenuNodeSchema),
  }),
  save: endpoint({ method: 'POST', path: '/api/role/saveRole', summary: '新增角色', permission: 'role:add', body: RoleSaveBody, data: SavedId, bodyLimit: ROLE_BODY_LIMIT }),
  edit: endpoint({ method: 'POST', path: '/api/role/editRole', summary: '编辑角色（名称、编码、备注与权限树）', permission: 'role:edit', body: RoleEditBody, data: NoData, bodyLimit: ROLE_BODY_LIMIT }),
  grant: endpoint({ method: 'POST', path: '/api/role/updateRole', summary: '设置角色的菜单与按钮权限', permission: 'role:edit', body: RoleGrantBody, data: NoData, bodyLimit: ROLE_BODY_LIMIT }),
  delete: endpoint({
    method: 'POST', path: '/api/role/delete/:id', summary: '删除角色（仍有用户时拒绝）', permission: 'role:delete', params: IdParams, data: NoData,
  }),
};

/* ---------------------------------------------------------------- departments */

export const DeptRow = Type.Object({
  id: Type.Integer(),
  deptName: Type.String(),
  parentId: Type.Union([Type.Integer(), Type.Null()]),
  leader: Text,
  phone: Text,
  sort: Type.Integer(),
  /** Users in this department (not counting sub-departments). */
  userCount: Type.Integer(),
});
export type DeptRow = Static<typeof DeptRow>;

export interface DeptNode extends DeptRow {
  children: DeptNode[];
}
export const DeptNodeSchema = Type.Recursive((Self) => Type.Composite([DeptRow, Type.Object({ children: Type.Array(Self) })]), { $id: 'DeptNode' });

/** POST /api/dept/save (new) and /api/dept/edit (with id). */
export const DeptSaveBody = Type.Object({
  deptName: ReqStr('部门名称', { maxLength: 64 }),
  parentId: OptId('上级部门'),
  leader: OptStr('负责人', { maxLength: 64 }),
  phone: Phone('联系电话'),
  sort: Type.Optional(Type.Integer({ title: '排序', minimum: 0, maximum: 100_000 })),
});
export type DeptSaveBody = Static<typeof DeptSaveBody>;
export const DeptEditBody = Type.Composite([Type.Object({ id: Id() }), DeptSaveBody]);
export type DeptEditBody = Static<typeof DeptEditBody>;

/** GET /api/dept/treeList/:id — 0 is the whole tree. */
export const DeptTreeParams = Type.Object({ id: Type.Integer({ title: '部门', minimum: 0, maximum: 2_147_483_647 }) });

/** Departments (SPEC section 7, Org/users); screen /Setting/framework. Users belong to one department. */
export const DEPT = {
  list: endpoint({ method: 'GET', path: '/api/dept/getListDept', summary: '部门列表（扁平，供下拉）', permission: 'authenticated', data: Type.Array(DeptRow) }),
  tree: endpoint({
    method: 'GET', path: '/api/dept/treeList/:id', summary: '部门树（0 为全部，否则为该部门及其下级）', permission: 'dept:view',
    params: DeptTreeParams, data: Type.Array(DeptNodeSchema),
  }),
  save: endpoint({ method: 'POST', path: '/api/dept/save', summary: '新增部门', permission: 'dept:add', body: DeptSaveBody, data: SavedId }),
  edit: endpoint({ method: 'POST', path: '/api/dept/edit', summary: '编辑部门', permission: 'dept:edit', body: DeptEditBody, data: NoData }),
  delete: endpoint({
    method: 'POST', path: '/api/dept/delete/:id', summary: '删除部门（有下级部门或用户时拒绝）', permission: 'dept:delete', params: IdParams, data: NoData,
  }),
};
