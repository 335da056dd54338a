import { sql, type Kysely, type QueryCreator, type Transaction, type Updateable } from 'kysely';
import type { ScanResult } from '@shared/api/produce';
import { actionLabel, type LifecycleAction } from '@shared/lifecycle';
import type { DB } from '../../db/schema';
import { LOCK_TIMEOUT, STATEMENT_TIMEOUT } from '../../db/transaction';
import { BusinessError } from '../../lib/errors';
import { toJsonb } from '../../lib/jsonb';
import { statusLabel } from '../product/status-label';
import { nextSeq } from '../product/trace.repository';

/** Who acts, from which workstation (header X-Workstation). */
export interface Actor {
  operatorId: number | null;
  operator: string | null;
  workstation: string | null;
}

/** The locked cylinder row a transition reads. */
export interface LockedCylinder {
  id: number;
  code: string;
  status: number;
  material_id: number;
  specification: string | null;
  tare_weight: string | null;
  last_filled_at: Date | null;
  warehouse_id: number | null;
  location_enterprise_id: number | null;
  scrap_reason: string | null;
  scrapped_at: Date | null;
  scrapped_by: string | null;
  /** 'YYYY-MM-DD' */
  last_inspection_date: string | null;
  next_inspection_date: string | null;
}

/** The newest event of the cylinder that is not undone and not itself a rollback. */
export interface LastEvent {
  id: number;
  action: string;
  from_status: number | null;
  to_status: number;
  record_type: string | null;
  record_id: number | null;
  detail: unknown;
}

/** Cylinder columns a transition may set besides its status (their old values go into the trace, for rollback). */
export type CylinderPatch = Partial<Pick<Updateable<DB['cylinders']>, 'last_filled_at' | 'located_since' | 'warehouse_id' | 'location_enterprise_id' | 'scrap_reason' | 'scrapped_at' | 'scrapped_by' | 'last_inspection_date' | 'next_inspection_date'>>;

/** What a transition does once its checks passed. */
export interface Outcome {
  to: number;
  /** The action recorded when the outcome decides it (检验 → testPass or testFail). */
  action?: LifecycleAction;
  patch?: CylinderPatch;
  /** A record written with the event: its table and the row without the columns the engine fills. */
  record?: { table: RecordTable; values: Record<string, unknown> };
  detail?: Record<string, unknown>;
  message?: string;
  extra?: Pick<ScanResult, 'failedItems' | 'net' | 'deviation'> & Record<string, unknown>;
}

export type RecordTable = 'filling_records' | 'test_records' | 'weighing_records' | 'vacuum_records' | 'analysis_records'
  | 'storage_order_items' | 'recovery_records';
const RECORD_TYPE: Record<RecordTable, string> = {
  filling_records: 'filling', test_records: 'test', weighing_records: 'weighing', vacuum_records: 'vacuum', analysis_records: 'analysis',
  storage_order_items: 'order', recovery_records: 'recovery',
};
export const RECORD_TABLE_OF: Record<string, RecordTable> = Object.fromEntries(Object.entries(RECORD_TYPE).map(([t, r]) => [r, t as RecordTable]));

/**
 * One action of DOMAIN.md's transition table, declared once: where it may start, when a scan counts as
 * already done, what it checks, and what it writes.
 */
export interface Transition {
  action: LifecycleAction;
  /** How messages name the step (领瓶, 检验, …); the action's own name when absent. */
  label?: string;
  /** A refusal in the action's own words, checked before the status (报废 of a scrapped cylinder). */
  precheck?: (c: LockedCylinder) => string | null;
  /** Statuses it may start from. */
  from: readonly number[];
  /** The refusal for a status outside `from`, in the action's own words (where the cylinder is); the engine's wrongStatus when absent. */
  refuseStatus?: (trx: Transaction<DB>, c: LockedCylinder) => Promise<string>;
  /** A scan counts as already done when the cylinder is in one of these statuses and its newest event is one of `actions`. */
  done?: { statuses: readonly number[]; actions: readonly string[] };
  /**
   * Reasons to refuse beyond the status (each names the cylinder). `last` reads the newest standing event
   * (lastTransition) on first call only: most transitions never need it, so the engine does not read it for them.
   */
  check?: (trx: Transaction<DB>, c: LockedCylinder, last: () => Promise<LastEvent | null>) => Promise<string[]>;
  apply: (trx: Transaction<DB>, c: LockedCylinder, last: () => Promise<LastEvent | null>) => Promise<Outcome>;
}

export interface Target {
  code?: string;
  id?: number;
  scanId?: string | null;
  /**
   * Runs after the scanId claim and before the cylinder lock: a call that also locks something else (the
   * order a cylinder is scanned onto) takes that lock first, in the same order as every other call that
   * takes both.
   */
  prepare?: (trx: Transaction<DB>) => Promise<void>;
  /** Completes the answer (a repeat too) before it is stored for the scanId: an order's line progress. */
  finish?: (trx: Transaction<DB>, result: ScanResult) => Promise<ScanResult>;
}

