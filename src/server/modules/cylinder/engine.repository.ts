import { sql, type Kysely, type QueryCreator, type RawBuilder, type Transaction } from 'kysely';
import type { ScanResult } from '@shared/api/production';
import type { DB } from '../../db/schema';
import { precompiled } from '../../db/precompiled';
import { LOCK_TIMEOUT, STATEMENT_TIMEOUT } from '../../db/transaction';
import { BusinessError } from '../../lib/errors';
import { toJsonb } from '../../lib/jsonb';
import { nextSeq } from './trace.repository';
import { gasJson, projectsJson } from './production.repository';
import { ruleNumber } from '../systemRule';
import type { TimeFacts } from './station-time';
import { eventTimeOf, undoCustody, withCustody, type CustodyMove } from './custody.repository';
import { type Actor, type CylinderPatch, type FirstRead, type LastEvent, type LockedCylinder, type RecordTable, type Target } from './transition';

/** The engine's statements (engine.ts holds its rules). */

/** inTransaction's lock and statement timeouts and the transition declaration, as one select. */
export const transitionSettings = () => sql`select set_config('lock_timeout', ${LOCK_TIMEOUT}, true), set_config('statement_timeout', ${STATEMENT_TIMEOUT}, true),
  set_config('cylinder.transition', 'on', true)`;

/** Transactions that declared themselves transitions (runTransition does so in its first statement). */
const declared = new WeakSet<Transaction<DB>>();

/** Notes a transaction whose first statement declared it (see transitionSettings). */
export const markTransaction = (trx: Transaction<DB>) => declared.add(trx);

/** Marks the transaction as a transition: the trigger cylinders_status_guard refuses status changes otherwise. */
export async function declareTransition(trx: Transaction<DB>): Promise<void> {
  if (declared.has(trx)) return;
  await sql`select set_config('cylinder.transition', 'on', true)`.execute(trx);
  declared.add(trx);
}

/**
 * What a transition's locking read also brings (Transition.lockRead): its gas ('gas', as gasOf reads it) or its
 * gas's standing test projects ('projects', as inspectionItemsOf reads them), each as one scalar subquery of the
 * lock's own statement (no join: FOR UPDATE locks the cylinder row alone). Neither is written by anything that
 * locks the cylinder, so reading them in the locking statement rather than in one after it changes nothing a
 * caller can tell; it saves the scan a round trip.
 */
export type LockRead = 'gas' | 'projects';
const LOCK_READS: Record<LockRead, RawBuilder<unknown>> = { gas: gasJson('cylinders'), projects: projectsJson('cylinders') };

export async function lockCylinder(trx: Transaction<DB>, target: Target, read?: LockRead): Promise<LockedCylinder> {
  const { rows } = target.id !== undefined
    ? await LOCK_BY_ID[read ?? 'none'](trx, { id: target.id })
    : await LOCK_BY_CODE[read ?? 'none'](trx, { code: (target.code ?? '').trim() });
  const row = rows[0] as (LockedCylinder & { gas?: LockedCylinder['gas'] | null }) | undefined;
  if (!row) throw new BusinessError(target.id !== undefined ? `气瓶不存在：${target.id}` : `气瓶编码不存在：${target.code ?? ''}`);
  // A cylinder whose gas is gone has no gas here: the transition's own read refuses it as before.
  if (row.gas === null) delete row.gas;
  return row;
}

/** The locking read, by id or by code, with what `read` adds; built once per shape (every scan runs one). */
function lockQuery(db: Kysely<DB>, by: { id: number } | { code: string }, read: LockRead | 'none') {
  const q = db.selectFrom('cylinders').select([
    'id', 'code', 'status', 'material_id', 'specification', 'tare_weight', 'last_filled_at', 'warehouse_id', 'in_workshop', 'location_enterprise_id', 'located_since',
    'on_trip_id', 'scrap_reason', 'scrapped_at', 'scrapped_by',
    sql<string | null>`to_char(last_inspection_date, 'YYYY-MM-DD')`.as('last_inspection_date'),
    sql<string | null>`to_char(next_inspection_date, 'YYYY-MM-DD')`.as('next_inspection_date'),
    ...(read === 'none' ? [] : [LOCK_READS[read].as(read)]),
  ]).forUpdate();
  return 'id' in by ? q.where('id', '=', by.id) : q.where('code', '=', by.code);
}
const READS = ['none', 'gas', 'projects'] as const;
const LOCK_BY_ID = Object.fromEntries(READS.map((r) => [r, precompiled((db, a: { id: number }) => lockQuery(db, a, r), ['id'])])) as
  Record<LockRead | 'none', (db: Kysely<DB>, a: { id: number }) => Promise<{ rows: unknown[] }>>;
