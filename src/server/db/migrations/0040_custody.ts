import { sql, type Kysely } from 'kysely';

/**
 * Who held each cylinder, from when to when (issue 38): the custody record rental, deposits and statements are
 * charged from. A period opens when a cylinder comes to a customer (location_enterprise_id set: an outbound order
 * completed without a trip, a hand-over at a trip's stop, a customer audit that found it) and closes when it leaves
 * that customer (a recovery, a forced return, a move to another customer); each end names the trace event that made
 * it, at that event's (station) time. The cylinder module writes it in the transaction of the event, and a rollback
 * undoes it with the event.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table cylinder_custody (
    id bigserial primary key,
    cylinder_id integer not null references cylinders (id),
    enterprise_id integer not null references enterprises (id),
    from_at timestamptz not null,
    to_at timestamptz,
    from_trace_id bigint,
    to_trace_id bigint,
    check (to_at is null or to_at >= from_at)
  )`.execute(db);
  // One open period per cylinder; a customer's periods by start (a statement, the portal's holdings).
  await sql`create unique index cylinder_custody_open_key on cylinder_custody (cylinder_id) where to_at is null`.execute(db);
  await sql`create index cylinder_custody_holder_idx on cylinder_custody (enterprise_id, from_at)`.execute(db);
  await sql`create index cylinder_custody_cylinder_idx on cylinder_custody (cylinder_id, from_at)`.execute(db);
  await sql`create index cylinder_custody_from_trace_idx on cylinder_custody (from_trace_id) where from_trace_id is not null`.execute(db);
  await sql`create index cylinder_custody_to_trace_idx on cylinder_custody (to_trace_id) where to_trace_id is not null`.execute(db);
  // The backfill from the trace (periods before this migration) is added below by the custody work.
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table cylinder_custody`.execute(db);
}
