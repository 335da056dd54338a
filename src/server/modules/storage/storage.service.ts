import { sql, type Kysely, type Transaction } from 'kysely';
import type { FastifyRequest } from 'fastify';
import type { CylinderBrief, ScanResult } from '@shared/api/produce';
import {
  ORDER_TYPES, type BarCodeInfo, type BarCodeQuery, type CkInfo, type InStockBody, type InStockResult, type OrderRef, type OutOrderInfo,
  type OutStockBody, type PrintInfoBody, type RecoverBody, type RecoverResult, type ScanOutBody, type ScanOutResult, type SignInfo,
  type SignInfoBody,
} from '@shared/api/storage';
import { placeOf, STATUS, type Place } from '@shared/lifecycle';
import { PRODUCT_STATUS_NAMES } from '@shared/api/enum';
import type { DB } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { requirePermission } from '../../lib/access';
import { BusinessError } from '../../lib/errors';
import { storableText, toJsonb } from '../../lib/jsonb';
import { blankToNull } from '../../lib/paging';
import { declareTransition, lockCylinder, runLocked, runTransition, wrongStatus, type Actor, type Transition } from '../lifecycle/engine';
import { briefByCode, whereNow } from '../lifecycle/queries';
import { statusLabel } from '../product/status-label';
import {
  asOrderLine, openOrderOf, outboundScan, recover, removeFromOrder, ship, stockIn, type LineState, type OrderContext,
} from '../lifecycle/storage-transitions';
import { gasOf } from '../lifecycle/transitions';
import { outOrderInfo } from './storage.queries';

type Db = Kysely<DB>;

interface OrderRow extends OrderContext {
  direction: string;
  status: number;
}

const orderColumns = ['id', 'order_no', 'type', 'direction', 'status', 'warehouse_id', 'customer_id'] as const;

async function lockOrder(trx: Transaction<DB>, id: number, direction: 'in' | 'out'): Promise<OrderRow> {
  const order = await trx.selectFrom('storage_orders as o').select([...orderColumns.map((c) => `o.${c}` as const),
    (eb) => eb.selectFrom('warehouses as w').select('w.warehouse_name').whereRef('w.id', '=', 'o.warehouse_id').as('warehouse_name'),
    (eb) => eb.selectFrom('enterprises as e').select('e.enterprise_name').whereRef('e.id', '=', 'o.customer_id').as('customer_name'),
  ]).where('o.id', '=', id).forUpdate('o').executeTakeFirst();
  if (!order || order.direction !== direction) throw new BusinessError(`${direction === 'in' ? '入库单' : '出库单'}不存在：${id}`);
  return order;
}

/** RK20261123-000001 / CK20261123-000001: the day and a plant-wide sequence of each direction. */
const nextOrderNo = (direction: 'in' | 'out') => (direction === 'in'
  ? sql<string>`'RK' || to_char(now(), 'YYYYMMDD') || '-' || lpad(nextval('storage_in_no_seq')::text, 6, '0')`
  : sql<string>`'CK' || to_char(now(), 'YYYYMMDD') || '-' || lpad(nextval('storage_out_no_seq')::text, 6, '0')`);

async function orderRef(trx: Transaction<DB> | Db, id: number): Promise<OrderRef> {
  const row = await trx.selectFrom('storage_orders as o')
    .select(['o.id', 'o.order_no as orderNo', 'o.type', 'o.status',
      (eb) => eb.selectFrom('storage_order_items as i').select((e) => e.fn.countAll<string>().as('n'))
        .whereRef('i.order_id', '=', 'o.id').where('i.reverted_at', 'is', null).as('count')])
    .where('o.id', '=', id).executeTakeFirstOrThrow();
  return { id: row.id, orderNo: row.orderNo, type: row.type, status: row.status, count: Number(row.count ?? 0) };
}

async function checkWarehouse(trx: Transaction<DB>, warehouseId: number, type: 'spaceRk' | 'productRK'): Promise<string> {
  const w = await trx.selectFrom('warehouses').select(['warehouse_name', 'kind']).where('id', '=', warehouseId).executeTakeFirst();
  if (!w) throw new BusinessError(`仓库不存在：${warehouseId}`);
  const kind = ORDER_TYPES[type].warehouseKind;
  if (w.kind !== kind) throw new BusinessError(`仓库「${w.warehouse_name}」不是${kind === 'empty' ? '空瓶库' : '成品库'}，不能用于${ORDER_TYPES[type].zh}`);
  return w.warehouse_name;
}

