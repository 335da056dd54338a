import { sql, type Kysely } from 'kysely';

/**
 * 监管平台对接 (issue 36, docs/REGULATOR.md):
 * - vehicles, crew_members: the registers of hazardous-goods transport (运输车辆; 驾驶员、押运员) with the permit and
 *   qualification expiry dates an outbound's completion checks. A person's ID number is stored encrypted
 *   (lib/field-cipher.ts), as is a filler's (users.id_no_enc).
 * - storage_orders: an outbound order's vehicle, driver and escort from those registers (the free-text vehicle and
 *   driver stay for old orders and are filled from the registers for new ones, so documents print them as before).
 * - company.area_code: the plant's administrative division (GB/T 2260, 6 digits).
 * - regulator_connections: a connection to a platform: its adapter, settings (secret fields encrypted in `secrets`),
 *   access code, the record kinds it sends, and its cursor in the outbox (the last seq turned into records).
 * - regulator_code_maps: per connection and code table, a local value's platform code.
 * - regulator_records: one row per record and kind sent to a connection: unique (connection, kind, record_id), the
 *   record id derived from the event, so nothing is sent twice. Never deleted (DB4114 §4.8 keeps records 2 years).
 * - regulator_attempts: every try of a record, with the message sent and what came back.
 * - regulator_notices: a failure's cause told to 消息中心 once (per connection and cause).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table vehicles (
    id serial primary key,
    plate varchar(16) not null,
    permit_no varchar(32) not null,
    permit_expiry date not null,
    load_kg numeric(10, 2),
    cylinder_capacity integer,
    tank_volume numeric(10, 3),
    status smallint not null default 1,
    remark varchar(255),
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`.execute(db);
  await sql`create unique index vehicles_plate_key on vehicles (upper(plate))`.execute(db);
  await sql`create index vehicles_permit_expiry_idx on vehicles (permit_expiry)`.execute(db);
  await sql`create table crew_members (
    id serial primary key,
    name varchar(64) not null,
    kind varchar(8) not null check (kind in ('driver', 'escort')),
    id_no_enc text,
    qualification_no varchar(32) not null,
    qualification_expiry date not null,
    phone varchar(32),
    status smallint not null default 1,
    remark varchar(255),
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`.execute(db);
  await sql`create unique index crew_members_qualification_key on crew_members (kind, upper(qualification_no))`.execute(db);
  await sql`create index crew_members_name_idx on crew_members (kind, name)`.execute(db);
  await sql`create index crew_members_expiry_idx on crew_members (qualification_expiry)`.execute(db);
  await sql`alter table users add column id_no_enc text`.execute(db);
  await sql`alter table company add column area_code varchar(12)`.execute(db);
  await sql`alter table storage_orders add column vehicle_id integer references vehicles (id),
    add column driver_id integer references crew_members (id), add column escort_id integer references crew_members (id),
    add column escort varchar(64)`.execute(db);

  // The cylinder type code table lists the specifications in use (a skip scan of this index).
  await sql`create index cylinders_specification_idx on cylinders (specification) where specification is not null`.execute(db);
  await sql`create table regulator_connections (
    id serial primary key,
    name varchar(64) not null,
    adapter varchar(32) not null,
    access_code varchar(32) not null,
    settings jsonb not null default '{}'::jsonb,
    secrets text,
    kinds text[] not null,
    enabled boolean not null default true,
    cursor bigint not null default 0,
    last_error text,
    failing_since timestamptz,
    created_by varchar(64),
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`.execute(db);
  await sql`create table regulator_code_maps (
    connection_id integer not null references regulator_connections (id),
    code_table varchar(16) not null,
    local_key varchar(64) not null,
    code varchar(32) not null,
    updated_at timestamptz not null default now(),
    primary key (connection_id, code_table, local_key)
  )`.execute(db);
  await sql`create table regulator_records (
    id bigserial primary key,
    connection_id integer not null references regulator_connections (id),
    kind varchar(24) not null,
    record_id varchar(64) not null,
    seq bigint not null,
    trace_id bigint,
    cylinder_id integer,
    cylinder_code varchar(64) not null,
    event_at timestamptz not null,
    state varchar(16) not null check (state in ('held', 'queued', 'sent', 'accepted', 'rejected', 'pendingAudit', 'auditPassed', 'auditRejected')),
    reason text,
    last_error text,
    attempts integer not null default 0,
    next_attempt_at timestamptz,
    sent_at timestamptz,
    answered_at timestamptz,
    platform_id varchar(64),
    asked_at timestamptz,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    unique (connection_id, kind, record_id)
  )`.execute(db);
  // The sender's queue (queued, due first, in seq order), the board's day and state filters, the audit poll.
  await sql`create index regulator_records_queue_idx on regulator_records (connection_id, seq) where state = 'queued'`.execute(db);
  await sql`create index regulator_records_day_idx on regulator_records (connection_id, event_at desc, id desc)`.execute(db);
  await sql`create index regulator_records_state_idx on regulator_records (connection_id, state, event_at desc)`.execute(db);
  await sql`create index regulator_records_kind_idx on regulator_records (connection_id, kind, event_at desc)`.execute(db);
  // Records waiting for a verdict, the least recently asked first.
  await sql`create index regulator_records_verdict_idx on regulator_records (connection_id, asked_at nulls first, id)
    where state in ('sent', 'pendingAudit')`.execute(db);
  await sql`create index regulator_records_cylinder_idx on regulator_records (connection_id, cylinder_code)`.execute(db);
  // Records per connection, kind and state, kept by a trigger: the connection list's counts and the board's totals
  // without counting millions of rows (a platform's records are kept 2 years).
  await sql`create table regulator_record_counts (
    connection_id integer not null,
    kind varchar(24) not null,
    state varchar(16) not null,
    n bigint not null default 0,
    primary key (connection_id, kind, state)
  )`.execute(db);
  await sql`create function regulator_count() returns trigger language plpgsql as $$
    begin
      if tg_op = 'UPDATE' then
        if old.state = new.state then return null; end if;
        update regulator_record_counts set n = n - 1 where connection_id = old.connection_id and kind = old.kind and state = old.state;
      end if;
      insert into regulator_record_counts as c (connection_id, kind, state, n) values (new.connection_id, new.kind, new.state, 1)
        on conflict (connection_id, kind, state) do update set n = c.n + 1;
      return null;
    end
  $$`.execute(db);
  await sql`create trigger regulator_records_count after insert or update of state on regulator_records
    for each row execute function regulator_count()`.execute(db);
  await sql`create table regulator_attempts (
    id bigserial primary key,
    record_id bigint not null references regulator_records (id),
    at timestamptz not null default now(),
    outcome varchar(16) not null,
    status integer,
    duration_ms integer not null default 0,
    detail text,
    message text
  )`.execute(db);
  await sql`create index regulator_attempts_record_idx on regulator_attempts (record_id, id desc)`.execute(db);
  await sql`create table regulator_notices (
    connection_id integer not null references regulator_connections (id),
    cause varchar(200) not null,
    told_at timestamptz not null default now(),
    primary key (connection_id, cause)
  )`.execute(db);
  await sql`insert into message_templates (code, name, title, content, digest, role_ids)
    values ('regulatorFailing', '监管平台上报失败', '监管平台上报失败', '{reason}', '{reason}', array(select id from roles where role_code = 'admin'))
    on conflict (code) do nothing`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from message_templates where code = 'regulatorFailing'`.execute(db);
  await sql`drop index cylinders_specification_idx`.execute(db);
  await sql`drop table regulator_notices, regulator_attempts, regulator_record_counts, regulator_records, regulator_code_maps, regulator_connections`.execute(db);
  await sql`drop function regulator_count()`.execute(db);
  await sql`alter table storage_orders drop column vehicle_id, drop column driver_id, drop column escort_id, drop column escort`.execute(db);
  await sql`alter table company drop column area_code`.execute(db);
  await sql`alter table users drop column id_no_enc`.execute(db);
  await sql`drop table crew_members, vehicles`.execute(db);
}
