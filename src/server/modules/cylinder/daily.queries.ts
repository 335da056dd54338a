import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DeliveryRow, QualityFilter } from '@shared/api/quality';
import type { DB } from '../../db/schema';

/**
 * The trace's daily counts and the outbound deliveries as the quality center reads them: part of the read door
 * (index.ts). trace_daily (migration 0012) is kept by triggers, reverted events already taken back.
 */
type Db = Kysely<DB>;

/**
 * The daily counts of the trace as a table to select from (alias it, e.g. `from ${dailyCounts()} d where …`): the
 * planner reads through it to trace_daily's primary key (action, day, …) and its customer index.
 */
export const dailyCounts = (): RawBuilder<unknown> => sql`(select * from trace_daily)`;

const opt = (v: number | null | '' | undefined): number | null => (typeof v === 'number' ? v : null);

/**
 * The page's outbound events, newest first: one range of an outbound_events index (migration 0028: the standing
 * outbound events with the cylinder's gas, the detail's customer and the operator), whichever filter is set.
 */
function pageOfEvents(f: QualityFilter, limit: number, offset: number): RawBuilder<unknown> {
  const parts = [sql`o.at >= ${f.from}::date`, sql`o.at < ${f.to}::date + 1`];
  const c = opt(f.customerId);
  const o = opt(f.operatorId);
  const m = opt(f.materialId);
  if (m !== null) parts.push(sql`o.material_id = ${m}`);
  if (c !== null) parts.push(sql`o.customer_id = ${c}`);
  if (o !== null) parts.push(sql`o.operator_id = ${o}`);
  return sql`select t.id, t.cylinder_id, t.at, t.detail from (
      select o.trace_id from outbound_events o where ${sql.join(parts, sql` and `)}
      order by o.at desc, o.trace_id desc limit ${limit} offset ${offset}
    ) e join cylinder_traces t on t.id = e.trace_id`;
}

/** Rows of the detail list: the page's outbound events, then per row three index probes. */
export async function deliveryRows(db: Db, f: QualityFilter, limit: number, offset: number): Promise<DeliveryRow[]> {
  const ts = (col: string) => sql.raw(`to_char(${col}, 'YYYY-MM-DD HH24:MI:SS')`);
  const { rows } = await sql<DeliveryRow>`
    with page as (${pageOfEvents(f, limit, offset)})
    select p.id as "traceId", p.detail->>'orderNo' as "orderNo", ${ts('p.at')} as "shippedAt",
      coalesce(p.detail->>'customer', e.enterprise_name) as "customerName", c.code, m.material_name as "materialName", c.specification,
      fr.lot_no as "lotNo", fr.filled_weight::float8 as "filledWeight", fr.filled_pressure::float8 as "filledPressure",
      ${ts('fr.created_at')} as "filledAt", fr.operator as filler,
      tr.result as "testResult", ${ts('tr.created_at')} as "testedAt",
      wr.net_weight::float8 as "reweighNet", wr.passed as "reweighPassed", ${ts('wr.created_at')} as "reweighedAt"
    from page p
    join cylinders c on c.id = p.cylinder_id
    left join materials m on m.id = c.material_id
    left join enterprises e on p.detail->>'customer' is null
      and e.id = case when p.detail->>'customerId' ~ '^[0-9]{1,9}$' then (p.detail->>'customerId')::integer end
    left join lateral (
      select f.id, f.trace_id, f.lot_no, f.filled_weight, f.filled_pressure, f.created_at, f.operator from filling_records f
      where f.cylinder_id = p.cylinder_id and f.trace_id < p.id and f.reverted_at is null order by f.id desc limit 1
    ) fr on true
    left join lateral (
      select x.result, x.created_at from test_records x
      where x.cylinder_id = p.cylinder_id and x.trace_id > fr.trace_id and x.trace_id < p.id and x.reverted_at is null
      order by x.id desc limit 1
    ) tr on true
    left join lateral (
      select w.net_weight, w.passed, w.created_at from weighing_records w
      where w.cylinder_id = p.cylinder_id and w.trace_id > fr.trace_id and w.trace_id < p.id and w.reverted_at is null
      order by w.id desc limit 1
    ) wr on true
    order by p.at desc, p.id desc`.execute(db);
  return rows;
}
