import { sql, type Kysely } from 'kysely';
import type { FastifyRequest } from 'fastify';
import {
  EXCEPTION_ACTION_NAMES, type ExceptionAddBody, type ExceptionQuery, type ExceptionResolveBody, type ExceptionRow,
  type QueueReportBody, type WorkstationQueueRow,
} from '@shared/api/offline';
import type { PageResult } from '@shared/api/schema';
import { STATUS } from '@shared/lifecycle';
import type { DB } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { actorOf, requirePermission, type Actor } from '../../lib/access';
import { BusinessError } from '../../lib/errors';
import { toJsonb } from '../../lib/jsonb';
import { paginate } from '../../lib/paging';
import { ts, tsOrNull } from '../../lib/sql';
import { loadAccess } from '../auth';
import { runTransitionIn, scrap as scrapTransition } from '../cylinder';

/** A kept call's body as JSON is at most this long (a scan body is a few hundred characters). */
const MAX_BODY_JSON = 4000;

function rowsQuery(db: Kysely<DB>) {
  return db.selectFrom('offline_exceptions as e').select([
    'e.id', 'e.station', 'e.code', 'e.scan_id as scanId', 'e.message', sql<string | null>`to_char(e.station_at at time zone current_setting('TimeZone'), 'YYYY-MM-DD HH24:MI:SS')`.as('stationAt'),
    'e.operator', 'e.workstation', ts('e.created_at').as('createdAt'), 'e.status', 'e.action', 'e.reason', 'e.result',
    'e.resolved_by as resolvedBy', tsOrNull('e.resolved_at').as('resolvedAt'),
  ]);
}

const toRow = (r: Awaited<ReturnType<ReturnType<typeof rowsQuery>['executeTakeFirstOrThrow']>>): ExceptionRow => ({ ...r, id: Number(r.id) });

/**
 * POST /api/offline/exception/add: a kept scan the server refused on replay. One row per scanId: the station
 * sending it again (its answer lost) gets the same row, never a second one.
 */
export async function addException(db: Kysely<DB>, body: ExceptionAddBody, actor: Actor & { operatorId: number }): Promise<{ id: number }> {
  const json = toJsonb(body.body);
  if (json.length > MAX_BODY_JSON) throw new BusinessError(`参数错误：扫描内容过长（最多 ${MAX_BODY_JSON} 个字符）`);
  if (typeof body.body.scanId === 'string' && body.body.scanId.toLowerCase() !== body.scanId.toLowerCase()) {
    throw new BusinessError('参数错误：扫描内容的扫描编号与异常的扫描编号不一致');
  }
  const inserted = await db.insertInto('offline_exceptions').values({
    station: body.station, code: body.code, scan_id: body.scanId, path: body.path, body: json, message: body.message,
    station_at: body.stationAt ?? null, operator: body.operator ?? actor.operator, workstation: body.workstation ?? actor.workstation,
    user_id: actor.operatorId,
  }).onConflict((oc) => oc.column('scan_id').doNothing()).returning('id').executeTakeFirst();
  if (inserted) return { id: Number(inserted.id) };
  const existing = await db.selectFrom('offline_exceptions').select(['id', 'code']).where('scan_id', '=', body.scanId).executeTakeFirstOrThrow();
  if (existing.code.toLowerCase() !== body.code.toLowerCase()) throw new BusinessError(`扫描编号 ${body.scanId} 已登记为气瓶 ${existing.code} 的异常`);
  return { id: Number(existing.id) };
}

/** Whether the signed-in user holds `key` (a second key read inside the route). */
async function holds(request: FastifyRequest, key: string): Promise<boolean> {
  const auth = request.auth;
  if (!auth) return false;
  return (await loadAccess(request.server.db, auth.userId, auth.sessionId, key))?.allowed === true;
}

/**
 * POST /api/offline/exception/listPage: open ones by default, newest first. A supervisor (offline:exceptions)
 * sees every workstation's, or the one named; anyone else those of the workstation they sign in from (or,
 * on a client that names none, their own).
 */
export async function listExceptions(request: FastifyRequest, q: ExceptionQuery): Promise<PageResult<ExceptionRow>> {
  const db = request.server.db;
  const actor = actorOf(request);
  let query = rowsQuery(db).where('e.status', '=', q.status ?? 'open');
  if (await holds(request, 'offline:exceptions')) {
    if (q.workstation?.trim()) query = query.where('e.workstation', '=', q.workstation.trim());
  } else if (actor.workstation) {
    query = query.where('e.workstation', '=', actor.workstation);
  } else {
    query = query.where('e.user_id', '=', actor.operatorId);
  }
  const page = await paginate(query, q, { sorts: { id: 'e.id' }, defaultSort: 'id', tieBreaker: 'e.id' });
  return { total: page.total, list: page.list.map(toRow) };
}

/**
 * POST /api/offline/exception/resolve. 重新扫描 sends the kept call again (with its scanId, as the caller, so the
 * call's own permission and checks apply; a refusal leaves the exception open with the refusal, code -1);
 * 报废 scraps the cylinder (product:scrap) in the transaction that records the resolution; 回退 (the station's
 * kept effect withdrawn, nothing happened on the server) and 忽略 record the reason. Resolved once: a second
 * resolve is refused.
 */