const LOCK_BY_CODE = Object.fromEntries(READS.map((r) => [r, precompiled((db, a: { code: string }) => lockQuery(db, a, r), ['code'])])) as
  Record<LockRead | 'none', (db: Kysely<DB>, a: { code: string }) => Promise<{ rows: unknown[] }>>;

/**
 * Actions that are transitions although they may leave the status as it was: vacuum handling of a cylinder
 * in stock (2 → 2, before its first flammable fill), an empty stock-in of one already in stock, and 交付 (9 → 9, from
 * a trip's vehicle to the customer: a second scan of it is a repeat). Other
 * events that keep the status (a corrected test record, a periodic inspection, a valve change) are not.
 */
export const SAME_STATUS_TRANSITIONS = ['vacuum', 'stockInEmpty', 'deliver'] as const;

/** The newest event that still stands: not undone, not a rollback, and a transition (one that moved the status, or see above). */
export async function lastTransition(db: Kysely<DB>, cylinderId: number): Promise<LastEvent | null> {
  const row = await db.selectFrom('cylinder_traces')
    .select(['id', 'action', 'from_status', 'to_status', 'record_type', 'record_id', 'detail', 'operator',
      sql<Date>`coalesce(case when time_flag is null then station_at end, at)`.as('done_at')])
    .where('cylinder_id', '=', cylinderId).where('reverted_by_id', 'is', null).where('action', '<>', 'rollback')
    .where((eb) => eb.or([
      eb('from_status', 'is', null), eb('from_status', '<>', eb.ref('to_status')), eb('action', 'in', [...SAME_STATUS_TRANSITIONS]),
    ]))
    .orderBy('seq', 'desc').limit(1).executeTakeFirst();
  return (row) ?? null;
}

/**
 * What a scan's station times are judged against (station-time.ts): the cylinder's newest event (its station time
 * when it has one) and the plant's two bounds, in one statement.
 */
export async function timeFacts(trx: Transaction<DB>, cylinderId: number): Promise<TimeFacts> {
  const row = await sql<{ prev_at: Date | null; prev_action: string | null; replay_hours: number; fill_minutes: number }>`select
      p.prev_at, p.prev_action, ${ruleNumber('replayMaxHours')} as replay_hours, ${ruleNumber('fillMaxMinutes')} as fill_minutes
    from (select 1) one left join lateral (select coalesce(t.station_at, t.at) as prev_at, t.action as prev_action from cylinder_traces t
      where t.cylinder_id = ${cylinderId} order by t.seq desc limit 1) p on true`.execute(trx);
  const r = row.rows[0]!;
  return {
    previous: r.prev_at && r.prev_action ? { at: new Date(r.prev_at), action: r.prev_action } : null,
    replayMaxHours: Number(r.replay_hours), fillMaxMinutes: Number(r.fill_minutes),
  };
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
  /** The station's time outside the plant's bounds (station-time.ts). */
  timeFlag?: string | null;
}

/** Appends one event with the cylinder's next sequence number (the cylinder row must be locked or new). */
export async function appendEvent(trx: Transaction<DB>, e: EventInput): Promise<number> {
  return (await insertTransitionEvent(trx, e, null)).traceId;
}

/**
 * The event insert. With `newRecord`, the event names the record about to be written: its id is drawn
 * from that table's sequence in the same statement (record_id), so the event can name its record before
 * the record names the event, without a round trip of its own.
 */
export async function insertTransitionEvent(trx: Transaction<DB>, e: EventInput, newRecord: RecordTable | null): Promise<{ traceId: number; recordId: number | null }> {
  const row = await trx.insertInto('cylinder_traces').values(eventValues(e, newRecord)).returning(['id', 'record_id']).executeTakeFirstOrThrow();
  return { traceId: Number(row.id), recordId: row.record_id === null ? null : Number(row.record_id) };
}

/** The event row (see insertTransitionEvent). */
function eventValues(e: EventInput, newRecord: RecordTable | null) {
  return {
    cylinder_id: e.cylinderId,
    seq: nextSeq(e.cylinderId),
    from_status: e.fromStatus, to_status: e.toStatus, action: e.action,
    operator_id: e.actor.operatorId, operator: e.actor.operator, workstation: e.actor.workstation,
    scan_id: e.scanId ?? null, detail: e.detail ? toJsonb(e.detail) : null,
    station_at: e.actor.stationAt ?? null, replayed: e.actor.replayed === true, time_flag: e.timeFlag ?? null,
    entered_by_id: e.actor.enteredBy?.operatorId ?? null, entered_by: e.actor.enteredBy?.operator ?? null,
    record_type: e.recordType ?? null, reverts_id: e.revertsId ?? null,
    record_id: newRecord ? sql<number>`nextval(pg_get_serial_sequence(${newRecord}, 'id'))` : e.recordId ?? null,
  };
}

