import { Type, type Static } from '@sinclair/typebox';
import { Flag, PageQuery } from './envelope';

export const UserRow = Type.Object({
  id: Type.Integer(),
  username: Type.String(),
  name: Type.String(),
  deptId: Type.Union([Type.Integer(), Type.Null()]),
  deptName: Type.Union([Type.String(), Type.Null()]),
  status: Flag,
  roleNames: Type.Array(Type.String()),
  createdAt: Type.String(),
});
export type UserRow = Static<typeof UserRow>;

/** GET /api/user/pageList query. */
export const UserPageQuery = Type.Composite([
  PageQuery,
  Type.Object({
    username: Type.Optional(Type.String({ maxLength: 64 })),
    name: Type.Optional(Type.String({ maxLength: 64 })),
    status: Type.Optional(Flag),
  }),
]);
export type UserPageQuery = Static<typeof UserPageQuery>;

/** POST /api/user/save */
export const UserSaveBody = Type.Object({
  username: Type.String({ minLength: 2, maxLength: 64, pattern: '^[A-Za-z0-9_.-]+$' }),
  name: Type.String({ minLength: 1, maxLength: 64 }),
  password: Type.String({ minLength: 8, maxLength: 128 }),
  deptId: Type.Optional(Type.Union([Type.Integer(), Type.Null()])),
  roleIds: Type.Array(Type.Integer(), { default: [] }),
  status: Type.Optional(Flag),
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
  roleName: Type.String({ minLength: 1, maxLength: 64 }),
  roleCode: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_.-]+$' }),
  remark: Type.Optional(Type.String({ maxLength: 255 })),
  menuNos: Type.Array(Type.String(), { default: [] }),
  buttonKeys: Type.Array(Type.String(), { default: [] }),
});
export type RoleSaveBody = Static<typeof RoleSaveBody>;
