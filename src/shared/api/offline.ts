import { Type, type Static } from '@sinclair/typebox';
import { endpoint } from './endpoint';
import { MAX_INSPECTION_PROJECTS } from '../cylinder/inspection';
import { InspectionItemRef, PRODUCTION } from './production';
import { TRIP } from './trip';
import { HOUSEHOLD } from './household';
import { STORAGE } from './storage';
import { Id, Int, List, NoData, OneOf, Page, PageQuery, ReqStr, Str } from './schema';

/**
 * Stations that keep working when the server is away (issue 25): the change feed that keeps a station's
 * local copy of the gate facts current, the exceptions list (待处理异常) of kept scans the server refused on
 * replay, and the stations' reports of their queues. A kept scan is sent again as the very call it was, with
 * its scanId and two headers: X-Replayed: 1 and X-Station-At: when it happened at the station (ISO 8601).
 */
export const REPLAYED_HEADER = 'x-replayed';
export const STATION_AT_HEADER = 'x-station-at';
/** X-Replayed's value on a kept scan sent again (0, or no header, is a scan made now). */
export const REPLAYED_YES = '1';

/** The headers a kept scan is sent again with (the station's queue), as the server reads them (lib/access replayOf). */
export const replayHeaders = (stationAt: string): Record<string, string> => ({ [REPLAYED_HEADER]: REPLAYED_YES, [STATION_AT_HEADER]: stationAt });

/**
 * How far two clocks may disagree (a station's and the server's, or two stations'): a station's time may run
 * ahead of the server's by this much (later is refused), and a scan's station time may fall this much before
 * the cylinder's previous event (then it is kept, flagged: src/server/modules/cylinder/station-time.ts).
 */
export const STATION_AT_MAX_AHEAD_MS = 10 * 60_000;
/** No station keeps a scan a year: an older moment is not a station's time and is refused outright. */
export const STATION_AT_MAX_AGE_MS = 366 * 24 * 3600_000;

const ISO = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})$/;

/**
 * Why a moment a station sends (X-Station-At, a queue's oldest scan) cannot be kept (Chinese, for the code -1
 * answer), or null when it can: an ISO 8601 moment with its zone, a real calendar date, not more than
 * STATION_AT_MAX_AHEAD_MS after `now` nor older than STATION_AT_MAX_AGE_MS. The plant's own bound on a
 * replay's age (系统规则 离线补传最长时限) is judged with the cylinder, not here.
 */
export function stationAtProblem(value: string, now: number, field = '扫描时间（X-Station-At）'): string | null {
  const m = ISO.exec(value);
  if (!m || value.length > 40) return `${field}格式不正确：${value.slice(0, 40)}`;
  const [y, mo, d, h, mi, s] = [m[1], m[2], m[3], m[4], m[5], m[6] ?? '0'].map((v) => Number(v ?? 0));
  const day = new Date(Date.UTC(y ?? 0, (mo ?? 0) - 1, d ?? 0));
  if (day.getUTCFullYear() !== y || day.getUTCMonth() !== (mo ?? 0) - 1 || day.getUTCDate() !== d || (h ?? 0) > 23 || (mi ?? 0) > 59 || (s ?? 0) > 59) {
    return `${field}不是有效的时间：${value}`;
  }
  const at = Date.parse(value);
  if (!Number.isFinite(at)) return `${field}不是有效的时间：${value}`;
  if (at > now + STATION_AT_MAX_AHEAD_MS) return `${field} ${value} 晚于服务器时间，请校准工作站时钟`;
  if (at < now - STATION_AT_MAX_AGE_MS) return `${field} ${value} 早于一年前，不是工作站暂存扫描的时间`;
  return null;
}

/** The stations that keep a local queue (the renderer's OfflineStation). */
export const OFFLINE_STATIONS = ['pick', 'fill', 'inspect', 'metage', 'vacuum', 'inStock', 'outbound', 'recover', 'field'] as const;
export type OfflineStation = (typeof OFFLINE_STATIONS)[number];

