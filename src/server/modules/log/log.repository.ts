import { sql, type Kysely, type Transaction } from 'kysely';
import type { LogFilters, LogPageQuery, LogSetPageQuery } from '@shared/api/log';
import type { PageParams, PageResult } from '@shared/api/schema';
import type { DB } from '../../db/schema';
import type { OperationLogRow } from '../../plugins/operation-log';
import { cappedCount, escapeLike, paginate } from '../../lib/paging';
import { filterTime } from './log-time';
import { patternRegex, staticPrefix } from './route-catalogue';

type Db = Kysely<DB>;

/** The log grows with every change for the life of the plant: list totals count at most this far. */
export const LOG_COUNT_CAP = 100_000;

const LOG_SORTS = { createdAt: 'l.created_at', durationMs: 'l.duration_ms' };
const SET_SORTS = { createdAt: 's.created_at', logUrl: 's.log_url' };

/** A log row as stored: the service adds the module's name and the route's summary. */
export interface StoredLog {
  id: number;
  userId: number | null;
  userName: string | null;
  ip: string | null;
  method: string;
  path: string;
  module: string;
  code: number | null;
  durationMs: number;
  requestId: string;
  createdAt: Date;
}

function logRows(db: Db) {
  return db.selectFrom('operation_logs as l').select([
    'l.id', 'l.user_id as userId', 'l.user_name as userName', 'l.ip', 'l.method', 'l.path',
    // Rows written before the module column have it filled by the migration; this is only a safety net.
    sql<string>`coalesce(l.module, split_part(l.path, '/', 3))`.as('module'),
    'l.code', 'l.duration_ms as durationMs', 'l.request_id as requestId', 'l.created_at as createdAt',
  ]);
}
type LogQuery = ReturnType<typeof logRows>;

/** The text just after every text starting with `prefix` (byte order, as text_pattern_ops sorts), if there is one. */
function prefixEnd(prefix: string): string | undefined {
  const last = prefix.codePointAt(prefix.length - 1);
  if (last === undefined || last >= 0xd7ff) return undefined;
  return prefix.slice(0, -1) + String.fromCodePoint(last + 1);
}

/**
 * Paths starting with `prefix`, as a range on the (path text_pattern_ops) index: a LIKE with a bound
 * parameter is not planned as a range once the statement is prepared, a range always is.
 */
function pathStartsWith(query: LogQuery, prefix: string): LogQuery {
  const end = prefixEnd(prefix);
  const from = query.where(sql<boolean>`l.path ~>=~ ${prefix}`);
  return end ? from.where(sql<boolean>`l.path ~<~ ${end}`) : from.where('l.path', 'like', `${escapeLike(prefix)}%`);
}

function filtered(db: Db, q: LogFilters): LogQuery {
  let query = logRows(db);
  if (q.userName?.trim()) query = query.where('l.user_name', 'ilike', `%${escapeLike(q.userName.trim())}%`);
  if (q.start) query = query.where('l.created_at', '>=', filterTime(q.start, '开始时间'));
  if (q.end) query = query.where('l.created_at', '<', filterTime(q.end, '结束时间', true));
  if (q.module?.trim()) query = query.where('l.module', '=', q.module.trim());
  const path = q.path?.trim();
  if (path?.startsWith('/')) query = pathStartsWith(query, path);
  else if (path) query = query.where('l.path', 'like', `%${escapeLike(path)}%`);
  if (q.result === 'success') query = query.where('l.code', '=', 0);
  if (q.result === 'failure') query = query.where((eb) => eb.or([eb('l.code', 'is', null), eb('l.code', '<>', 0)]));
  return query;
}

const page = (db: Db, query: LogQuery, q: PageParams): Promise<PageResult<StoredLog>> =>
  paginate(query, q, { sorts: LOG_SORTS, defaultSort: 'createdAt', tieBreaker: 'l.id', total: () => cappedCount(db, query, LOG_COUNT_CAP) });

export const pageLogs = (db: Db, q: LogPageQuery) => page(db, filtered(db, q), q);

export function findLog(db: Db, id: number): Promise<(StoredLog & { params: unknown }) | undefined> {
  return logRows(db).select('l.params').where('l.id', '=', id).executeTakeFirst();
}

