import { sql, type Kysely } from 'kysely';

/**
 * The transactional outbox (issue 35, docs/INTEGRATION.md): every trace event and every change of a cylinder's
 * master record leaves one row here in the transaction that made it (written by triggers, so no writer can forget
 * it); the sequencer (modules/integration) numbers committed rows 1, 2, 3, … in commit order, gap-free; webhooks
 * and the pull feed read numbered rows only.
 * - outbox_events: id is the insertion order (not commit order); seq is null until numbered.
 * - outbox_state: the last number given (one row), locked by the one transaction that numbers at a time.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table outbox_events (
    id bigserial primary key,
    seq bigint unique,
    type varchar(40) not null,
    cylinder_id integer not null,
    trace_id bigint,
    body jsonb not null,
    created_at timestamptz not null default now(),
    sequenced_at timestamptz
  )`.execute(db);
  // The sequencer's work list: committed rows not yet numbered, in insertion order.
  await sql`create index outbox_events_unnumbered_idx on outbox_events (id) where seq is null`.execute(db);
  await sql`create table outbox_state (
    id integer primary key check (id = 1),
    last_seq bigint not null default 0
  )`.execute(db);
  await sql`insert into outbox_state (id, last_seq) values (1, 0)`.execute(db);

  // snake_case keys → camelCase (the API's names), for a record's values and a master edit's changes.
  await sql`create function outbox_camel(j jsonb) returns jsonb language sql immutable as $$
    select coalesce(jsonb_object_agg(lower(left(k, 1)) || substr(replace(initcap(replace(k, '_', ' ')), ' ', ''), 2), v), '{}'::jsonb)
    from jsonb_each(j) as e(k, v)
  $$`.execute(db);
  // The event's cylinder: code, gas and the lot of its newest standing fill (the lot the event belongs to, if any).
  await sql`create function outbox_cylinder(cyl integer) returns jsonb language sql stable as $$
    select jsonb_build_object('id', c.id, 'code', c.code,
      'gas', (select jsonb_build_object('id', m.id, 'code', m.code, 'name', m.material_name) from materials m where m.id = c.material_id),
      'lot', (select f.lot_no from filling_records f where f.cylinder_id = c.id and f.reverted_at is null order by f.id desc limit 1))
    from cylinders c where c.id = cyl
  $$`.execute(db);
  // One event per trace row, composed at commit (a constraint trigger deferred to the end of the transaction):
  // the record a transition writes after its event (engine.repository writeOutcome) is there by then. Record
  // types are those of modules/cylinder/transition.ts RECORD_TYPE, as they were when this migration was written.
  await sql`create function outbox_trace_event() returns trigger language plpgsql as $$
    declare
      t cylinder_traces%rowtype;
      rec jsonb;
      ord jsonb;
      lot text;
      cyl jsonb;
    begin
      select * into t from cylinder_traces where id = new.id;
      -- Deleted in its own transaction (a mistaken registration taken back at once): nothing happened.
      if not found then return null; end if;
      if t.record_id is not null then
        rec := case t.record_type
          when 'filling' then (select to_jsonb(r) from filling_records r where r.id = t.record_id)
          when 'test' then (select to_jsonb(r) from test_records r where r.id = t.record_id)
          when 'weighing' then (select to_jsonb(r) from weighing_records r where r.id = t.record_id)
          when 'vacuum' then (select to_jsonb(r) from vacuum_records r where r.id = t.record_id)
          when 'analysis' then (select to_jsonb(r) from analysis_records r where r.id = t.record_id)
          when 'order' then (select to_jsonb(r) from storage_order_items r where r.id = t.record_id)
          when 'recovery' then (select to_jsonb(r) from recovery_records r where r.id = t.record_id)
          when 'fillInterruption' then (select to_jsonb(r) from fill_interruptions r where r.id = t.record_id)
        end;
      end if;
      if t.record_type = 'order' and rec is not null then
        select jsonb_build_object('id', o.id, 'code', o.order_no,
          'customer', case when e.id is null then null else jsonb_build_object('id', e.id, 'name', e.enterprise_name) end)
        into ord
        from storage_orders o left join enterprises e on e.id = o.customer_id
        where o.id = (rec->>'order_id')::integer;
      end if;
      cyl := outbox_cylinder(t.cylinder_id);
      lot := rec->>'lot_no';
      if lot is not null then cyl := jsonb_set(cyl, '{lot}', to_jsonb(lot)); end if;
      insert into outbox_events (type, cylinder_id, trace_id, body) values ('trace.' || t.action, t.cylinder_id, t.id, jsonb_build_object(
        'schema', 'cylinder-trace.event/1', 'type', 'trace.' || t.action, 'at', t.at, 'stationAt', t.station_at,
        'cylinder', cyl, 'action', t.action, 'fromStatus', t.from_status, 'toStatus', t.to_status,
        'operator', case when t.operator_id is null and t.operator is null then null
          else jsonb_build_object('id', t.operator_id, 'name', t.operator) end,
        'workstation', t.workstation, 'traceId', t.id, 'revertsTraceId', t.reverts_id, 'replayed', t.replayed,
        'record', case when rec is null then null else jsonb_build_object('type', t.record_type, 'id', t.record_id,
          'values', outbox_camel(rec - array['id', 'cylinder_id', 'trace_id', 'operator_id', 'operator', 'workstation', 'created_at'])) end,
        'order', ord, 'changes', null));
      perform pg_notify('outbox', '');
      return null;
    end
  $$`.execute(db);
  await sql`create constraint trigger outbox_trace after insert on cylinder_traces
    deferrable initially deferred for each row execute function outbox_trace_event()`.execute(db);

  // A change of a cylinder's master record (not what a scan moves: status, place, fill and inspection dates,
  // scrap columns; those are trace events already).
  await sql`create function outbox_cylinder_updated() returns trigger language plpgsql as $$
    declare
      o jsonb := to_jsonb(old);
      n jsonb := to_jsonb(new);
      ch jsonb;
    begin
      select jsonb_object_agg(k, n->k) into ch from unnest(array[${sql.raw(MASTER_COLUMNS.map((c) => `'${c}'`).join(', '))}]) as k
      where n->k is distinct from o->k;
      if ch is null then return null; end if;
      insert into outbox_events (type, cylinder_id, trace_id, body) values ('cylinder.updated', new.id, null, jsonb_build_object(
        'schema', 'cylinder-trace.event/1', 'type', 'cylinder.updated', 'at', now(), 'stationAt', null,
        'cylinder', outbox_cylinder(new.id), 'action', 'update', 'fromStatus', null, 'toStatus', null,
        'operator', null, 'workstation', null, 'traceId', null, 'revertsTraceId', null, 'replayed', false,
        'record', null, 'order', null, 'changes', outbox_camel(ch)));
      perform pg_notify('outbox', '');
      return null;
    end
  $$`.execute(db);
  await sql`create trigger outbox_cylinder_updated after update on cylinders for each row
    when (${sql.raw(MASTER_COLUMNS.map((c) => `old.${c} is distinct from new.${c}`).join(' or '))})
    execute function outbox_cylinder_updated()`.execute(db);
}

/** The cylinder's master record (schema.ts CylindersTable): what an edit, an import or a valve change sets. */
const MASTER_COLUMNS = [
  'code', 'steel_stamp', 'material_id', 'owner_type', 'owner_enterprise_id', 'manufacturer', 'manufacture_date', 'specification',
  'water_volume', 'tare_weight', 'working_pressure', 'design_life_years', 'valve_no', 'remark',
];

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger outbox_cylinder_updated on cylinders`.execute(db);
  await sql`drop function outbox_cylinder_updated()`.execute(db);
  await sql`drop trigger outbox_trace on cylinder_traces`.execute(db);
  await sql`drop function outbox_trace_event()`.execute(db);
  await sql`drop function outbox_cylinder(integer)`.execute(db);
  await sql`drop function outbox_camel(jsonb)`.execute(db);
  await sql`drop table outbox_state`.execute(db);
  await sql`drop table outbox_events`.execute(db);
}