/** The calls a kept scan may be (what the server records when it refuses one on replay, and what 重新扫描 runs again). */
export const REPLAYABLE_PATHS = [
  '/api/produce/addPicking', '/api/produce/filling', '/api/produce/testResult', '/api/produce/metage', '/api/produce/vacuum',
  '/api/storageOrder/inStock', '/api/storageOrder/scanOutStock', '/api/storageOrder/scanHandel',
  // The field app (issue 37): a driver's acts at a stop.
  '/api/trip/deliver', '/api/trip/pickup', '/api/trip/proof',
  // and a delivery to an LPG household (配送到户).
  '/api/household/deliver',
] as const;
export type ReplayablePath = (typeof REPLAYABLE_PATHS)[number];

/** Each kept call with the station that keeps it. */
export const KEPT_CALLS = {
  '/api/produce/addPicking': { endpoint: PRODUCTION.addPicking, station: 'pick' },
  '/api/produce/filling': { endpoint: PRODUCTION.filling, station: 'fill' },
  '/api/produce/testResult': { endpoint: PRODUCTION.testResult, station: 'inspect' },
  '/api/produce/metage': { endpoint: PRODUCTION.metage, station: 'metage' },
  '/api/produce/vacuum': { endpoint: PRODUCTION.vacuum, station: 'vacuum' },
  '/api/storageOrder/inStock': { endpoint: STORAGE.inStock, station: 'inStock' },
  '/api/storageOrder/scanOutStock': { endpoint: STORAGE.scanOutStock, station: 'outbound' },
  '/api/storageOrder/scanHandel': { endpoint: STORAGE.scanHandel, station: 'recover' },
  '/api/trip/deliver': { endpoint: TRIP.deliver, station: 'field' },
  '/api/trip/pickup': { endpoint: TRIP.pickup, station: 'field' },
  '/api/trip/proof': { endpoint: TRIP.proof, station: 'field' },
  '/api/household/deliver': { endpoint: HOUSEHOLD.deliver, station: 'field' },
} as const satisfies Record<ReplayablePath, { endpoint: { path: string }; station: OfflineStation }>;

export const isReplayablePath = (path: string): path is ReplayablePath => (REPLAYABLE_PATHS as readonly string[]).includes(path);

/**
 * The `data` of a refused replay's answer (code -1): the 待处理异常 the server recorded for it in the same request.
 * A station drops a refused kept scan from its queue only when the answer names it; any other refusal (a sign-in
 * gone, a key missing, the database away) leaves the scan kept, to be sent again.
 */
export interface RefusedReplayData {
  exceptionId: number;
}

/* ---------------------------------------------------------------- the change feed */

/** Rows a feed page holds at most (and by default). */
export const FACTS_MAX_PAGE = 1000;
export const FACTS_DEFAULT_PAGE = 500;

/**
 * Where a station's copy stands: `f.<mark>.<lastId>` while the first full copy pages through the cylinders
 * (by id), `t.<traceId>` after it (trace events after that id). Opaque to the station.
 */
export const FactsCursor = Type.String({ title: '同步位置', maxLength: 48, pattern: '^(f\\.\\d{1,18}\\.\\d{1,10}|t\\.\\d{1,18})$' });

export const FactsQuery = Type.Object({
  /** Free text of the station asking (for the log); the scope is materialIds. */
  station: Type.Optional(Str('工位', { maxLength: 32 })),
  /** The gases the copy is for (the station's); all gases when absent. */
  materialIds: Type.Optional(List('介质', Id('介质'), { maxItems: 50 })),
  /**
   * The statuses the station acts on (领瓶: 在库 2; 充装: 已领瓶 3; …); all when absent. A cylinder that moves out
   * of them is sent in `removed`, one that moves in is sent with its facts: the copy holds what is in the plant
   * for this station, not every cylinder ever registered. Must stay the same from the first page on (another
   * set starts a new copy without a cursor).
   */
  statuses: Type.Optional(List('状态', Int('状态', { minimum: 0, maximum: 13 }), { maxItems: 14 })),
  cursor: Type.Optional(Type.Union([FactsCursor, Type.Null()])),
  limit: Type.Optional(Int('每页条数', { minimum: 1, maximum: FACTS_MAX_PAGE })),
});
export type FactsQuery = Static<typeof FactsQuery>;

