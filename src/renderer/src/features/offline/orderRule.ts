import type { OutOrderInfo } from '@shared/api/storage';
import type { Verdict } from '@renderer/stations/useStation';
import { offlineDb, type LocalFacts, type LocalOrder } from './db';

/** Keeps the order as the server last showed it, so offline scans are counted against its lines. */
export async function saveLocalOrder(order: OutOrderInfo): Promise<void> {
  const local: LocalOrder = {
    id: order.id, orderNo: order.orderNo, codes: [], savedAt: Date.now(),
    lines: order.lines.map((l) => ({
      key: String(l.id), materialId: l.materialId, specification: l.specification, quantity: l.quantity, scanned: l.scanned,
      name: [l.materialName, l.specification].filter(Boolean).join(' '),
    })),
  };
  await offlineDb().orders.put(local);
}

/**
 * The line an offline 出库扫描 counts on, as the server chooses it (the cylinder's gas and specification; a
 * line without a specification takes any), counting the scans already kept for the order on this PC: a
 * refusal when no line matches or every matching line is full.
 */
export async function chooseLine(orderId: number, facts: LocalFacts): Promise<Verdict | { lineKey: string }> {
  const code = facts.code;
  const db = offlineDb();
  const order = await db.orders.get(orderId);
  if (!order) return { kind: 'refused', code, title: '本机没有这张出库单的离线资料：请待服务器恢复后再扫' };
  const kept = await db.queue.where('orderId').equals(orderId).toArray();
  const keptOn = (key: string) => kept.filter((q) => q.lineKey === key).length;
  const spec = typeof facts.specification === 'string' ? facts.specification : null;
  const gasLines = order.lines.filter((l) => l.materialId === Number(facts.materialId));
  const matching = [...gasLines.filter((l) => l.specification !== null && l.specification === spec), ...gasLines.filter((l) => l.specification === null)];
  const chosen = matching.find((l) => l.scanned + keptOn(l.key) < l.quantity);
  if (chosen) return { lineKey: chosen.key };
  if (matching.length) {
    return {
      kind: 'refused', code,
      title: `出库单 ${order.orderNo} 的明细已扫满：${matching.map((l) => `「${l.name}」${l.scanned + keptOn(l.key)}/${l.quantity}`).join('、')}，气瓶 ${code} 不能再扫入`,
    };
  }
  return {
    kind: 'refused', code,
    title: `气瓶 ${code} 不在出库单 ${order.orderNo} 的明细中（明细：${order.lines.map((l) => `「${l.name}」`).join('、')}）`,
  };
}
