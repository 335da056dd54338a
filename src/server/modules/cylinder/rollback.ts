import type { Kysely } from 'kysely';
import type { RollbackPreview, ScanResult } from '@shared/api/production';
import { actionLabel } from '@shared/lifecycle';
import type { DB } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { BusinessError } from '../../lib/errors';
import { statusLabel } from './status';
import { appendEvent, claimScan, declareTransition, lastTransition, lockCylinder, storeScan, undoEvent } from './engine.repository';
import { eventMeta, eventOf } from './production.repository';
import { RECORD_TABLE_OF, type Actor, type LastEvent } from './transition';
import { briefByCode } from './trace.queries';
import { STATUS } from '@shared/lifecycle';

/**
 * Transitions a rollback may undo: the production steps and the decisions after them. Registration is
 * removed (delAllProcess) instead; a scrap is final; stock, shipment and recovery belong to their orders (a
 * recovery also to its trip's pickups and the custody record). undoEvent still undoes the custody periods of an
 * event that changed the holder, should such an event ever become revertible.
 */
export const REVERTIBLE = new Set(['pick', 'returnPick', 'fill', 'testPass', 'testFail', 'reweighPass', 'reweighFail', 'vacuum', 'analyse']);

function refusal(c: { code: string; status: number }, last: LastEvent | null): string | null {
  if (!last) return `气瓶 ${c.code} 没有可回退的流转`;
  if (!REVERTIBLE.has(last.action) || last.to_status === STATUS.scrap || last.from_status === null) {
    const hint = last.action === 'register' || last.action === 'import' ? '（登记有误请删除气瓶）' : '';
    return `气瓶 ${c.code} 的最新流转是「${actionLabel(last.action)}」，不能回退${hint}`;
  }
  if (c.status !== last.to_status) return `气瓶 ${c.code} 当前状态为${statusLabel(c.status)}，与最新流转不符，不能回退`;
  return null;
}

/** What rollbackSave would undo: the newest transition that still stands. */
export async function rollbackCheck(db: Kysely<DB>, code: string): Promise<RollbackPreview> {
  const cylinder = await briefByCode(db, code);
  const last = await lastTransition(db, cylinder.id);
  const why = refusal(cylinder, last);
  const meta = last ? await eventMeta(db, last.id) : null;
  return {
    cylinder, allowed: why === null, reasons: why ? [why] : [],
    traceId: last?.id ?? null, action: last?.action ?? null, actionName: last ? actionLabel(last.action) : null,
    toStatus: last?.from_status ?? null, at: meta?.at ?? null, operator: meta?.operator ?? null,
  };
}

/**
 * Undoes the newest standing transition: the status goes back, the cylinder columns it changed are put
 * back, its record is marked reverted (never deleted), and the rollback itself is a trace event that the
 * undone event points to. Undoing again reaches the transition before, as far as the rules allow.
 */
export function rollbackSave(db: Kysely<DB>, body: { code: string; reason: string; traceId: number; scanId?: string }, actor: Actor): Promise<ScanResult> {
  const reason = body.reason.trim();
  if (!reason) throw new BusinessError('参数错误：回退原因不能为空');
  return inTransaction(db, async (trx) => {
    if (body.scanId) {
      const earlier = await claimScan(trx, body.scanId, 'rollback', body.code);
      if (earlier) return earlier;
    }
    const c = await lockCylinder(trx, { code: body.code });
    await declareTransition(trx);
    const last = await lastTransition(trx, c.id);
    const why = refusal(c, last);
    if (why || !last) throw new BusinessError(why ?? `气瓶 ${c.code} 没有可回退的流转`);
    // The transition the operator saw (rollbackCheck) and no other: a repeated or concurrent rollback never undoes a second one.
    if (Number(last.id) !== body.traceId) {
      const named = await eventOf(trx, c.id, body.traceId);
      const which = named ? `「${actionLabel(named.action)}」${named.reverted_by_id !== null ? '已被回退' : '已不是最新流转'}` : '不是该气瓶的流转';
      throw new BusinessError(`气瓶 ${c.code} 要回退的流转${which}，未回退任何流转；请重新查询后再回退（当前最新流转为「${actionLabel(last.action)}」）`);
    }
    const to = last.from_status!;
    const rollbackId = await appendEvent(trx, {
      cylinderId: c.id, fromStatus: c.status, toStatus: to, action: 'rollback', actor, scanId: body.scanId ?? null,
      revertsId: last.id, detail: { reason, undone: last.action },
    });
    const table = last.record_type ? RECORD_TABLE_OF[last.record_type] : undefined;
    const before = ((last.detail ?? {}) as { before?: Record<string, unknown> }).before ?? {};
    await undoEvent(trx, { cylinderId: c.id, eventId: last.id, rollbackId, record: table && last.record_id ? { table, id: last.record_id } : null, before, to });
    const result: ScanResult = {
      cylinderId: c.id, code: c.code, action: 'rollback', fromStatus: c.status, toStatus: to, traceId: rollbackId, recordId: null,
      repeated: false, message: `气瓶 ${c.code} 已回退「${actionLabel(last.action)}」，回到${statusLabel(to)}`,
    };
    if (body.scanId) await storeScan(trx, body.scanId, result);
    return result;
  });
}
