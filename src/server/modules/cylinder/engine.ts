import type { Kysely, Transaction } from 'kysely';
import type { ScanResult } from '@shared/api/production';
import { actionLabel } from '@shared/lifecycle';
import type { DB } from '../../db/schema';
import { thenCommitted } from '../../db/committed';
import { BusinessError } from '../../lib/errors';
import {
  claimScan, declareTransition, insertTransitionEvent, lastTransition, lockCylinder, markTransaction, settingsWith, storeScan, timeFacts, transitionSettings,
  writeEventAndOutcome, writeOutcome,
} from './engine.repository';
import { judgeTimes, moment, type TimeVerdict } from './station-time';
import { custodyMove } from './custody.repository';
import { wrongStatusMessage } from '@shared/cylinder/transitions';
import { RECORD_TYPE, type Actor, type LastEvent, type LockedCylinder, type Target, type Transition } from './transition';

const label = (action: string) => actionLabel(action);

/** The refusal of a scan in a status the step does not start from, in the transition table's words (src/shared/cylinder/transitions.ts). */
export function wrongStatus(c: { code: string; status: number }, step: string, expected: readonly number[]): BusinessError {
  return new BusinessError(wrongStatusMessage(c, step, expected));
}

/** When an event happened, as a repeat names it: 'HH:mm' today, else 'YYYY-MM-DD HH:mm' (the server's local time). */
function whenText(at: Date): string {
  const text = moment(at);
  return text.slice(0, 10) === moment(new Date()).slice(0, 10) ? text.slice(11, 16) : text.slice(0, 16);
}

/**
 * The answer to a scan of a step already done (the loser of two scans at once, or a second scan): who did it and
 * when, from the event that stands (已由 张三 于 14:05 充装), and that what this scan measured was not recorded.
 */
function repeatMessage(code: string, previous: LastEvent, measured: string | null | undefined): string {
  const who = previous.operator ? `由 ${previous.operator} ` : '';
  const lost = measured ? `；本次扫描的${measured}未记录` : '';
  return `气瓶 ${code} 已${who}于 ${whenText(new Date(previous.done_at))} ${label(previous.action)}，无需重复操作${lost}`;
}

/**
 * A scan that only looks (检验's and 复秤's first scan) of a cylinder whose step is done already, by the same
 * rule as the transition's repeat (`done`): the repeat's words, or null when it is not done.
 */
export async function alreadyDone(db: Kysely<DB>, c: { id: number; code: string; status: number }, done: NonNullable<Transition['done']>): Promise<string | null> {
  if (!done.statuses.includes(c.status)) return null;
  const previous = await lastTransition(db, c.id);
  return previous && done.actions.includes(previous.action) ? repeatMessage(c.code, previous, null) : null;
}

/** The station's times of this scan against the plant's bounds, read only when the scan brings any. */
async function judgeStationTimes(trx: Transaction<DB>, def: Transition, c: LockedCylinder, actor: Actor): Promise<TimeVerdict | null> {
  const times = def.times && (def.times.startedAt || def.times.endedAt) ? def.times : null;
  if (!actor.stationAt && !times) return null;
  const verdict = judgeTimes({
    code: c.code, stationAt: actor.stationAt ? new Date(actor.stationAt) : null, startedAt: times?.startedAt, endedAt: times?.endedAt,
    receivedAt: actor.receivedAt ?? new Date(), lenient: Boolean(actor.enteredBy),
  }, await timeFacts(trx, c.id));
  if (verdict.refusal) throw new BusinessError(verdict.refusal);
  return verdict;
}

/**
 * Runs `def` on one cylinder in its own transaction (see runLocked): inTransaction's lock and statement
 * timeouts, set in the same first statement as the transition declaration and the scanId claim (round trips
 * are what a scan costs).
 */
export function runTransition<R extends ScanResult = ScanResult>(db: Kysely<DB>, def: Transition, target: Target, actor: Actor): Promise<R> {
  // Committed: the process's outbox sequencer numbers the event (db/committed.ts).
  return thenCommitted(db.transaction().execute(async (trx) => {
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
  }));
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
      message: repeatMessage(c.code, previous, def.measured), doneBy: previous.operator, doneAt: whenText(new Date(previous.done_at)),
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
  const timing = await judgeStationTimes(trx, def, c, actor);
  const reasons = (await def.check?.(trx, c, last)) ?? [];
  if (reasons.length) throw new BusinessError(reasons.join('；'));

  const outcome = await def.apply(trx, c, last);
  if (timing?.dropFillTimes && outcome.record && def.times) {
    outcome.record.values = { ...outcome.record.values, ...Object.fromEntries(def.times.columns.map((k) => [k, null])) };
  }
  const timeFlag = timing?.flag ?? null;
  const patch = outcome.patch ?? {};
  const before = Object.fromEntries(Object.keys(patch).map((k) => [k, (c as unknown as Record<string, unknown>)[k] ?? null]));
  const action = outcome.action ?? def.action;
  // A new holder (or none): the custody record closes and opens periods in the event's own statement.
  const custody = custodyMove(c, patch);
  const event = {
    cylinderId: c.id, fromStatus: c.status, toStatus: outcome.to, action, actor, scanId,
    detail: { ...outcome.detail, ...(Object.keys(before).length ? { before } : {}) },
    recordType: outcome.record ? RECORD_TYPE[outcome.record.table] : null, timeFlag,
  };
  const answerOf = (traceId: number, recordId: number | null): ScanResult => ({
    ...base, action, fromStatus: c.status, toStatus: outcome.to, traceId, recordId, repeated: false,
    message: outcome.message ?? `气瓶 ${c.code} ${def.label ?? label(action)}成功`,
    ...outcome.extra,
    ...(timeFlag ? { timeFlag } : {}),
  });
  if (!answer.finish) {
    // Nothing completes the answer from the event: the event, the record, the kept answer and the status in one
    // statement. The answer is kept with the ids the event insert returns (see writeEventAndOutcome).
    const result = answerOf(0, null);
    const ids = await writeEventAndOutcome(trx, event, {
      cylinderId: c.id, to: outcome.to, patch, actor, record: outcome.record ?? null, keep: answer.store ? { scanId: answer.store, result } : null, custody,
    });
    result.traceId = ids.traceId;
    result.recordId = ids.recordId;
    return result;
  }
  const { traceId, recordId } = await insertTransitionEvent(trx, event, outcome.record?.table ?? null);
  const result = await answer.finish(trx, answerOf(traceId, recordId));

  await writeOutcome(trx, {
    cylinderId: c.id, to: outcome.to, patch, actor, traceId, recordId, record: outcome.record ?? null, keep: answer.store ? { scanId: answer.store, result } : null, custody,
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
