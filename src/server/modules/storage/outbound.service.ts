import type { Kysely, Transaction } from 'kysely';
import type { ScanResult } from '@shared/api/production';
import type { CancelOrderBody, OutOrderInfo, OutStockBody, PrintInfoBody, ScanOutBody, ScanOutResult, SignInfo, SignInfoBody } from '@shared/api/storage';
import type { DB } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { today } from '../../lib/dates';
import { BusinessError } from '../../lib/errors';
import type { FieldCipher } from '../../lib/field-cipher';
import { storableText } from '../../lib/jsonb';
import { blankToNull } from '../../lib/paging';
import {
  asOrderLine, openOrderOf, outboundScan, removeFromOrder, runTransition, shipOrder, type Actor, type LineState, type OrderContext, type Transition,
} from '../cylinder';
import { refuseExpiredTransport, transportHead } from './order-transport.service';
import { lockOrder, refuseCancelled, refuseClosed } from './orders';
import * as repo from './orders.repository';
import { outOrderInfo } from './storage.queries';

type Db = Kysely<DB>;

async function checkCustomer(db: Db, customerId: number | null | undefined): Promise<number> {
  if (!customerId) throw new BusinessError('参数错误：请选择客户');
  if ((await repo.enterpriseType(db, customerId)) !== 2) throw new BusinessError(`客户不存在：${customerId}`);
  return customerId;
}

/** The order's lines as sent: one line per gas × specification, every gas known. */
async function writeLines(trx: Transaction<DB>, orderId: number, lines: NonNullable<OutStockBody['lines']>): Promise<void> {
  if (!lines.length) throw new BusinessError('参数错误：出库明细不能为空');
  const seen = new Set<string>();
  for (const l of lines) {
    const key = `${l.materialId}|${blankToNull(l.specification ?? null) ?? ''}`;
    if (seen.has(key)) throw new BusinessError('参数错误：出库明细中同一介质和规格重复，请合并数量');
    seen.add(key);
  }
  const known = await repo.existingGases(trx, lines.map((l) => l.materialId));
  const missing = lines.filter((l) => !known.includes(l.materialId));
  if (missing.length) throw new BusinessError(`介质不存在：${missing.map((l) => l.materialId).join('、')}`);
  await repo.replaceLines(trx, orderId, lines.map((l) => ({ ...l, specification: blankToNull(storableText(l.specification ?? '')) })));
}

/**
 * POST /api/storageOrder/outStock: create, edit (nothing scanned yet) or complete (8 → 9 for every scanned cylinder). The
 * vehicle, driver and escort come from the transport registers (`cipher` reads the registers' people).
 */
export async function outStock(db: Db, cipher: FieldCipher, body: OutStockBody, actor: Actor): Promise<OutOrderInfo> {
  let id = body.id ?? null;
  const remark = blankToNull(body.remark ?? null);
  if (!id) {
    id = await inTransaction(db, async (trx) => {
      if (!body.type) throw new BusinessError('参数错误：请选择出库类型');
      const customerId = await checkCustomer(trx, body.customerId);
      const head = await transportHead(trx, cipher, body);
      const order = await repo.insertOrder(trx, 'out', { type: body.type, customerId, ...head, remark, operatorId: actor.operatorId, operator: actor.operator });
      await writeLines(trx, order.id, body.lines ?? []);
      return order.id;
    });
  } else if (body.complete) {
    await completeOutOrder(db, cipher, id, actor);
  } else {
    const orderId = id;
    await inTransaction(db, async (trx) => {
      const order = await lockOrder(trx, orderId, 'out');
      refuseCancelled(order, '不能修改');
      const { count } = await repo.orderRef(trx, orderId);
      if (order.status === 1 || count > 0) throw new BusinessError(`出库单 ${order.order_no} 已开始扫描，不能修改`);
      await repo.updateOrderHead(trx, orderId, {
        ...(body.type ? { type: body.type } : {}), ...(body.customerId ? { customerId: await checkCustomer(trx, body.customerId) } : {}),
        ...(await transportHead(trx, cipher, body)), remark,
      });
      if (body.lines) await writeLines(trx, orderId, body.lines);
    });
  }
  return outOrderInfo(db, id);
}

/**
 * Completes an outbound order: every cylinder scanned onto it goes 8 → 9 at the customer, locked in id order,
 * in one transaction; completing a completed order changes nothing. Refused while the order's vehicle permit or its
 * driver's or escort's qualification has expired (plant today).
 */
async function completeOutOrder(db: Db, cipher: FieldCipher, id: number, actor: Actor): Promise<void> {
  await inTransaction(db, async (trx) => {
    const order = await lockOrder(trx, id, 'out');
    if (order.status === 1) return;
    refuseCancelled(order, '不能完成出库');
    await refuseExpiredTransport(trx, cipher, id, today());
    const items = await repo.standingItems(trx, id);
    if (!items.length) throw new BusinessError(`出库单 ${order.order_no} 还没有扫描气瓶，不能完成出库`);
    const at = new Date();
    const shipped = await shipOrder(trx, order, items, actor, at);
    if (!shipped) throw new BusinessError(`出库单 ${order.order_no} 没有可出库的气瓶（已扫描的气瓶均已报废）`);
    await repo.closeOrder(trx, id, at, actor.operator);
  });
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
      lines.push(...(await repo.lockLines(trx, body.orderId)));
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

/**
 * POST /api/storageOrder/cancel (作废): an open outbound order with no cylinder standing on it — none scanned,
 * or every one taken off again by 移出 — becomes 已作废 with who, when and why. The order, its lines (what was
 * ordered) and its items (what was scanned and taken off) stay as they are: an order that had scans is never
 * deleted, and a cancelled one takes no scan, edit or completion.
 */
export async function cancelOutOrder(db: Db, body: CancelOrderBody, actor: Actor): Promise<OutOrderInfo> {
  const reason = blankToNull(storableText(body.reason));
  if (!reason) throw new BusinessError('参数错误：请填写作废原因');
  await inTransaction(db, async (trx) => {
    const order = await lockOrder(trx, body.id, 'out');
    refuseCancelled(order, '无需重复作废');
    if (order.status === 1) throw new BusinessError(`出库单 ${order.order_no} 已完成出库，不能作废`);
    const { count } = await repo.orderRef(trx, order.id);
    if (count > 0) throw new BusinessError(`出库单 ${order.order_no} 上还有 ${count} 个气瓶，请先移出再作废`);
    await repo.cancelOrderRow(trx, order.id, reason, actor.operator);
  });
  return outOrderInfo(db, body.id);
}

/* ---------------------------------------------------------------- print and signature */

export async function savePrintInfo(db: Db, body: PrintInfoBody, actor: Actor): Promise<void> {
  await inTransaction(db, async (trx) => {
    const order = await lockOrder(trx, body.id, 'out');
    await repo.appendPrint(trx, order.id, { documents: [...new Set(body.documents)], at: new Date().toISOString(), by: actor.operator });
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
    refuseCancelled(order, '不能签收');
    await repo.saveSignature(trx, order.id, { name, image: body.image, by: actor.operator });
  });
}

export async function signInfo(db: Db, id: number): Promise<SignInfo> {
  const row = await repo.signatureOf(db, id);
  if (!row || row.direction !== 'out') throw new BusinessError(`出库单不存在：${id}`);
  if (!row.sign_name || !row.sign_image || !row.signedAt) return null;
  return { signName: row.sign_name, image: row.sign_image, signedAt: row.signedAt, signedBy: row.signed_by };
}
