import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/**
 * A timestamp column: read as Date, written as Date or ISO string. Inserts may omit it: the database has a default
 * (created_at/updated_at). tests/server/schema-matches-db.test.ts holds this file to the migrated database.
 */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** A timestamp column without a default: every insert gives it. */
type GivenTimestamp = ColumnType<Date, Date | string, Date | string>;
/** A json(b) column that is not null and has no default: every insert gives a value (read as is). */
type GivenJson = ColumnType<unknown, NonNullable<unknown>, NonNullable<unknown>>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export interface DepartmentsTable {
  id: Generated<number>;
  dept_name: string;
  parent_id: number | null;
  leader: string | null;
  phone: string | null;
  sort: Generated<number>;
  created_at: Timestamp;
}

export interface UsersTable {
  id: Generated<number>;
  username: string;
  name: string;
  password_hash: string;
  phone: string | null;
  /** 1: every call but the own password change is refused until the user changes it. */
  must_change_password: Generated<number>;
  dept_id: number | null;
  /** 1 启用, 0 停用. */
  status: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** 气瓶充装作业人员证 (migration 0030): number, expiry and the gas categories (material category codes) it covers. */
  filler_cert_no: string | null;
  filler_cert_expiry: ColumnType<string | null, string | null | undefined, string | null>;
  filler_cert_categories: ColumnType<string[], string[] | undefined, string[]>;
  /** 身份证号, encrypted (lib/field-cipher.ts, migration 0035). */
  id_no_enc: Generated<string | null>;
  /**
   * 'person' signs in with a password; 'service' is a service account that calls only with API keys (migration 0032);
   * 'portal' is a customer's user of the portal (migration 0042), linked to its enterprise.
   */
  kind: Generated<string>;
  /** The customer enterprise of a 'portal' account (null for every other kind). */
  enterprise_id: Generated<number | null>;
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
  expires_at: GivenTimestamp;
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
  /** First path segment after /api (`user` of /api/user/save). */
  module: string | null;
  created_at: Timestamp;
}

/** The plant itself: one row, id 1. */
export interface CompanyTable {
  id: number;
  company_name: string | null;
  credit_code: string | null;
  licence_no: string | null;
  licence_expiry: ColumnType<string | null, string | null | undefined, string | null>;
  address: string | null;
  phone: string | null;
  logo_path: string | null;
  app_title: string | null;
  /** 1: the public cylinder page (/q/{code}) answers; 0: turned off on 企业信息. */
  public_page: Generated<number>;
  /** The address customers reach the server at (a label's QR); null → the address it was printed from. */
  public_url: string | null;
  /** GB/T 2260 division code of the plant (6 digits), for the regulator's platform (0035). */
  area_code: Generated<string | null>;
  updated_at: Timestamp;
}

/** Secrets shared by every server of the plant through the database (migration 0018). */
export interface AppSecretsTable {
  name: string;
  value: string;
  created_at: Generated<Date>;
}

export interface DictionaryTypesTable {
  id: Generated<number>;
  type_code: string;
  type_name: string;
  remark: string | null;
  built_in: Generated<number>;
  created_at: Timestamp;
}

export interface DictionaryEntriesTable {
  id: Generated<number>;
  type_id: number;
  data_name: string;
  data_value: string;
  sort: Generated<number>;
  status: Generated<number>;
  remark: string | null;
  created_at: Timestamp;
}

/** A saved system rule (src/shared/api/systemRule.ts); a rule without a row has its default. */
export interface SystemRulesTable {
  rule_key: string;
  value: GivenJson;
  updated_by: string | null;
  updated_at: Timestamp;
}

/** Whether a route is logged, and which of its parameters are kept. */
export interface LogSettingsTable {
  id: Generated<number>;
  method: string;
  log_url: string;
  log_name: string;
  logged: Generated<number>;
  kept_params: ColumnType<string[], string[] | undefined, string[]>;
  remark: string | null;
  created_at: Timestamp;
}

export interface FilesTable {
  id: Generated<number>;
  /** Opaque stored path (blobs/object-path.ts). */
  path: string;
  original_name: string;
  /** bigint: read as a number (the INT8 parser of db/database.ts). */
  size: number;
  mime: string;
  sha256: string;
  uploaded_by: number | null;
  created_at: Timestamp;
}

