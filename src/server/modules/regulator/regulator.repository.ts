import { sql, type Kysely, type Transaction } from 'kysely';
import type { CodeMapRow, ConnectionRow, RecordDetail, RecordQuery, RecordRow, RegulatorState } from '@shared/api/regulator';
import type { PageResult } from '@shared/api/schema';
import type { DB } from '../../db/schema';
import { paginate } from '../../lib/paging';

type Db = Kysely<DB>;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/* ---------------------------------------------------------------- connections */

export const connectionRow = (db: Db, id: number) =>
  db.selectFrom('regulator_connections').selectAll().where('id', '=', id).executeTakeFirst();

export type ConnectionRecord = NonNullable<Awaited<ReturnType<typeof connectionRow>>>;

export async function listConnections(db: Db): Promise<Array<Omit<ConnectionRow, 'settings' | 'secretsSet' | 'latest'> & { raw: ConnectionRecord }>> {
  const rows = await db.selectFrom('regulator_connections').selectAll().orderBy('id').execute();
  const counts = await db.selectFrom('regulator_record_counts').select(['connection_id', 'state', (eb) => eb.fn.sum<number>('n').as('n')])
    .where('n', '>', 0).groupBy(['connection_id', 'state']).execute();
  return rows.map((r) => ({
    id: r.id, name: r.name, adapter: r.adapter, accessCode: r.access_code, kinds: r.kinds, enabled: r.enabled, cursor: Number(r.cursor),
    counts: Object.fromEntries(counts.filter((c) => c.connection_id === r.id).map((c) => [c.state, Number(c.n)])),
    lastError: r.last_error, createdAt: r.created_at.toISOString(), raw: r,
  }));
}

export interface ConnectionValues {
  name: string;
  adapter: string;
  access_code: string;
  settings: string;
  secrets: string | null;
  kinds: string[];
  enabled: boolean;
}

