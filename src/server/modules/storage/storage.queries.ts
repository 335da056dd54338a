import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { PageResult } from '@shared/api/schema';
import { STATUS } from '@shared/lifecycle';
import type {
  CustomerHoldingQuery, CustomerHoldingRow, HoldingQuery, HoldingRow, InOrderQuery,
  OrderRow, OutOrderInfo, OutOrderQuery, PrintEntry, StockQuery, StockRow,
} from '@shared/api/storage';
import type { DB } from '../../db/schema';
import { BusinessError } from '../../lib/errors';
import { escapeLike, paginate } from '../../lib/paging';
import { heldBy, heldWarehouseSql, placeSql, standingCount } from '../cylinder';
// The cylinders scanned onto an order and the recoveries are records of the cylinder's life (its module reads them).
export { materialTest, orderDetail, orderItems, recoveries } from '../cylinder';
import { ts, tsOrNull, withinDates } from '../../lib/sql';

type Db = Kysely<DB>;

function orders(db: Db, direction: 'in' | 'out') {
  return db.selectFrom('storage_orders as o')
    .leftJoin('warehouses as w', 'w.id', 'o.warehouse_id')
    .leftJoin('enterprises as e', 'e.id', 'o.customer_id')
    .select([
      'o.id', 'o.order_no as orderNo', 'o.type', 'o.status', 'o.warehouse_id as warehouseId', 'w.warehouse_name as warehouseName',
      'o.customer_id as customerId', 'e.enterprise_name as customerName', 'o.vehicle', 'o.driver', 'o.remark', 'o.operator',
      'o.vehicle_id as vehicleId', 'o.driver_id as driverId', 'o.escort_id as escortId', 'o.escort',
      ts('o.created_at').as('createdAt'), tsOrNull('o.completed_at').as('completedAt'), 'o.completed_by as completedBy',
      sql<boolean>`o.signed_at is not null`.as('signed'),
      tsOrNull('o.cancelled_at').as('cancelledAt'), 'o.cancelled_by as cancelledBy', 'o.cancel_reason as cancelReason',
      standingCount('o.id').as('count'),
      (eb) => eb.selectFrom('storage_order_lines as l').select(sql<string>`coalesce(sum(l.quantity), 0)`.as('q'))
        .whereRef('l.order_id', '=', 'o.id').as('quantity'),
    ])
    .where('o.direction', '=', direction);
}

type RawOrder = Awaited<ReturnType<ReturnType<typeof orders>['execute']>>[number];
const asOrder = (r: RawOrder): OrderRow => ({ ...r, count: Number(r.count ?? 0), quantity: Number(r.quantity ?? 0) });

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the order query with alias o
function orderFilters<Q extends { where: (...args: any[]) => Q }>(query: Q, q: { orderNo?: string; dateFrom?: string | null; dateTo?: string | null; status?: number }): Q {
  let out = query;
  if (q.orderNo) out = out.where('o.order_no', 'like', `%${escapeLike(q.orderNo.trim())}%`);
  out = withinDates(out, 'o.created_at', q);
  if (q.status !== undefined) out = out.where('o.status', '=', q.status);
  return out;
}

/** The stock-in (inStockListPage) or outbound (outStockListPage) orders, newest first. */
export async function orderPage(db: Db, direction: 'in' | 'out', q: InOrderQuery | OutOrderQuery): Promise<PageResult<OrderRow>> {
  let query = orderFilters(orders(db, direction), q);
  if (q.type) query = query.where('o.type', '=', q.type);
  if ('warehouseId' in q && q.warehouseId) query = query.where('o.warehouse_id', '=', q.warehouseId);
  if ('customerId' in q && q.customerId) query = query.where('o.customer_id', '=', q.customerId);
  const page = await paginate(query, q, { sorts: { id: 'o.id' }, defaultSort: 'id', tieBreaker: 'o.id' });
  return { total: page.total, list: page.list.map(asOrder) };
}

export async function outOrderInfo(db: Db, id: number): Promise<OutOrderInfo> {
  const row = await orders(db, 'out').select(['o.prints', 'o.sign_name as signName', tsOrNull('o.signed_at').as('signedAt')])
    .where('o.id', '=', id).executeTakeFirst();
  if (!row) throw new BusinessError(`出库单不存在：${id}`);
  const lines = await db.selectFrom('storage_order_lines as l').leftJoin('materials as m', 'm.id', 'l.material_id')
    .select(['l.id', 'l.material_id as materialId', 'm.material_name as materialName', 'l.specification', 'l.quantity', 'l.scanned'])
    .where('l.order_id', '=', id).orderBy('l.id').execute();
  const { prints, signName, signedAt, ...order } = row;
  return { ...asOrder(order), lines, prints: prints as PrintEntry[], signName, signedAt };
}

/* ---------------------------------------------------------------- stock and holdings */

/**
 * Stock by where the cylinders are × gas × status (index cylinders_stock_idx, read from the index alone);
 * scrapped cylinders are not stock. The place is the one every screen reads (shared/cylinder/place.ts): a
 * warehouse holds a cylinder only in stock (2) and finished stock (7), so a picked one is in the filling
 * workshop, not in the warehouse it was picked from.
 */