export async function resolveException(request: FastifyRequest, body: ExceptionResolveBody): Promise<ExceptionRow> {
  const db = request.server.db;
  const actor = actorOf(request);
  const reason = body.reason.trim();
  if (!reason) throw new BusinessError('参数错误：处理原因不能为空');
  const current = await db.selectFrom('offline_exceptions').selectAll().where('id', '=', body.id).executeTakeFirst();
  if (!current) throw new BusinessError(`待处理异常不存在：${body.id}`);
  if (current.status !== 'open') throw new BusinessError(`待处理异常 ${body.id} 已处理（${EXCEPTION_ACTION_NAMES[current.action as keyof typeof EXCEPTION_ACTION_NAMES] ?? current.action}）`);

  let result = `${EXCEPTION_ACTION_NAMES[body.action]}：${reason}`;
  if (body.action === 'rescan') result = await rescan(request, current.path, current.body);
  if (body.action === 'scrap') await requirePermission(request, 'product:scrap');

  await inTransaction(db, async (trx) => {
    const locked = await trx.selectFrom('offline_exceptions').select(['status']).where('id', '=', body.id).forUpdate().executeTakeFirstOrThrow();
    if (locked.status !== 'open') throw new BusinessError(`待处理异常 ${body.id} 已处理`);
    if (body.action === 'scrap') {
      const c = await trx.selectFrom('cylinders').select(['id', 'status']).where('code', '=', current.code).executeTakeFirst();
      if (!c) throw new BusinessError(`气瓶不存在：${current.code}`);
      if (c.status !== STATUS.scrap) {
        const done = await runTransitionIn(trx, scrapTransition(reason, actor), c.id, actor);
        result = done.message;
      } else {
        result = `气瓶 ${current.code} 已报废`;
      }
    }
    await trx.updateTable('offline_exceptions').set({
      status: 'resolved', action: body.action, reason, result: result.slice(0, 1000),
      resolved_by_id: actor.operatorId, resolved_by: actor.operator, resolved_at: sql`now()`,
    }).where('id', '=', body.id).execute();
  });
  return toRow(await rowsQuery(db).where('e.id', '=', body.id).executeTakeFirstOrThrow());
}

/** The kept call sent again now, as the caller (their token and workstation): its answer's message, or its refusal. */
async function rescan(request: FastifyRequest, path: string, body: unknown): Promise<string> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  for (const h of ['authorization', 'cookie', 'x-workstation'] as const) {
    const v = request.headers[h];
    if (typeof v === 'string') headers[h] = v;
  }
  const res = await request.server.inject({ method: 'POST', url: path, headers, payload: JSON.stringify(body) });
  let answer: { code?: number; msg?: string; data?: { message?: string } } = {};
  try {
    answer = res.json();
  } catch {
    throw new BusinessError(`重新扫描失败（HTTP ${res.statusCode}）`);
  }
  if (answer.code !== 0) {
    await request.server.db.updateTable('offline_exceptions').set({ result: `重新扫描被拒绝：${answer.msg ?? ''}`.slice(0, 1000) })
      .where('scan_id', '=', String((body as { scanId?: unknown }).scanId ?? '')).execute();
    throw new BusinessError(`重新扫描被拒绝：${answer.msg ?? `HTTP ${res.statusCode}`}`);
  }
  return `重新扫描：${answer.data?.message ?? '成功'}`;
}

/** POST /api/offline/queueReport: what the calling workstation (X-Workstation, else the user) keeps now. */
export async function reportQueue(db: Kysely<DB>, body: QueueReportBody, actor: Actor & { operatorId: number; operator: string }): Promise<null> {
  const workstation = actor.workstation ?? `（${actor.operator}）`.slice(0, 64);
  await db.insertInto('workstation_queues').values({
    workstation, waiting: body.waiting, oldest_at: body.waiting ? (body.oldestAt ?? null) : null, user_id: actor.operatorId, user_name: actor.operator,
  }).onConflict((oc) => oc.column('workstation').doUpdateSet({
    waiting: body.waiting, oldest_at: body.waiting ? (body.oldestAt ?? null) : null, reported_at: sql`now()`,
    user_id: actor.operatorId, user_name: actor.operator,
  })).execute();
  return null;
}

/** GET /api/offline/queues: every workstation's last report, those with scans waiting first (oldest first). */
export async function queues(db: Kysely<DB>): Promise<WorkstationQueueRow[]> {
  const rows = await db.selectFrom('workstation_queues as q').select([
    'q.workstation', 'q.waiting', tsOrNull('q.oldest_at').as('oldestAt'), ts('q.reported_at').as('reportedAt'), 'q.user_name as userName',
  ]).orderBy(sql`q.waiting > 0`, 'desc').orderBy(sql`q.oldest_at asc nulls last`).orderBy('q.workstation').limit(500).execute();
  return rows;
}
