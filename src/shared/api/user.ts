import { Type, type Static } from '@sinclair/typebox';
import { endpoint } from './endpoint';
import { Flag, Id, IdParams, List, OptId, OptStr, Page, PageQuery, ReqStr, SavedId, Str } from './schema';

export const UserRow = Type.Object({
  id: Type.Integer(),
  username: Type.String(),
  name: Type.String(),
  deptId: Type.Union([Type.Integer(), Type.Null()]),
  deptName: Type.Union([Type.String(), Type.Null()]),
  status: Type.Union([Type.Literal(0), Type.Literal(1)]),
  roleNames: Type.Array(Type.String()),
  createdAt: Type.String(),
});
export type UserRow = Static<typeof UserRow>;

export const USER_SORTS = ['id', 'username', 'name', 'status', 'createdAt'] as const;

/** GET /api/user/pageList query. */
export const UserPageQuery = PageQuery(USER_SORTS, {
  username: Type.Optional(Str('用户名', { maxLength: 64 })),
  name: Type.Optional(Str('姓名', { maxLength: 64 })),
  status: Type.Optional(Flag()),
});
export type UserPageQuery = Static<typeof UserPageQuery>;

/** POST /api/user/save */
export const UserSaveBody = Type.Object({
  username: Type.String({ title: '用户名', minLength: 2, maxLength: 64, pattern: '^[A-Za-z0-9_.-]+$' }),
  name: ReqStr('姓名', { maxLength: 64 }),
  password: Str('密码', { minLength: 8, maxLength: 128 }),
  deptId: OptId('部门'),
  roleIds: List('角色', Id('角色'), { maxItems: 100, default: [] }),
  status: Type.Optional(Flag()),
});
export type UserSaveBody = Static<typeof UserSaveBody>;

export const RoleRow = Type.Object({
  id: Type.Integer(),
  roleName: Type.String(),
  roleCode: Type.String(),
  remark: Type.Union([Type.String(), Type.Null()]),
  menuNos: Type.Array(Type.String()),
  buttonKeys: Type.Array(Type.String()),
});
export type RoleRow = Static<typeof RoleRow>;

/** POST /api/role/saveRole */
export const RoleSaveBody = Type.Object({
  roleName: ReqStr('角色名称', { maxLength: 64 }),
  roleCode: Type.String({ title: '角色编码', minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_.-]+$' }),
  remark: OptStr('备注', { maxLength: 255 }),
  menuNos: List('菜单', Str('菜单编号', { maxLength: 64 }), { maxItems: 500, default: [] }),
  buttonKeys: List('按钮权限', Str('按钮权限', { maxLength: 64 }), { maxItems: 1000, default: [] }),
});
export type RoleSaveBody = Static<typeof RoleSaveBody>;

export const UserDetail = Type.Composite([UserRow, Type.Object({ roleIds: Type.Array(Type.Integer()) })]);

/** Users (SPEC section 7, Org/users): what the screens built so far need. */
export const USER = {
  page: endpoint({ method: 'GET', path: '/api/user/pageList', summary: '用户分页列表', permission: 'user:view', query: UserPageQuery, data: Page(UserRow) }),
  info: endpoint({ method: 'GET', path: '/api/user/info/:id', summary: '用户详情', permission: 'user:view', params: IdParams, data: UserDetail }),
  save: endpoint({ method: 'POST', path: '/api/user/save', summary: '新增用户', permission: 'user:add', body: UserSaveBody, data: SavedId }),
};

/** Roles (SPEC section 7, Roles): list and create for now. */
export const ROLE = {
  list: endpoint({ method: 'POST', path: '/api/role/list', summary: '角色列表', permission: 'role:view', readOnly: true, data: Type.Array(RoleRow) }),
  save: endpoint({ method: 'POST', path: '/api/role/saveRole', summary: '新增角色', permission: 'role:add', body: RoleSaveBody, data: SavedId }),
};
