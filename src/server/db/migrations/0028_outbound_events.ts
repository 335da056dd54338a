import { sql, type Kysely } from 'kysely';

/**
 * 客户质量's detail list by gas (issue 31, item 19). The list is the outbound events of a period, newest first,
 * filtered by gas, customer or operator; the trace knows an event's gas only through its cylinder, so a gas
 * filter walked every outbound of the period probing each cylinder: a gas that shipped little read the whole
 * year (20–30 s on the bench database), a deep page tens of thousands of events.
 *
 * `outbound_events` is that list's index: one row per standing outbound event with the keys the list filters by
 * (the cylinder's gas, which never changes; the detail's customerId; the operator), kept by a row trigger on
 * cylinder_traces in the same transaction (an undone shipment leaves it), and indexed per filter in the list's
 * order (at, trace_id). A page is one index range; its rows are then read from the trace by id.
 */
const KEYS = `c.material_id, case when t.detail->>'customerId' ~ '^[0-9]{1,9}$' then (t.detail->>'customerId')::integer else 0 end,
  coalesce(t.operator_id, 0)`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table outbound_events (
    trace_id bigint primary key, at timestamptz not null, material_id integer not null, customer_id integer not null, operator_id integer not null
  )`.execute(db);
  await sql.raw(`
    create function outbound_events_apply() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        if new.reverted_by_id is null then
          insert into outbound_events (trace_id, at, material_id, customer_id, operator_id)
            select t.id, t.at, ${KEYS} from (select new.*) t join cylinders c on c.id = t.cylinder_id
            on conflict (trace_id) do nothing;
        end if;
      elsif old.reverted_by_id is null and new.reverted_by_id is not null then
        delete from outbound_events where trace_id = old.id;
      end if;
      return null;
    end $$`).execute(db);
  // Also for a bulk load that ran without triggers (a bench seed in replica mode): everything again.
  await sql.raw(`
    create function outbound_events_rebuild() returns void language sql as $$
      truncate outbound_events;
      insert into outbound_events (trace_id, at, material_id, customer_id, operator_id)
        select t.id, t.at, ${KEYS} from cylinder_traces t join cylinders c on c.id = t.cylinder_id
        where t.action = 'outbound' and t.reverted_by_id is null;
    $$`).execute(db);
  await sql`select outbound_events_rebuild()`.execute(db);
  await sql`create trigger cylinder_traces_outbound after insert or update of reverted_by_id on cylinder_traces
    for each row when (new.action = 'outbound') execute function outbound_events_apply()`.execute(db);
  await sql`create index outbound_events_at_idx on outbound_events (at, trace_id)`.execute(db);
  for (const key of ['material', 'customer', 'operator']) {
    await sql.raw(`create index outbound_events_${key}_idx on outbound_events (${key}_id, at, trace_id)`).execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger cylinder_traces_outbound on cylinder_traces`.execute(db);
  await sql`drop function outbound_events_rebuild()`.execute(db);
  await sql`drop function outbound_events_apply()`.execute(db);
  await sql`drop table outbound_events`.execute(db);
}