async function createInOrder(trx: Transaction<DB>, body: InStockBody, actor: Actor): Promise<OrderRow> {
  if (!body.type) throw new BusinessError('参数错误：请选择入库类型');
  if (!body.warehouseId) throw new BusinessError('参数错误：请选择仓库');
  const warehouseName = await checkWarehouse(trx, body.warehouseId, body.type);
  const order = await trx.insertInto('storage_orders').values({
    order_no: nextOrderNo('in'), direction: 'in', type: body.type, warehouse_id: body.warehouseId,
    remark: blankToNull(body.remark ?? null), operator_id: actor.operatorId, operator: actor.operator,
  }).returning([...orderColumns]).executeTakeFirstOrThrow();
  return { ...order, warehouse_name: warehouseName, customer_name: null };
}

const refuseClosed = (order: OrderRow) => {
  if (order.status === 1) throw new BusinessError(`${order.direction === 'in' ? '入库单' : '出库单'} ${order.order_no} 已完成，不能再扫码`);
};

/**
 * POST /api/storageOrder/inStock. A scan runs the stock-in transition on the order (created by this call
 * when it has no id yet, in the same transaction: a refused first scan leaves no empty order behind).
 */
export async function inStock(db: Db, body: InStockBody, actor: Actor): Promise<InStockResult> {
  let orderId = body.id ?? null;
  let scan: ScanResult | null = null;
  if (body.code) {
    const type = orderId
      ? (await db.selectFrom('storage_orders').select(['type', 'direction']).where('id', '=', orderId).executeTakeFirst())
      : { type: body.type, direction: 'in' };
    if (!type || type.direction !== 'in') throw new BusinessError(`入库单不存在：${orderId}`);
    if (!type.type) throw new BusinessError('参数错误：请选择入库类型');
    const ctx: OrderContext = { id: 0, order_no: '', type: type.type, warehouse_id: null, customer_id: null };
    const creating = !orderId;
    const answer = await runTransition<ScanResult & { orderId?: number }>(db, stockIn(ctx), {
      code: body.code, scanId: body.scanId,
      prepare: async (trx) => {
        const order = orderId ? await lockOrder(trx, orderId, 'in') : await createInOrder(trx, body, actor);
        refuseClosed(order);
        Object.assign(ctx, order);
      },
      finish: async (trx, result) => {
        // A first scan that finds the cylinder already stocked in (a second station scanned it at the same
        // moment) creates no order: an order with nothing on it would be left behind.
        if (creating && result.repeated) throw new BusinessError(`${result.message}（${await stockedOnto(trx, result.cylinderId)}），未新建入库单`);
        return { ...result, orderId: ctx.id };
      },
    }, actor);
    orderId = answer.orderId ?? orderId;
    const { orderId: _o, ...rest } = answer;
    scan = rest;
  } else if (!orderId) {
    orderId = (await inTransaction(db, (trx) => createInOrder(trx, body, actor))).id;
  }
  if (body.complete) await completeInOrder(db, orderId!, actor);
  return { order: await orderRef(db, orderId!), scan };
}

/** The stock-in order a cylinder was last scanned onto, in words. */
async function stockedOnto(trx: Transaction<DB>, cylinderId: number): Promise<string> {
  const on = await trx.selectFrom('storage_order_items as i').innerJoin('storage_orders as o', 'o.id', 'i.order_id')
    .select('o.order_no').where('i.cylinder_id', '=', cylinderId).where('i.reverted_at', 'is', null).where('o.direction', '=', 'in')
    .orderBy('i.id', 'desc').limit(1).executeTakeFirst();
  return on ? `入库单 ${on.order_no}` : '不在入库单上';
}

async function completeInOrder(db: Db, id: number, actor: Actor): Promise<void> {
  await inTransaction(db, async (trx) => {
    const order = await lockOrder(trx, id, 'in');
    if (order.status === 1) return;
    const { count } = await orderRef(trx, id);
    if (count === 0) throw new BusinessError(`入库单 ${order.order_no} 还没有扫描气瓶，不能完成入库（可删除该单）`);
    await trx.updateTable('storage_orders').set({ status: 1, completed_at: sql`now()`, completed_by: actor.operator }).where('id', '=', id).execute();
  });
}

