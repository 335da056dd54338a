import type { Kysely, Transaction } from 'kysely';
import type { ScanResult } from '@shared/api/production';
import { ORDER_TYPES, type InStockBody, type InStockResult } from '@shared/api/storage';
import type { DB } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { BusinessError } from '../../lib/errors';
import { blankToNull } from '../../lib/paging';
import { runTransition, stockIn, type Actor, type OrderContext } from '../cylinder';
import { lockOrder, refuseClosed } from './orders';
import * as repo from './orders.repository';

type Db = Kysely<DB>;

async function checkWarehouse(trx: Transaction<DB>, warehouseId: number, type: 'spaceRk' | 'productRK'): Promise<string> {
  const w = await repo.warehouseOf(trx, warehouseId);
  if (!w) throw new BusinessError(`仓库不存在：${warehouseId}`);
  const kind = ORDER_TYPES[type].warehouseKind;
  if (w.kind !== kind) throw new BusinessError(`仓库「${w.warehouse_name}」不是${kind === 'empty' ? '空瓶库' : '成品库'}，不能用于${ORDER_TYPES[type].zh}`);
  return w.warehouse_name;
}

async function createInOrder(trx: Transaction<DB>, body: InStockBody, actor: Actor): Promise<repo.OrderRow> {
  if (!body.type) throw new BusinessError('参数错误：请选择入库类型');
  if (!body.warehouseId) throw new BusinessError('参数错误：请选择仓库');
  const warehouseName = await checkWarehouse(trx, body.warehouseId, body.type);
  const order = await repo.insertOrder(trx, 'in', {
    type: body.type, warehouseId: body.warehouseId, remark: blankToNull(body.remark ?? null), operatorId: actor.operatorId, operator: actor.operator,
  });
  return { ...order, warehouse_name: warehouseName, customer_name: null };
}

/** The stock-in order a cylinder was last scanned onto, in words. */
async function stockedOnto(db: Db, cylinderId: number): Promise<string> {
  const on = await repo.lastInOrderOf(db, cylinderId);
  return on ? `入库单 ${on.order_no}` : '不在入库单上';
}

/**
 * POST /api/storageOrder/inStock. A scan runs the stock-in transition on the order (created by this call
 * when it has no id yet, in the same transaction: a refused first scan leaves no empty order behind).
 */
export async function inStock(db: Db, body: InStockBody, actor: Actor): Promise<InStockResult> {
  let orderId = body.id ?? null;
  let scan: ScanResult | null = null;
  if (body.code) {
    const type = orderId ? await repo.orderKind(db, orderId) : { type: body.type, direction: 'in' };
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
  return { order: await repo.orderRef(db, orderId!), scan };
}

async function completeInOrder(db: Db, id: number, actor: Actor): Promise<void> {
  await inTransaction(db, async (trx) => {
    const order = await lockOrder(trx, id, 'in');
    if (order.status === 1) return;
    const { count } = await repo.orderRef(trx, id);
    if (count === 0) throw new BusinessError(`入库单 ${order.order_no} 还没有扫描气瓶，不能完成入库（可删除该单）`);
    await repo.closeOrder(trx, id, null, actor.operator);
  });
}