type DateColumn = ColumnType<string | null, string | null | undefined, string | null>;
/** numeric columns arrive as strings from pg; written as numbers. */
type Numeric = ColumnType<string | null, number | string | null | undefined, number | string | null>;
/** A numeric column that is not null and has no default. */
type GivenNumeric = ColumnType<string, number | string, number | string>;

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
  extended_life_years: number | null;
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
  /**
   * The warehouse its last stock-in (or its registration) put it in: kept through a pick (退回领瓶 returns it
   * there), cleared on shipment and when 抽真空 / 分析处理 bring it to stock in the workshop. A warehouse holds it
   * only in stock (2) and finished stock (7): shared/cylinder/place.ts.
   */
  warehouse_id: number | null;
  /** 抽真空 or 分析处理 left it in the filling workshop, until a stock-in (migration 0026). */
  in_workshop: Generated<boolean>;
  location_enterprise_id: number | null;
  valve_no: string | null;
  last_filled_at: NullableTimestamp;
  /** Since when it is at its customer (status 9): set on shipment (on a trip: on its hand-over), cleared on recovery. */
  located_since: NullableTimestamp;
  /** The trip whose vehicle holds it: shipped on a trip and not yet handed over (0037; place 'vehicle'). */
  on_trip_id: ColumnType<number | null, number | null | undefined, number | null>;
  scrap_reason: string | null;
  scrapped_at: NullableTimestamp;
  scrapped_by: string | null;
  remark: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/**
 * One row per event of a cylinder (a transition, or a record that changes no status); append-only: a
 * trigger refuses changes except setting reverted_by_id once, and deletes except a mistaken registration.
 */
export interface CylinderTracesTable {
  id: Generated<number>;
  cylinder_id: number;
  /** 1, 2, 3, … per cylinder. */
  seq: number;
  from_status: number | null;
  to_status: number;
  action: string;
  operator_id: number | null;
  operator: string | null;
  at: Timestamp;
  detail: unknown;
  scan_id: string | null;
  workstation: string | null;
  record_type: string | null;
  record_id: number | null;
  reverts_id: number | null;
  reverted_by_id: number | null;
  /** When the scan happened at the station (X-Station-At), for a scan sent again after an outage (0021). */
  station_at: NullableTimestamp;
  /** Sent again from a station's offline queue (X-Replayed: 1). */
  replayed: Generated<boolean>;
  /** The station's time was outside the plant's bounds; the server's time stands (0022). */
  time_flag: string | null;
  /** The supervisor who entered the event for its operator (重新扫描, 0022). */
  entered_by_id: number | null;
  entered_by: string | null;
}

/** 待处理异常: a station's kept scan refused on replay, or recorded with a notice (migrations 0021, 0022). */
export interface OfflineExceptionsTable {
  id: Generated<number>;
  /** 'refused' | 'notice' (0022). */
  kind: Generated<string>;
  station: string;
  code: string;
  scan_id: string;
  path: string;
  body: GivenJson;
  message: string;
  station_at: NullableTimestamp;
  operator: string | null;
  workstation: string | null;
  user_id: number | null;
  created_at: Timestamp;
  status: Generated<string>;
  action: string | null;
  reason: string | null;
  result: string | null;
  resolved_by_id: number | null;
  resolved_by: string | null;
  resolved_at: NullableTimestamp;
}

/** What each station last reported of its offline queue (migration 0021). */
export interface WorkstationQueuesTable {
  workstation: string;
  waiting: number;
  oldest_at: NullableTimestamp;
  reported_at: Timestamp;
  /** With workstation, the key (0022): a user writes only their own report. */
  user_id: number;
  user_name: string | null;
}

/** Cylinders per warehouse and status, in slots (migration 0015); readers sum over the slots. */
export interface CylinderPlaceCountsTable {
  warehouse_id: number;
  status: number;
  slot: number;
  count: Generated<number>;
}

/** Cylinders at each customer (status 9), in slots (migration 0015); readers sum over the slots. */
export interface CylinderCustomerCountsTable {
  customer_id: number;
  slot: number;
  count: Generated<number>;
}

/** The standing outbound events with the keys 客户质量's detail list filters by (migration 0028). */
export interface OutboundEventsTable {
  trace_id: number;
  at: GivenTimestamp;
  material_id: number;
  customer_id: number;
  operator_id: number;
}

/** Cylinders not scrapped per next inspection date, in slots (migration 0027); readers sum over slot. */
export interface CylinderDueCountsTable {
  due_on: ColumnType<string, string, string>;
  slot: number;
  count: Generated<number>;
}

/** Maintained by a trigger on cylinders (migrations 0003, 0008: 64 slots per status); read-only for the code. */
export interface CylinderStatusCountsTable {
  status: number;
  slot: number;
  count: Generated<number>;
}

