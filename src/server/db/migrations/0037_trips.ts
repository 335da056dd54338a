import { sql, type Kysely } from 'kysely';

/**
 * 车次 (issue 37): outbound orders put on a trip, the driver's stops, delivery with proof, empties taken back on the
 * road, and what became of every cylinder that left on the vehicle.
 * - crew_members.user_id: the driver's (or escort's) sign-in: a driver sees only the trips they drive or escort.
 * - trips: vehicle, driver, escort from the transport registers; 0 planned, 1 on the road, 2 closed.
 * - storage_orders.trip_id: an outbound order on a trip; its completion loads its cylinders onto the vehicle.
 * - trip_stops: one per customer of the trip's orders, in driving order, with the proof of delivery (签收凭证):
 *   receiver, signature and photo (kept here, small: the device compresses a photo to ≤ 200 KB), position, time.
 * - trip_cylinders: each cylinder that left on the trip and what became of it (onBoard → delivered / unloaded /
 *   missing), with the reason of a difference at its stop.
 * - trip_pickups: the empties taken back at a stop (each a recovery in the trace; forced when another held it).
 * - cylinders.on_trip_id: the trip whose vehicle holds the cylinder (shipped, not yet handed over): its place is
 *   'vehicle' (shared/cylinder/place.ts), and it is at the customer only from the hand-over.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table crew_members add column user_id integer references users (id)`.execute(db);
  await sql`create unique index crew_members_user_key on crew_members (user_id) where user_id is not null`.execute(db);
  await sql`create table trips (
    id serial primary key,
    trip_no varchar(32) not null unique,
    vehicle_id integer not null references vehicles (id),
    driver_id integer not null references crew_members (id),
    escort_id integer references crew_members (id),
    plan_date date not null,
    status smallint not null default 0 check (status in (0, 1, 2)),
    departed_at timestamptz,
    closed_at timestamptz,
    closed_by varchar(64),
    remark varchar(255),
    created_by integer,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index trips_plan_date_idx on trips (plan_date desc, id desc)`.execute(db);
  await sql`create index trips_status_idx on trips (status, plan_date desc)`.execute(db);
  await sql`create index trips_driver_idx on trips (driver_id, plan_date desc)`.execute(db);
  await sql`create index trips_escort_idx on trips (escort_id, plan_date desc) where escort_id is not null`.execute(db);
  await sql`alter table storage_orders add column trip_id integer references trips (id)`.execute(db);
  await sql`create index storage_orders_trip_idx on storage_orders (trip_id) where trip_id is not null`.execute(db);
  await sql`create table trip_stops (
    id serial primary key,
    trip_id integer not null references trips (id),
    seq smallint not null,
    customer_id integer not null references enterprises (id),
    status smallint not null default 0 check (status in (0, 1)),
    receiver_name varchar(64),
    signature bytea,
    photo bytea,
    photo_type varchar(32),
    latitude numeric(9, 6),
    longitude numeric(9, 6),
    accuracy_m numeric(10, 1),
    proved_at timestamptz,
    proof_scan_id varchar(36) unique,
    proof_by integer,
    receipt_token varchar(64) unique,
    remark varchar(255),
    unique (trip_id, customer_id)
  )`.execute(db);
  await sql`create index trip_stops_trip_idx on trip_stops (trip_id, seq)`.execute(db);
  await sql`create table trip_cylinders (
    id bigserial primary key,
    trip_id integer not null references trips (id),
    stop_id integer not null references trip_stops (id),
    order_id integer not null references storage_orders (id),
    cylinder_id integer not null references cylinders (id),
    outcome varchar(12) not null default 'onBoard' check (outcome in ('onBoard', 'delivered', 'unloaded', 'missing')),
    reason varchar(16) check (reason in ('refused', 'damaged', 'notFound', 'wrongGas')),
    loaded_at timestamptz not null,
    settled_at timestamptz,
    unique (trip_id, cylinder_id)
  )`.execute(db);
  await sql`create index trip_cylinders_cylinder_idx on trip_cylinders (cylinder_id)`.execute(db);
  await sql`create index trip_cylinders_stop_idx on trip_cylinders (stop_id, outcome)`.execute(db);
  await sql`create table trip_pickups (
    id bigserial primary key,
    trip_id integer not null references trips (id),
    stop_id integer not null references trip_stops (id),
    cylinder_id integer not null references cylinders (id),
    forced boolean not null default false,
    discrepancy varchar(255),
    picked_at timestamptz not null,
    unique (trip_id, cylinder_id)
  )`.execute(db);
  await sql`create index trip_pickups_stop_idx on trip_pickups (stop_id)`.execute(db);
  // Nullable without a default: no rewrite of a million-row table.
  await sql`alter table cylinders add column on_trip_id integer references trips (id)`.execute(db);
  await sql`create index cylinders_on_trip_idx on cylinders (on_trip_id) where on_trip_id is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table cylinders drop column on_trip_id`.execute(db);
  await sql`drop table trip_pickups`.execute(db);
  await sql`drop table trip_cylinders`.execute(db);
  await sql`drop table trip_stops`.execute(db);
  await sql`alter table storage_orders drop column trip_id`.execute(db);
  await sql`drop table trips`.execute(db);
  await sql`alter table crew_members drop column user_id`.execute(db);
}
