import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { QualityFilter } from '@shared/api/quality';
import type { DB } from '../../db/schema';
import { dailyCounts } from '../cylinder';

export { deliveryRows } from '../cylinder';

type Db = Kysely<DB>;

/**
 * The quality center's reads. Every figure comes from the daily counts of the trace (the cylinder module's
 * dailyCounts: trace_daily, migration 0012), read through its primary key (action, day, …) or its customer index;
 * the delivery detail (deliveryRows) is the cylinder module's: one page of its outbound events, each with its fill,
 * inspection and re-weigh.
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
    from ${dailyCounts()} d left join enterprises e on e.id = d.customer_id
    where ${dailyWhere(f, ['outbound', 'recover'], true)}
    group by d.customer_id, e.enterprise_name, d.action having sum(d.n) <> 0`.execute(db);
  return rows;
}

export interface PeriodCount { period: string; action: string; decision: number; n: number }
/** Counts per chart bucket (day or month) and action (and analysis decision). */
export async function countsByPeriod(db: Db, f: QualityFilter, actions: readonly string[], withCustomer: boolean): Promise<PeriodCount[]> {
  const { rows } = await sql<PeriodCount>`
    select ${bucketOf(f)} as period, d.action, d.decision::int as decision, sum(d.n)::int as n
    from ${dailyCounts()} d where ${dailyWhere(f, actions, withCustomer)}
    group by 1, 2, 3 having sum(d.n) <> 0 order by 1`.execute(db);
  return rows;
}

export interface CheckCell { materialId: number; materialName: string; operatorId: number; operatorName: string; action: string; n: number }
/** Inspections and re-weighs per gas and operator. */
export async function checksByGasAndOperator(db: Db, f: QualityFilter): Promise<CheckCell[]> {
  const { rows } = await sql<CheckCell>`
    select d.material_id as "materialId", coalesce(m.material_name, '#' || d.material_id) as "materialName",
      d.operator_id as "operatorId", coalesce(u.name, u.username, '未知') as "operatorName", d.action, sum(d.n)::int as n
    from ${dailyCounts()} d left join materials m on m.id = d.material_id left join users u on u.id = d.operator_id
    where ${dailyWhere(f, ['testPass', 'testFail', 'reweighPass', 'reweighFail'], false)}
    group by 1, 2, 3, 4, 5 having sum(d.n) <> 0`.execute(db);
  return rows;
}

export interface ReasonCount { action: string; decision: number; reason: string; n: number }
/** Failed inspection items, 超重/欠重, and analysis decisions with their reasons. */
export async function reasons(db: Db, f: QualityFilter): Promise<ReasonCount[]> {
  const { rows } = await sql<ReasonCount>`
    select d.action, d.decision::int as decision, d.reason, sum(d.n)::int as n
    from ${dailyCounts()} d where ${dailyWhere(f, ['testFailItem', 'reweighFail', 'analyse'], false)}
    group by 1, 2, 3 having sum(d.n) <> 0 order by 4 desc, 3`.execute(db);
  return rows;
}

/** How many rows the detail list has: the summary's outbound count under the same filter. */
export async function deliveryTotal(db: Db, f: QualityFilter): Promise<number> {
  const { rows } = await sql<{ n: number }>`select coalesce(sum(d.n), 0)::int as n from ${dailyCounts()} d
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
