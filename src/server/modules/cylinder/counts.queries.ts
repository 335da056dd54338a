import { sql, type Kysely } from 'kysely';
import { STATUS } from '@shared/lifecycle';
import type { DB } from '../../db/schema';

type Db = Kysely<DB>;

/**
 * The counts of the life cycle as the dashboard and reports read them (part of the read door, index.ts). None scans the trace or the cylinders whole (issue 21, item 6): trace figures come
 * from trace_daily (primary key action, day, …), counts of cylinders from the summaries kept by triggers
 * (cylinder_status_counts, cylinder_place_counts, cylinder_customer_counts, cylinder_due_counts) or from a partial
 * index (cylinders_out_since_idx).
 */

/** A period of plant days, and whether its buckets are months ('YYYY-MM') rather than days. */
export interface Span { from: string; to: string; monthly: boolean }

const bucketOf = (monthly: boolean) => sql<string>`to_char(d.day, ${monthly ? 'YYYY-MM' : 'YYYY-MM-DD'})`;

/** Events of the given actions per bucket (and gas), reverted ones already taken back by the trigger. */
export async function countsByBucket(db: Db, actions: string[], span: Span, byGas: boolean) {
  const rows = await db.selectFrom('trace_daily as d')
    .select([bucketOf(span.monthly).as('bucket'), 'd.action', byGas ? 'd.material_id as materialId' : sql<number>`0`.as('materialId'),
      sql<string>`sum(d.n)`.as('n')])
    .where('d.action', 'in', actions).where('d.day', '>=', span.from).where('d.day', '<=', span.to)
    .groupBy([sql`1`, sql`2`, sql`3`]).having(sql`sum(d.n)`, '<>', 0)
    .execute();
  return rows.map((r) => ({ bucket: r.bucket, action: r.action, materialId: Number(r.materialId), n: Number(r.n) }));
}

/** Fills by gas and specification over the span, with the kilograms filled. */
export async function fillsBySpec(db: Db, span: Span) {
  const rows = await db.selectFrom('trace_daily as d')
    .select(['d.material_id as materialId', 'd.specification', sql<string>`sum(d.n)`.as('n'), sql<string>`sum(d.quantity)`.as('kg')])
    .where('d.action', '=', 'fill').where('d.day', '>=', span.from).where('d.day', '<=', span.to)
    .groupBy(['d.material_id', 'd.specification']).having(sql`sum(d.n)`, '<>', 0)
    .execute();
  return rows.map((r) => ({ materialId: r.materialId, specification: r.specification, fills: Number(r.n), kg: Number(r.kg) }));
}

/**
 * Cylinders per warehouse and status, from the summary, which counts only what a warehouse holds (migration
 * 0026: stock and finished stock with a warehouse); `statuses` are those (WAREHOUSE_STATUSES).
 */
export async function stockByWarehouse(db: Db, statuses: readonly number[]) {
  const rows = await db.selectFrom('cylinder_place_counts as p').leftJoin('warehouses as w', 'w.id', 'p.warehouse_id')
    .select(['p.warehouse_id as warehouseId', 'w.warehouse_name as warehouseName', 'p.status', sql<string>`sum(p.count)`.as('n')])
    .where('p.status', 'in', statuses)
    .groupBy(['p.warehouse_id', 'w.warehouse_name', 'p.status']).having(sql`sum(p.count)`, '>', 0)
    .orderBy('p.warehouse_id').orderBy('p.status')
    .execute();
  return rows.map((r) => ({ warehouseId: r.warehouseId, warehouseName: r.warehouseName, status: r.status, count: Number(r.n) }));
}

/** Cylinders at customers out longer than `days` (index cylinders_out_since_idx), as the holdings list counts them. */
export async function longOutCount(db: Db, days: number): Promise<number> {
  const row = await db.selectFrom('cylinders').select(sql<string>`count(*)`.as('n'))
    .where('status', '=', STATUS.outbound).where('located_since', '<', sql<Date>`now() - make_interval(days => ${days})`)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The customers holding most cylinders (the kept counters cylinder_customer_counts). */
export async function topHolders(db: Db, limit: number) {
  const rows = await db.selectFrom('cylinder_customer_counts as h').leftJoin('enterprises as e', 'e.id', 'h.customer_id')
    .select(['h.customer_id as customerId', 'e.enterprise_name as customerName', sql<string>`sum(h.count)`.as('n')])
    .groupBy(['h.customer_id', 'e.enterprise_name']).having(sql`sum(h.count)`, '>', 0)
    .orderBy(sql`sum(h.count)`, 'desc').orderBy('h.customer_id').limit(limit)
    .execute();
  return rows.map((r) => ({ customerId: r.customerId, customerName: r.customerName, count: Number(r.n) }));
}

/**
 * Cylinders not scrapped due for periodic inspection on or before `dueBy`, and of those the ones already
 * overdue (before `today`), as the due list (/product/detect) counts them: from the kept counts per date
 * (cylinder_due_counts, migration 0027), one row per date and slot up to `dueBy`.
 */
export async function dueCounts(db: Db, today: string, dueBy: string): Promise<{ due: number; overdue: number }> {
  const row = await db.selectFrom('cylinder_due_counts')
    .select([sql<string>`coalesce(sum(count), 0)`.as('due'), sql<string>`coalesce(sum(count) filter (where due_on < ${today}::date), 0)`.as('overdue')])
    .where('due_on', '<=', dueBy)
    .executeTakeFirstOrThrow();
  return { due: Number(row.due), overdue: Number(row.overdue) };
}
