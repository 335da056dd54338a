import { sql, type Kysely } from 'kysely';

/**
 * 瓶装液化气实名制 (issue 37 item 6): the households and restaurants a plant's distributors deliver LPG to.
 * - household_users: real name, ID number encrypted (lib/field-cipher.ts; never stored in plain text), phone,
 *   address, and the customer (distributor / station) that serves the user. Prefix searches on name and phone.
 * - household_reveals: every 查看身份证号 — who looked at whose number, when, from where (never the number).
 * - household_check_items: the configurable checklist of the home safety check (入户安检), seeded with the six
 *   items every LPG safety check covers, each with the level its hazard has by default.
 * - household_checks: one safety check (the device's check_id makes a retry find it), with the user's signature;
 *   household_check_results: each item's verdict as judged then (name and level copied: the checklist may change);
 *   household_check_photos: up to 3 photos (JPEG ≤ 200 KB, compressed on the device).
 * - household_hazards: what a check found, open until rectified (with a note and a photo).
 * - household_deliveries: a cylinder handed to a user; the cylinder module writes its trace event (trace_id).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table household_users (
    id serial primary key,
    kind varchar(12) not null check (kind in ('resident', 'restaurant', 'other')),
    name varchar(64) not null,
    id_no_enc varchar(200),
    phone varchar(32) not null,
    address varchar(255) not null,
    customer_id integer not null references enterprises (id),
    status smallint not null default 1 check (status in (0, 1)),
    remark varchar(255),
    created_by integer,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index household_users_name_idx on household_users (name varchar_pattern_ops, id)`.execute(db);
  await sql`create index household_users_phone_idx on household_users (phone varchar_pattern_ops, id)`.execute(db);
  await sql`create index household_users_customer_idx on household_users (customer_id, id)`.execute(db);
  await sql`create table household_reveals (
    id serial primary key,
    household_id integer not null references household_users (id),
    revealed_by_id integer not null,
    revealed_by varchar(64) not null,
    revealed_at timestamptz not null default now(),
    ip varchar(64)
  )`.execute(db);
  await sql`create index household_reveals_user_idx on household_reveals (household_id, id desc)`.execute(db);
  await sql`create table household_check_items (
    id serial primary key,
    name varchar(64) not null unique,
    name_en varchar(64),
    level varchar(8) not null check (level in ('major', 'minor')),
    sort smallint not null default 0,
    status smallint not null default 1 check (status in (0, 1))
  )`.execute(db);
  await sql`insert into household_check_items (name, name_en, level, sort) values
    ('胶管', 'Hose', 'major', 10), ('减压阀', 'Regulator', 'major', 20), ('通风', 'Ventilation', 'major', 30),
    ('燃气报警器', 'Gas alarm', 'minor', 40), ('气瓶放置', 'Cylinder placement', 'minor', 50), ('灶具', 'Stove', 'minor', 60)`.execute(db);
  await sql`create table household_checks (
    id serial primary key,
    check_id varchar(36) not null unique,
    household_id integer not null references household_users (id),
    checked_at timestamptz not null default now(),
    checked_by_id integer not null,
    checked_by varchar(64) not null,
    signature bytea not null,
    hazards smallint not null default 0,
    major smallint not null default 0,
    remark varchar(255)
  )`.execute(db);
  await sql`create index household_checks_user_idx on household_checks (household_id, checked_at desc)`.execute(db);
  await sql`create table household_check_results (
    check_id integer not null references household_checks (id),
    item_id integer not null references household_check_items (id),
    item_name varchar(64) not null,
    ok boolean not null,
    level varchar(8) check (level in ('major', 'minor')),
    note varchar(255),
    primary key (check_id, item_id)
  )`.execute(db);
  await sql`create table household_check_photos (
    check_id integer not null references household_checks (id),
    seq smallint not null check (seq between 1 and 3),
    photo bytea not null,
    primary key (check_id, seq)
  )`.execute(db);
  await sql`create table household_hazards (
    id serial primary key,
    household_id integer not null references household_users (id),
    check_id integer not null references household_checks (id),
    item_id integer not null references household_check_items (id),
    item_name varchar(64) not null,
    level varchar(8) not null check (level in ('major', 'minor')),
    note varchar(255),
    found_at timestamptz not null,
    status smallint not null default 0 check (status in (0, 1)),
    rectified_at timestamptz,
    rectified_by_id integer,
    rectified_by varchar(64),
    rectify_note varchar(255),
    rectify_photo bytea
  )`.execute(db);
  await sql`create index household_hazards_user_idx on household_hazards (household_id, status, level)`.execute(db);
  await sql`create index household_hazards_open_idx on household_hazards (status, id desc)`.execute(db);
  await sql`create table household_deliveries (
    id serial primary key,
    household_id integer not null references household_users (id),
    cylinder_id integer not null references cylinders (id),
    code varchar(64) not null,
    customer_id integer not null references enterprises (id),
    trace_id bigint not null,
    scan_id varchar(36) not null unique,
    delivered_at timestamptz not null default now(),
    delivered_by_id integer not null,
    delivered_by varchar(64) not null
  )`.execute(db);
  await sql`create index household_deliveries_cylinder_idx on household_deliveries (cylinder_id, id desc)`.execute(db);
  await sql`create index household_deliveries_user_idx on household_deliveries (household_id, id desc)`.execute(db);
  await sql`create index household_deliveries_code_idx on household_deliveries (code varchar_pattern_ops)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table household_deliveries, household_hazards, household_check_photos, household_check_results, household_checks,
    household_check_items, household_reveals, household_users`.execute(db);
}