/** Transactions that declared themselves transitions (runTransition does so in its first statement). */
const declared = new WeakSet<Transaction<DB>>();

/** Marks the transaction as a transition: the trigger cylinders_status_guard refuses status changes otherwise. */
export async function declareTransition(trx: Transaction<DB>): Promise<void> {
  if (declared.has(trx)) return;
  await sql`select set_config('cylinder.transition', 'on', true)`.execute(trx);
  declared.add(trx);
}

export async function lockCylinder(trx: Transaction<DB>, target: Target): Promise<LockedCylinder> {
  let q = trx.selectFrom('cylinders').select([
    'id', 'code', 'status', 'material_id', 'specification', 'tare_weight', 'last_filled_at', 'warehouse_id', 'location_enterprise_id', 'scrap_reason',
    'scrapped_at', 'scrapped_by',
    sql<string | null>`to_char(last_inspection_date, 'YYYY-MM-DD')`.as('last_inspection_date'),
    sql<string | null>`to_char(next_inspection_date, 'YYYY-MM-DD')`.as('next_inspection_date'),
  ]).forUpdate();
  q = target.id !== undefined ? q.where('id', '=', target.id) : q.where('code', '=', (target.code ?? '').trim());
  const row = await q.executeTakeFirst();
  if (!row) throw new BusinessError(target.id !== undefined ? `气瓶不存在：${target.id}` : `气瓶编码不存在：${target.code ?? ''}`);
  return row;
}

/**
 * Actions that are transitions although they may leave the status as it was: vacuum handling of a cylinder
 * in stock (2 → 2, before its first flammable fill) and an empty stock-in of one already in stock. Other
 * events that keep the status (a corrected test record, a periodic inspection, a valve change) are not.
 */
export const SAME_STATUS_TRANSITIONS = ['vacuum', 'stockInEmpty'] as const;

/** The newest event that still stands: not undone, not a rollback, and a transition (one that moved the status, or see above). */
export async function lastTransition(db: Kysely<DB>, cylinderId: number): Promise<LastEvent | null> {
  const row = await db.selectFrom('cylinder_traces')
    .select(['id', 'action', 'from_status', 'to_status', 'record_type', 'record_id', 'detail'])
    .where('cylinder_id', '=', cylinderId).where('reverted_by_id', 'is', null).where('action', '<>', 'rollback')
    .where((eb) => eb.or([
      eb('from_status', 'is', null), eb('from_status', '<>', eb.ref('to_status')), eb('action', 'in', [...SAME_STATUS_TRANSITIONS]),
    ]))
    .orderBy('seq', 'desc').limit(1).executeTakeFirst();
  return (row) ?? null;
}

export interface EventInput {
  cylinderId: number;
  fromStatus: number | null;
  toStatus: number;
  action: string;
  actor: Actor;
  scanId?: string | null;
  detail?: Record<string, unknown> | null;
  recordType?: string | null;
  recordId?: number | null;
  revertsId?: number | null;
}

/** Appends one event with the cylinder's next sequence number (the cylinder row must be locked or new). */
export async function appendEvent(trx: Transaction<DB>, e: EventInput): Promise<number> {
  return (await insertEvent(trx, e, null)).traceId;
}

/**
 * The event insert. With `newRecord`, the event names the record about to be written: its id is drawn
 * from that table's sequence in the same statement (record_id), so the event can name its record before
 * the record names the event, without a round trip of its own.
 */
async function insertEvent(trx: Transaction<DB>, e: EventInput, newRecord: RecordTable | null): Promise<{ traceId: number; recordId: number | null }> {
  const row = await trx.insertInto('cylinder_traces').values({
    cylinder_id: e.cylinderId,
    seq: nextSeq(e.cylinderId),
    from_status: e.fromStatus, to_status: e.toStatus, action: e.action,
    operator_id: e.actor.operatorId, operator: e.actor.operator, workstation: e.actor.workstation,
    scan_id: e.scanId ?? null, detail: e.detail ? toJsonb(e.detail) : null,
    record_type: e.recordType ?? null, reverts_id: e.revertsId ?? null,
    record_id: newRecord ? sql<number>`nextval(pg_get_serial_sequence(${newRecord}, 'id'))` : e.recordId ?? null,
  }).returning(['id', 'record_id']).executeTakeFirstOrThrow();
  return { traceId: Number(row.id), recordId: row.record_id === null ? null : Number(row.record_id) };
}

/**
 * Claims a scanId for this transaction. Another request with the same scanId waits here until this one
 * ends: if it committed, that request gets this answer; if it was refused (rolled back), it acts itself.
 */