/** Columns every transition record has. */
interface RecordColumns {
  id: Generated<number>;
  cylinder_id: number;
  trace_id: number;
  operator_id: number | null;
  operator: string | null;
  workstation: string | null;
  created_at: Timestamp;
  reverted_at: NullableTimestamp;
}

export interface FillingRecordsTable extends RecordColumns {
  material_id: number;
  lot_no: string | null;
  filled_weight: Numeric | null;
  filled_pressure: Numeric | null;
  started_at: NullableTimestamp;
  ended_at: NullableTimestamp;
  source: string;
  value_fixed: Generated<boolean>;
  /** The filling scale's cycle (migration 0030): the scale, and when the filling permission was granted and withdrawn. */
  scale: ColumnType<string | null, string | null | undefined, string | null>;
  granted_at: NullableTimestamp;
  released_at: NullableTimestamp;
}

/** A fill started and not finished (migration 0030): open (closed_at null) until the next scan decides. */
export interface FillInterruptionsTable {
  id: Generated<number>;
  cylinder_id: number;
  trace_id: number;
  material_id: number;
  reason: string;
  net_kg: Numeric;
  scale: string | null;
  started_at: NullableTimestamp;
  ended_at: NullableTimestamp;
  granted_at: NullableTimestamp;
  released_at: NullableTimestamp;
  operator_id: number | null;
  operator: string | null;
  workstation: string | null;
  created_at: Timestamp;
  reverted_at: NullableTimestamp;
  closed_at: NullableTimestamp;
  decision: string | null;
  decision_trace_id: number | null;
  closed_by: string | null;
}

/** 停止充装 for the plant, a workstation or a gas (migration 0030): in force while lifted_at is null. */
export interface FillSuspensionsTable {
  id: Generated<number>;
  scope: string;
  workstation: string | null;
  material_id: number | null;
  reason: string;
  by_id: number | null;
  by_name: string | null;
  at: Timestamp;
  lifted_by: string | null;
  lifted_at: NullableTimestamp;
}

export interface TestRecordsTable extends RecordColumns {
  material_id: number;
  result: number;
  items: GivenJson;
  remark: string | null;
  updated_at: Timestamp;
}

export interface WeighingRecordsTable extends RecordColumns {
  material_id: number;
  gross_weight: GivenNumeric;
  tare_weight: GivenNumeric;
  net_weight: GivenNumeric;
  target_net_weight: GivenNumeric;
  tolerance: GivenNumeric;
  deviation: GivenNumeric;
  passed: boolean;
  source: string;
  scale: string | null;
}

export interface VacuumRecordsTable extends RecordColumns {
  pressure: Numeric | null;
  remark: string | null;
}

export interface AnalysisRecordsTable extends RecordColumns {
  decision: number;
  reason: string;
}

/** Every scanId a station sent, with the first answer (a retry gets it again). */
export interface LifecycleScansTable {
  scan_id: string;
  action: string;
  code: string;
  response: unknown;
  created_at: Timestamp;
}