/** GET /api/storageOrder/deleteById/{id}: an order no cylinder was ever scanned onto (the permission of its kind). */
export async function deleteOrder(db: Db, request: FastifyRequest, id: number): Promise<void> {
  const kind = await db.selectFrom('storage_orders').select(['direction', 'order_no']).where('id', '=', id).executeTakeFirst();
  // The key of the order's kind; an unknown id answers as an outbound order would (its key first).
  await requirePermission(request, kind?.direction === 'in' ? 'inbound:delete' : 'outbound:delete');
  if (!kind) throw new BusinessError(`单据不存在：${id}`);
  await inTransaction(db, async (trx) => {
    const order = await lockOrder(trx, id, kind.direction as 'in' | 'out');
    const items = await trx.selectFrom('storage_order_items').select((eb) => eb.fn.countAll<string>().as('n')).where('order_id', '=', id).executeTakeFirstOrThrow();
    if (Number(items.n) > 0) {
      throw new BusinessError(`${order.direction === 'in' ? '入库单' : '出库单'} ${order.order_no} 已有气瓶扫描记录（${items.n} 条），不能删除`);
    }
    await trx.deleteFrom('storage_orders').where('id', '=', id).execute();
  });
}

/* ---------------------------------------------------------------- outbound */

async function checkCustomer(trx: Transaction<DB>, customerId: number | null | undefined): Promise<number> {
  if (!customerId) throw new BusinessError('参数错误：请选择客户');
  const c = await trx.selectFrom('enterprises').select(['type']).where('id', '=', customerId).executeTakeFirst();
  if (!c || c.type !== 2) throw new BusinessError(`客户不存在：${customerId}`);
  return customerId;
}

async function writeLines(trx: Transaction<DB>, orderId: number, lines: NonNullable<OutStockBody['lines']>): Promise<void> {
  if (!lines.length) throw new BusinessError('参数错误：出库明细不能为空');
  const seen = new Set<string>();
  for (const l of lines) {
    const key = `${l.materialId}|${blankToNull(l.specification ?? null) ?? ''}`;
    if (seen.has(key)) throw new BusinessError('参数错误：出库明细中同一介质和规格重复，请合并数量');
    seen.add(key);
  }
  const gases = await trx.selectFrom('materials').select('id').where('id', 'in', lines.map((l) => l.materialId)).execute();
  const missing = lines.filter((l) => !gases.some((g) => g.id === l.materialId));
  if (missing.length) throw new BusinessError(`介质不存在：${missing.map((l) => l.materialId).join('、')}`);
  await trx.deleteFrom('storage_order_lines').where('order_id', '=', orderId).execute();
  await trx.insertInto('storage_order_lines').values(lines.map((l) => ({
    order_id: orderId, material_id: l.materialId, specification: blankToNull(storableText(l.specification ?? '')), quantity: l.quantity,
  }))).execute();
}

/** POST /api/storageOrder/outStock: create, edit (nothing scanned yet) or complete (8 → 9 for every scanned cylinder). */
export async function outStock(db: Db, body: OutStockBody, actor: Actor): Promise<OutOrderInfo> {
  let id = body.id ?? null;
  if (!id) {
    id = await inTransaction(db, async (trx) => {
      if (!body.type) throw new BusinessError('参数错误：请选择出库类型');
      const customerId = await checkCustomer(trx, body.customerId);
      const order = await trx.insertInto('storage_orders').values({
        order_no: nextOrderNo('out'), direction: 'out', type: body.type, customer_id: customerId,
        vehicle: blankToNull(body.vehicle ?? null), driver: blankToNull(body.driver ?? null), remark: blankToNull(body.remark ?? null),
        operator_id: actor.operatorId, operator: actor.operator,
      }).returning('id').executeTakeFirstOrThrow();
      await writeLines(trx, order.id, body.lines ?? []);
      return order.id;
    });
  } else if (body.complete) {
    await completeOutOrder(db, id, actor);
  } else {
    const orderId = id;
    await inTransaction(db, async (trx) => {
      const order = await lockOrder(trx, orderId, 'out');
      const { count } = await orderRef(trx, orderId);
      if (order.status === 1 || count > 0) throw new BusinessError(`出库单 ${order.order_no} 已开始扫描，不能修改`);
      await trx.updateTable('storage_orders').set({
        ...(body.type ? { type: body.type } : {}),
        ...(body.customerId ? { customer_id: await checkCustomer(trx, body.customerId) } : {}),
        vehicle: blankToNull(body.vehicle ?? null), driver: blankToNull(body.driver ?? null), remark: blankToNull(body.remark ?? null),
      }).where('id', '=', orderId).execute();
      if (body.lines) await writeLines(trx, orderId, body.lines);
    });
  }
  return outOrderInfo(db, id);
}