/**
 * Claims a scanId for this transaction. Another request with the same scanId waits here until this one
 * ends: if it committed, that request gets this answer; if it was refused (rolled back), it acts itself.
 */
export async function claimScan(
  trx: Transaction<DB>, scanId: string, action: string, code: string, settings?: ReturnType<typeof transitionSettings>, first?: FirstRead,
): Promise<ScanResult | null> {
  // With `settings`, the transaction's settings are made in the claim's own statement (one round trip fewer),
  // and so is the caller's first read (`first`), checked before anything else.
  let claimed: { scan_id: string } | undefined;
  if (settings) {
    const row = (await sql<{ claimed: string | null; first: unknown }>`with settings as (select ${first ? first.read : sql`null`} as first from (${settings}) s),
      claimed as (insert into lifecycle_scans (scan_id, action, code, response)
        select ${scanId}, ${action}, ${code.slice(0, 64)}, null from settings on conflict (scan_id) do nothing returning scan_id)
      select (select scan_id from claimed) as claimed, settings.first from settings`.execute(trx)).rows[0]!;
    first?.check(row.first);
    claimed = row.claimed === null ? undefined : { scan_id: row.claimed };
  } else {
    claimed = await trx.insertInto('lifecycle_scans').values({ scan_id: scanId, action, code: code.slice(0, 64), response: null })
      .onConflict((oc) => oc.column('scan_id').doNothing()).returning('scan_id').executeTakeFirst();
  }
  if (claimed) return null;
  const stored = await trx.selectFrom('lifecycle_scans').select(['response', 'action', 'code']).where('scan_id', '=', scanId).executeTakeFirst();
  if (!stored?.response) throw new BusinessError('该扫描编号已在处理中，请稍后重试');
  if (stored.action !== action) throw new BusinessError('该扫描编号已用于另一项操作');
  // One scanId is one scan of one cylinder: sent with another code it is refused, never answered with the first cylinder's result.
  if (stored.code.trim() !== code.slice(0, 64).trim()) throw new BusinessError(`该扫描编号已用于另一个气瓶（${stored.code}），请重新扫码`);
  return stored.response as ScanResult;
}

/** The transition's settings with the caller's first read (see FirstRead), for a transition without a scanId. */
export async function settingsWith(trx: Transaction<DB>, settings: ReturnType<typeof transitionSettings>, first: FirstRead): Promise<void> {
  const row = (await sql<{ first: unknown }>`select ${first.read} as first from (${settings}) s`.execute(trx)).rows[0]!;
  first.check(row.first);
}

/** Keeps the answer of a claimed scanId, for a retry of the same scan. */
export async function storeScan(trx: Transaction<DB>, scanId: string, result: ScanResult): Promise<void> {
  await trx.updateTable('lifecycle_scans').set({ response: toJsonb(result) }).where('scan_id', '=', scanId).execute();
}


/** What a transition writes after its event: the record, the kept answer of its scanId, the cylinder's new status. */
export interface OutcomeWrite {
  cylinderId: number;
  to: number;
  patch: CylinderPatch;
  actor: Actor;
  traceId: number;
  recordId: number | null;
  record: { table: RecordTable; values: Record<string, unknown> } | null;
  keep: { scanId: string; result: ScanResult } | null;
  /** The holder changes (custodyMove): the custody record is kept in the same statement. */
  custody?: CustodyMove | null;
}

/**
 * The record, the kept answer and the cylinder's new status in one statement (data-modifying CTEs): a scan's
 * cost is its round trips.
 */
