import { sql, type Kysely } from 'kysely';

/**
 * Stations that keep working when the server is away (issue 25):
 * - cylinder_traces.station_at / replayed: a scan kept at a station while the server could not be reached
 *   and sent again later keeps when it happened at the station (X-Station-At) next to when it arrived (at),
 *   and is marked replayed (X-Replayed: 1); the append-only guard of 0008 covers both.
 * - offline_exceptions (待处理异常): a kept scan the server refused on replay, until someone resolves it
 *   (re-scan, rollback, scrap, dismiss with a reason); one row per scanId, never deleted.
 * - workstation_queues: what each station last reported of its local queue (waiting, since when), for the
 *   administrators' view.
 * - cylinders (material_id, id): the change feed's first full copy pages through one gas's cylinders by id.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table cylinder_traces add column station_at timestamptz, add column replayed boolean not null default false`.execute(db);
  // The append-only guard covers the new columns too (a rollback still only sets reverted_by_id).
  await sql`
    create or replace function cylinder_traces_append_only() returns trigger language plpgsql as $$
    begin
      if tg_op = 'DELETE' then
        if old.action in ('register', 'import') then return old; end if;
        raise exception 'cylinder_traces is append-only: event % of cylinder % cannot be deleted', old.id, old.cylinder_id
          using errcode = 'P0001';
      end if;
      if old.reverted_by_id is null and new.reverted_by_id is not null
         and (new.id, new.cylinder_id, new.seq, new.from_status, new.to_status, new.action, new.operator_id, new.operator,
              new.at, new.detail::text, new.scan_id, new.workstation, new.record_type, new.record_id, new.reverts_id,
              new.station_at, new.replayed)
             is not distinct from
             (old.id, old.cylinder_id, old.seq, old.from_status, old.to_status, old.action, old.operator_id, old.operator,
              old.at, old.detail::text, old.scan_id, old.workstation, old.record_type, old.record_id, old.reverts_id,
              old.station_at, old.replayed) then
        return new;
      end if;
      raise exception 'cylinder_traces is append-only: event % cannot be changed', old.id using errcode = 'P0001';
    end $$`.execute(db);
  await sql`create index if not exists cylinders_material_id_id_idx on cylinders (material_id, id)`.execute(db);
  await sql`create table offline_exceptions (
    id bigserial primary key,
    station varchar(16) not null,
    code varchar(64) not null,
    scan_id uuid not null unique,
    path varchar(128) not null,
    body jsonb not null,
    message varchar(1000) not null,
    station_at timestamptz,
    operator varchar(64),
    workstation varchar(64),
    user_id integer,
    created_at timestamptz not null default now(),
    status varchar(16) not null default 'open' check (status in ('open', 'resolved')),
    action varchar(16) check (action in ('rescan', 'rollback', 'scrap', 'dismiss')),
    reason varchar(255),
    result varchar(1000),
    resolved_by_id integer,
    resolved_by varchar(64),
    resolved_at timestamptz
  )`.execute(db);
  await sql`create index offline_exceptions_open_idx on offline_exceptions (status, workstation, id)`.execute(db);
  await sql`create table workstation_queues (
    workstation varchar(64) primary key,
    waiting integer not null,
    oldest_at timestamptz,
    reported_at timestamptz not null default now(),
    user_id integer,
    user_name varchar(64)
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table workstation_queues`.execute(db);
  await sql`drop table offline_exceptions`.execute(db);
  await sql`drop index if exists cylinders_material_id_id_idx`.execute(db);
  await sql`
    create or replace function cylinder_traces_append_only() returns trigger language plpgsql as $$
    begin
      if tg_op = 'DELETE' then
        if old.action in ('register', 'import') then return old; end if;
        raise exception 'cylinder_traces is append-only: event % of cylinder % cannot be deleted', old.id, old.cylinder_id
          using errcode = 'P0001';
      end if;
      if old.reverted_by_id is null and new.reverted_by_id is not null
         and (new.id, new.cylinder_id, new.seq, new.from_status, new.to_status, new.action, new.operator_id, new.operator,
              new.at, new.detail::text, new.scan_id, new.workstation, new.record_type, new.record_id, new.reverts_id)
             is not distinct from
             (old.id, old.cylinder_id, old.seq, old.from_status, old.to_status, old.action, old.operator_id, old.operator,
              old.at, old.detail::text, old.scan_id, old.workstation, old.record_type, old.record_id, old.reverts_id) then
        return new;
      end if;
      raise exception 'cylinder_traces is append-only: event % cannot be changed', old.id using errcode = 'P0001';
    end $$`.execute(db);
  await sql`alter table cylinder_traces drop column replayed, drop column station_at`.execute(db);
}