/** A new connection starts at the outbox's latest event: what happened before is sent by a back-fill. */
export async function insertConnection(db: Db, v: ConnectionValues, cursor: number, by: string | null): Promise<number> {
  const row = await db.insertInto('regulator_connections').values({ ...v, cursor, created_by: by }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateConnection(db: Db, id: number, v: ConnectionValues): Promise<void> {
  await db.updateTable('regulator_connections').set({ ...v, updated_at: sql<Date>`now()` }).where('id', '=', id).execute();
}

export async function setEnabled(db: Db, id: number, enabled: boolean): Promise<boolean> {
  const r = await db.updateTable('regulator_connections').set({ enabled, updated_at: sql<Date>`now()` }).where('id', '=', id).executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export const enabledConnectionIds = async (db: Db): Promise<number[]> =>
  (await db.selectFrom('regulator_connections').select('id').where('enabled', '=', true).orderBy('id').execute()).map((r) => r.id);

/** The connection reached its platform (null) or not (the error): failing_since kept from the first failure. */
export async function setReachable(db: Db, id: number, error: string | null): Promise<{ failingSince: Date | null }> {
  const row = await db.updateTable('regulator_connections')
    .set(error === null ? { last_error: null, failing_since: null } : { last_error: error, failing_since: sql<Date>`coalesce(failing_since, now())` })
    .where('id', '=', id).returning('failing_since').executeTakeFirst();
  return { failingSince: row?.failing_since ?? null };
}

/* ---------------------------------------------------------------- code maps */

export async function codesOf(db: Db, connectionId: number): Promise<Map<string, string>> {
  const rows = await db.selectFrom('regulator_code_maps').select(['code_table', 'local_key', 'code']).where('connection_id', '=', connectionId).execute();
  return new Map(rows.map((r) => [`${r.code_table}:${r.local_key}`, r.code]));
}

export async function codeTable(db: Db, connectionId: number, table: string, locals: Array<{ localKey: string; localName: string }>): Promise<CodeMapRow[]> {
  const rows = await db.selectFrom('regulator_code_maps').select(['local_key', 'code'])
    .where('connection_id', '=', connectionId).where('code_table', '=', table).execute();
  const codes = new Map(rows.map((r) => [r.local_key, r.code]));
  const listed = new Set(locals.map((l) => l.localKey));
  // A value mapped earlier that is no longer in use stays listed with its code.
  const extra = rows.filter((r) => !listed.has(r.local_key)).map((r) => ({ localKey: r.local_key, localName: r.local_key }));
  return [...locals, ...extra].map((l) => ({ ...l, code: codes.get(l.localKey) ?? null }));
}

export async function saveCodes(trx: Transaction<DB>, connectionId: number, table: string, entries: Array<{ localKey: string; code: string | null }>): Promise<void> {
  const set = entries.filter((e) => e.code);
  const cleared = entries.filter((e) => !e.code).map((e) => e.localKey);
  if (cleared.length) {
    await trx.deleteFrom('regulator_code_maps').where('connection_id', '=', connectionId).where('code_table', '=', table)
      .where('local_key', 'in', cleared).execute();
  }
  if (set.length) {
    await trx.insertInto('regulator_code_maps')
      .values(set.map((e) => ({ connection_id: connectionId, code_table: table, local_key: e.localKey, code: e.code! })))
      .onConflict((oc) => oc.columns(['connection_id', 'code_table', 'local_key']).doUpdateSet({ code: (eb) => eb.ref('excluded.code'), updated_at: sql<Date>`now()` }))
      .execute();
  }
}

/* ---------------------------------------------------------------- records */

export interface NewRecord {
  kind: string;
  recordId: string;
  seq: number;
  traceId: number | null;
  cylinderId: number;
  cylinderCode: string;
  eventAt: string;
}

/** Makes the records that are not there yet (one per connection, kind and record id), queued; answers how many were made. */
export async function insertRecords(db: Db, connectionId: number, records: NewRecord[]): Promise<number> {
  if (records.length === 0) return 0;
  const made = await db.insertInto('regulator_records').values(records.map((r) => ({
    connection_id: connectionId, kind: r.kind, record_id: r.recordId, seq: r.seq, trace_id: r.traceId, cylinder_id: r.cylinderId,
    cylinder_code: r.cylinderCode, event_at: r.eventAt, state: 'queued',
  }))).onConflict((oc) => oc.columns(['connection_id', 'kind', 'record_id']).doNothing()).returning('id').execute();
  return made.length;
}

/** Moves the cursor from `from` to `to`, unless another process moved it meanwhile. */
export async function moveCursor(db: Db, id: number, from: number, to: number): Promise<boolean> {
  const r = await db.updateTable('regulator_connections').set({ cursor: to }).where('id', '=', id).where('cursor', '=', from).executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export const dueRecords = (db: Db, connectionId: number, limit: number) =>
  db.selectFrom('regulator_records').select(['id', 'kind', 'record_id', 'seq', 'attempts', 'state', 'reason'])
    .where('connection_id', '=', connectionId).where('state', '=', 'queued')
    .where((eb) => eb.or([eb('next_attempt_at', 'is', null), eb('next_attempt_at', '<=', sql<Date>`now()`)]))
    .orderBy('seq').orderBy('id').limit(limit).execute();

/** Records waiting for a verdict, the least recently asked first; marked asked now, so the next poll asks the next ones. */
export async function awaitingVerdict(db: Db, connectionId: number, limit: number) {
  return db.transaction().execute(async (trx) => {
    const rows = await trx.selectFrom('regulator_records').select(['id', 'kind', 'record_id', 'platform_id', 'state'])
      .where('connection_id', '=', connectionId).where('state', 'in', ['sent', 'pendingAudit'])
      .orderBy(sql`asked_at nulls first`).orderBy('id').limit(limit).execute();
    if (rows.length) await trx.updateTable('regulator_records').set({ asked_at: sql<Date>`now()` }).where('id', 'in', rows.map((r) => r.id)).execute();
    return rows;
  });
}

export interface Outcome {
  id: number;
  /** The new state; unchanged (queued) after a failure. */
  state: RegulatorState;
  reason?: string | null;
  lastError?: string | null;
  platformId?: string | null;
  attempts?: number;
  nextAttemptAt?: Date | null;
  sent?: boolean;
  answered?: boolean;
  attempt?: { outcome: string; status: number | null; durationMs: number; detail: string | null; message: string | null };
}

/** Writes a record's new state and, when it was tried, the attempt; only while it is still in `from` (a resend meanwhile wins). */
export async function recordOutcome(db: Db, o: Outcome, from: readonly string[]): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const r = await trx.updateTable('regulator_records').set({
      state: o.state,
      ...(o.reason !== undefined ? { reason: o.reason } : {}),
      ...(o.lastError !== undefined ? { last_error: o.lastError } : {}),
      ...(o.platformId !== undefined ? { platform_id: o.platformId } : {}),
      ...(o.attempts !== undefined ? { attempts: o.attempts } : {}),
      ...(o.nextAttemptAt !== undefined ? { next_attempt_at: o.nextAttemptAt } : {}),
      ...(o.sent ? { sent_at: sql<Date>`now()` } : {}),
      ...(o.answered ? { answered_at: sql<Date>`now()` } : {}),
      updated_at: sql<Date>`now()`,
    }).where('id', '=', o.id).where('state', 'in', [...from]).executeTakeFirst();
    if (Number(r.numUpdatedRows) === 0) return false;
    if (o.attempt) {
      await trx.insertInto('regulator_attempts').values({
        record_id: o.id, outcome: o.attempt.outcome, status: o.attempt.status, duration_ms: o.attempt.durationMs,
        detail: o.attempt.detail, message: o.attempt.message,
      }).execute();
    }
    return true;
  });
}

/** Held records of a connection queued again (a code was mapped, the plant's details filled in). */
export async function requeueHeld(db: Db, connectionId: number): Promise<number> {
  const r = await db.updateTable('regulator_records').set({ state: 'queued', next_attempt_at: null, updated_at: sql<Date>`now()` })
    .where('connection_id', '=', connectionId).where('state', '=', 'held').executeTakeFirst();
  return Number(r.numUpdatedRows);
}

const RESENDABLE = ['rejected', 'auditRejected', 'held'] as const;

export async function requeue(db: Db, connectionId: number, ids: number[]): Promise<number> {
  const r = await db.updateTable('regulator_records')
    .set({ state: 'queued', attempts: 0, next_attempt_at: null, last_error: null, updated_at: sql<Date>`now()` })
    .where('connection_id', '=', connectionId).where('id', 'in', ids).where('state', 'in', [...RESENDABLE]).executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** The records of the days [from, to) (plant time): those not settled queued again; answers (requeued, settled). */
export async function requeueDays(db: Db, connectionId: number, from: string, toExclusive: string, settled: readonly string[]): Promise<{ requeued: number; settled: number }> {
  const r = await db.updateTable('regulator_records')
    .set({ state: 'queued', attempts: 0, next_attempt_at: null, last_error: null, updated_at: sql<Date>`now()` })
    .where('connection_id', '=', connectionId)
    .where('event_at', '>=', sql<Date>`${from}::timestamp`).where('event_at', '<', sql<Date>`${toExclusive}::timestamp`)
    .where('state', 'in', [...RESENDABLE]).executeTakeFirst();
  const kept = await db.selectFrom('regulator_records').where('connection_id', '=', connectionId)
    .where('event_at', '>=', sql<Date>`${from}::timestamp`).where('event_at', '<', sql<Date>`${toExclusive}::timestamp`)
    .where('state', 'in', [...settled]).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return { requeued: Number(r.numUpdatedRows), settled: Number(kept.n) };
}

const recordColumns = [
  'r.id', 'r.kind', 'r.record_id as recordId', 'r.seq', 'r.cylinder_code as cylinderCode', 'r.event_at', 'r.state', 'r.reason',
  'r.last_error as lastError', 'r.attempts', 'r.next_attempt_at', 'r.sent_at', 'r.answered_at', 'r.platform_id as platformId',
] as const;

type RawRecord = {
  id: number; kind: string; recordId: string; seq: number; cylinderCode: string; event_at: Date; state: string; reason: string | null;
  lastError: string | null; attempts: number; next_attempt_at: Date | null; sent_at: Date | null; answered_at: Date | null; platformId: string | null;
};

const asRow = (r: RawRecord): RecordRow => ({
  id: Number(r.id), kind: r.kind, recordId: r.recordId, seq: Number(r.seq), cylinderCode: r.cylinderCode, eventAt: r.event_at.toISOString(),
  state: r.state, reason: r.reason, lastError: r.lastError, attempts: r.attempts, nextAttemptAt: iso(r.next_attempt_at),
  sentAt: iso(r.sent_at), answeredAt: iso(r.answered_at), platformId: r.platformId,
});

/** The board: newest event first; every filter served by an index on (connection_id, …, event_at). */
export async function pageRecords(db: Db, q: RecordQuery): Promise<PageResult<RecordRow>> {
  let query = db.selectFrom('regulator_records as r').where('r.connection_id', '=', q.connectionId);
  if (q.kind) query = query.where('r.kind', '=', q.kind);
  if (q.state) query = query.where('r.state', '=', q.state);
  if (q.cylinderCode?.trim()) query = query.where('r.cylinder_code', '=', q.cylinderCode.trim());
  if (q.day) {
    query = query.where('r.event_at', '>=', sql<Date>`${q.day}::timestamp`).where('r.event_at', '<', sql<Date>`${q.day}::timestamp + interval '1 day'`);
  }
  // Without a day or a cylinder the total comes from the counters (a connection's records run to millions).
  const counted = !q.day && !q.cylinderCode?.trim();
  const page = await paginate(query.select([...recordColumns]), q, {
    sorts: { id: 'r.event_at' }, defaultSort: 'id', tieBreaker: 'r.id',
    ...(counted ? { total: () => countedRecords(db, q.connectionId, q.kind || null, q.state || null) } : {}),
  });
  return { total: Number(page.total), list: (page.list as RawRecord[]).map(asRow) };
}

async function countedRecords(db: Db, connectionId: number, kind: string | null, state: string | null): Promise<number> {
  let q = db.selectFrom('regulator_record_counts').select((eb) => eb.fn.coalesce(eb.fn.sum<number>('n'), sql<number>`0`).as('n'))
    .where('connection_id', '=', connectionId);
  if (kind) q = q.where('kind', '=', kind);
  if (state) q = q.where('state', '=', state);
  return Number((await q.executeTakeFirstOrThrow()).n);
}

export async function recordDetail(db: Db, id: number): Promise<RecordDetail | null> {
  const r = await db.selectFrom('regulator_records as r').select([...recordColumns]).where('r.id', '=', id).executeTakeFirst();
  if (!r) return null;
  const attempts = await db.selectFrom('regulator_attempts').select(['id', 'at', 'outcome', 'status', 'duration_ms', 'detail', 'message'])
    .where('record_id', '=', id).orderBy('id', 'desc').limit(50).execute();
  return {
    ...asRow(r),
    history: attempts.map((a) => ({
      id: Number(a.id), at: a.at.toISOString(), outcome: a.outcome, status: a.status, durationMs: a.duration_ms, detail: a.detail, message: a.message,
    })),
  };
}

export const recordConnection = async (db: Db, id: number): Promise<number | null> =>
  (await db.selectFrom('regulator_records').select('connection_id').where('id', '=', id).executeTakeFirst())?.connection_id ?? null;

/* ---------------------------------------------------------------- notices */

/** True the first time a cause is noted for a connection (tell 消息中心 then); false after. */
export async function firstNotice(db: Db, connectionId: number, cause: string): Promise<boolean> {
  const r = await db.insertInto('regulator_notices').values({ connection_id: connectionId, cause: cause.slice(0, 200) })
    .onConflict((oc) => oc.columns(['connection_id', 'cause']).doNothing()).returning('cause').execute();
  return r.length > 0;
}

/** A cause that ended (the platform answers again): told again if it comes back. */
export async function clearNotice(db: Db, connectionId: number, cause: string): Promise<void> {
  await db.deleteFrom('regulator_notices').where('connection_id', '=', connectionId).where('cause', '=', cause).execute();
}

/** advisory lock namespace of the per-connection work lock ('rg'). */
const LOCK_CLASS = 0x7267;

/** Runs `work` on one connection holding the connection's advisory lock; null (not run) when another process holds it. */
export async function withConnectionLock<T>(db: Db, id: number, work: (conn: Db) => Promise<T>): Promise<T | null> {
  return db.connection().execute(async (conn) => {
    const locked = await sql<{ ok: boolean }>`select pg_try_advisory_lock(${LOCK_CLASS}, ${id}) as ok`.execute(conn);
    if (!locked.rows[0]?.ok) return null;
    try {
      return await work(conn);
    } finally {
      await sql`select pg_advisory_unlock(${LOCK_CLASS}, ${id})`.execute(conn);
    }
  });
}
