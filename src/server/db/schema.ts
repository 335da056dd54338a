import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/**
 * A timestamp column: read as Date, written as Date or ISO string. Inserts may omit it because most have a
 * database default (created_at/updated_at); expires_at is always given by the code.
 */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export interface DepartmentsTable {
  id: Generated<number>;
  dept_name: string;
  parent_id: number | null;
  sort: Generated<number>;
  created_at: Timestamp;
}

export interface UsersTable {
  id: Generated<number>;
  username: string;
  name: string;
  password_hash: string;
  dept_id: number | null;
  /** 1 启用, 0 停用. */
  status: Generated<number>;
  failed_attempts: Generated<number>;
  locked_until: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface RolesTable {
  id: Generated<number>;
  role_name: string;
  role_code: string;
  remark: string | null;
  created_at: Timestamp;
}

export interface UserRolesTable {
  user_id: number;
  role_id: number;
}

export interface MenusTable {
  id: Generated<number>;
  menu_no: string;
  parent_no: string | null;
  menu_name: string;
  menu_icon: string | null;
  menu_url: string | null;
  menu_link: string | null;
  target: string | null;
  hidden: Generated<number>;
  menu_color: string | null;
  sort: Generated<number>;
}

export interface MenuButtonsTable {
  id: Generated<number>;
  button_key: string;
  menu_no: string;
  button_name: string;
  sort: Generated<number>;
}

export interface RoleMenusTable {
  role_id: number;
  menu_no: string;
}

export interface RoleButtonsTable {
  role_id: number;
  button_key: string;
}

export interface RefreshTokensTable {
  id: Generated<string>;
  token_hash: string;
  user_id: number;
  /** Every token of one sign-in shares the family; reuse of a rotated token revokes the family. */
  family_id: string;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  revoked_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface OperationLogsTable {
  id: Generated<number>;
  user_id: number | null;
  user_name: string | null;
  ip: string | null;
  method: string;
  path: string;
  params: unknown;
  code: number | null;
  duration_ms: number;
  request_id: string;
  created_at: Timestamp;
}

export interface FilesTable {
  id: Generated<number>;
  /** Opaque stored path (storage/object-path.ts). */
  path: string;
  original_name: string;
  /** bigint: read as string by pg. */
  size: ColumnType<string, number, number>;
  mime: string;
  sha256: string;
  uploaded_by: number | null;
  created_at: Timestamp;
}

export interface DB {
  departments: DepartmentsTable;
  users: UsersTable;
  roles: RolesTable;
  user_roles: UserRolesTable;
  menus: MenusTable;
  menu_buttons: MenuButtonsTable;
  role_menus: RoleMenusTable;
  role_buttons: RoleButtonsTable;
  refresh_tokens: RefreshTokensTable;
  operation_logs: OperationLogsTable;
  files: FilesTable;
}

export type UserRecord = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type MenuRecord = Selectable<MenusTable>;