export async function claimScan(trx: Transaction<DB>, scanId: string, action: string, code: string, settings?: ReturnType<typeof transitionSettings>): Promise<ScanResult | null> {
  // With `settings`, the transaction's settings are made in the claim's own statement (one round trip fewer).
  const claimed = settings
    ? (await sql<{ scan_id: string }>`insert into lifecycle_scans (scan_id, action, code, response)
        select ${scanId}, ${action}, ${code.slice(0, 64)}, null from (${settings}) settings
        on conflict (scan_id) do nothing returning scan_id`.execute(trx)).rows[0]
    : await trx.insertInto('lifecycle_scans').values({ scan_id: scanId, action, code: code.slice(0, 64), response: null })
      .onConflict((oc) => oc.column('scan_id').doNothing()).returning('scan_id').executeTakeFirst();
  if (claimed) return null;
  const stored = await trx.selectFrom('lifecycle_scans').select(['response', 'action', 'code']).where('scan_id', '=', scanId).executeTakeFirst();
  if (!stored?.response) throw new BusinessError('该扫描编号已在处理中，请稍后重试');
  if (stored.action !== action) throw new BusinessError('该扫描编号已用于另一项操作');
  // One scanId is one scan of one cylinder: sent with another code it is refused, never answered with the first cylinder's result.
  if (stored.code.trim() !== code.slice(0, 64).trim()) throw new BusinessError(`该扫描编号已用于另一个气瓶（${stored.code}），请重新扫码`);
  return stored.response as ScanResult;
}

/** Keeps the answer of a claimed scanId, for a retry of the same scan. */
export async function storeScan(trx: Transaction<DB>, scanId: string, result: ScanResult): Promise<void> {
  await trx.updateTable('lifecycle_scans').set({ response: toJsonb(result) }).where('scan_id', '=', scanId).execute();
}

const label = (action: string) => actionLabel(action);

export function wrongStatus(c: { code: string; status: number }, step: string, expected: readonly number[]): BusinessError {
  return new BusinessError(`气瓶 ${c.code} 当前状态为${statusLabel(c.status)}，不能${step}（应为${expected.map(statusLabel).join('或')}）`);
}

/** inTransaction's lock and statement timeouts and the transition declaration, as one select. */
const transitionSettings = () => sql`select set_config('lock_timeout', ${LOCK_TIMEOUT}, true), set_config('statement_timeout', ${STATEMENT_TIMEOUT}, true),
  set_config('cylinder.transition', 'on', true)`;

/**
 * Runs `def` on one cylinder in its own transaction (see runLocked): inTransaction's lock and statement
 * timeouts, set in the same first statement as the transition declaration and the scanId claim (round trips
 * are what a scan costs).
 */
export function runTransition<R extends ScanResult = ScanResult>(db: Kysely<DB>, def: Transition, target: Target, actor: Actor): Promise<R> {
  return db.transaction().execute(async (trx) => {
    declared.add(trx);
    if (target.scanId) {
      const earlier = await claimScan(trx, target.scanId, def.action, target.code ?? String(target.id ?? ''), transitionSettings());
      if (earlier) return earlier as R;
    } else {
      await transitionSettings().execute(trx);
    }
    await target.prepare?.(trx);
    const scanId = target.scanId ?? null;
    return (await runLocked(trx, def, await lockCylinder(trx, target), actor, scanId, { store: scanId, finish: target.finish })) as R;
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
  const { traceId, recordId } = await insertEvent(trx, {
    cylinderId: c.id, fromStatus: c.status, toStatus: outcome.to, action, actor, scanId,
    detail: { ...outcome.detail, ...(Object.keys(before).length ? { before } : {}) },
    recordType: outcome.record ? RECORD_TYPE[outcome.record.table] : null,
  }, outcome.record?.table ?? null);
  const done: ScanResult = {
    ...base, action, fromStatus: c.status, toStatus: outcome.to, traceId, recordId, repeated: false,
    message: outcome.message ?? `气瓶 ${c.code} ${def.label ?? label(action)}成功`,
    ...outcome.extra,
  };
  const result = answer.finish ? await answer.finish(trx, done) : done;

  // The record, the kept answer and the cylinder's new status in one statement (data-modifying CTEs): a
  // scan's cost is its round trips.
  let q: QueryCreator<DB> = trx;
  if (outcome.record) {
    const table = outcome.record.table;
    const values = {
      id: recordId!, cylinder_id: c.id, trace_id: traceId, operator_id: actor.operatorId, operator: actor.operator,
      workstation: actor.workstation, ...outcome.record.values,
    };
    q = q.with('written_record', (w) => w.insertInto(table as 'vacuum_records').values(values as never)) as unknown as QueryCreator<DB>;
  }
  if (answer.store) {
    const store = answer.store;
    q = q.with('kept_answer', (w) => w.updateTable('lifecycle_scans').set({ response: toJsonb(result) }).where('scan_id', '=', store)) as unknown as QueryCreator<DB>;
  }
  await q.updateTable('cylinders').set({ ...patch, status: outcome.to, updated_at: sql`now()` }).where('id', '=', c.id).execute();
  return result;
}
