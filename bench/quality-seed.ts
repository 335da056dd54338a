import { sql, type Kysely } from 'kysely';
import type { DB } from '../src/server/db/schema';

/**
 * What the quality and recall benches read, derived once from the seeded trace (lifecycle-seed.ts seeds
 * events with no records) and kept in the bench database; each step is skipped when its rows are there:
 *
 * - QB_CUSTOMERS customers QBC001…, with contact and phone;
 * - a filling record per seeded fill event, in lots per gas of LOT_SIZE fills in fill order (so lots of
 *   5,000 cylinders exist), filled weight 14.5 kg or pressure 15 MPa;
 * - a test record per testPass / testFail event and a weighing record per reweighPass event (what the
 *   delivery detail looks up behind each shipped cylinder);
 * - the outbound orders: every seeded 'outbound' event goes to the customer its cylinder is bound to (its id
 *   hashed over the QB customers), one completed order per customer and plant day, an order line (item) per
 *   event; the events' detail names order and customer, as a real shipment writes it, and so do the
 *   'recover' events; shipped cylinders (status 9) are held by that customer since their last shipment;
 * - then trace_daily and outbound_events are rebuilt (the seeding runs with the row triggers off) and the tables analysed.
 *
 * Set-based INSERT … SELECT / UPDATE … FROM statements, in a replica session (no append-only or status
 * triggers: the bench writes history, not transitions).
 */
export const QB_CUSTOMERS = 300;
export const LOT_SIZE = 5_000;

type Log = (line: string) => void;

