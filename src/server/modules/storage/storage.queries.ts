import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { PageResult } from '@shared/api/schema';
import { STATUS } from '@shared/lifecycle';
import type {
  CustomerHoldingQuery, CustomerHoldingRow, HoldingQuery, HoldingRow, InOrderQuery, MaterialTestRow, OrderItemQuery, OrderItemRow,
  OrderRow, OutOrderInfo, OutOrderQuery, PrintEntry, RecoveryQuery, RecoveryRow, StockQuery, StockRow,
} from '@shared/api/storage';
import type { DB } from '../../db/schema';
import { BusinessError } from '../../lib/errors';
import { escapeLike, paginate } from '../../lib/paging';
import { heldBy, heldWarehouseSql, inspectionRecordByTrace, placeSql } from '../cylinder';
import { growingPage as historyPage } from '../../lib/paging';
import { ts, tsOrNull, withinDates } from '../../lib/sql';

type Db = Kysely<DB>;

function orders(db: Db, direction: 'in' | 'out') {
  return db.selectFrom('storage_orders as o')
    .leftJoin('warehouses as w', 'w.id', 'o.warehouse_id')
    .leftJoin('enterprises as e', 'e.id', 'o.customer_id')
    .select([
      'o.id', 'o.order_no as orderNo', 'o.type', 'o.status', 'o.warehouse_id as warehouseId', 'w.warehouse_name as warehouseName',
      'o.customer_id as customerId', 'e.enterprise_name as customerName', 'o.vehicle', 'o.driver', 'o.remark', 'o.operator',
      ts('o.created_at').as('createdAt'), tsOrNull('o.completed_at').as('completedAt'), 'o.completed_by as completedBy',
      sql<boolean>`o.signed_at is not null`.as('signed'),
      tsOrNull('o.cancelled_at').as('cancelledAt'), 'o.cancelled_by as cancelledBy', 'o.cancel_reason as cancelReason',
      (eb) => eb.selectFrom('storage_order_items as i').select((e) => e.fn.countAll<string>().as('n'))
        .whereRef('i.order_id', '=', 'o.id').where('i.reverted_at', 'is', null).as('count'),
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

function items(db: Db) {
  return db.selectFrom('storage_order_items as i')
    .innerJoin('cylinders as c', 'c.id', 'i.cylinder_id')
    .leftJoin('materials as m', 'm.id', 'c.material_id')
    .select([
      'i.id', 'i.cylinder_id as cylinderId', 'c.code', 'm.material_name as materialName', 'c.specification', 'i.line_id as lineId',
      'c.status', 'i.operator', 'i.workstation', ts('i.created_at').as('at'), sql<boolean>`i.reverted_at is not null`.as('reverted'),
    ]);
}
const asItem = <R extends { id: number | string }>(r: R) => ({ ...r, id: Number(r.id) }) as unknown as OrderItemRow;

/** POST /api/storageOrder/getProductList: the cylinders scanned onto an order, newest first. */
export async function orderItems(db: Db, q: OrderItemQuery): Promise<PageResult<OrderItemRow>> {
  const page = await paginate(items(db).where('i.order_id', '=', q.orderId), q, { sorts: { id: 'i.id' }, defaultSort: 'id', tieBreaker: 'i.id' });
  return { total: page.total, list: page.list.map(asItem) };
}

/** Orders hold at most 50 lines of 1000: the whole list of one order is bounded. */
export async function orderDetail(db: Db, id: number): Promise<OrderItemRow[]> {
  const exists = await db.selectFrom('storage_orders').select('direction').where('id', '=', id).executeTakeFirst();
  if (!exists || exists.direction !== 'out') throw new BusinessError(`出库单不存在：${id}`);
  return (await items(db).where('i.order_id', '=', id).orderBy('i.id').limit(50_000).execute()).map(asItem);
}

/** The newest standing inspection record of each cylinder on the order, for the quality certificate. */
export async function materialTest(db: Db, id: number): Promise<MaterialTestRow[]> {
  const cylinders = await orderDetail(db, id);
  const standing = cylinders.filter((c) => !c.reverted);
  const tests = standing.length
    ? await db.selectFrom('test_records').select(['cylinder_id', sql<string>`max(trace_id)`.as('traceId')])
      .where('cylinder_id', 'in', standing.map((c) => c.cylinderId)).where('reverted_at', 'is', null).groupBy('cylinder_id').execute()
    : [];
  const out: MaterialTestRow[] = [];
  for (const c of standing) {
    const t = tests.find((x) => x.cylinder_id === c.cylinderId);
    out.push({ cylinderId: c.cylinderId, code: c.code, record: t ? await inspectionRecordByTrace(db, Number(t.traceId)) : null });
  }
  return out;
}

export async function recoveries(db: Db, q: RecoveryQuery): Promise<PageResult<RecoveryRow>> {
  let query = db.selectFrom('recovery_records as r').innerJoin('cylinders as c', 'c.id', 'r.cylinder_id')
    .leftJoin('materials as m', 'm.id', 'c.material_id')
    .leftJoin('enterprises as e', 'e.id', 'r.customer_id')
    .leftJoin('enterprises as x', 'x.id', 'r.expected_customer_id')
    .select([
      'r.id', 'r.cylinder_id as cylinderId', 'c.code', 'm.material_name as materialName', 'e.enterprise_name as customerName',
      'x.enterprise_name as expectedCustomerName', 'r.expected_status as expectedStatus', 'r.discrepancy', 'r.remark', 'r.operator',
      'r.workstation', ts('r.created_at').as('createdAt'), sql<boolean>`r.reverted_at is not null`.as('reverted'),
    ]);
  if (q.code) query = query.where('c.code', 'like', `${escapeLike(q.code.trim())}%`);
  if (q.customerId) query = query.where('r.customer_id', '=', q.customerId);
  if (q.discrepancy) query = query.where('r.discrepancy', 'is not', null);
  query = withinDates(query, 'r.created_at', q);
  const page = await paginate(query, q, historyPage(db, query, { id: 'r.id' }, 'r.id'));
  return { total: page.total, list: page.list.map((r) => ({ ...r, id: Number(r.id) })) };
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
    .where('c.status', '=', 9)
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
    .where('c.status', '=', 9);
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
