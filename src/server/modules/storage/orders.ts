import type { Kysely, Transaction } from 'kysely';
import { ORDER_CANCELLED } from '@shared/api/storage';
import type { DB } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import type { HoldsPermission } from '../../lib/access';
import { BusinessError, ForbiddenError } from '../../lib/errors';
import * as repo from './orders.repository';

/** What stock-in and outbound orders share: the order locked and named, closed and cancelled orders refusing scans, deletion. */

const noun = (direction: string) => (direction === 'in' ? '入库单' : '出库单');

/** The order locked until the transaction ends; an id of the other direction is not found. */
export async function lockOrder(trx: Transaction<DB>, id: number, direction: 'in' | 'out'): Promise<repo.OrderRow> {
  const order = await repo.lockOrderRow(trx, id);
  if (!order || order.direction !== direction) throw new BusinessError(`${noun(direction)}不存在：${id}`);
  return order;
}

export function refuseClosed(order: repo.OrderRow): void {
  if (order.status === 1) throw new BusinessError(`${noun(order.direction)} ${order.order_no} 已完成，不能再扫码`);
  refuseCancelled(order, '不能再扫码');
}

/** A cancelled order (已作废) is kept as it was: nothing is scanned onto it, edited, completed or deleted. */
export function refuseCancelled(order: { direction: string; order_no: string; status: number }, what: string): void {
  if (order.status === ORDER_CANCELLED) throw new BusinessError(`${noun(order.direction)} ${order.order_no} 已作废，${what}`);
}

/** GET /api/storageOrder/deleteById/{id}: an order no cylinder was ever scanned onto (`can`: the caller holds the key of its kind). */
export async function deleteOrder(db: Kysely<DB>, can: HoldsPermission, id: number): Promise<void> {
  const kind = await repo.orderKind(db, id);
  // The key of the order's kind; an unknown id answers as an outbound order would (its key first).
  const key = kind?.direction === 'in' ? 'inbound:delete' : 'outbound:delete';
  if (!(await can(key))) throw new ForbiddenError(key);
  if (!kind) throw new BusinessError(`单据不存在：${id}`);
  await inTransaction(db, async (trx) => {
    const order = await lockOrder(trx, id, kind.direction as 'in' | 'out');
    refuseCancelled(order, '单据保留，不能删除');
    const items = await repo.itemsEver(trx, id);
    if (items > 0) throw new BusinessError(`${noun(order.direction)} ${order.order_no} 已有气瓶扫描记录（${items} 条），不能删除`);
    await repo.deleteOrderRow(trx, id);
  });
}