async function step(db: Kysely<DB>, name: string, done: () => Promise<boolean>, run: (conn: Kysely<DB>) => Promise<unknown>, log: Log) {
  if (await done()) return;
  const started = Date.now();
  log(`  ${name}…`);
  await db.connection().execute(async (conn) => {
    await sql`set session_replication_role = replica`.execute(conn);
    await sql`set synchronous_commit = off`.execute(conn);
    await sql`set work_mem = '512MB'`.execute(conn);
    try {
      await conn.transaction().execute((trx) => run(trx));
    } finally {
      await sql`reset session_replication_role`.execute(conn);
    }
  });
  log(`  ${name}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

const exists = (db: Kysely<DB>, query: ReturnType<typeof sql>) => async () => (await query.execute(db)).rows.length > 0;

export async function ensureQualitySeed(db: Kysely<DB>, log: Log): Promise<boolean> {
  let changed = false;
  const mark = (f: () => Promise<boolean>) => async () => {
    const d = await f();
    if (!d) changed = true;
    return d;
  };
  log('Quality seed (once; kept in the bench database):');
  await step(db, 'customers', mark(exists(db, sql`select 1 from enterprises where enterprise_code = ${`QBC${String(QB_CUSTOMERS).padStart(3, '0')}`}`)),
    (c) => sql`insert into enterprises (type, enterprise_name, enterprise_code, contact, phone)
      select 2, '基准客户' || lpad(g::text, 3, '0'), 'QBC' || lpad(g::text, 3, '0'), '联系人' || g, '1390000' || lpad(g::text, 4, '0')
      from generate_series(1, ${QB_CUSTOMERS}) g
      where not exists (select 1 from enterprises e where lower(e.enterprise_code) = lower('QBC' || lpad(g::text, 3, '0')))`.execute(c), log);

  await step(db, 'filling records in lots', mark(exists(db, sql`select 1 from filling_records where workstation = 'QBENCH' limit 1`)),
    (c) => sql`insert into filling_records (cylinder_id, trace_id, operator, workstation, created_at, material_id, lot_no, filled_weight,
        filled_pressure, started_at, ended_at, source)
      select t.cylinder_id, t.id, t.operator, 'QBENCH', t.at, c.material_id,
        'QB-' || c.material_id || '-' || lpad(((row_number() over (partition by c.material_id order by t.id) - 1) / ${LOT_SIZE})::text, 4, '0'),
        case when m.reweigh_required then 14.5 end, case when m.reweigh_required then null else 15 end, t.at - interval '5 minutes', t.at, 'scale'
      from cylinder_traces t join cylinders c on c.id = t.cylinder_id join materials m on m.id = c.material_id
      where t.action = 'fill' and t.record_id is null and t.reverted_by_id is null`.execute(c), log);

  await step(db, 'test records', mark(exists(db, sql`select 1 from test_records where remark = 'qbench' limit 1`)),
    (c) => sql`insert into test_records (cylinder_id, trace_id, operator, workstation, created_at, material_id, result, items, remark, updated_at)
      select t.cylinder_id, t.id, t.operator, t.workstation, t.at, c.material_id, case when t.action = 'testPass' then 1 else 0 end, '[]'::jsonb,
        'qbench', t.at
      from cylinder_traces t join cylinders c on c.id = t.cylinder_id
      where t.action in ('testPass', 'testFail') and t.record_id is null`.execute(c), log);

  await step(db, 'weighing records', mark(exists(db, sql`select 1 from weighing_records where workstation = 'QBENCH' limit 1`)),
    (c) => sql`insert into weighing_records (cylinder_id, trace_id, operator, workstation, created_at, material_id, gross_weight, tare_weight,
        net_weight, target_net_weight, tolerance, deviation, passed, source)
      select t.cylinder_id, t.id, t.operator, 'QBENCH', t.at, c.material_id, 29.7, 15.2, 14.5, 14.5, 0.5, 0, true, 'scale'
      from cylinder_traces t join cylinders c on c.id = t.cylinder_id
      where t.action = 'reweighPass' and t.record_id is null`.execute(c), log);

  const customerOf = sql`(select id from enterprises where enterprise_code = 'QBC' || lpad((1 + (t.cylinder_id::bigint * 2654435761) % ${QB_CUSTOMERS})::text, 3, '0'))`;
  await step(db, 'outbound orders, their items, the events naming them', mark(exists(db, sql`select 1 from storage_orders where remark = 'qbench' limit 1`)),
    async (c) => {
      await sql`create temp table qb_out on commit drop as
        select t.id as trace_id, t.cylinder_id, t.at, ${customerOf} as customer_id from cylinder_traces t
        where t.action = 'outbound' and t.record_id is null and t.detail is null`.execute(c);
      await sql`insert into storage_orders (order_no, direction, type, customer_id, status, remark, operator, created_at, completed_at, completed_by)
        select 'QBO-' || customer_id || '-' || to_char(at::date, 'YYYYMMDD'), 'out', 'productCK', customer_id, 1, 'qbench', '基准操作员',
          min(at) - interval '1 hour', max(at), '基准操作员'
        from qb_out group by customer_id, at::date`.execute(c);
      await sql`insert into storage_order_items (cylinder_id, trace_id, operator, workstation, created_at, order_id)
        select q.cylinder_id, q.trace_id, '基准操作员', 'BENCH', q.at, o.id from qb_out q
        join storage_orders o on o.order_no = 'QBO-' || q.customer_id || '-' || to_char(q.at::date, 'YYYYMMDD')`.execute(c);
      await sql`update cylinder_traces t set detail = jsonb_build_object('orderId', o.id, 'orderNo', o.order_no, 'customerId', q.customer_id,
          'customer', e.enterprise_name)
        from qb_out q join storage_orders o on o.order_no = 'QBO-' || q.customer_id || '-' || to_char(q.at::date, 'YYYYMMDD')
          join enterprises e on e.id = q.customer_id
        where t.id = q.trace_id`.execute(c);
      await sql`update cylinder_traces t set detail = jsonb_build_object('customerId', e.id, 'customer', e.enterprise_name)
        from enterprises e where t.action = 'recover' and t.detail is null and t.record_id is null
          and e.enterprise_code = 'QBC' || lpad((1 + (t.cylinder_id::bigint * 2654435761) % ${QB_CUSTOMERS})::text, 3, '0')`.execute(c);
      await sql`update cylinders c set location_enterprise_id = l.customer_id, located_since = l.at
        from (select distinct on (cylinder_id) cylinder_id, customer_id, at from qb_out order by cylinder_id, at desc) l
        where c.id = l.cylinder_id and c.status = 9 and c.location_enterprise_id is null`.execute(c);
    }, log);

  if (changed) {
    log('  rebuilding trace_daily…');
    const started = Date.now();
    await sql`select trace_daily_rebuild()`.execute(db);
    // The outbound events' customers were written above, without the row trigger: outbound_events (0028) again.
    await sql`select outbound_events_rebuild()`.execute(db);
    log(`  trace_daily and outbound_events: ${((Date.now() - started) / 1000).toFixed(1)} s; analysing…`);
    for (const table of ['filling_records', 'test_records', 'weighing_records', 'storage_orders', 'storage_order_items', 'cylinder_traces', 'cylinders', 'trace_daily',
      'outbound_events']) {
      await sql`analyze ${sql.table(table)}`.execute(db);
    }
  }
  return changed;
}