export async function stock(db: Db, q: StockQuery): Promise<StockRow[]> {
  let query = db.selectFrom('cylinders as c')
    .select([placeSql('c').as('place'), heldWarehouseSql('c').as('warehouseId'), 'c.material_id as materialId', 'c.status',
      (eb) => eb.fn.countAll<string>().as('count')])
    .where('c.status', '<>', STATUS.scrap)
    .groupBy([sql`1`, sql`2`, sql`3`, sql`4`]);
  if (q.warehouseId) query = query.where(heldBy(q.warehouseId, 'c'));
  if (q.materialId) query = query.where('c.material_id', '=', q.materialId);
  if (q.status !== undefined) query = query.where('c.status', '=', q.status);
  const rows = await query.execute();
  const [warehouses, gases] = await Promise.all([
    db.selectFrom('warehouses').select(['id', 'warehouse_name']).execute(),
    db.selectFrom('materials').select(['id', 'material_name']).execute(),
  ]);
  const wName = new Map(warehouses.map((w) => [w.id, w.warehouse_name]));
  const gName = new Map(gases.map((g) => [g.id, g.material_name]));
  return rows.map((r) => ({
    place: r.place, warehouseId: r.warehouseId, warehouseName: r.warehouseId === null ? null : wName.get(r.warehouseId) ?? null,
    materialId: r.materialId, materialName: gName.get(r.materialId) ?? null, status: r.status, count: Number(r.count),
  })).sort((a, b) => (a.warehouseName ?? '\uffff').localeCompare(b.warehouseName ?? '\uffff', 'zh')
    || a.status - b.status || a.materialId - b.materialId || a.place.localeCompare(b.place));
}

const overdueSince = (days: number) => sql<Date>`now() - make_interval(days => ${days})`;

/** Each customer's cylinders (status 9), how many are out longer than `days`, and the oldest shipment. */
export async function customerHoldings(db: Db, q: CustomerHoldingQuery, longOutDays: number): Promise<PageResult<CustomerHoldingRow>> {
  const days = q.days ?? longOutDays;
  let query = db.selectFrom('cylinders as c').innerJoin('enterprises as e', 'e.id', 'c.location_enterprise_id')
    .select([
      'e.id as customerId', 'e.enterprise_name as customerName', 'e.enterprise_code as customerCode',
      (eb) => eb.fn.countAll<string>().as('count'),
      sql<string>`count(*) filter (where c.located_since < ${overdueSince(days)})`.as('overdue'),
      sql<string | null>`to_char(min(c.located_since), 'YYYY-MM-DD HH24:MI:SS')`.as('oldestSince'),
    ])
    .where('c.status', '=', STATUS.outbound)
    .groupBy(['e.id', 'e.enterprise_name', 'e.enterprise_code']);
  if (q.customerId) query = query.where('c.location_enterprise_id', '=', q.customerId);
  const grouped = db.selectFrom(query.as('h')).selectAll();
  const page = await paginate(grouped as unknown as SelectQueryBuilder<DB, never, CustomerHoldingRow & { count: string; overdue: string }>, q, {
    sorts: { count: 'h.count', oldest: 'h.oldestSince' }, defaultSort: 'count', tieBreaker: 'h.customerId',
  });
  return { total: page.total, list: page.list.map((r) => ({ ...r, count: Number(r.count), overdue: Number(r.overdue) })) };
}

function holdingQuery(db: Db, q: HoldingQuery) {
  let query = db.selectFrom('cylinders as c')
    .leftJoin('materials as m', 'm.id', 'c.material_id')
    .leftJoin('enterprises as e', 'e.id', 'c.location_enterprise_id')
    .select([
      'c.id as cylinderId', 'c.code', 'm.material_name as materialName', 'c.specification', 'c.location_enterprise_id as customerId',
      'e.enterprise_name as customerName', tsOrNull('c.located_since').as('since'),
      sql<number | null>`floor(extract(epoch from now() - c.located_since) / 86400)::int`.as('days'),
    ])
    // At a customer: shipped and handed over (one on a trip's vehicle has no customer yet).
    .where('c.status', '=', STATUS.outbound).where('c.location_enterprise_id', 'is not', null);
  if (q.customerId) query = query.where('c.location_enterprise_id', '=', q.customerId);
  if (q.code) query = query.where('c.code', 'like', `${escapeLike(q.code.trim())}%`);
  if (q.materialId) query = query.where('c.material_id', '=', q.materialId);
  if (q.overDays) query = query.where('c.located_since', '<', overdueSince(q.overDays));
  return query;
}

/** The cylinders at customers, the longest out first (indexes cylinders_held_idx, cylinders_out_since_idx). */
export function holdings(db: Db, q: HoldingQuery): Promise<PageResult<HoldingRow>> {
  return paginate(holdingQuery(db, q), { ...q, order: q.order ?? 'asc' }, { sorts: { since: 'c.located_since' }, defaultSort: 'since', tieBreaker: 'c.id' });
}

/** The export of the holdings list: at most this many rows (narrow by customer or days for more). */
export const HOLDINGS_EXPORT_MAX = 100_000;
export function holdingsForExport(db: Db, q: HoldingQuery): Promise<HoldingRow[]> {
  return holdingQuery(db, q).orderBy('c.located_since').orderBy('c.id').limit(HOLDINGS_EXPORT_MAX).execute();
}