/**
 * Completes an outbound order: every cylinder scanned onto it goes 8 → 9 at the customer, locked in id order,
 * in one transaction; completing a completed order changes nothing.
 */
async function completeOutOrder(db: Db, id: number, actor: Actor): Promise<void> {
  await inTransaction(db, async (trx) => {
    const order = await lockOrder(trx, id, 'out');
    if (order.status === 1) return;
    const items = await trx.selectFrom('storage_order_items').select(['id', 'cylinder_id', 'line_id']).where('order_id', '=', id)
      .where('reverted_at', 'is', null).orderBy('cylinder_id').execute();
    if (!items.length) throw new BusinessError(`出库单 ${order.order_no} 还没有扫描气瓶，不能完成出库`);
    await declareTransition(trx);
    const at = new Date();
    let shipped = 0;
    for (const item of items) {
      const c = await lockCylinder(trx, { id: item.cylinder_id });
      if (c.status === STATUS.scanned) {
        await runLocked(trx, ship(order, at), c, actor);
        shipped += 1;
        continue;
      }
      // Scrapped after its scan: it leaves the order instead of shipping (its line counts it no more).
      await trx.updateTable('storage_order_items').set({ reverted_at: sql`now()` }).where('id', '=', item.id).execute();
      if (item.line_id) await trx.updateTable('storage_order_lines').set({ scanned: sql`scanned - 1` }).where('id', '=', item.line_id).execute();
    }
    if (!shipped) throw new BusinessError(`出库单 ${order.order_no} 没有可出库的气瓶（已扫描的气瓶均已报废）`);
    await trx.updateTable('storage_orders').set({ status: 1, completed_at: at, completed_by: actor.operator }).where('id', '=', id).execute();
  });
}

async function lockLines(trx: Transaction<DB>, orderId: number): Promise<LineState[]> {
  return trx.selectFrom('storage_order_lines as l').leftJoin('materials as m', 'm.id', 'l.material_id')
    .select(['l.id', 'l.material_id', 'm.material_name', 'l.specification', 'l.quantity', 'l.scanned'])
    .where('l.order_id', '=', orderId).orderBy('l.id').forUpdate('l').execute();
}

/**
 * Runs an order-line transition on an open outbound order: the order and its lines locked first (the same
 * order as completion takes them), the answer with the lines' progress.
 */
function onOutOrder(db: Db, body: ScanOutBody, actor: Actor, make: (order: OrderContext, lines: LineState[]) => Transition,
  repeated?: (trx: Transaction<DB>, result: ScanResult) => Promise<void>): Promise<ScanOutResult> {
  const ctx: OrderContext = { id: body.orderId, order_no: '', type: '', warehouse_id: null, customer_id: null };
  const lines: LineState[] = [];
  return runTransition<ScanOutResult>(db, make(ctx, lines), {
    code: body.code, scanId: body.scanId,
    prepare: async (trx) => {
      const order = await lockOrder(trx, body.orderId, 'out');
      refuseClosed(order);
      Object.assign(ctx, order);
      lines.push(...(await lockLines(trx, body.orderId)));
    },
    finish: async (trx, result) => {
      if (result.repeated) await repeated?.(trx, result);
      return { ...result, lines: lines.map(asOrderLine) };
    },
  }, actor);
}

/** POST /api/storageOrder/scanOutStock: 7 → 8 onto the order's matching line. */
export const scanOutStock = (db: Db, body: ScanOutBody, actor: Actor): Promise<ScanOutResult> =>
  onOutOrder(db, body, actor, outboundScan, async (trx, result) => {
    const on = await openOrderOf(trx, result.cylinderId);
    if (on && on.id !== body.orderId) throw new BusinessError(`气瓶 ${result.code} 已扫描到出库单 ${on.order_no}`);
  });

/** POST /api/storageOrder/removeOutStock (移出): 8 → 7, a cylinder scanned onto the open order by mistake leaves it. */
export const removeOutStock = (db: Db, body: ScanOutBody, actor: Actor): Promise<ScanOutResult> => onOutOrder(db, body, actor, removeFromOrder);

