import type { Kysely, Transaction } from 'kysely';
import type { ScanResult } from '@shared/api/production';
import { actionLabel } from '@shared/lifecycle';
import type { DB } from '../../db/schema';
import { BusinessError } from '../../lib/errors';
import {
  claimScan, declareTransition, insertTransitionEvent, lastTransition, lockCylinder, markTransaction, settingsWith, storeScan, transitionSettings, writeEventAndOutcome,
  writeOutcome,
} from './engine.repository';
import { statusLabel } from './status';
import { RECORD_TYPE, type Actor, type LastEvent, type LockedCylinder, type Target, type Transition } from './transition';

const label = (action: string) => actionLabel(action);

export function wrongStatus(c: { code: string; status: number }, step: string, expected: readonly number[]): BusinessError {
  return new BusinessError(`气瓶 ${c.code} 当前状态为${statusLabel(c.status)}，不能${step}（应为${expected.map(statusLabel).join('或')}）`);
}

/**
 * Runs `def` on one cylinder in its own transaction (see runLocked): inTransaction's lock and statement
 * timeouts, set in the same first statement as the transition declaration and the scanId claim (round trips
 * are what a scan costs).
 */
export function runTransition<R extends ScanResult = ScanResult>(db: Kysely<DB>, def: Transition, target: Target, actor: Actor): Promise<R> {
  return db.transaction().execute(async (trx) => {
    markTransaction(trx);
    if (target.scanId) {
      const earlier = await claimScan(trx, target.scanId, def.action, target.code ?? String(target.id ?? ''), transitionSettings(), target.first);
      if (earlier) return earlier as R;
    } else if (target.first) {
      await settingsWith(trx, transitionSettings(), target.first);
    } else {
      await transitionSettings().execute(trx);
    }
    await target.prepare?.(trx);
    const scanId = target.scanId ?? null;
    return (await runLocked(trx, def, await lockCylinder(trx, target, def.lockRead), actor, scanId, { store: scanId, finish: target.finish })) as R;
  });
}

/** What runLocked does with its answer besides returning it. */
export interface Answer {
  /** The scanId whose answer is kept (in the same statement as the status change). */
  store: string | null;
  /** Completes the answer first (see Target.finish). */
  finish?: Target['finish'];
}

/**
 * The one place a status changes: from-status checked, a repeat answered as done, the action's own checks
 * (every reason listed), then the status, the cylinder's other columns, the trace event and the record —
 * all inside the caller's transaction, on a cylinder row it has locked.
 */

export async function runLocked(
  trx: Transaction<DB>, def: Transition, c: LockedCylinder, actor: Actor, scanId: string | null = null, answer: Answer = { store: null },
): Promise<ScanResult> {
  await declareTransition(trx);
  // The newest event is read only when it can matter: a scan into a status the action leads to may be a
  // repeat, and a check or apply may ask for it. A cylinder in a from-status is never a repeat.
  let newest: Promise<LastEvent | null> | undefined;
  const last = () => (newest ??= lastTransition(trx, c.id));
  const base = { cylinderId: c.id, code: c.code, action: def.action };
  const previous = def.done && def.done.statuses.includes(c.status) ? await last() : null;
  if (def.done && previous && def.done.actions.includes(previous.action)) {
    const repeated: ScanResult = {
      ...base, fromStatus: c.status, toStatus: c.status, traceId: null, recordId: null, repeated: true,
      message: `气瓶 ${c.code} 已${label(previous.action)}，无需重复操作`,
    };
    const result = answer.finish ? await answer.finish(trx, repeated) : repeated;
    if (answer.store) await storeScan(trx, answer.store, result);
    return result;
  }
  const early = def.precheck?.(c);
  if (early) throw new BusinessError(early);
  if (!def.from.includes(c.status)) {
    throw def.refuseStatus ? new BusinessError(await def.refuseStatus(trx, c)) : wrongStatus(c, def.label ?? label(def.action), def.from);
  }
  const reasons = (await def.check?.(trx, c, last)) ?? [];
  if (reasons.length) throw new BusinessError(reasons.join('；'));

  const outcome = await def.apply(trx, c, last);
  const patch = outcome.patch ?? {};
  const before = Object.fromEntries(Object.keys(patch).map((k) => [k, (c as unknown as Record<string, unknown>)[k] ?? null]));
  const action = outcome.action ?? def.action;
  const event = {
    cylinderId: c.id, fromStatus: c.status, toStatus: outcome.to, action, actor, scanId,
    detail: { ...outcome.detail, ...(Object.keys(before).length ? { before } : {}) },
    recordType: outcome.record ? RECORD_TYPE[outcome.record.table] : null,
  };
  const answerOf = (traceId: number, recordId: number | null): ScanResult => ({
    ...base, action, fromStatus: c.status, toStatus: outcome.to, traceId, recordId, repeated: false,
    message: outcome.message ?? `气瓶 ${c.code} ${def.label ?? label(action)}成功`,
    ...outcome.extra,
  });
  if (!answer.finish) {
    // Nothing completes the answer from the event: the event, the record, the kept answer and the status in one
    // statement. The answer is kept with the ids the event insert returns (see writeEventAndOutcome).
    const result = answerOf(0, null);
    const ids = await writeEventAndOutcome(trx, event, {
      cylinderId: c.id, to: outcome.to, patch, actor, record: outcome.record ?? null, keep: answer.store ? { scanId: answer.store, result } : null,
    });
    result.traceId = ids.traceId;
    result.recordId = ids.recordId;
    return result;
  }
  const { traceId, recordId } = await insertTransitionEvent(trx, event, outcome.record?.table ?? null);
  const result = await answer.finish(trx, answerOf(traceId, recordId));

  await writeOutcome(trx, {
    cylinderId: c.id, to: outcome.to, patch, actor, traceId, recordId, record: outcome.record ?? null, keep: answer.store ? { scanId: answer.store, result } : null,
  });
  return result;
}

/**
 * Runs `def` on the cylinder with `id` inside the caller's transaction (the cylinder is locked here): for a
 * change that moves several cylinders at once (an outbound order completed, a periodic inspection failed).
 */
export async function runTransitionIn(trx: Transaction<DB>, def: Transition, id: number, actor: Actor): Promise<ScanResult> {
  return runLocked(trx, def, await lockCylinder(trx, { id }), actor);
}
