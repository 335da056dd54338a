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
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Failed sign-ins per (user name as typed, lower-cased; client address), whether or not the account exists. */
export interface SignInFailuresTable {
  username: string;
  ip: string;
  /** Failures since the pair's last lock or success. */
  failures: Generated<number>;
  /** How often the pair has been locked; each lock is longer. */
  locks: Generated<number>;
  locked_until: NullableTimestamp;
  last_failed_at: Timestamp;
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

type DateColumn = ColumnType<string | null, string | null | undefined, string | null>;
/** numeric columns arrive as strings from pg; written as numbers. */
type Numeric = ColumnType<string | null, number | string | null | undefined, number | string | null>;

export interface MaterialsTable {
  id: Generated<number>;
  material_name: string;
  material_short_name: string | null;
  code: string;
  category: string;
  flammable: Generated<boolean>;
  toxic: Generated<boolean>;
  oxidizing: Generated<boolean>;
  corrosive: Generated<boolean>;
  inspection_interval_years: number;
  target_net_weight: Numeric;
  weight_tolerance: Numeric;
  reweigh_required: Generated<boolean>;
  design_life_years: number | null;
  status: Generated<number>;
  remark: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface WarehousesTable {
  id: Generated<number>;
  warehouse_name: string;
  warehouse_code: string;
  kind: string;
  address: string | null;
  keeper: string | null;
  remark: string | null;
  created_at: Timestamp;
}

export interface EnterprisesTable {
  id: Generated<number>;
  /** 1 supplier, 2 customer. */
  type: number;
  enterprise_name: string;
  enterprise_code: string;
  credit_code: string | null;
  contact: string | null;
  phone: string | null;
  province_code: string | null;
  province_name: string | null;
  city_code: string | null;
  city_name: string | null;
  district_code: string | null;
  district_name: string | null;
  address: string | null;
  remark: string | null;
  created_at: Timestamp;
}

export interface CylindersTable {
  id: Generated<number>;
  code: string;
  steel_stamp: string | null;
  material_id: number;
  /** 1 own, 2 a customer's (owner_enterprise_id). */
  owner_type: Generated<number>;
  owner_enterprise_id: number | null;
  manufacturer: string | null;
  manufacture_date: DateColumn;
  specification: string | null;
  water_volume: Numeric;
  tare_weight: Numeric;
  working_pressure: Numeric;
  design_life_years: number | null;
  last_inspection_date: DateColumn;
  next_inspection_date: DateColumn;
  /** SPEC section 3 status code 0–13. */
  status: number;
  warehouse_id: number | null;
  location_enterprise_id: number | null;
  valve_no: string | null;
  last_filled_at: NullableTimestamp;
  scrap_reason: string | null;
  scrapped_at: NullableTimestamp;
  scrapped_by: string | null;
  remark: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** One row per status transition of a cylinder; never updated or deleted (except with the cylinder by delAllProcess). */
export interface CylinderTracesTable {
  id: Generated<number>;
  cylinder_id: number;
  from_status: number | null;
  to_status: number;
  action: string;
  operator_id: number | null;
  operator: string | null;
  at: Timestamp;
  detail: unknown;
}

/** Maintained by a trigger on cylinders (migration 0003); read-only for the code. */
export interface CylinderStatusCountsTable {
  status: number;
  count: number;
}

export interface CylinderValveChangesTable {
  id: Generated<number>;
  cylinder_id: number;
  old_valve: string | null;
  new_valve: string;
  changed_on: ColumnType<string, string, string>;
  reason: string;
  operator_id: number | null;
  operator: string | null;
  created_at: Timestamp;
}

export interface PeriodicInspectionsTable {
  id: Generated<number>;
  cylinder_id: number;
  inspected_on: ColumnType<string, string, string>;
  /** 1 合格, 0 不合格. */
  result: number;
  next_date: DateColumn;
  agency: string | null;
  report_no: string | null;
  remark: string | null;
  operator_id: number | null;
  operator: string | null;
  created_at: Timestamp;
}

export interface TestProjectsTable {
  id: Generated<number>;
  material_id: number;
  project_name: string;
  method: string | null;
  standard_min: Numeric;
  standard_max: Numeric;
  standard_text: string | null;
  unit: string | null;
  required: Generated<boolean>;
  sort: Generated<number>;
  created_at: Timestamp;
  /** Set when the item was removed from its gas's list: kept, because results refer to it. */
  retired_at: NullableTimestamp;
}

export interface FileLinksTable {
  id: Generated<number>;
  file_id: number;
  /** A FileLinkKind of src/shared/api/file.ts. */
  kind: string;
  record_id: number | null;
  created_at: Timestamp;
}

export interface DB {
  departments: DepartmentsTable;
  users: UsersTable;
  sign_in_failures: SignInFailuresTable;
  roles: RolesTable;
  user_roles: UserRolesTable;
  menus: MenusTable;
  menu_buttons: MenuButtonsTable;
  role_menus: RoleMenusTable;
  role_buttons: RoleButtonsTable;
  refresh_tokens: RefreshTokensTable;
  operation_logs: OperationLogsTable;
  materials: MaterialsTable;
  warehouses: WarehousesTable;
  enterprises: EnterprisesTable;
  cylinders: CylindersTable;
  cylinder_traces: CylinderTracesTable;
  cylinder_status_counts: CylinderStatusCountsTable;
  cylinder_valve_changes: CylinderValveChangesTable;
  periodic_inspections: PeriodicInspectionsTable;
  test_projects: TestProjectsTable;
  files: FilesTable;
  file_links: FileLinksTable;
}

export type UserRecord = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type MenuRecord = Selectable<MenusTable>;
