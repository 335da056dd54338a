import { sql, type Kysely } from 'kysely';

/** The append-only guard of cylinder_traces over `columns` (a rollback still only sets reverted_by_id). */
function appendOnlyGuard(columns: string[]) {
  const tuple = (row: string) => sql.raw(`(${columns.map((c) => `${row}.${c}`).join(', ')})`);
  return sql`
    create or replace function cylinder_traces_append_only() returns trigger language plpgsql as $$
    begin
      if tg_op = 'DELETE' then
        if old.action in ('register', 'import') then return old; end if;
        raise exception 'cylinder_traces is append-only: event % of cylinder % cannot be deleted', old.id, old.cylinder_id
          using errcode = 'P0001';
      end if;
      if old.reverted_by_id is null and new.reverted_by_id is not null
         and ${tuple('new')} is not distinct from ${tuple('old')} then
        return new;
      end if;
      raise exception 'cylinder_traces is append-only: event % cannot be changed', old.id using errcode = 'P0001';
    end $$`;
}

const GUARDED_0021 = [
  'id', 'cylinder_id', 'seq', 'from_status', 'to_status', 'action', 'operator_id', 'operator', 'at', 'detail::text', 'scan_id', 'workstation',
  'record_type', 'record_id', 'reverts_id', 'station_at', 'replayed',
];

/**
 * Times a station claims, and kept scans the server answers itself (issue 31 items 3 and 9):
 * - cylinder_traces.time_flag: the station's time was outside the plant's bounds (系统规则 离线补传最长时限, a few
 *   minutes before the cylinder's previous event): what was claimed, and that the server's time stands.
 * - cylinder_traces.entered_by(_id): the supervisor who entered the event for its operator (重新扫描 of a refused
 *   kept scan): the trace names both. The append-only guard covers the three.
 * - offline_exceptions.kind: 'refused' (the server refused the replay and recorded it itself) or 'notice' (recorded,
 *   with something for a supervisor to see); the non-supervisor's list reads its own rows by user.
 * - workstation_queues: one report per workstation and user, so a user writes only their own.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table cylinder_traces add column time_flag varchar(500), add column entered_by_id integer, add column entered_by varchar(64)`.execute(db);
  await appendOnlyGuard([...GUARDED_0021, 'time_flag', 'entered_by_id', 'entered_by']).execute(db);
  await sql`alter table offline_exceptions add column kind varchar(16) not null default 'refused' check (kind in ('refused', 'notice'))`.execute(db);
  await sql`create index offline_exceptions_user_idx on offline_exceptions (status, user_id, id)`.execute(db);
  await sql`delete from workstation_queues where user_id is null`.execute(db);
  await sql`alter table workstation_queues drop constraint workstation_queues_pkey, alter column user_id set not null,
    add primary key (workstation, user_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // One report per workstation again: the newest of each is kept.
  await sql`delete from workstation_queues q using workstation_queues n
    where n.workstation = q.workstation and (n.reported_at, n.user_id) > (q.reported_at, q.user_id)`.execute(db);
  await sql`alter table workstation_queues drop constraint workstation_queues_pkey, alter column user_id drop not null,
    add primary key (workstation)`.execute(db);
  await sql`drop index if exists offline_exceptions_user_idx`.execute(db);
  await sql`alter table offline_exceptions drop column kind`.execute(db);
  await appendOnlyGuard(GUARDED_0021).execute(db);
  await sql`alter table cylinder_traces drop column entered_by, drop column entered_by_id, drop column time_flag`.execute(db);
}
