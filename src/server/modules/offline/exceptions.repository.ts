import { sql, type Kysely, type Transaction } from 'kysely';
import type { ExceptionQuery, ExceptionRow, WorkstationQueueRow } from '@shared/api/offline';
import type { PageResult } from '@shared/api/schema';
import type { DB } from '../../db/schema';
import { paginate } from '../../lib/paging';
import { ts, tsOrNull } from '../../lib/sql';

/** The statements of 待处理异常 and of the stations' queue reports (exceptions.service.ts holds the rules). */

function rowsQuery(db: Kysely<DB>) {
  return db.selectFrom('offline_exceptions as e').select([
    'e.id', 'e.kind', 'e.station', 'e.code', 'e.scan_id as scanId', 'e.message',
    sql<string | null>`to_char(e.station_at at time zone current_setting('TimeZone'), 'YYYY-MM-DD HH24:MI:SS')`.as('stationAt'),
    'e.operator', 'e.workstation', ts('e.created_at').as('createdAt'), 'e.status', 'e.action', 'e.reason', 'e.result',
    'e.resolved_by as resolvedBy', tsOrNull('e.resolved_at').as('resolvedAt'),
  ]);
}

const toRow = (r: Awaited<ReturnType<ReturnType<typeof rowsQuery>['executeTakeFirstOrThrow']>>): ExceptionRow =>
  ({ ...r, id: Number(r.id), kind: r.kind === 'notice' ? 'notice' : 'refused' });

export interface NewException {
  kind: 'refused' | 'notice';
  station: string;
  code: string;
  scanId: string;
  path: string;
  body: string;
  message: string;
  stationAt: string | null;
  operator: string;
  workstation: string | null;
  userId: number;
}

/** One row per scanId: a kept scan sent again (its answer lost) finds the row it made. */
export async function insertException(db: Kysely<DB>, e: NewException): Promise<number> {
  const inserted = await db.insertInto('offline_exceptions').values({
    kind: e.kind, station: e.station, code: e.code, scan_id: e.scanId, path: e.path, body: e.body, message: e.message,
    station_at: e.stationAt, operator: e.operator.slice(0, 64), workstation: e.workstation, user_id: e.userId,
  }).onConflict((oc) => oc.column('scan_id').doNothing()).returning('id').executeTakeFirst();
  if (inserted) return Number(inserted.id);
  const existing = await db.selectFrom('offline_exceptions').select('id').where('scan_id', '=', e.scanId).executeTakeFirstOrThrow();
  return Number(existing.id);
}

/** Open (or resolved) ones, newest first: every user's, or one user's (`userId`), optionally of one workstation. */
export async function exceptionPage(db: Kysely<DB>, q: ExceptionQuery, userId: number | null): Promise<PageResult<ExceptionRow>> {
  let query = rowsQuery(db).where('e.status', '=', q.status ?? 'open');
  if (userId !== null) query = query.where('e.user_id', '=', userId);
  if (q.workstation?.trim()) query = query.where('e.workstation', '=', q.workstation.trim());
  const page = await paginate(query, q, { sorts: { id: 'e.id' }, defaultSort: 'id', tieBreaker: 'e.id' });
  return { total: page.total, list: page.list.map(toRow) };
}

export async function exceptionRow(db: Kysely<DB>, id: number): Promise<ExceptionRow> {
  return toRow(await rowsQuery(db).where('e.id', '=', id).executeTakeFirstOrThrow());
}

/** What the server recorded of a kept scan: what 重新扫描 runs again, as whom. */
export async function keptCall(db: Kysely<DB>, id: number) {
  return db.selectFrom('offline_exceptions').select([
    'id', 'kind', 'status', 'action', 'code', 'scan_id', 'path', 'body', 'user_id', 'operator', 'workstation', 'station_at', 'created_at',
  ]).where('id', '=', id).executeTakeFirst();
}

/** The row's status under a lock (resolved once). */
export async function lockedStatus(trx: Transaction<DB>, id: number): Promise<string> {
  return (await trx.selectFrom('offline_exceptions').select('status').where('id', '=', id).forUpdate().executeTakeFirstOrThrow()).status;
}

export async function markResolved(trx: Transaction<DB>, id: number, r: { action: string; reason: string; result: string; byId: number; by: string }): Promise<void> {
  await trx.updateTable('offline_exceptions').set({
    status: 'resolved', action: r.action, reason: r.reason, result: r.result.slice(0, 1000), resolved_by_id: r.byId, resolved_by: r.by, resolved_at: sql`now()`,
  }).where('id', '=', id).execute();
}

/** The last 重新扫描's refusal, kept on the open row. */
export async function noteResult(db: Kysely<DB>, id: number, result: string): Promise<void> {
  await db.updateTable('offline_exceptions').set({ result: result.slice(0, 1000) }).where('id', '=', id).where('status', '=', 'open').execute();
}

/* ---------------------------------------------------------------- queues */

/** The caller's report for a workstation: one row per workstation and user, so a user writes only their own. */
export async function upsertQueue(db: Kysely<DB>, q: { workstation: string; waiting: number; oldestAt: string | null; userId: number; userName: string }): Promise<void> {
  await db.insertInto('workstation_queues').values({
    workstation: q.workstation, waiting: q.waiting, oldest_at: q.oldestAt, user_id: q.userId, user_name: q.userName,
  }).onConflict((oc) => oc.columns(['workstation', 'user_id']).doUpdateSet({
    waiting: q.waiting, oldest_at: q.oldestAt, reported_at: sql`now()`, user_name: q.userName,
  })).execute();
}

/** Every report, those with scans waiting first (oldest first). */
export async function queueRows(db: Kysely<DB>): Promise<WorkstationQueueRow[]> {
  return db.selectFrom('workstation_queues as q').select([
    'q.workstation', 'q.waiting', tsOrNull('q.oldest_at').as('oldestAt'), ts('q.reported_at').as('reportedAt'), 'q.user_name as userName',
  ]).orderBy(sql`q.waiting > 0`, 'desc').orderBy(sql`q.oldest_at asc nulls last`).orderBy('q.workstation').orderBy('q.user_id').limit(500).execute();
}