const DateText = Type.Union([Type.String(), Type.Null()]);
const NumOrNull = Type.Union([Type.Number(), Type.Null()]);

/** One cylinder as a station keeps it (src/shared/cylinder/gate.ts GateFacts). */
export const FactsRow = Type.Object({
  code: Type.String(), id: Type.Integer(), status: Type.Integer(), scrapped: Type.Boolean(),
  materialId: Type.Integer(), materialName: DateText, specification: DateText, tareWeight: NumOrNull,
  nextInspectionDate: DateText, lifeEnd: DateText, lifeYears: Type.Union([Type.Integer(), Type.Null()]), lifeExtended: Type.Boolean(),
  manufactureDate: DateText, lifeExtendableTo: Type.Union([Type.Integer(), Type.Null()]),
  ownerOk: Type.Boolean(), vacuumNeeded: Type.Boolean(), vacuumAfterInspection: DateText, vacuumPending: Type.Boolean(),
  designLifeYears: Type.Union([Type.Integer(), Type.Null()]), lastPassedInspection: DateText,
  targetNetWeight: NumOrNull, tolerance: NumOrNull,
  /** Its gas's category (the certificate rule offline, issue 34). */
  materialCategory: Type.Optional(Type.Union([Type.String(), Type.Null()])),
});
export type FactsRow = Static<typeof FactsRow>;

/**
 * A gas as the gate reads it (the plant's rules applied): for localGateReasons on a cylinder of another gas; and,
 * for the gases of the copy's scope (every gas when the station names none), its standing test projects as
 * testScan answers them (InspectionPreview.projects, at most MAX_INSPECTION_PROJECTS), so 检验 can show its form
 * and judge the result offline. Absent for a gas outside the scope: the station then cannot inspect it offline.
 */
export const FactsGas = Type.Object({
  id: Type.Integer(), materialName: Type.String(), flammable: Type.Boolean(),
  designLifeYears: Type.Union([Type.Integer(), Type.Null()]), extendedLifeYears: Type.Union([Type.Integer(), Type.Null()]),
  targetNetWeight: NumOrNull, tolerance: NumOrNull,
  /** Its category (the certificate rule offline, issue 34). */
  category: Type.Optional(Type.String()),
  projects: Type.Optional(Type.Array(InspectionItemRef, { maxItems: MAX_INSPECTION_PROJECTS })),
});
export type FactsGas = Static<typeof FactsGas>;

export const FactsOperator = Type.Object({
  required: Type.Boolean(), name: Type.Union([Type.String(), Type.Null()]), certNo: Type.Union([Type.String(), Type.Null()]),
  certExpiry: Type.Union([Type.String(), Type.Null()]), categories: Type.Array(Type.String()),
});
export type FactsOperator = Static<typeof FactsOperator>;

export const FactsPage = Type.Object({
  /** Send it back on the next call. */
  cursor: FactsCursor,
  /** The station empties its copy first (a first page of a full copy). */
  reset: Type.Boolean(),
  /** Another page waits: call again at once. */
  more: Type.Boolean(),
  cylinders: Type.Array(FactsRow),
  /** Codes that left the copy's scope (another gas, or a status the station does not act on). */
  removed: Type.Array(Type.String()),
  /** Every gas as the gate reads it (a few rows), on every page: the station keeps the last. */
  gases: Type.Array(FactsGas),
  /**
   * The signed-in operator's filling-operator certificate and the rule 充装人员须持有效作业证 (issue 34): the station
   * judges 未持证 / 超期 offline from it (shared/cylinder/gate.ts OperatorFacts). On every page: the station keeps the last.
   */
  operator: Type.Optional(FactsOperator),
});
export type FactsPage = Static<typeof FactsPage>;

/* ---------------------------------------------------------------- 待处理异常 */

const Text = Type.Union([Type.String(), Type.Null()]);
const IsoText = Type.String({ title: '扫描时间', maxLength: 40, pattern: '^\\d{4}-\\d{2}-\\d{2}T[0-9:.]+(Z|[+-]\\d{2}:?\\d{2})$' });