/** The filtered rows with their parameters, newest first, in batches (an export never holds them all). */
export async function* logBatches(db: Db, q: LogFilters, cap: number, batch = 1000): AsyncGenerator<Array<StoredLog & { params: unknown }>> {
  let before: number | undefined;
  let sent = 0;
  while (sent < cap) {
    let query = filtered(db, q).select('l.params');
    if (before !== undefined) query = query.where('l.id', '<', before);
    const rows = await query.orderBy('l.id', 'desc').limit(Math.min(batch, cap - sent)).execute();
    if (rows.length === 0) return;
    yield rows;
    sent += rows.length;
    before = rows[rows.length - 1]!.id;
  }
}

/** The log rows of one route (`method pattern`): the stored concrete paths the pattern matches. */
export function pageLogsOfRoute(db: Db, method: string, pattern: string, q: PageParams): Promise<PageResult<StoredLog>> {
  let query = logRows(db).where('l.method', '=', method);
  const prefix = staticPrefix(pattern);
  if (prefix === pattern) query = query.where('l.path', '=', pattern);
  else query = pathStartsWith(query, prefix).where(sql<boolean>`l.path ~ ${patternRegex(pattern).source}`);
  return page(db, query, q);
}

/* ---------------------------------------------------------------- settings */

export interface StoredSetting {
  id: number;
  logUrl: string;
  method: string;
  logName: string;
  logged: number;
  keptParams: string[];
  remark: string | null;
  createdAt: string;
}

/** The columns a save writes: all but the generated id and the creation time. */
export interface SettingValues {
  method: string;
  log_url: string;
  log_name: string;
  logged: number;
  kept_params: string[];
  remark: string | null;
}

function settingRows(db: Db) {
  return db.selectFrom('log_settings as s').select([
    's.id', 's.log_url as logUrl', 's.method', 's.log_name as logName', 's.logged', 's.kept_params as keptParams', 's.remark',
    sql<string>`to_char(s.created_at, 'YYYY-MM-DD HH24:MI:SS')`.as('createdAt'),
  ]);
}

/** Settings are few (one per route at most): the filters scan the small table. */
export function pageSettings(db: Db, q: LogSetPageQuery): Promise<PageResult<StoredSetting>> {
  let query = settingRows(db);
  if (q.logUrl?.trim()) query = query.where('s.log_url', 'ilike', `%${escapeLike(q.logUrl.trim())}%`);
  if (q.module?.trim()) query = query.where('s.log_url', 'like', `/api/${escapeLike(q.module.trim())}/%`);
  return paginate(query, q, { sorts: SET_SORTS, defaultSort: 'createdAt', tieBreaker: 's.id' });
}

export const findSetting = (db: Db, id: number): Promise<StoredSetting | undefined> =>
  settingRows(db).where('s.id', '=', id).executeTakeFirst();

/** The setting of a route (index log_settings_route_key). */
export const settingOfRoute = (db: Db, method: string, logUrl: string): Promise<{ id: number } | undefined> =>
  db.selectFrom('log_settings').select('id').where('method', '=', method).where('log_url', '=', logUrl).executeTakeFirst();

export async function insertSetting(trx: Transaction<DB>, values: SettingValues): Promise<number> {
  return (await trx.insertInto('log_settings').values(values).returning('id').executeTakeFirstOrThrow()).id;
}

export async function updateSetting(trx: Transaction<DB>, id: number, values: SettingValues): Promise<void> {
  await trx.updateTable('log_settings').set(values).where('id', '=', id).execute();
}

export async function deleteSetting(trx: Transaction<DB>, id: number): Promise<boolean> {
  const result = await trx.deleteFrom('log_settings').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Every interface-log setting (the cache in log-settings.ts holds them in memory). */
export const readLogSettings = (db: Db) => db.selectFrom('log_settings').select(['method', 'log_url', 'logged', 'kept_params']).execute();

/** Rows of the operation log, in one statement (the operation-log plugin batches them). */
export async function insertOperationLogs(db: Db, rows: OperationLogRow[]): Promise<void> {
  await db.insertInto('operation_logs').values(rows).execute();
}