/** POST /api/storageOrder/scanHandel: recovery (9 → 10); one at another customer is taken and flagged, one in the plant refused. */
export async function scanHandel(db: Db, body: RecoverBody, actor: Actor): Promise<RecoverResult> {
  if (body.customerId) {
    const c = await db.selectFrom('enterprises').select('type').where('id', '=', body.customerId).executeTakeFirst();
    if (!c || c.type !== 2) throw new BusinessError(`客户不存在：${body.customerId}`);
  }
  return runTransition<RecoverResult>(db, recover(body), {
    code: body.code, scanId: body.scanId,
    finish: async (_trx, result) => ({ discrepancy: null, customerName: null, ...result }),
  }, actor);
}

/* ---------------------------------------------------------------- previews */

const NEXT: Record<number, string[]> = {
  [STATUS.analyze]: ['分析处理', '抽真空'], [STATUS.stock]: ['领瓶', '抽真空', '空瓶入库'], [STATUS.received]: ['充装', '退回领瓶'],
  [STATUS.filling]: ['检验'], [STATUS.inspected]: ['复秤'], [STATUS.reWeighed]: ['成品入库'], [STATUS.toOutbound]: ['出库扫描'],
  [STATUS.scanned]: ['完成出库', '移出'], [STATUS.outbound]: ['回收'], [STATUS.recovery]: ['抽真空', '空瓶入库'],
};

interface Described {
  cylinder: CylinderBrief;
  place: Place;
  warehouseName: string | null;
  locationName: string | null;
  reweigh: boolean;
}

async function describe(db: Db, code: string): Promise<Described> {
  const cylinder = await briefByCode(db, code);
  const where = await db.selectFrom('cylinders as c').leftJoin('warehouses as w', 'w.id', 'c.warehouse_id')
    .leftJoin('enterprises as l', 'l.id', 'c.location_enterprise_id').innerJoin('materials as m', 'm.id', 'c.material_id')
    .select([...whereNow, 'c.warehouse_id', 'm.reweigh_required']).where('c.id', '=', cylinder.id).executeTakeFirstOrThrow();
  return {
    cylinder, place: placeOf(cylinder.status, where.warehouse_id), warehouseName: where.warehouseName, locationName: where.locationName,
    reweigh: where.reweigh_required,
  };
}

/** Where a cylinder is, in words, as a refused recovery names it. */
const placeWords = (d: Described) => {
  const status = statusLabel(d.cylinder.status);
  switch (d.place) {
    case 'warehouse': return `在仓库「${d.warehouseName ?? ''}」（${status}）`;
    case 'order': return `已扫描到出库单 ${d.locationName ?? '—'}，尚未发出（${status}）；扫错的气瓶请在该出库单上移出`;
    case 'workshop': return `在充装车间（${status}）`;
    case 'returned': return `已回收，待空瓶入库（${status}）`;
    default: return `在厂内（${status}）`;
  }
};

function reasonsFor(type: BarCodeQuery['type'], d: Described): string[] {
  const { cylinder: c, reweigh } = d;
  const materialName = c.materialName;
  const expect = (step: string, from: readonly number[]) => (from.includes(c.status) ? [] : [wrongStatus(c, step, from).message]);
  switch (type) {
    case 'spaceRk': return expect('空瓶入库', [STATUS.recovery, STATUS.stock]);
    case 'productRK': {
      const status = expect('成品入库', [STATUS.reWeighed, STATUS.inspected]);
      if (!status.length && c.status === STATUS.inspected && reweigh) return [`气瓶 ${c.code} 的介质 ${materialName ?? ''} 需要复秤：复秤合格后才能成品入库`];
      return status;
    }
    case 'productCK': case 'pickCk': return expect('出库扫描', [STATUS.toOutbound]);
    case 'recover':
      if (c.status === STATUS.scrap) return [`气瓶 ${c.code} 已报废，不能回收（报废气瓶不得重新使用）`];
      return c.status === STATUS.outbound ? [] : [`气瓶 ${c.code} 不在客户处，不能回收：系统记录该瓶${placeWords(d)}`];
    default: return [];
  }
}

