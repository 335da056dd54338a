import type { Kysely } from 'kysely';
import {
  EXCEPTION_ACTION_NAMES, KEPT_CALLS, isReplayablePath, stationAtProblem, type ExceptionQuery, type ExceptionResolveBody, type ExceptionRow,
  type QueueReportBody, type ReplayablePath, type WorkstationQueueRow,
} from '@shared/api/offline';
import type { ScanResult } from '@shared/api/production';
import type { HouseholdDeliveryRules } from '@shared/household/delivery';
import type { PageResult } from '@shared/api/schema';
import { permissionLabel, type PermissionKey } from '@shared/menus';
import { STATUS } from '@shared/lifecycle';
import type { DB } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import type { Actor, HoldsPermission } from '../../lib/access';
import { BusinessError, ForbiddenError } from '../../lib/errors';
import { toJsonb } from '../../lib/jsonb';
import type { KeptScanReport } from '../../lib/kept-scans';
import { bodyProblem } from '../../lib/validator';
import { userHolds } from '../auth';
import { briefByCode, runProductionScan, runTransitionIn, scrap as scrapTransition, type ProductionScanPath, type ScanChecks } from '../cylinder';
import { deliverToHousehold } from '../household';
import { inStock, scanHandel, scanOutStock } from '../storage';
import { deliverAtStop, pickupAtStop, proveStop, type Viewer } from '../trip';
import * as repo from './exceptions.repository';

type Signed = Actor & { operatorId: number; operator: string };

/** A kept call's body as JSON is at most this long (a scan body is a few hundred characters); a longer one is not kept. */
const MAX_BODY_JSON = 4000;

/**
 * A kept scan the server refused on replay, or recorded with a notice (lib/kept-scans.ts): one row per scanId, as
 * the user who sent it, from the workstation they named, with the body it came with.
 */
export async function recordKeptScan(db: Kysely<DB>, r: KeptScanReport): Promise<number> {
  const json = toJsonb(r.body);
  return repo.insertException(db, {
    kind: r.kind, station: r.station, code: r.code, scanId: r.scanId, path: r.path, body: json.length > MAX_BODY_JSON ? '{}' : json,
    message: r.message || '服务器拒绝', stationAt: r.actor.stationAt ?? null, operator: r.actor.operator, workstation: r.actor.workstation, userId: r.actor.operatorId,
  });
}

/**
 * POST /api/offline/exception/listPage: open ones by default, newest first. A supervisor (`supervisor`: holds
 * offline:exceptions or offline:resolve) sees everyone's, or one workstation's; anyone else only their own scans'
 * (a workstation is what a client says, so it never opens another user's rows).
 */
export function listExceptions(db: Kysely<DB>, actor: Signed, supervisor: boolean, q: ExceptionQuery): Promise<PageResult<ExceptionRow>> {
  return repo.exceptionPage(db, q, supervisor ? null : actor.operatorId);
}

/** What 重新扫描 may check and run: the resolver's own keys (报废), and the plant's rule on typed weights. */
export interface ResolveContext {
  can: HoldsPermission;
  manualWeightAllowed: () => Promise<boolean>;
  /** The delivery rules of 系统规则 (a kept 配送到户 run again). */
  householdRules: () => Promise<HouseholdDeliveryRules>;
}

/**
 * POST /api/offline/exception/resolve. 重新扫描 runs again what the server recorded (never a body a client sends), as
 * the operator who made the scan, with the resolver named in the trace event; the operator must still hold the
 * call's key, and a refusal leaves the exception open with it (code -1). 报废 scraps the cylinder (product:scrap) in
 * the transaction that records the resolution; 回退 (the station's kept effect withdrawn, nothing happened on the
 * server) and 忽略 record the reason. A notice (the scan was recorded) can only be 忽略. Resolved once.
 */
export async function resolveException(db: Kysely<DB>, actor: Signed, ctx: ResolveContext, body: ExceptionResolveBody): Promise<ExceptionRow> {
  const reason = body.reason.trim();
  if (!reason) throw new BusinessError('参数错误：处理原因不能为空');
  const current = await repo.keptCall(db, body.id);
  if (!current) throw new BusinessError(`待处理异常不存在：${body.id}`);
  if (current.status !== 'open') throw new BusinessError(`待处理异常 ${body.id} 已处理（${EXCEPTION_ACTION_NAMES[current.action as keyof typeof EXCEPTION_ACTION_NAMES] ?? current.action}）`);
  if (current.kind === 'notice' && body.action !== 'dismiss') throw new BusinessError(`待处理异常 ${body.id} 是提醒：扫描已记录，只能忽略`);
  if (body.action === 'scrap' && !(await ctx.can('product:scrap'))) throw new ForbiddenError('product:scrap');

  let result = `${EXCEPTION_ACTION_NAMES[body.action]}：${reason}`;
  if (body.action === 'rescan') result = await rescan(db, current, actor, ctx);

  await inTransaction(db, async (trx) => {
    if ((await repo.lockedStatus(trx, body.id)) !== 'open') throw new BusinessError(`待处理异常 ${body.id} 已处理`);
    if (body.action === 'scrap') {
      const c = await briefByCode(trx, current.code);
      result = c.status === STATUS.scrap ? `气瓶 ${current.code} 已报废` : (await runTransitionIn(trx, scrapTransition(reason, actor), c.id, actor)).message;
    }
    await repo.markResolved(trx, body.id, { action: body.action, reason, result, byId: actor.operatorId, by: actor.operator });
  });
  return repo.exceptionRow(db, body.id);
}