export interface TraceNotesTable {
  id: Generated<number>;
  trace_id: number;
  note: string;
  operator_id: number | null;
  operator: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A cylinder registered by mistake and removed before any movement. */
export interface CylinderRemovalsTable {
  id: Generated<number>;
  cylinder_id: number;
  code: string;
  detail: unknown;
  operator_id: number | null;
  operator: string | null;
  workstation: string | null;
  at: Timestamp;
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

/** Trace events counted per plant day and key (migration 0012): what the dashboard and quality center read. */
export interface TraceDailyTable {
  action: string;
  day: ColumnType<string, string, string>;
  material_id: number;
  specification: string;
  operator_id: number;
  customer_id: number;
  decision: number;
  reason: string;
  slot: number;
  n: Generated<number>;
  quantity: ColumnType<string, number | string | undefined, number | string>;
}

/** A stock-in (direction in: spaceRk, productRK) or outbound (out: productCK, pickCk) order. */
export interface StorageOrdersTable {
  id: Generated<number>;
  order_no: string;
  direction: string;
  type: string;
  warehouse_id: number | null;
  customer_id: number | null;
  vehicle: string | null;
  driver: string | null;
  /** From the transport registers (0035); the texts above are filled from them for new orders. */
  vehicle_id: Generated<number | null>;
  driver_id: Generated<number | null>;
  escort_id: Generated<number | null>;
  escort: Generated<string | null>;
  /** The trip it is on (0037): its completion loads its cylinders onto the trip's vehicle. */
  trip_id: Generated<number | null>;
  /** 0 open, 1 done, 2 cancelled (已作废). */
  status: Generated<number>;
  remark: string | null;
  operator_id: number | null;
  operator: string | null;
  created_at: Timestamp;
  completed_at: NullableTimestamp;
  completed_by: string | null;
  sign_name: string | null;
  sign_image: string | null;
  signed_at: NullableTimestamp;
  signed_by: string | null;
  prints: Generated<unknown>;
  cancelled_at: NullableTimestamp;
  cancelled_by: string | null;
  cancel_reason: string | null;
}

/** The last order number given per direction ('in', 'out'), taken in the transaction that inserts the order. */
export interface StorageOrderCountersTable {
  direction: string;
  /** bigint: read as a number (the INT8 parser of db/database.ts). */
  last_no: number;
}

/** What an outbound order asks for: gas × specification × quantity, and how many are scanned. */
export interface StorageOrderLinesTable {
  id: Generated<number>;
  order_id: number;
  material_id: number;
  specification: string | null;
  quantity: number;
  scanned: Generated<number>;
}

export interface StorageOrderItemsTable extends RecordColumns {
  order_id: number;
  line_id: number | null;
}

export interface RecoveryRecordsTable extends RecordColumns {
  customer_id: number | null;
  expected_customer_id: number | null;
  expected_status: number;
  discrepancy: string | null;
  remark: string | null;
}

/** One message to one user (消息中心). */
export interface MessagesTable {
  id: Generated<number>;
  user_id: number;
  /** The template code (MESSAGE_KINDS). */
  kind: string;
  title: string;
  content: string;
  /** A renderer route with its query. */
  link: string | null;
  subject_key: string | null;
  /** 1 read, 0 unread. */
  read_flag: Generated<number>;
  created_at: Timestamp;
}

export interface MessageTemplatesTable {
  id: Generated<number>;
  code: string;
  name: string;
  title: string;
  content: string;
  digest: string;
  enabled: Generated<number>;
  role_ids: ColumnType<number[], number[] | undefined, number[]>;
  updated_by: string | null;
  updated_at: Timestamp;
}

/** An alert raised for (cause, subject): open while cleared_at is null. */
export interface AlertMarksTable {
  id: Generated<number>;
  cause: string;
  subject_key: string;
  raised_at: Timestamp;
  cleared_at: NullableTimestamp;
}

export interface JobRunsTable {
  job: string;
  last_run_at: NullableTimestamp;
  last_ok_at: NullableTimestamp;
  /** Runs so far, by whichever process ran it (migration 0019). */
  runs: Generated<number>;
}

/** A notice sent for a cause (a recall's choice) to one user: the same notice reaches a person once. */
export interface NoticeSendsTable {
  cause: string;
  user_id: number;
  sender_id: number | null;
  sent_at: Generated<Date>;
}

/** Notices a sender sent in the current window (fixed one-minute windows). */
export interface NoticeRatesTable {
  sender_id: number;
  window_start: GivenTimestamp;
  notices: number;
}

/** Sign-in attempts per client address in the current minute, for every process (migration 0019, unlogged). */
export interface SignInAttemptsTable {
  ip: string;
  window_start: GivenTimestamp;
  attempts: number;
}

/** 报表设置 / 记录内容设置 / 标签设置 (migration 0016, src/shared/api/setting.ts). */
export interface SettingsTable {
  id: Generated<number>;
  kind: string;
  setting_key: string;
  name: string;
  data_source: string;
  enabled: Generated<number>;
  is_default: Generated<number>;
  content: GivenJson;
  version: Generated<number>;
  remark: string | null;
  copied_from: number | null;
  created_by: string | null;
  updated_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Who held a cylinder from when to when (migration 0040; the cylinder module writes it with the event). */
export interface CylinderCustodyTable {
  id: Generated<number>;
  cylinder_id: number;
  enterprise_id: number;
  from_at: Date;
  to_at: Date | null;
  from_trace_id: number | null;
  to_trace_id: number | null;
}

/** 租赁结算 (migration 0041; the rental module's tables). */
export interface RentalAgreementsTable {
  id: Generated<number>;
  customer_id: number | null;
  name: string;
  remark: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}
export interface RentalAgreementVersionsTable {
  id: Generated<number>;
  agreement_id: number;
  valid_from: ColumnType<string, string, string>;
  minimum_month_cents: Generated<number>;
  deposit_offsets_rental: Generated<boolean>;
  lines: ColumnType<unknown, string, string>;
  created_by: string | null;
  created_at: Generated<Date>;
}
export interface RentalStatementsTable {
  id: Generated<number>;
  statement_no: string;
  customer_id: number;
  month: string;
  cylinders: number;
  rental_cents: number;
  minimum_top_up_cents: number;
  deposit_taken_cents: number;
  deposit_refunded_cents: number;
  deposit_balance_cents: number;
  total_cents: number;
  detail: ColumnType<unknown, string, string>;
  issued_by: string | null;
  issued_at: Generated<Date>;
}
export interface RentalNotesTable {
  id: Generated<number>;
  note_no: string;
  statement_id: number;
  kind: string;
  amount_cents: number;
  reason: string;
  created_by: string | null;
  created_at: Generated<Date>;
}
export interface RentalRunsTable {
  id: Generated<number>;
  month: string;
  status: Generated<string>;
  total: Generated<number>;
  done: Generated<number>;
  skipped: Generated<number>;
  cursor_customer_id: Generated<number>;
  error: string | null;
  started_by: string | null;
  started_at: Generated<Date>;
  finished_at: Date | null;
}

/** A one-time link setting a portal account's password (migration 0042): only the token's SHA-256 is kept. */
export interface PortalInvitationsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  expires_at: Date;
  used_at: Date | null;
  created_by: number | null;
  created_at: Generated<Date>;
}

/** A customer's request to collect its empties (申请回收空瓶, migration 0042). */
export interface PortalPickupRequestsTable {
  id: Generated<number>;
  enterprise_id: number;
  user_id: number | null;
  cylinders: number;
  wanted_date: ColumnType<string, string, string>;
  note: string | null;
  /** open, planned, done, cancelled. */
  status: Generated<string>;
  created_at: Generated<Date>;
  handled_at: Date | null;
  handled_by: string | null;
}

export interface DB {
  departments: DepartmentsTable;
  users: UsersTable;
  sign_in_failures: SignInFailuresTable;
  sign_in_attempts: SignInAttemptsTable;
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
  cylinder_custody: CylinderCustodyTable;
  rental_agreements: RentalAgreementsTable;
  rental_agreement_versions: RentalAgreementVersionsTable;
  rental_statements: RentalStatementsTable;
  rental_notes: RentalNotesTable;
  rental_runs: RentalRunsTable;
  portal_invitations: PortalInvitationsTable;
  portal_pickup_requests: PortalPickupRequestsTable;
  trace_daily: TraceDailyTable;
  cylinder_status_counts: CylinderStatusCountsTable;
  cylinder_place_counts: CylinderPlaceCountsTable;
  cylinder_customer_counts: CylinderCustomerCountsTable;
  cylinder_due_counts: CylinderDueCountsTable;
  outbound_events: OutboundEventsTable;
  cylinder_removals: CylinderRemovalsTable;
  filling_records: FillingRecordsTable;
  fill_interruptions: FillInterruptionsTable;
  fill_suspensions: FillSuspensionsTable;
  test_records: TestRecordsTable;
  weighing_records: WeighingRecordsTable;
  vacuum_records: VacuumRecordsTable;
  analysis_records: AnalysisRecordsTable;
  lifecycle_scans: LifecycleScansTable;
  offline_exceptions: OfflineExceptionsTable;
  workstation_queues: WorkstationQueuesTable;
  trace_notes: TraceNotesTable;
  storage_orders: StorageOrdersTable;
  storage_order_lines: StorageOrderLinesTable;
  storage_order_items: StorageOrderItemsTable;
  storage_order_counters: StorageOrderCountersTable;
  recovery_records: RecoveryRecordsTable;
  cylinder_valve_changes: CylinderValveChangesTable;
  periodic_inspections: PeriodicInspectionsTable;
  test_projects: TestProjectsTable;
  files: FilesTable;
  file_links: FileLinksTable;
  company: CompanyTable;
  vehicles: VehiclesTable;
  crew_members: CrewMembersTable;
  trips: TripsTable;
  trip_stops: TripStopsTable;
  trip_cylinders: TripCylindersTable;
  trip_pickups: TripPickupsTable;
  audits: AuditsTable;
  audit_codes: AuditCodesTable;
  audit_lines: AuditLinesTable;
  audit_misses: AuditMissesTable;
  household_users: HouseholdUsersTable;
  household_reveals: HouseholdRevealsTable;
  household_check_items: HouseholdCheckItemsTable;
  household_checks: HouseholdChecksTable;
  household_check_results: HouseholdCheckResultsTable;
  household_check_photos: HouseholdCheckPhotosTable;
  household_hazards: HouseholdHazardsTable;
  household_deliveries: HouseholdDeliveriesTable;
  regulator_connections: RegulatorConnectionsTable;
  regulator_code_maps: RegulatorCodeMapsTable;
  regulator_records: RegulatorRecordsTable;
  regulator_record_counts: RegulatorRecordCountsTable;
  regulator_attempts: RegulatorAttemptsTable;
  regulator_notices: RegulatorNoticesTable;
  dictionary_types: DictionaryTypesTable;
  dictionary_entries: DictionaryEntriesTable;
  system_rules: SystemRulesTable;
  log_settings: LogSettingsTable;
  messages: MessagesTable;
  notice_sends: NoticeSendsTable;
  notice_rates: NoticeRatesTable;
  message_templates: MessageTemplatesTable;
  alert_marks: AlertMarksTable;
  job_runs: JobRunsTable;
  settings: SettingsTable;
  data_source_fields: DataSourceFieldsTable;
  app_secrets: AppSecretsTable;
  outbox_events: OutboxEventsTable;
  outbox_state: OutboxStateTable;
  api_keys: ApiKeysTable;
  api_key_rate_windows: ApiKeyRateWindowsTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_deliveries: WebhookDeliveriesTable;
}

export type UserRecord = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type MenuRecord = Selectable<MenusTable>;

/**
 * The transactional outbox (0031, docs/INTEGRATION.md): one row per trace event or master-record change, and per
 * issued rental statement or note (0044).
 */
export interface OutboxEventsTable {
  /** Insertion order, not commit order (bigint, read as a number). */
  id: Generated<number>;
  /** 1, 2, 3, … in commit order, gap-free; null until the sequencer numbered the committed row. */
  seq: number | null;
  /** 'trace.<action>' (src/shared/lifecycle.ts), 'cylinder.updated', or 'rental.statement.issued' / 'rental.note.issued'. */
  type: string;
  /** Null for an event that concerns no cylinder (rental.*). */
  cylinder_id: number | null;
  trace_id: number | null;
  /** The event (src/shared/api/integration.ts IntegrationEvent or RentalEvent) without its seq. */
  body: GivenJson;
  created_at: Generated<Date>;
  sequenced_at: NullableTimestamp;
}

/** The last number the outbox sequencer gave (one row, id 1). */
export interface OutboxStateTable {
  id: number;
  last_seq: Generated<number>;
}

/** 接口推送 (0033): a receiver of the outbox's events, and where its delivery stands. */
export interface WebhookEndpointsTable {
  id: Generated<number>;
  url: string;
  /** Event types; ['*'] = all. */
  events: ColumnType<string[], string[], string[]>;
  /** whsec_<base64>: signs every request; never answered after the save that set it. */
  secret: string;
  enabled: Generated<boolean>;
  /** ok or failing (3 days without a 2xx). */
  state: Generated<string>;
  /** The last seq the receiver answered 2xx for (bigint, read as a number). */
  cursor: Generated<number>;
  /** Failed attempts at the events after the cursor. */
  attempts: Generated<number>;
  next_attempt_at: NullableTimestamp;
  failing_since: NullableTimestamp;
  last_error: string | null;
  created_by: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** The per-key rate limit's fixed windows, shared by all server processes (0034; apiKey module's rate.repository.ts). */
export interface ApiKeyRateWindowsTable {
  /** The rate limit's key: `apiKey:<id>`. */
  key: string;
  window_start: GivenTimestamp;
  hits: number;
}

/** One request sent to a webhook endpoint (the delivery log). */
export interface WebhookDeliveriesTable {
  id: Generated<number>;
  endpoint_id: number;
  first_seq: number;
  last_seq: number;
  count: number;
  attempt: number;
  sent_at: Generated<Date>;
  status: number | null;
  duration_ms: number;
  ok: boolean;
  error: string | null;
  /** The first 1 KB of the answer. */
  response: string | null;
}

/** A field of the plant's own in a data source (记录建模). */
export interface DataSourceFieldsTable {
  id: Generated<number>;
  data_source: string;
  content_key: string;
  content_name: string;
  type: string;
  created_by: string | null;
  created_at: Timestamp;
}

/** An API key of a service account (migration 0032): `ctk_<prefix>_<secret>`, only the secret's SHA-256 (hex) kept. */
export interface ApiKeysTable {
  id: Generated<number>;
  user_id: number;
  prefix: string;
  secret_hash: string;
  created_by: number | null;
  created_at: Timestamp;
  expires_at: NullableTimestamp;
  revoked_at: NullableTimestamp;
  /** Written at most once a minute per key. */
  last_used_at: NullableTimestamp;
}

/* ---------------------------------------------------------------- issue 36 (migration 0035) */

export interface VehiclesTable {
  id: Generated<number>;
  plate: string;
  permit_no: string;
  permit_expiry: ColumnType<string, string, string>;
  load_kg: Numeric;
  cylinder_capacity: number | null;
  tank_volume: Numeric;
  status: Generated<number>;
  remark: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface CrewMembersTable {
  id: Generated<number>;
  name: string;
  kind: string;
  /** lib/field-cipher.ts */
  id_no_enc: string | null;
  qualification_no: string;
  qualification_expiry: ColumnType<string, string, string>;
  phone: string | null;
  status: Generated<number>;
  remark: string | null;
  /** The driver's or escort's sign-in (0037). */
  user_id: Generated<number | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** 车次 (0037): 0 planned, 1 on the road, 2 closed. */
export interface TripsTable {
  id: Generated<number>;
  trip_no: string;
  vehicle_id: number;
  driver_id: number;
  escort_id: number | null;
  plan_date: ColumnType<string, string, string>;
  status: Generated<number>;
  departed_at: NullableTimestamp;
  closed_at: NullableTimestamp;
  closed_by: string | null;
  remark: string | null;
  created_by: number | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** A trip's stop: one customer, with its proof of delivery (0037). */
export interface TripStopsTable {
  id: Generated<number>;
  trip_id: number;
  seq: number;
  customer_id: number;
  /** 0 waiting, 1 delivered (proof taken). */
  status: Generated<number>;
  receiver_name: string | null;
  signature: Buffer | null;
  photo: Buffer | null;
  photo_type: string | null;
  latitude: Numeric;
  longitude: Numeric;
  accuracy_m: Numeric;
  proved_at: NullableTimestamp;
  proof_scan_id: string | null;
  proof_by: number | null;
  receipt_token: string | null;
  remark: string | null;
}

/** A cylinder that left on a trip and what became of it (0037). */
export interface TripCylindersTable {
  id: Generated<number>;
  trip_id: number;
  stop_id: number;
  order_id: number;
  cylinder_id: number;
  outcome: Generated<string>;
  reason: string | null;
  loaded_at: ColumnType<Date, Date | string, Date | string>;
  settled_at: NullableTimestamp;
}

/** An empty taken back at a stop (0037). */
export interface TripPickupsTable {
  id: Generated<number>;
  trip_id: number;
  stop_id: number;
  cylinder_id: number;
  forced: Generated<boolean>;
  discrepancy: string | null;
  picked_at: ColumnType<Date, Date | string, Date | string>;
}

export interface RegulatorConnectionsTable {
  id: Generated<number>;
  name: string;
  adapter: string;
  access_code: string;
  /** The adapter's settings without its secret fields. */
  settings: ColumnType<Record<string, string | number>, string | undefined, string>;
  /** The secret fields, a JSON object encrypted with lib/field-cipher.ts; null when none. */
  secrets: string | null;
  kinds: string[];
  enabled: Generated<boolean>;
  /** bigint (read as a number): the last outbox seq turned into records. */
  cursor: ColumnType<number, number | undefined, number>;
  last_error: string | null;
  failing_since: NullableTimestamp;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface RegulatorCodeMapsTable {
  connection_id: number;
  code_table: string;
  local_key: string;
  code: string;
  updated_at: Timestamp;
}

export interface RegulatorRecordsTable {
  id: Generated<number>;
  connection_id: number;
  kind: string;
  record_id: string;
  seq: number;
  trace_id: number | null;
  cylinder_id: number | null;
  cylinder_code: string;
  event_at: GivenTimestamp;
  state: string;
  reason: string | null;
  last_error: string | null;
  attempts: Generated<number>;
  next_attempt_at: NullableTimestamp;
  sent_at: NullableTimestamp;
  answered_at: NullableTimestamp;
  platform_id: string | null;
  /** When its verdict was last asked (sent, pendingAudit): the least recently asked are asked first. */
  asked_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Records per connection, kind and state (a trigger keeps them): counts and totals without counting rows. */
export interface RegulatorRecordCountsTable {
  connection_id: number;
  kind: string;
  state: string;
  n: Generated<number>;
}

export interface RegulatorAttemptsTable {
  id: Generated<number>;
  record_id: number;
  at: Timestamp;
  outcome: string;
  status: number | null;
  duration_ms: Generated<number>;
  detail: string | null;
  message: string | null;
}

export interface RegulatorNoticesTable {
  connection_id: number;
  cause: string;
  told_at: Timestamp;
}

/** 客户盘点 (0038): 0 counting, 1 reconciled. */
export interface AuditsTable {
  id: Generated<number>;
  audit_no: string;
  /** The id the field app chose for the count (its submit is idempotent on it). */
  device_id: string;
  customer_id: number;
  status: Generated<number>;
  counted_at: GivenTimestamp;
  counted_by_id: number | null;
  counted_by: string | null;
  reconciled_at: NullableTimestamp;
  reconciled_by_id: number | null;
  reconciled_by: string | null;
  found: Generated<number>;
  unexpected: Generated<number>;
  moved: Generated<number>;
  unknown: Generated<number>;
  missing: Generated<number>;
  lost: Generated<number>;
  remark: string | null;
  created_at: Timestamp;
}

/** A code counted in an audit (0038). */
export interface AuditCodesTable {
  audit_id: number;
  code: string;
}

/** A line of a reconciled audit (0038): found, unexpected, unknown or missing. */
export interface AuditLinesTable {
  id: Generated<number>;
  audit_id: number;
  kind: string;
  code: string;
  cylinder_id: number | null;
  /** The cylinder's gas and specification at the reconciliation (the report prints them). */
  material_name: string | null;
  specification: string | null;
  status: number | null;
  moved: Generated<boolean>;
  note: string | null;
  misses: number | null;
  lost: Generated<boolean>;
}

/** A cylinder's run of audits that expected it and did not find it (0038). */
export interface AuditMissesTable {
  cylinder_id: number;
  customer_id: number;
  misses: number;
  first_missed_at: GivenTimestamp;
  last_missed_at: GivenTimestamp;
  last_audit_id: number;
  lost_at: NullableTimestamp;
}

/** An LPG household user (0039): the ID number only encrypted (id_no_enc). */
export interface HouseholdUsersTable {
  id: Generated<number>;
  kind: string;
  name: string;
  id_no_enc: string | null;
  phone: string;
  address: string;
  /** The customer (distributor / station) serving the user. */
  customer_id: number;
  status: Generated<number>;
  remark: string | null;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** One 查看身份证号 (0039): who, whose, when; never the number. */
export interface HouseholdRevealsTable {
  id: Generated<number>;
  household_id: number;
  revealed_by_id: number;
  revealed_by: string;
  revealed_at: Timestamp;
  ip: string | null;
}

/** An item of the home safety checklist (0039). */
export interface HouseholdCheckItemsTable {
  id: Generated<number>;
  name: string;
  name_en: string | null;
  level: string;
  sort: Generated<number>;
  status: Generated<number>;
}

/** A home safety check (0039). */
export interface HouseholdChecksTable {
  id: Generated<number>;
  /** The device's id of the check: a retry finds it. */
  check_id: string;
  household_id: number;
  checked_at: Timestamp;
  checked_by_id: number;
  checked_by: string;
  signature: Buffer;
  hazards: Generated<number>;
  major: Generated<number>;
  remark: string | null;
}

export interface HouseholdCheckResultsTable {
  check_id: number;
  item_id: number;
  item_name: string;
  ok: boolean;
  level: string | null;
  note: string | null;
}

export interface HouseholdCheckPhotosTable {
  check_id: number;
  seq: number;
  photo: Buffer;
}

/** A hazard a check found, open (0) until rectified (1) (0039). */
export interface HouseholdHazardsTable {
  id: Generated<number>;
  household_id: number;
  check_id: number;
  item_id: number;
  item_name: string;
  level: string;
  note: string | null;
  found_at: GivenTimestamp;
  status: Generated<number>;
  rectified_at: NullableTimestamp;
  rectified_by_id: number | null;
  rectified_by: string | null;
  rectify_note: string | null;
  rectify_photo: Buffer | null;
}

/** A cylinder handed to a household user (0039); its trace event is the cylinder module's. */
export interface HouseholdDeliveriesTable {
  id: Generated<number>;
  household_id: number;
  cylinder_id: number;
  /** The cylinder's code as delivered (codes are never reused). */
  code: string;
  customer_id: number;
  trace_id: number;
  scan_id: string;
  delivered_at: Timestamp;
  delivered_by_id: number;
  delivered_by: string;
}
