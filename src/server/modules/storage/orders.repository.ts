import { sql, type Kysely, type Transaction } from 'kysely';
import { ORDER_CANCELLED, type OrderLineInput, type OrderRef } from '@shared/api/storage';
import type { DB } from '../../db/schema';
import { toJsonb } from '../../lib/jsonb';
import { tsOrNull } from '../../lib/sql';
import { standingCount, type LineState, type OrderContext } from '../cylinder';
// The items of an order are the records of its scans, read through the cylinder module.
export { itemsEver, lastInOrderOf, lastOutOrderOf, standingItems } from '../cylinder';

/** The statements of stock-in and outbound orders (the services hold the rules). */

type Db = Kysely<DB>;

export interface OrderRow extends OrderContext {
  direction: string;
  status: number;
}

const ORDER_COLUMNS = ['id', 'order_no', 'type', 'direction', 'status', 'warehouse_id', 'customer_id', 'trip_id'] as const;

/** The order locked until the transaction ends, with its warehouse's and customer's names. */
export function lockOrderRow(trx: Transaction<DB>, id: number): Promise<OrderRow | undefined> {
  return trx.selectFrom('storage_orders as o').select([...ORDER_COLUMNS.map((c) => `o.${c}` as const),
    (eb) => eb.selectFrom('warehouses as w').select('w.warehouse_name').whereRef('w.id', '=', 'o.warehouse_id').as('warehouse_name'),
    (eb) => eb.selectFrom('enterprises as e').select('e.enterprise_name').whereRef('e.id', '=', 'o.customer_id').as('customer_name'),
  ]).where('o.id', '=', id).forUpdate('o').executeTakeFirst();
}

/** An order's direction, type and number, unlocked (to choose the key or transition before locking). */
export const orderKind = (db: Db, id: number) =>
  db.selectFrom('storage_orders').select(['direction', 'type', 'order_no']).where('id', '=', id).executeTakeFirst();

/**
 * RK20261123-000001 / CK20261123-000001: the day and a plant-wide count of each direction. The count is a row
 * updated in the transaction that inserts the order (locked until it commits): an order that is not made — a
 * refused first scan, a refused line — gives its number back, so numbers run without gaps. Orders of one
 * direction are created one after another; creating one is rare next to scanning onto it.
 */
async function nextOrderNo(trx: Transaction<DB>, direction: 'in' | 'out'): Promise<string> {
  const prefix = direction === 'in' ? 'RK' : 'CK';
  const row = await trx.updateTable('storage_order_counters').set({ last_no: sql`last_no + 1` }).where('direction', '=', direction)
    .returning(sql<string>`${prefix} || to_char(now(), 'YYYYMMDD') || '-' || lpad(last_no::text, 6, '0')`.as('no')).executeTakeFirstOrThrow();
  return row.no;
}

export interface NewOrder {
  type: string;
  warehouseId?: number | null;
  customerId?: number | null;
  vehicle?: string | null;
  driver?: string | null;
  remark: string | null;
  operatorId: number | null;
  operator: string | null;
  /** From the transport registers (issue 36); `escort` is the escort's name as chosen. */
  vehicleId?: number | null;
  driverId?: number | null;
  escortId?: number | null;
  escort?: string | null;
}

export async function insertOrder(trx: Transaction<DB>, direction: 'in' | 'out', o: NewOrder) {
  return trx.insertInto('storage_orders').values({
    order_no: await nextOrderNo(trx, direction), direction, type: o.type, warehouse_id: o.warehouseId ?? null, customer_id: o.customerId ?? null,
    vehicle: o.vehicle ?? null, driver: o.driver ?? null, remark: o.remark, operator_id: o.operatorId, operator: o.operator,
    vehicle_id: o.vehicleId ?? null, driver_id: o.driverId ?? null, escort_id: o.escortId ?? null, escort: o.escort ?? null,
  }).returning([...ORDER_COLUMNS]).executeTakeFirstOrThrow();
}

/** What an outbound order's head holds of its transport: the registers' ids and the texts documents print. */
export interface TransportHead {
  vehicle: string | null;
  driver: string | null;
  escort: string | null;
  vehicleId: number | null;
  driverId: number | null;
  escortId: number | null;
}