type Kept = NonNullable<Awaited<ReturnType<typeof repo.keptCall>>>;
type Run = (db: Kysely<DB>, body: unknown, actor: Actor, checks: ScanChecks, ctx: ResolveContext) => Promise<Pick<ScanResult, 'message' | 'timeFlag'>>;

/** Each kept call, run through its module's service (the cylinder engine underneath) with plain values. */
const production = (path: ProductionScanPath): Run => (db, body, actor, checks) => runProductionScan(db, path, body, actor, checks);
const RUNS: Record<ReplayablePath, Run> = {
  '/api/produce/addPicking': production('/api/produce/addPicking'),
  '/api/produce/filling': production('/api/produce/filling'),
  '/api/produce/testResult': production('/api/produce/testResult'),
  '/api/produce/metage': production('/api/produce/metage'),
  '/api/produce/vacuum': production('/api/produce/vacuum'),
  '/api/storageOrder/inStock': async (db, body, actor) => {
    const done = await inStock(db, body as Parameters<typeof inStock>[1], actor);
    return done.scan ?? { message: `入库单 ${done.order.orderNo}` };
  },
  '/api/storageOrder/scanOutStock': (db, body, actor) => scanOutStock(db, body as Parameters<typeof scanOutStock>[1], actor),
  '/api/storageOrder/scanHandel': (db, body, actor) => scanHandel(db, body as Parameters<typeof scanHandel>[1], actor),
  // The field app (issue 37): as the driver who made the act (their trips, their keys now).
  '/api/trip/deliver': (db, body, actor) => deliverAtStop(db, driverOf(db, actor), body as Parameters<typeof deliverAtStop>[2], actor),
  '/api/trip/pickup': (db, body, actor) => pickupAtStop(db, driverOf(db, actor), body as Parameters<typeof pickupAtStop>[2], actor),
  '/api/trip/proof': async (db, body, actor) => {
    const proved = await proveStop(db, driverOf(db, actor), body as Parameters<typeof proveStop>[2], actor);
    return { message: `站点已签收（交付 ${proved.delivered} 只，差异 ${proved.differences} 只）${proved.repeated ? '，此前已记录' : ''}` };
  },
  // 配送到户 kept offline: the rule judged again at its station time (the hazards and checks as they were then).
  '/api/household/deliver': (db, body, actor, _checks, ctx) =>
    deliverToHousehold(db, ctx.householdRules, body as Parameters<typeof deliverToHousehold>[2], { ...actor, operatorId: actor.operatorId ?? 0, operator: actor.operator ?? '' }),
};

/** The operator of a kept field act as the trip module checks them: their trip, or their keys now. */
const driverOf = (db: Kysely<DB>, actor: Actor): Viewer => ({
  userId: actor.operatorId ?? 0, can: async (key) => actor.operatorId !== null && userHolds(db, actor.operatorId, key),
});

/** The recorded call run again now; its answer in words, or its refusal (kept on the row, code -1). */
async function rescan(db: Kysely<DB>, kept: Kept, resolver: Signed, ctx: ResolveContext): Promise<string> {
  const refuse = async (why: string): Promise<never> => {
    await repo.noteResult(db, Number(kept.id), `重新扫描被拒绝：${why}`);
    throw new BusinessError(`重新扫描被拒绝：${why}`);
  };
  if (!isReplayablePath(kept.path) || kept.user_id === null) return refuse('该异常没有可重新执行的扫描');
  const call = KEPT_CALLS[kept.path].endpoint;
  const body = structuredClone(kept.body);
  const problem = bodyProblem(call.body, body);
  if (problem) return refuse(problem);
  const userId = kept.user_id;
  const operator = kept.operator ?? `用户 ${userId}`;
  // The scan is the operator's: their keys now, not the resolver's.
  const require = async (key: PermissionKey) => {
    if (!(await userHolds(db, userId, key))) await refuse(`原操作人 ${operator} 已没有“${permissionLabel(key)}”权限`);
  };
  await require(call.permission);
  const actor: Actor = {
    operatorId: userId, operator, workstation: kept.workstation, stationAt: kept.station_at ? new Date(kept.station_at).toISOString() : null,
    replayed: true, receivedAt: new Date(kept.created_at), enteredBy: { operatorId: resolver.operatorId, operator: resolver.operator },
  };
  let answer: Pick<ScanResult, 'message' | 'timeFlag'>;
  try {
    answer = await RUNS[kept.path](db, body, actor, { require, manualWeightAllowed: ctx.manualWeightAllowed }, ctx);
  } catch (error) {
    if (error instanceof BusinessError && !error.message.startsWith('重新扫描被拒绝')) return refuse(error.message);
    throw error;
  }
  return `重新扫描：${[answer.message, answer.timeFlag].filter(Boolean).join('；')}`;
}

/**
 * POST /api/offline/queueReport: what the caller's station keeps now, as their own report for the workstation they
 * name (X-Workstation, else their name): one row per workstation and user, so no one overwrites another's.
 */
export async function reportQueue(db: Kysely<DB>, body: QueueReportBody, actor: Signed): Promise<null> {
  const oldestAt = body.waiting ? body.oldestAt ?? null : null;
  const problem = oldestAt ? stationAtProblem(oldestAt, Date.now(), '最早暂存时间') : null;
  if (problem) throw new BusinessError(`参数错误：${problem}`);
  await repo.upsertQueue(db, {
    workstation: actor.workstation ?? `（${actor.operator}）`.slice(0, 64), waiting: body.waiting, oldestAt, userId: actor.operatorId, userName: actor.operator,
  });
  return null;
}

/** GET /api/offline/queues: every workstation's last reports, those with scans waiting first (oldest first). */
export function queues(db: Kysely<DB>): Promise<WorkstationQueueRow[]> {
  return repo.queueRows(db);
}
