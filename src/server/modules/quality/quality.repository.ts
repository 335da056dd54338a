import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DeliveryRow, QualityFilter } from '@shared/api/quality';
import type { DB } from '../../db/schema';

type Db = Kysely<DB>;

/**
 * The quality center's reads. Every figure comes from trace_daily (migration 0012), read through its primary
 * key (action, day, …) or its customer index; the delivery detail reads one page of outbound_events (0028) by the
 * index of its filter, and each row's event, fill, inspection and re-weigh are single index probes.
 */

const opt = (v: number | null | '' | undefined): number | null => (typeof v === 'number' ? v : null);

/** The filter on trace_daily rows of the given actions (material, customer, operator when chosen). */
function dailyWhere(f: QualityFilter, actions: readonly string[], withCustomer: boolean): RawBuilder<unknown> {
  const parts = [sql`d.action in (${sql.join(actions.map((a) => sql`${a}`))})`, sql`d.day between ${f.from}::date and ${f.to}::date`];
  const m = opt(f.materialId);
  const c = opt(f.customerId);
  const o = opt(f.operatorId);
  if (m !== null) parts.push(sql`d.material_id = ${m}`);
  if (withCustomer && c !== null) parts.push(sql`d.customer_id = ${c}`);
  if (o !== null) parts.push(sql`d.operator_id = ${o}`);
  return sql.join(parts, sql` and `);
}

const bucketOf = (f: QualityFilter) => (f.bucket === 'month' ? sql`to_char(d.day, 'YYYY-MM')` : sql`to_char(d.day, 'YYYY-MM-DD')`);

export interface CustomerCount { id: number; name: string; action: string; n: number }
/** Outbound and recovered cylinders per customer over the period. */
export async function deliveriesByCustomer(db: Db, f: QualityFilter): Promise<CustomerCount[]> {
  const { rows } = await sql<CustomerCount>`
    select d.customer_id as id, coalesce(e.enterprise_name, '#' || d.customer_id) as name, d.action, sum(d.n)::int as n
    from trace_daily d left join enterprises e on e.id = d.customer_id
    where ${dailyWhere(f, ['outbound', 'recover'], true)}
    group by d.customer_id, e.enterprise_name, d.action having sum(d.n) <> 0`.execute(db);
  return rows;
}

export interface PeriodCount { period: string; action: string; decision: number; n: number }
/** Counts per chart bucket (day or month) and action (and analysis decision). */
export async function countsByPeriod(db: Db, f: QualityFilter, actions: readonly string[], withCustomer: boolean): Promise<PeriodCount[]> {
  const { rows } = await sql<PeriodCount>`
    select ${bucketOf(f)} as period, d.action, d.decision::int as decision, sum(d.n)::int as n
    from trace_daily d where ${dailyWhere(f, actions, withCustomer)}
    group by 1, 2, 3 having sum(d.n) <> 0 order by 1`.execute(db);
  return rows;
}

export interface CheckCell { materialId: number; materialName: string; operatorId: number; operatorName: string; action: string; n: number }
/** Inspections and re-weighs per gas and operator. */
export async function checksByGasAndOperator(db: Db, f: QualityFilter): Promise<CheckCell[]> {
  const { rows } = await sql<CheckCell>`
    select d.material_id as "materialId", coalesce(m.material_name, '#' || d.material_id) as "materialName",
      d.operator_id as "operatorId", coalesce(u.name, u.username, '未知') as "operatorName", d.action, sum(d.n)::int as n
    from trace_daily d left join materials m on m.id = d.material_id left join users u on u.id = d.operator_id
    where ${dailyWhere(f, ['testPass', 'testFail', 'reweighPass', 'reweighFail'], false)}
    group by 1, 2, 3, 4, 5 having sum(d.n) <> 0`.execute(db);
  return rows;
}

export interface ReasonCount { action: string; decision: number; reason: string; n: number }
/** Failed inspection items, 超重/欠重, and analysis decisions with their reasons. */
export async function reasons(db: Db, f: QualityFilter): Promise<ReasonCount[]> {
  const { rows } = await sql<ReasonCount>`
    select d.action, d.decision::int as decision, d.reason, sum(d.n)::int as n
    from trace_daily d where ${dailyWhere(f, ['testFailItem', 'reweighFail', 'analyse'], false)}
    group by 1, 2, 3 having sum(d.n) <> 0 order by 4 desc, 3`.execute(db);
  return rows;
}

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

/** How many rows the detail list has: the summary's outbound count under the same filter. */
export async function deliveryTotal(db: Db, f: QualityFilter): Promise<number> {
  const { rows } = await sql<{ n: number }>`select coalesce(sum(d.n), 0)::int as n from trace_daily d
    where ${dailyWhere(f, ['outbound'], true)}`.execute(db);
  return rows[0]?.n ?? 0;
}

/** Names for the filter lines of an export. */
export async function names(db: Db, f: QualityFilter): Promise<{ material?: string; customer?: string; operator?: string }> {
  const [m, c, o] = [opt(f.materialId), opt(f.customerId), opt(f.operatorId)];
  const one = async (q: Promise<{ name: string } | undefined>) => (await q)?.name;
  return {
    material: m === null ? undefined : await one(db.selectFrom('materials').select('material_name as name').where('id', '=', m).executeTakeFirst()),
    customer: c === null ? undefined : await one(db.selectFrom('enterprises').select('enterprise_name as name').where('id', '=', c).executeTakeFirst()),
    operator: o === null ? undefined : await one(db.selectFrom('users').select('name').where('id', '=', o).executeTakeFirst()),
  };
}
