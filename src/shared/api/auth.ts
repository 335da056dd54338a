import { Type, type Static } from '@sinclair/typebox';
import { Flag } from './envelope';

export const LoginBody = Type.Object({
  username: Type.String({ minLength: 1, maxLength: 64 }),
  password: Type.String({ minLength: 1, maxLength: 128 }),
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
});
export type TokenData = Static<typeof TokenData>;

export const ResetPasswordBody = Type.Object({
  oldPassword: Type.String({ minLength: 1, maxLength: 128 }),
  newPassword: Type.String({ minLength: 8, maxLength: 128 }),
});
export type ResetPasswordBody = Static<typeof ResetPasswordBody>;

export const AdminResetPasswordBody = Type.Object({
  newPassword: Type.String({ minLength: 8, maxLength: 128 }),
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
      hidden: Flag,
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
