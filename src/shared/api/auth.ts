import { Type, type Static } from '@sinclair/typebox';
import { endpoint } from './endpoint';
import { Flag, IdParams, NoData, ReqStr, Str } from './schema';

export const LoginBody = Type.Object({
  username: ReqStr('用户名', { maxLength: 64 }),
  password: ReqStr('密码', { maxLength: 128 }),
});
export type LoginBody = Static<typeof LoginBody>;

export const UserInfo = Type.Object({ id: Type.Integer(), name: Type.String() });
export type UserInfo = Static<typeof UserInfo>;

/** Answer of POST /api/home/login and GET /api/user/refreshToken. */
export const TokenData = Type.Object({
  token: Type.String(),
  refreshToken: Type.String(),
  /** Access token lifetime in seconds. */
  expiresIn: Type.Integer(),
  /** Refresh token lifetime in seconds. */
  refreshExpiresIn: Type.Integer(),
  user: UserInfo,
  /** The password was set by an administrator: every call but POST /api/home/resetPassWord (and logout) is refused until it is changed. */
  mustChangePassword: Type.Boolean(),
  /** Present for a customer's portal account (门户账号): its enterprise. The renderer opens /portal for it, never the staff screens. */
  portal: Type.Optional(Type.Object({ enterpriseId: Type.Integer(), enterpriseName: Type.String() })),
});
export type TokenData = Static<typeof TokenData>;

export const ResetPasswordBody = Type.Object({
  oldPassword: ReqStr('原密码', { maxLength: 128 }),
  newPassword: Str('新密码', { minLength: 8, maxLength: 128 }),
});
export type ResetPasswordBody = Static<typeof ResetPasswordBody>;

export const AdminResetPasswordBody = Type.Object({
  newPassword: Str('新密码', { minLength: 8, maxLength: 128 }),
});
export type AdminResetPasswordBody = Static<typeof AdminResetPasswordBody>;

export const MenuButton = Type.Object({ buttonKey: Type.String(), buttonName: Type.String() });
export type MenuButton = Static<typeof MenuButton>;

export interface MenuItem {
  id: number;
  menuName: string;
  menuNo: string;
  menuIcon: string | null;
  menuUrl: string | null;
  menuLink: string | null;
  target: string | null;
  hidden: 0 | 1;
  menuColor: string | null;
  parentNo: string | null;
  sort: number;
  buttonList: MenuButton[];
  children: MenuItem[];
}

export const MenuItemSchema = Type.Recursive(
  (Self) =>
    Type.Object({
      id: Type.Integer(),
      menuName: Type.String(),
      menuNo: Type.String(),
      menuIcon: Type.Union([Type.String(), Type.Null()]),
      menuUrl: Type.Union([Type.String(), Type.Null()]),
      menuLink: Type.Union([Type.String(), Type.Null()]),
      target: Type.Union([Type.String(), Type.Null()]),
      hidden: Flag('隐藏'),
      menuColor: Type.Union([Type.String(), Type.Null()]),
      parentNo: Type.Union([Type.String(), Type.Null()]),
      sort: Type.Integer(),
      buttonList: Type.Array(MenuButton),
      children: Type.Array(Self),
    }),
  { $id: 'MenuItem' },
);

/** Answer of POST /api/home/nav/0: the menu tree the user may see and the button keys they hold. */
export interface NavData {
  menuList: MenuItem[];
  promise: string[];
}

/** What a logout may carry: the refresh token of the sign-in to end as well. */
export const LogoutBody = Type.Object({ refreshToken: Type.Optional(Str('刷新令牌', { maxLength: 512 })) });

export const NavDataSchema = Type.Object({ menuList: Type.Array(MenuItemSchema), promise: Type.Array(Type.String()) });

/** Sign-in, token refresh, sign-out, passwords and the navigation (SPEC section 7, Auth/home). */
export const AUTH = {
  login: endpoint({ method: 'POST', path: '/api/home/login', summary: '登录', permission: 'public', body: LoginBody, data: TokenData }),
  refresh: endpoint({
    method: 'GET', path: '/api/user/refreshToken', summary: '刷新令牌（Authorization 头携带 refreshToken）', permission: 'public', data: TokenData,
  }),
  logout: endpoint({
    method: 'POST', path: '/api/home/logout', summary: '退出登录', permission: 'authenticated', body: Type.Optional(LogoutBody), data: NoData,
  }),
  resetOwnPassword: endpoint({
    method: 'POST', path: '/api/home/resetPassWord', summary: '修改本人密码', permission: 'authenticated', body: ResetPasswordBody, data: NoData,
  }),
  adminResetPassword: endpoint({
    method: 'POST', path: '/api/home/adminResetPassWd/:id', summary: '管理员重置用户密码', permission: 'user:resetPassword',
    params: IdParams, body: AdminResetPasswordBody, data: NoData,
  }),
  nav: endpoint({
    method: 'POST', path: '/api/home/nav/0', summary: '当前用户的菜单与按钮权限', permission: 'authenticated', readOnly: true, data: NavDataSchema,
  }),
};