export async function writeOutcome(trx: Transaction<DB>, w: OutcomeWrite): Promise<void> {
  let q: QueryCreator<DB> = trx;
  if (w.record) {
    const table = w.record.table;
    const values = {
      id: w.recordId!, cylinder_id: w.cylinderId, trace_id: w.traceId, operator_id: w.actor.operatorId, operator: w.actor.operator,
      workstation: w.actor.workstation, ...w.record.values,
    };
    q = q.with('written_record', (c) => c.insertInto(table as 'vacuum_records').values(values as never)) as unknown as QueryCreator<DB>;
  }
  if (w.keep) {
    const { scanId, result } = w.keep;
    q = q.with('kept_answer', (c) => c.updateTable('lifecycle_scans').set({ response: toJsonb(result) }).where('scan_id', '=', scanId)) as unknown as QueryCreator<DB>;
  }
  if (w.custody) q = withCustody(q, w.custody, w.cylinderId, w.traceId, eventTimeOf(w.traceId));
  await q.updateTable('cylinders').set({ ...w.patch, status: w.to, updated_at: sql`now()` }).where('id', '=', w.cylinderId).execute();
}

/**
 * The event and what writeOutcome writes, in one statement (data-modifying CTEs): the event's id and its record's
 * id (drawn in the event insert, see insertTransitionEvent) reach the record and the kept answer through the
 * event's RETURNING. The kept answer is `keep.result` with traceId and recordId set from there (jsonb's `||`), so
 * it is the answer the caller returns once it has set the same two ids.
 */
export async function writeEventAndOutcome(
  trx: Transaction<DB>, e: EventInput, w: Omit<OutcomeWrite, 'traceId' | 'recordId'>,
): Promise<{ traceId: number; recordId: number | null }> {
  const newRecord = w.record?.table ?? null;
  // The event's times come back too when the custody record needs the event's time (eventTimeOf('ev')).
  const returned = w.custody ? ['id', 'record_id', 'at', 'station_at', 'time_flag'] as const : ['id', 'record_id'] as const;
  let q = trx.with('ev', (c) => c.insertInto('cylinder_traces').values(eventValues(e, newRecord)).returning([...returned])) as unknown as QueryCreator<DB>;
  if (w.record) {
    const values = {
      ...w.record.values, id: sql`(select record_id from ev)`, cylinder_id: w.cylinderId, trace_id: sql`(select id from ev)`,
      operator_id: w.actor.operatorId, operator: w.actor.operator, workstation: w.actor.workstation,
    };
    q = q.with('written_record', (c) => c.insertInto(w.record!.table as 'vacuum_records').values(values as never)) as unknown as QueryCreator<DB>;
  }
  if (w.keep) {
    const { scanId, result } = w.keep;
    q = q.with('kept_answer', (c) => c.updateTable('lifecycle_scans')
      .set({ response: sql`${toJsonb(result)}::jsonb || jsonb_build_object('traceId', (select id from ev), 'recordId', (select record_id from ev))` })
      .where('scan_id', '=', scanId)) as unknown as QueryCreator<DB>;
  }
  if (w.custody) q = withCustody(q, w.custody, w.cylinderId, sql<number>`(select id from ev)`, eventTimeOf('ev'));
  q = q.with('moved', (c) => c.updateTable('cylinders').set({ ...w.patch, status: w.to, updated_at: sql`now()` }).where('id', '=', w.cylinderId)) as unknown as QueryCreator<DB>;
  const row = await (q as unknown as Kysely<DB & { ev: { id: number; record_id: number | null } }>).selectFrom('ev').select(['id', 'record_id']).executeTakeFirstOrThrow();
  return { traceId: Number(row.id), recordId: row.record_id === null ? null : Number(row.record_id) };
}

/**
 * A rollback's writes: the undone event points to the rollback, its record is marked reverted (never
 * deleted), the cylinder gets back its status and the columns the event changed, and its custody periods are undone.
 */
export async function undoEvent(trx: Transaction<DB>, u: {
  cylinderId: number; eventId: number; rollbackId: number; record: { table: RecordTable; id: number } | null; before: Record<string, unknown>; to: number;
}): Promise<void> {
  await trx.updateTable('cylinder_traces').set({ reverted_by_id: u.rollbackId }).where('id', '=', u.eventId).execute();
  if (u.record) await trx.updateTable(u.record.table).set({ reverted_at: sql`now()` }).where('id', '=', u.record.id).execute();
  await trx.updateTable('cylinders').set({ ...u.before, status: u.to, updated_at: sql`now()` }).where('id', '=', u.cylinderId).execute();
  // An event that changed the holder opened and/or closed custody periods: undone with it.
  if ('location_enterprise_id' in u.before) await undoCustody(trx, u.eventId);
}

/** Locks the cylinders with these codes in id order (a call that moves several locks them all first, as every such call does). */
export async function lockCodes(trx: Transaction<DB>, codes: string[]): Promise<void> {
  await trx.selectFrom('cylinders').select('id').where('code', 'in', codes).orderBy('id').forUpdate().execute();
}