/** POST /api/storageOrder/getInfoByBarCode: what the scanned code is, and what can be done with it now. */
export async function infoByBarCode(db: Db, q: BarCodeQuery): Promise<BarCodeInfo> {
  const d = await describe(db, q.code);
  const c = d.cylinder;
  const reasons = reasonsFor(q.type, d);
  let next = NEXT[c.status] ?? [];
  if (c.status === STATUS.inspected && !d.reweigh) next = ['成品入库'];
  return {
    cylinder: c, statusName: PRODUCT_STATUS_NAMES[c.status] ?? String(c.status), place: d.place, warehouseName: d.warehouseName,
    locationName: d.locationName, allowed: reasons.length === 0, reasons, next,
  };
}

/** POST /api/storageOrder/getCkInfoByCode: the outbound view of a scan, and whether it fits the order's lines. */
export async function ckInfo(db: Db, code: string, orderId: number | null | undefined): Promise<CkInfo> {
  const info = await infoByBarCode(db, { code, type: 'productCK' });
  const on = await db.selectFrom('storage_order_items as i').innerJoin('storage_orders as o', 'o.id', 'i.order_id')
    .leftJoin('enterprises as e', 'e.id', 'o.customer_id')
    .select(['o.id', 'o.order_no as orderNo', 'e.enterprise_name as customerName', 'o.status'])
    .where('i.cylinder_id', '=', info.cylinder.id).where('i.reverted_at', 'is', null).where('o.direction', '=', 'out')
    .orderBy('i.id', 'desc').limit(1).executeTakeFirst();
  const reasons = [...info.reasons];
  if (orderId && info.allowed) {
    const order = await outOrderInfo(db, orderId);
    if (order.status === 1) reasons.push(`出库单 ${order.orderNo} 已完成，不能再扫码`);
    const gas = await gasOf(db, info.cylinder.materialId);
    const matching = order.lines.filter((l) => l.materialId === info.cylinder.materialId
      && (l.specification === null || l.specification === info.cylinder.specification));
    if (!matching.length) reasons.push(`气瓶 ${code}（${gas.material_name}${info.cylinder.specification ? ` ${info.cylinder.specification}` : ''}）不在出库单 ${order.orderNo} 的明细中`);
    else if (matching.every((l) => l.scanned >= l.quantity)) reasons.push(`出库单 ${order.orderNo} 的明细已扫满，气瓶 ${code} 不能再扫入`);
  }
  return { ...info, allowed: reasons.length === 0, reasons, order: on ?? null };
}

/* ---------------------------------------------------------------- print and signature */

export async function savePrintInfo(db: Db, body: PrintInfoBody, actor: Actor): Promise<void> {
  await inTransaction(db, async (trx) => {
    const order = await lockOrder(trx, body.id, 'out');
    const entry = { documents: [...new Set(body.documents)], at: new Date().toISOString(), by: actor.operator };
    await trx.updateTable('storage_orders').set({ prints: sql`prints || ${toJsonb([entry])}` }).where('id', '=', order.id).execute();
  });
}

/** The receiver's name and signature (a PNG checked by its signature bytes), stored with the order. */
export async function saveSignInfo(db: Db, body: SignInfoBody, actor: Actor): Promise<void> {
  const base64 = body.image.slice('data:image/png;base64,'.length);
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length < 8 || bytes.subarray(0, 8).toString('hex') !== '89504e470d0a1a0a') throw new BusinessError('签名不是有效的 PNG 图片');
  const name = storableText(body.signName.trim());
  if (!name) throw new BusinessError('参数错误：签收人不能为空');
  await inTransaction(db, async (trx) => {
    const order = await lockOrder(trx, body.id, 'out');
    await trx.updateTable('storage_orders').set({ sign_name: name, sign_image: body.image, signed_at: sql`now()`, signed_by: actor.operator })
      .where('id', '=', order.id).execute();
  });
}

export async function signInfo(db: Db, id: number): Promise<SignInfo> {
  const row = await db.selectFrom('storage_orders').select(['direction', 'sign_name', 'sign_image', sql<string | null>`to_char(signed_at, 'YYYY-MM-DD HH24:MI:SS')`.as('signedAt'), 'signed_by'])
    .where('id', '=', id).executeTakeFirst();
  if (!row || row.direction !== 'out') throw new BusinessError(`出库单不存在：${id}`);
  if (!row.sign_name || !row.sign_image || !row.signedAt) return null;
  return { signName: row.sign_name, image: row.sign_image, signedAt: row.signedAt, signedBy: row.signed_by };
}
