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
  // One open period per cylinder.
  await sql`create unique index cylinder_custody_open_key on cylinder_custody (cylinder_id) where to_at is null`.execute(db);
  // A month's periods by holder, cylinder and start: a statement, the month's run (its keyset), the customers of a month.
  await sql`create index cylinder_custody_holder_idx on cylinder_custody (enterprise_id, cylinder_id, from_at, id)`.execute(db);
  // What a customer holds now (the portal), longest held first.
  await sql`create index cylinder_custody_held_idx on cylinder_custody (enterprise_id, from_at, cylinder_id) where to_at is null`.execute(db);
  await sql`create index cylinder_custody_cylinder_idx on cylinder_custody (cylinder_id, from_at)`.execute(db);
  await sql`create index cylinder_custody_from_trace_idx on cylinder_custody (from_trace_id) where from_trace_id is not null`.execute(db);
  await sql`create index cylinder_custody_to_trace_idx on cylinder_custody (to_trace_id) where to_trace_id is not null`.execute(db);
  await backfillCustody(db);
}

/**
 * The periods before this migration, rebuilt from the trace in two set-based statements (no loop per cylinder).
 *
 * Every event that changed a cylinder's holder went through the engine, whose event keeps the columns it changed as
 * they were (detail.before: location_enterprise_id, located_since). So, per cylinder, over its standing events that
 * name a before-holder (not undone, not rollbacks) in sequence order, the holder after an event is the before-holder of
 * the next one, and after the last one the cylinder's holder now. An event whose holder after differs from before
 * opens a period for the holder after (from that holder's located_since: the next event's before.located_since, or
 * the cylinder's now; else the event's station or server time) and closes the previous one — at the new holder's
 * start, or when there is none at the event's time (the station's time of a replayed act unless flagged, as the
 * engine). Then any cylinder held now without an open period (history older than the trace's before-columns) gets
 * one from its located_since, naming the newest standing event that put it there.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration runs on any database shape
export async function backfillCustody(db: Kysely<any>): Promise<void> {
  await sql`insert into cylinder_custody (cylinder_id, enterprise_id, from_at, to_at, from_trace_id, to_trace_id)
    with ev as (
      select t.id, t.cylinder_id, t.seq,
        (t.detail->'before'->>'location_enterprise_id')::int as before_loc,
        (t.detail->'before'->>'located_since')::timestamptz as before_since,
        coalesce(t.station_at, t.at) as act_at,
        coalesce(case when t.time_flag is null then t.station_at end, t.at) as done_at
      from cylinder_traces t
      where t.reverted_by_id is null and t.action <> 'rollback' and t.detail->'before' ? 'location_enterprise_id'
    ), step as (
      select ev.*,
        case when lead(ev.id) over w is null then c.location_enterprise_id else lead(ev.before_loc) over w end as after_loc,
        case when lead(ev.id) over w is null then c.located_since else lead(ev.before_since) over w end as after_since
      from ev join cylinders c on c.id = ev.cylinder_id
      window w as (partition by ev.cylinder_id order by ev.seq)
    ), changes as (
      select step.*, coalesce(step.after_since, step.act_at) as start_at from step where step.after_loc is distinct from step.before_loc
    ), spans as (
      select ch.*, lead(ch.id) over w as next_id, lead(ch.after_loc) over w as next_loc, lead(ch.start_at) over w as next_start,
        lead(ch.done_at) over w as next_done
      from changes ch window w as (partition by ch.cylinder_id order by ch.seq)
    )
    select s.cylinder_id, s.after_loc, s.start_at,
      case when s.next_id is null then null when s.next_loc is null then greatest(s.start_at, s.next_done) else greatest(s.start_at, s.next_start) end,
      s.id, s.next_id
    from spans s where s.after_loc is not null`.execute(db);
  await sql`insert into cylinder_custody (cylinder_id, enterprise_id, from_at, from_trace_id)
    select c.id, c.location_enterprise_id, coalesce(c.located_since, c.updated_at, now()),
      (select t.id from cylinder_traces t where t.cylinder_id = c.id and t.reverted_by_id is null and t.action in ('outbound', 'deliver', 'auditFound')
        order by t.seq desc limit 1)
    from cylinders c
    where c.location_enterprise_id is not null
      and not exists (select 1 from cylinder_custody k where k.cylinder_id = c.id and k.to_at is null)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table cylinder_custody`.execute(db);
}