/**
 * What a 待处理异常 is: `refused`, a kept scan the server refused on replay (nothing was recorded; 重新扫描 may run
 * it again); `notice`, a kept scan the server recorded with something a supervisor should see (its station time
 * beyond the plant's bounds, or another scan had done the step first and this one's values were not recorded).
 */
export const EXCEPTION_KINDS = ['refused', 'notice'] as const;
export type ExceptionKind = (typeof EXCEPTION_KINDS)[number];

export const EXCEPTION_ACTIONS = ['rescan', 'rollback', 'scrap', 'dismiss'] as const;
export type ExceptionAction = (typeof EXCEPTION_ACTIONS)[number];
export const EXCEPTION_ACTION_NAMES: Record<ExceptionAction, string> = { rescan: '重新扫描', rollback: '回退', scrap: '报废', dismiss: '忽略' };

export const ExceptionQuery = PageQuery(['id'] as const, {
  status: Type.Optional(OneOf('状态', ['open', 'resolved'] as const)),
  /** Supervisors (offline:exceptions or offline:resolve) see every user's and may name a workstation; others see their own. */
  workstation: Type.Optional(Str('工作站', { maxLength: 64 })),
});
export type ExceptionQuery = Static<typeof ExceptionQuery>;

/** A replayed scan the server refused (待处理异常), as the station's OfflineExceptionRow. */
export const ExceptionRow = Type.Object({
  id: Type.Integer(), kind: OneOf('类别', EXCEPTION_KINDS), station: Type.String(), code: Type.String(), scanId: Type.String(), message: Type.String(),
  stationAt: Text, operator: Text, workstation: Text, createdAt: Type.String(),
  status: Type.String(), action: Text, reason: Text, result: Text, resolvedBy: Text, resolvedAt: Text,
});
export type ExceptionRow = Static<typeof ExceptionRow>;

export const ExceptionResolveBody = Type.Object({
  id: Id('异常'),
  action: OneOf('处理方式', EXCEPTION_ACTIONS),
  reason: ReqStr('处理原因', { maxLength: 255 }),
});
export type ExceptionResolveBody = Static<typeof ExceptionResolveBody>;

/* ---------------------------------------------------------------- queues */

export const QueueReportBody = Type.Object({
  waiting: Int('待同步数', { minimum: 0, maximum: 1_000_000 }),
  oldestAt: Type.Optional(Type.Union([IsoText, Type.Null()])),
});
export type QueueReportBody = Static<typeof QueueReportBody>;

export const WorkstationQueueRow = Type.Object({
  workstation: Type.String(), waiting: Type.Integer(), oldestAt: Text, reportedAt: Type.String(), userName: Text,
});
export type WorkstationQueueRow = Static<typeof WorkstationQueueRow>;

export const OFFLINE = {
  facts: endpoint({
    method: 'POST', path: '/api/offline/facts', summary: '离线资料（变更同步；需任一扫码工位的权限）', permission: 'authenticated', readOnly: true,
    body: FactsQuery, data: FactsPage, background: true,
  }),
  exceptionListPage: endpoint({
    method: 'POST', path: '/api/offline/exception/listPage', summary: '待处理异常', permission: 'authenticated', readOnly: true,
    body: ExceptionQuery, data: Page(ExceptionRow),
  }),
  exceptionResolve: endpoint({
    method: 'POST', path: '/api/offline/exception/resolve', summary: '处理待处理异常', permission: 'offline:resolve',
    body: ExceptionResolveBody, data: ExceptionRow,
  }),
  queueReport: endpoint({
    method: 'POST', path: '/api/offline/queueReport', summary: '报告本机离线暂存', permission: 'authenticated',
    // Each station reports after every sync round: not an operation, never in the log.
    body: QueueReportBody, data: NoData, background: true,
  }),
  queues: endpoint({
    method: 'GET', path: '/api/offline/queues', summary: '各工作站的离线暂存', permission: 'machine:view',
    data: Type.Array(WorkstationQueueRow),
  }),
} as const;