export async function updateOrderHead(trx: Transaction<DB>, id: number, head: TransportHead & { type?: string; customerId?: number; remark: string | null }) {
  await trx.updateTable('storage_orders').set({
    ...(head.type ? { type: head.type } : {}), ...(head.customerId ? { customer_id: head.customerId } : {}),
    vehicle: head.vehicle, driver: head.driver, escort: head.escort, remark: head.remark,
    vehicle_id: head.vehicleId, driver_id: head.driverId, escort_id: head.escortId,
  }).where('id', '=', id).execute();
}

/** An order's number and the ids of its vehicle, driver and escort (issue 36). */
export const transportIdsOf = (db: Db, id: number) =>
  db.selectFrom('storage_orders').select(['order_no as orderNo', 'vehicle_id as vehicleId', 'driver_id as driverId', 'escort_id as escortId'])
    .where('id', '=', id).executeTakeFirst();

/** The order's number, type, status and how many cylinders stand on it. */
export async function orderRef(db: Db, id: number): Promise<OrderRef> {
  const row = await db.selectFrom('storage_orders as o')
    .select(['o.id', 'o.order_no as orderNo', 'o.type', 'o.status',
      standingCount('o.id').as('count')])
    .where('o.id', '=', id).executeTakeFirstOrThrow();
  return { id: row.id, orderNo: row.orderNo, type: row.type, status: row.status, count: Number(row.count ?? 0) };
}

export async function deleteOrderRow(trx: Transaction<DB>, id: number): Promise<void> {
  await trx.deleteFrom('storage_orders').where('id', '=', id).execute();
}

export async function cancelOrderRow(trx: Transaction<DB>, id: number, reason: string, by: string | null): Promise<void> {
  await trx.updateTable('storage_orders').set({ status: ORDER_CANCELLED, cancelled_at: sql`now()`, cancelled_by: by, cancel_reason: reason })
    .where('id', '=', id).execute();
}

export async function closeOrder(trx: Transaction<DB>, id: number, at: Date | null, by: string | null): Promise<void> {
  await trx.updateTable('storage_orders').set({ status: 1, completed_at: at ?? sql`now()`, completed_by: by }).where('id', '=', id).execute();
}

/* ---------------------------------------------------------------- warehouses and customers */

export const warehouseOf = (db: Db, id: number) => db.selectFrom('warehouses').select(['warehouse_name', 'kind']).where('id', '=', id).executeTakeFirst();

export const enterpriseType = async (db: Db, id: number) => (await db.selectFrom('enterprises').select('type').where('id', '=', id).executeTakeFirst())?.type ?? null;

export const existingGases = async (db: Db, ids: number[]) =>
  (await db.selectFrom('materials').select('id').where('id', 'in', ids).execute()).map((g) => g.id);

/* ---------------------------------------------------------------- lines and items */

export async function replaceLines(trx: Transaction<DB>, orderId: number, lines: Array<OrderLineInput & { specification: string | null }>): Promise<void> {
  await trx.deleteFrom('storage_order_lines').where('order_id', '=', orderId).execute();
  await trx.insertInto('storage_order_lines').values(lines.map((l) => ({
    order_id: orderId, material_id: l.materialId, specification: l.specification, quantity: l.quantity,
  }))).execute();
}

/** The order's lines locked with it (a scan counts on one). */
export function lockLines(trx: Transaction<DB>, orderId: number): Promise<LineState[]> {
  return trx.selectFrom('storage_order_lines as l').leftJoin('materials as m', 'm.id', 'l.material_id')
    .select(['l.id', 'l.material_id', 'm.material_name', 'l.specification', 'l.quantity', 'l.scanned'])
    .where('l.order_id', '=', orderId).orderBy('l.id').forUpdate('l').execute();
}

/* ---------------------------------------------------------------- print and signature */

export async function appendPrint(trx: Transaction<DB>, id: number, entry: { documents: string[]; at: string; by: string | null }): Promise<void> {
  await trx.updateTable('storage_orders').set({ prints: sql`prints || ${toJsonb([entry])}` }).where('id', '=', id).execute();
}

export async function saveSignature(trx: Transaction<DB>, id: number, s: { name: string; image: string; by: string | null }): Promise<void> {
  await trx.updateTable('storage_orders').set({ sign_name: s.name, sign_image: s.image, signed_at: sql`now()`, signed_by: s.by }).where('id', '=', id).execute();
}

export const signatureOf = (db: Db, id: number) =>
  db.selectFrom('storage_orders').select(['direction', 'sign_name', 'sign_image', tsOrNull('signed_at').as('signedAt'), 'signed_by'])
    .where('id', '=', id).executeTakeFirst();
