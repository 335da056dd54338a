import { sql, type Kysely } from 'kysely';

/**
 * 客户盘点 (issue 37): a blind count at a customer's site and its reconciliation against the holdings.
 * - audits: one count; device_id is the id the field app chose (a retry of the submit finds it); 0 counting, 1
 *   reconciled, with the numbers of each kind of line once reconciled.
 * - audit_codes: what was counted (codes as scanned; one per audit regardless of letter case).
 * - audit_lines: the reconciliation, one line per cylinder (found, unexpected, unknown, missing) with what it came to.
 * - audit_misses: a cylinder's run of consecutive audits that expected it and did not find it, and when it was
 *   reckoned lost (丢失); any later event of the cylinder ends the run (read when the next audit misses it).
 * - the message template of an unexpected cylinder the records have in the plant or scrapped (to the administrators).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table audits (
    id serial primary key,
    audit_no varchar(32) not null unique,
    device_id varchar(36) not null unique,
    customer_id integer not null references enterprises (id),
    status smallint not null default 0 check (status in (0, 1)),
    counted_at timestamptz not null,
    counted_by_id integer,
    counted_by varchar(64),
    reconciled_at timestamptz,
    reconciled_by_id integer,
    reconciled_by varchar(64),
    found integer not null default 0,
    unexpected integer not null default 0,
    moved integer not null default 0,
    unknown integer not null default 0,
    missing integer not null default 0,
    lost integer not null default 0,
    remark varchar(255),
    created_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index audits_counted_idx on audits (counted_at desc, id desc)`.execute(db);
  await sql`create index audits_customer_idx on audits (customer_id, counted_at desc)`.execute(db);
  await sql`create index audits_status_idx on audits (status, counted_at desc)`.execute(db);
  await sql`create table audit_codes (
    audit_id integer not null references audits (id),
    code varchar(64) not null,
    primary key (audit_id, code)
  )`.execute(db);
  await sql`create unique index audit_codes_ci on audit_codes (audit_id, lower(code))`.execute(db);
  await sql`create table audit_lines (
    id bigserial primary key,
    audit_id integer not null references audits (id),
    kind varchar(12) not null check (kind in ('found', 'unexpected', 'unknown', 'missing')),
    code varchar(64) not null,
    cylinder_id integer references cylinders (id),
    material_name varchar(64),
    specification varchar(64),
    status smallint,
    moved boolean not null default false,
    note varchar(500),
    misses smallint,
    lost boolean not null default false
  )`.execute(db);
  await sql`create index audit_lines_audit_idx on audit_lines (audit_id, kind, code)`.execute(db);
  await sql`create index audit_lines_cylinder_idx on audit_lines (cylinder_id) where cylinder_id is not null`.execute(db);
  await sql`create table audit_misses (
    cylinder_id integer primary key references cylinders (id),
    customer_id integer not null references enterprises (id),
    misses smallint not null,
    first_missed_at timestamptz not null,
    last_missed_at timestamptz not null,
    last_audit_id integer not null references audits (id),
    lost_at timestamptz
  )`.execute(db);
  await sql`create index audit_misses_lost_idx on audit_misses (lost_at) where lost_at is not null`.execute(db);
  await sql`insert into message_templates (code, name, title, content, digest, role_ids)
    values ('auditUnexpected', '盘点发现厂内或报废气瓶', '客户盘点发现账外气瓶', '{reason}', '{reason}', array(select id from roles where role_code = 'admin'))
    on conflict (code) do nothing`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from message_templates where code = 'auditUnexpected'`.execute(db);
  await sql`drop table audit_misses, audit_lines, audit_codes, audits`.execute(db);
}
