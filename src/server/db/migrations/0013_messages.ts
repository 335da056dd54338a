import { sql, type Kysely } from 'kysely';

/**
 * Messages (消息中心), their templates (消息模板), the alerts the server raises by itself and the runs of
 * its scheduled jobs:
 * - messages: one row per recipient; every read is by user (user_id, read_flag, id) or (user_id, id);
 * - message_templates: one per kind, seeded; role_ids receive it (the super administrator by default);
 * - alert_marks: one open mark per (cause, subject) while the cause stands, so an alert is raised once;
 *   cleared when the cause is gone, so a later recurrence raises again;
 * - job_runs: when each job last ran (one process runs it; a server started late catches up);
 * - indexes the alert queries need at a million cylinders (life ending, open outbound orders).
 */
/** The templates a plant starts with (frozen here: an administrator edits them on 消息模板). */
const SEEDS: Array<{ code: string; name: string; title: string; content: string; digest: string }> = [
  { code: 'inspectionDue', name: '定期检验即将到期', title: '气瓶定期检验即将到期',
    content: '气瓶 {code}（{gas}，{customer}）将于 {date} 到期检验，请安排送检。', digest: '{count} 个气瓶将在 {days} 天内到期检验，请安排送检。' },
  { code: 'inspectionOverdue', name: '定期检验已超期', title: '气瓶定期检验已超期',
    content: '气瓶 {code}（{gas}，{customer}）的定期检验已于 {date} 到期，请停止充装并送检。', digest: '{count} 个气瓶定期检验已超期，请停止充装并送检。' },
  { code: 'designLifeEnding', name: '设计使用年限即将届满', title: '气瓶设计使用年限即将届满',
    content: '气瓶 {code}（{gas}，{customer}）的设计使用年限将于 {date} 届满。', digest: '{count} 个气瓶的设计使用年限将在 {days} 天内届满。' },
  { code: 'analysisWaiting', name: '待分析超过一天', title: '气瓶待分析超过一天',
    content: '气瓶 {code}（{gas}）自 {since} 起等待分析处理，已超过一天。', digest: '{count} 个气瓶等待分析处理已超过一天。' },
  { code: 'longOut', name: '长期在外', title: '气瓶长期在外',
    content: '气瓶 {code}（{gas}）自 {since} 起在客户 {customer} 处，已超过 {days} 天。', digest: '{count} 个气瓶在客户处已超过 {days} 天。' },
  { code: 'outboundUnscanned', name: '出库单超过一天未扫描', title: '出库单超过一天未扫描',
    content: '出库单 {orderNo}（{customer}）自 {since} 起超过一天没有扫描。', digest: '{count} 张出库单超过一天没有扫描。' },
  { code: 'licenceExpiring', name: '充装许可证即将到期', title: '充装许可证即将到期',
    content: '充装许可证 {licenceNo} 将于 {date} 到期（剩余 {days} 天），请及时办理延续。', digest: '充装许可证将在 {days} 天内到期。' },
  { code: 'recall', name: '召回通知', title: '气瓶召回通知',
    content: '气瓶 {code}（{gas}，{customer}）须召回：{reason}', digest: '{count} 个气瓶须召回：{reason}' },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table messages (
    id serial primary key,
    user_id integer not null references users(id) on delete cascade,
    kind varchar(32) not null,
    title varchar(255) not null,
    content varchar(2000) not null,
    link varchar(512),
    subject_key varchar(128),
    read_flag smallint not null default 0 check (read_flag in (0, 1)),
    created_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index messages_user_read_idx on messages (user_id, read_flag, id)`.execute(db);
  await sql`create index messages_user_idx on messages (user_id, id)`.execute(db);
  await sql`create index messages_user_kind_idx on messages (user_id, kind, id)`.execute(db);

  await sql`create table message_templates (
    id serial primary key,
    code varchar(32) not null unique,
    name varchar(64) not null,
    title varchar(128) not null,
    content varchar(1000) not null,
    digest varchar(1000) not null,
    enabled smallint not null default 1 check (enabled in (0, 1)),
    role_ids integer[] not null default '{}',
    updated_by varchar(64),
    updated_at timestamptz not null default now()
  )`.execute(db);
  // The super administrator receives every alert until an administrator chooses otherwise; the seed
  // (db/seed.ts) creates the same role with the same code when this runs first.
  await sql`insert into roles (role_code, role_name) values ('admin', '超级管理员') on conflict (role_code) do nothing`.execute(db);
  for (const t of SEEDS) {
    await sql`insert into message_templates (code, name, title, content, digest, role_ids)
      values (${t.code}, ${t.name}, ${t.title}, ${t.content}, ${t.digest}, array(select id from roles where role_code = 'admin'))`.execute(db);
  }

  await sql`create table alert_marks (
    id bigserial primary key,
    cause varchar(32) not null,
    subject_key varchar(128) not null,
    raised_at timestamptz not null default now(),
    cleared_at timestamptz
  )`.execute(db);
  await sql`create unique index alert_marks_open_idx on alert_marks (cause, subject_key) where cleared_at is null`.execute(db);

  await sql`create table job_runs (
    job varchar(64) primary key,
    last_run_at timestamptz,
    last_ok_at timestamptz
  )`.execute(db);

  // Design life ending: by the cylinder's own life, or by its gas's (one range per gas).
  await sql`create index cylinders_own_life_end_idx on cylinders ((manufacture_date + make_interval(years => design_life_years::int)))
    where design_life_years is not null and status <> 0`.execute(db);
  await sql`create index cylinders_gas_life_idx on cylinders (material_id, manufacture_date)
    where design_life_years is null and status <> 0`.execute(db);
  await sql`create index storage_orders_open_out_idx on storage_orders (created_at, id) where direction = 'out' and status = 0`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index storage_orders_open_out_idx, cylinders_gas_life_idx, cylinders_own_life_end_idx`.execute(db);
  for (const table of ['job_runs', 'alert_marks', 'message_templates', 'messages']) await sql`drop table ${sql.table(table)}`.execute(db);
}
