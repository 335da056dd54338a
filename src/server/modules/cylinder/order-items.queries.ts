import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { PageResult } from '@shared/api/schema';
import type { MaterialTestRow, OrderItemQuery, OrderItemRow, RecoveryQuery, RecoveryRow } from '@shared/api/storage';
import type { DB } from '../../db/schema';
import { BusinessError } from '../../lib/errors';
import { escapeLike, growingPage as historyPage, paginate } from '../../lib/paging';
import { ts, withinDates } from '../../lib/sql';
import type { OrderItem } from './storage.transitions';
import { inspectionRecordByTrace } from './trace.queries';

/**
 * The records of storage scans as the storage module reads them: the cylinders scanned onto an order (written by
 * the storage transitions through the engine) and the recoveries. Part of the read door (index.ts).
 */
type Db = Kysely<DB>;

/** How many cylinders stand on an order (not reverted); `orderId` is the column holding its id. */
export const standingCount = (orderId: string): RawBuilder<string | null> => sql`(select count(*)
  from storage_order_items i where i.order_id = ${sql.ref(orderId)} and i.reverted_at is null)`;

/** Every item ever written on the order (reverted ones too): an order that had one keeps its history. */
export async function itemsEver(trx: Transaction<DB>, orderId: number): Promise<number> {
  const row = await trx.selectFrom('storage_order_items').select((eb) => eb.fn.countAll<string>().as('n')).where('order_id', '=', orderId).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The cylinders standing on the order, in id order (the order completion locks them in). */
export const standingItems = (trx: Transaction<DB>, orderId: number): Promise<OrderItem[]> =>
  trx.selectFrom('storage_order_items').select(['id', 'cylinder_id', 'line_id']).where('order_id', '=', orderId)
    .where('reverted_at', 'is', null).orderBy('cylinder_id').execute();

/** The stock-in order a cylinder was last scanned onto. */
export const lastInOrderOf = (db: Db, cylinderId: number) =>
  db.selectFrom('storage_order_items as i').innerJoin('storage_orders as o', 'o.id', 'i.order_id')
    .select('o.order_no').where('i.cylinder_id', '=', cylinderId).where('i.reverted_at', 'is', null).where('o.direction', '=', 'in')
    .orderBy('i.id', 'desc').limit(1).executeTakeFirst();

/** The outbound order a cylinder was last scanned onto (open or done), with its customer. */
export const lastOutOrderOf = (db: Db, cylinderId: number) =>
  db.selectFrom('storage_order_items as i').innerJoin('storage_orders as o', 'o.id', 'i.order_id')
    .leftJoin('enterprises as e', 'e.id', 'o.customer_id')
    .select(['o.id', 'o.order_no as orderNo', 'e.enterprise_name as customerName', 'o.status'])
    .where('i.cylinder_id', '=', cylinderId).where('i.reverted_at', 'is', null).where('o.direction', '=', 'out')
    .orderBy('i.id', 'desc').limit(1).executeTakeFirst();

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
