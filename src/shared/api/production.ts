import { Type, type Static } from '@sinclair/typebox';
import { endpoint, KB } from './endpoint';
import { Bool, Code, Id, IdParams, ImportQuery, ImportResult, List, Num, OneOf, OptDate, OptId, OptNum, OptStr, Page, PageQuery, ReqStr, Str } from './schema';

const Text = Type.Union([Type.String(), Type.Null()]);
const IntOrNull = Type.Union([Type.Integer(), Type.Null()]);
const NumOrNull = Type.Union([Type.Number(), Type.Null()]);

/** A client-made UUID per scan: the same scanId sent again returns the first answer without acting again. */
export const ScanId = Type.Optional(Type.String({
  title: '扫描编号', maxLength: 36, pattern: '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$',
}));

/** What every scan sends: the scanned code and, optionally, its scanId. */
export const ScanBody = Type.Object({ code: Code('气瓶编码', 64), scanId: ScanId });
export type ScanBody = Static<typeof ScanBody>;

/** The answer of every status change: what it did, or that it had already been done (`repeated`). */
export const ScanResult = Type.Object({
  cylinderId: Type.Integer(),
  code: Type.String(),
  action: Type.String(),
  fromStatus: Type.Integer(),
  toStatus: Type.Integer(),
  /** The trace event written; null for a repeat. */
  traceId: IntOrNull,
  /** The record written with it (filling, test, weighing, vacuum, analysis); null when none. */
  recordId: IntOrNull,
  repeated: Type.Boolean(),
  /** The verdict in words, for the station's large display. */
  message: Type.String(),
  /** Failed test items, or the re-weighing deviation, when the cylinder went to analyze (1). */
  failedItems: Type.Optional(Type.Array(Type.String())),
  net: Type.Optional(NumOrNull),
  deviation: Type.Optional(NumOrNull),
  /**
   * A repeat (`repeated`): who did the step and when (server time, 'HH:mm' today, else 'YYYY-MM-DD HH:mm'), as
   * the message says it (已由 张三 于 14:05 充装): the scan that lost to another knows it was not its own.
   */
  doneBy: Type.Optional(Text),
  doneAt: Type.Optional(Text),
  /**
   * Recorded, but the station's time was outside the plant's bounds (a replay older than 离线补传最长时限, a few
   * minutes before the cylinder's previous event): the server's time stands and this says what was claimed.
   */
  timeFlag: Type.Optional(Text),
});
export type ScanResult = Static<typeof ScanResult>;

/* ---------------------------------------------------------------- the fill cycle at the filling scale (issue 34) */

/** Why a started fill did not end at its target (src/shared/fill-cycle.ts FILL_END_REASONS without 'target'). */
export const FILL_INTERRUPT_REASONS = ['overfill', 'scaleSilent', 'cancelled', 'timeout', 'stationLost', 'suspended', 'relayError'] as const;
export type FillInterruptReason = (typeof FILL_INTERRUPT_REASONS)[number];

/** Each interruption reason in words (the trace, the station's decision prompt). */
export const FILL_INTERRUPT_REASON_WORDS: Record<FillInterruptReason, string> = {
  overfill: '超装', scaleSilent: '电子秤无读数', cancelled: '操作人员取消', timeout: '超过单次充装最长时长', stationLost: '工位或设备代理断开',
  suspended: '充装被暂停', relayError: '充装许可继电器故障',
};

export const SUSPEND_SCOPES = ['plant', 'station', 'gas'] as const;
export type SuspendScope = (typeof SUSPEND_SCOPES)[number];

/** A suspension of filling in force (停止充装): who, when, why, for what. */
export const Suspension = Type.Object({
  scope: OneOf('范围', SUSPEND_SCOPES),
  workstation: Text,
  materialId: IntOrNull,
  materialName: Text,
  reason: Type.String(),
  by: Text,
  /** Server time 'YYYY-MM-DD HH:mm:ss'. */
  at: Type.String(),
});
export type Suspension = Static<typeof Suspension>;

/** A fill of this cylinder that was started and not finished: the next scan must decide (refill or 待分析). */
export const OpenInterruption = Type.Object({
  reason: OneOf('原因', FILL_INTERRUPT_REASONS),
  netKg: NumOrNull,
  at: Type.String(),
  operator: Text,
  workstation: Text,
});
export type OpenInterruption = Static<typeof OpenInterruption>;

/** What the 充装 station needs for the scale's cycle, from the cylinder and the gas. */
export const FillPreview = Type.Object({
  /** kg; null when the cylinder has no tare (the cycle cannot run: the station says so). */
  tareKg: NumOrNull,
  /** kg; null for a gas without a target (filled by pressure, or not set on the gas). */
  targetNetKg: NumOrNull,
  toleranceKg: NumOrNull,
  /** 系统规则 单次充装最长时长（分钟）. */
  maxMinutes: Type.Integer(),
  interrupted: Type.Union([OpenInterruption, Type.Null()]),
  /** Filling is suspended for this station / gas / the plant: `allowed` is false and `reasons` says why. */
  suspended: Type.Union([Suspension, Type.Null()]),
});
export type FillPreview = Static<typeof FillPreview>;

/** What a station shows about the scanned cylinder before it acts. */
export const CylinderBrief = Type.Object({
  id: Type.Integer(),
  code: Type.String(),
  status: Type.Integer(),
  materialId: Type.Integer(),
  materialName: Text,
  specification: Text,
  tareWeight: NumOrNull,
  nextInspectionDate: Text,
  ownerName: Text,
});
export type CylinderBrief = Static<typeof CylinderBrief>;

/** A scan that changes nothing: the cylinder, and whether (and why not) the station may act on it. */
export const ScanPreview = Type.Object({
  cylinder: CylinderBrief,
  allowed: Type.Boolean(),
  /** Every reason it may not, in words naming the cylinder. */
  reasons: Type.Array(Type.String()),
  /** The station's step was done already (检验, 复秤: a second scan): not allowed, but no refusal either; `message` says who and when. */
  repeated: Type.Optional(Type.Boolean()),
  message: Type.Optional(Type.String()),
  /** 充装 only (fillingScan): what the filling scale's cycle needs, and what holds it back. */
  fill: Type.Optional(FillPreview),
});
export type ScanPreview = Static<typeof ScanPreview>;

/* ---------------------------------------------------------------- picking and filling */

export const PickBody = Type.Object({
  code: Code('气瓶编码', 64), scanId: ScanId,
  /** The gas the workshop picks for; the cylinder's own gas when absent. */
  materialId: OptId('介质'),
});
export type PickBody = Static<typeof PickBody>;

export const ReturnPickBody = Type.Object({ code: Code('气瓶编码', 64), scanId: ScanId, reason: OptStr('退回原因', { maxLength: 200 }) });
export type ReturnPickBody = Static<typeof ReturnPickBody>;

export const FillingScanBody = Type.Object({ code: Code('气瓶编码', 64), materialId: Id('充装介质') });
export type FillingScanBody = Static<typeof FillingScanBody>;

export const WEIGHT_SOURCES = ['scale', 'manual'] as const;
export type WeightSource = (typeof WEIGHT_SOURCES)[number];

/** A datetime 'yyyy-MM-dd HH:mm:ss' (or ISO); checked to be a real time by the server. */
const OptDateTime = (title: string) => Type.Optional(Type.Union([
  Type.String({ title, maxLength: 32, pattern: '^\\d{4}-\\d{2}-\\d{2}[ T]\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,3})?)?(Z|[+-]\\d{2}:?\\d{2})?$' }),
  Type.Null(),
], { title }));

/**
 * A fill records the quantity measured for that cylinder (DOMAIN.md "Records"): the net weight for a gas
 * filled by weight (liquefied, dissolved, cryogenic), the final pressure for one filled by pressure
 * (compressed, mixtures). The server refuses a fill without it.
 */
export const FillingBody = Type.Object({
  code: Code('气瓶编码', 64), scanId: ScanId,
  materialId: Id('充装介质'),
  lotNo: OptStr('批号', { maxLength: 64 }),
  filledWeight: OptNum('充装量（kg）', { minimum: 0, maximum: 10000 }),
  filledPressure: OptNum('充装压力（MPa）', { minimum: 0, maximum: 1000 }),
  startedAt: OptDateTime('开始时间'),
  endedAt: OptDateTime('结束时间'),
  /** 'scale': the weight read from the filling scale; 'manual' (default): typed (a weight needs produce:manualWeight). */
  source: Type.Optional(OneOf('重量来源', WEIGHT_SOURCES)),
  /** The typed value was fixed by the operator for a rack of cylinders (kept for the next scans on purpose). */
  fixedValue: Type.Optional(Bool('整组固定数值')),
  /** The filling scale's cycle (issue 34): the scale read, and when the filling permission was granted and withdrawn. */
  scale: OptStr('充装秤', { maxLength: 64 }),
  grantedAt: OptDateTime('充装许可开始'),
  releasedAt: OptDateTime('充装许可结束'),
});
export type FillingBody = Static<typeof FillingBody>;

/**
 * A fill that was started and did not end at its target (cancelled, timed out, suspended, the scale silent, the
 * station or agent lost, the relay failing): recorded with the weight reached and why. The cylinder stays 已领瓶
 * and the next 充装 scan must decide (FillDecisionBody). 'overfill' instead sends it to 待分析 at once (超装, weight).
 */
export const FillInterruptedBody = Type.Object({
  code: Code('气瓶编码', 64), scanId: ScanId,
  materialId: Id('充装介质'),
  reason: OneOf('中断原因', FILL_INTERRUPT_REASONS),
  netKg: OptNum('已充装量（kg）', { minimum: -10000, maximum: 10000 }),
  scale: OptStr('充装秤', { maxLength: 64 }),
  startedAt: OptDateTime('开始时间'),
  endedAt: OptDateTime('结束时间'),
  grantedAt: OptDateTime('充装许可开始'),
  releasedAt: OptDateTime('充装许可结束'),
});
export type FillInterruptedBody = Static<typeof FillInterruptedBody>;

export const FILL_DECISIONS = ['refill', 'analysis'] as const;
/** After an interrupted fill: fill it again (the interruption closes, the normal cycle follows), or send it to 待分析. */
export const FillDecisionBody = Type.Object({
  code: Code('气瓶编码', 64), scanId: ScanId,
  decision: OneOf('处理方式', FILL_DECISIONS),
  remark: OptStr('备注', { maxLength: 200 }),
});
export type FillDecisionBody = Static<typeof FillDecisionBody>;

/** 停止充装 (DB4114/T 185 remote stop): the whole plant, one workstation (its X-Workstation name) or one gas. */
export const SuspendBody = Type.Object({
  scope: OneOf('范围', SUSPEND_SCOPES),
  workstation: OptStr('工作站', { maxLength: 64 }),
  materialId: OptId('充装介质'),
  reason: ReqStr('原因', { maxLength: 200 }),
});
export type SuspendBody = Static<typeof SuspendBody>;
export const ResumeBody = Type.Object({
  scope: OneOf('范围', SUSPEND_SCOPES),
  workstation: OptStr('工作站', { maxLength: 64 }),
  materialId: OptId('充装介质'),
});
export type ResumeBody = Static<typeof ResumeBody>;
/** A station asks (every second while a fill runs) whether filling is suspended for it (its X-Workstation) and its gas. */
export const SuspensionQuery = Type.Object({ materialId: OptId('充装介质') });
export type SuspensionQuery = Static<typeof SuspensionQuery>;
export const SuspensionState = Type.Object({
  /** The suspension that applies (plant before gas before station), null when filling may go on. */
  suspended: Type.Union([Suspension, Type.Null()]),
  /** Every suspension in force (for the supervisor's screen). */
  all: Type.Array(Suspension),
});
export type SuspensionState = Static<typeof SuspensionState>;

const HistoryFilters = {
  code: Type.Optional(Str('气瓶编码', { maxLength: 64 })),
  materialId: OptId('介质'),
  dateFrom: OptDate('开始日期'),
  dateTo: OptDate('结束日期'),
  operator: Type.Optional(Str('操作人', { maxLength: 64 })),
};

export const FillingHistoryQuery = PageQuery(['id'] as const, HistoryFilters);
export type FillingHistoryQuery = Static<typeof FillingHistoryQuery>;
export const FillingRow = Type.Object({
  id: Type.Integer(), cylinderId: Type.Integer(), code: Type.String(), materialName: Text, lotNo: Text,
  filledWeight: NumOrNull, filledPressure: NumOrNull, startedAt: Text, endedAt: Text, source: Type.String(), fixedValue: Type.Boolean(),
  operator: Text, workstation: Text, createdAt: Type.String(), reverted: Type.Boolean(),
  /** The filling scale's cycle (issue 34): the scale, and when the filling permission was granted and withdrawn. */
  scale: Type.Optional(Text), grantedAt: Type.Optional(Text), releasedAt: Type.Optional(Text),
});
export type FillingRow = Static<typeof FillingRow>;

/* ---------------------------------------------------------------- inspection after filling */

/** A test project of the gas (检验项目) as the station asks for it. */
export const InspectionItemRef = Type.Object({
  id: Type.Integer(), projectName: Type.String(), method: Text, standardMin: NumOrNull, standardMax: NumOrNull,
  standardText: Text, unit: Text, required: Type.Boolean(),
});
export type InspectionItemRef = Static<typeof InspectionItemRef>;

export const InspectionPreview = Type.Composite([ScanPreview, Type.Object({ projects: Type.Array(InspectionItemRef) })]);
export type InspectionPreview = Static<typeof InspectionPreview>;

/** One measured project: a number checked against the standard, or the operator's verdict. */
export const InspectionResultInput = Type.Object({
  projectId: Id('检验项目'),
  value: OptNum('检测值', { minimum: -1e9, maximum: 1e9 }),
  text: OptStr('检测结果', { maxLength: 128 }),
  /** The operator's verdict where the standard is not a number range. */
  passed: Type.Optional(Bool('是否合格')),
});
export type InspectionResultInput = Static<typeof InspectionResultInput>;

export const InspectionResultBody = Type.Object({
  code: Code('气瓶编码', 64), scanId: ScanId,
  items: List('检验项目', InspectionResultInput, { maxItems: 100 }),
  /** Only for a gas without test projects: the overall verdict, 1 合格 / 0 不合格. */
  result: Type.Optional(OneOf('检验结果', [1, 0] as const)),
  remark: OptStr('备注', { maxLength: 255 }),
});
export type InspectionResultBody = Static<typeof InspectionResultBody>;
/** An inspection's body holds a result for each of the gas's items. */
const INSPECTION_BODY_LIMIT = { bytes: 56 * KB, why: 'a result for each of up to 100 inspection items' };

export const InspectionResult = Type.Object({
  projectId: Type.Integer(), projectName: Type.String(), value: NumOrNull, text: Text, unit: Text,
  standard: Text, passed: Type.Boolean(), required: Type.Boolean(),
});
export type InspectionResult = Static<typeof InspectionResult>;

export const InspectionRecord = Type.Object({
  id: Type.Integer(), cylinderId: Type.Integer(), code: Type.String(), traceId: Type.Integer(), materialName: Text,
  result: Type.Integer(), items: Type.Array(InspectionResult), remark: Text, operator: Text, workstation: Text,
  createdAt: Type.String(), updatedAt: Type.String(), reverted: Type.Boolean(),
});
export type InspectionRecord = Static<typeof InspectionRecord>;

export const InspectionHistoryQuery = PageQuery(['id'] as const, { ...HistoryFilters, result: Type.Optional(OneOf('检验结果', [1, 0] as const)) });
export type InspectionHistoryQuery = Static<typeof InspectionHistoryQuery>;

export const UpdateInspectionBody = Type.Object({
  id: Id('检验记录'),
  items: List('检验项目', InspectionResultInput, { maxItems: 100 }),
  remark: OptStr('备注', { maxLength: 255 }),
  reason: ReqStr('修改原因', { maxLength: 200 }),
});
export type UpdateInspectionBody = Static<typeof UpdateInspectionBody>;

/* ---------------------------------------------------------------- re-weighing */

/** The gas's target and tolerance and the cylinder's tare, as the re-weighing station needs them. */
export const ReweighPreview = Type.Composite([ScanPreview, Type.Object({
  reweighRequired: Type.Boolean(), targetNetWeight: NumOrNull, tolerance: NumOrNull, tareWeight: NumOrNull,
})]);
export type ReweighPreview = Static<typeof ReweighPreview>;

export const ReweighBody = Type.Object({
  code: Code('气瓶编码', 64), scanId: ScanId,
  grossWeight: Num('毛重（kg）', { minimum: 0, maximum: 10000 }),
  /** 'manual' (typed) needs produce:manualWeight and is marked in the record. */
  source: OneOf('重量来源', WEIGHT_SOURCES),
  scale: OptStr('电子秤', { maxLength: 64 }),
});
export type ReweighBody = Static<typeof ReweighBody>;

export const CheckWeightQuery = Type.Object({ grossWeight: Num('毛重（kg）', { minimum: 0, maximum: 10000 }) });
export type CheckWeightQuery = Static<typeof CheckWeightQuery>;
export const WeightVerdict = Type.Object({
  net: Type.Number(), target: Type.Number(), tolerance: Type.Number(), deviation: Type.Number(), passed: Type.Boolean(),
});
export type WeightVerdict = Static<typeof WeightVerdict>;

export const WeighingRow = Type.Object({
  id: Type.Integer(), cylinderId: Type.Integer(), code: Type.String(), materialName: Text, grossWeight: Type.Number(),
  tareWeight: Type.Number(), netWeight: Type.Number(), targetNetWeight: Type.Number(), tolerance: Type.Number(),
  deviation: Type.Number(), passed: Type.Boolean(), source: Type.String(), scale: Text, operator: Text, workstation: Text,
  createdAt: Type.String(), reverted: Type.Boolean(),
});
export type WeighingRow = Static<typeof WeighingRow>;
export const ReweighHistoryQuery = PageQuery(['id'] as const, { ...HistoryFilters, passed: Type.Optional(Bool('是否合格')) });
export type ReweighHistoryQuery = Static<typeof ReweighHistoryQuery>;

/* ---------------------------------------------------------------- rollback, lists, timeline */

export const RollbackPreview = Type.Object({
  cylinder: CylinderBrief,
  allowed: Type.Boolean(),
  reasons: Type.Array(Type.String()),
  /** The transition that would be undone. */
  traceId: IntOrNull,
  action: Text,
  actionName: Text,
  /** The status the cylinder would return to. */
  toStatus: IntOrNull,
  at: Text,
  operator: Text,
});
export type RollbackPreview = Static<typeof RollbackPreview>;

/**
 * `traceId` names the transition to undo (the one rollbackCheck showed): when the cylinder's newest
 * transition is another by then (undone already, or a new step made), nothing is undone.
 */
export const RollbackBody = Type.Object({
  code: Code('气瓶编码', 64), scanId: ScanId, traceId: Id('回退的流转'), reason: ReqStr('回退原因', { maxLength: 200 }),
});
export type RollbackBody = Static<typeof RollbackBody>;

export const CodeBody = Type.Object({ code: Code('气瓶编码', 64) });
export type CodeBody = Static<typeof CodeBody>;

/** Production statuses: received (3) to reWeighed (6). */
export const PRODUCTION_STATUSES = [3, 4, 5, 6] as const;

export const ProduceListQuery = PageQuery(['id'] as const, {
  ...HistoryFilters,
  action: Type.Optional(OneOf('操作', ['pick', 'returnPick', 'fill', 'testPass', 'testFail', 'reweighPass', 'reweighFail', 'rollback'] as const)),
});
export type ProduceListQuery = Static<typeof ProduceListQuery>;

export const ProductionCylinderQuery = PageQuery(['id', 'code'] as const, {
  code: Type.Optional(Str('气瓶编码', { maxLength: 64 })),
  materialId: OptId('介质'),
  status: Type.Optional(OneOf('状态', PRODUCTION_STATUSES)),
});
export type ProductionCylinderQuery = Static<typeof ProductionCylinderQuery>;
export const ProductionCylinderRow = Type.Object({
  id: Type.Integer(), code: Type.String(), status: Type.Integer(), materialName: Text, specification: Text, ownerName: Text,
  since: Type.String(),
});
export type ProductionCylinderRow = Static<typeof ProductionCylinderRow>;

/** A note on a trace event (trace/saveOrEdit): the event itself never changes. */
export const TraceNote = Type.Object({ id: Type.Integer(), note: Type.String(), operator: Text, at: Type.String() });
export type TraceNote = Static<typeof TraceNote>;

/** One event of a cylinder's timeline. */
export const TimelineEvent = Type.Object({
  id: Type.Integer(),
  seq: Type.Integer(),
  action: Type.String(),
  actionName: Type.String(),
  fromStatus: IntOrNull,
  toStatus: Type.Integer(),
  operator: Text,
  workstation: Text,
  at: Type.String(),
  recordType: Text,
  recordId: IntOrNull,
  /** The event this one undoes (a rollback), and the rollback that undid this one. */
  revertsId: IntOrNull,
  revertedById: IntOrNull,
  detail: Type.Unknown(),
  notes: Type.Array(TraceNote),
  /** When it happened at the station, for a scan kept through an outage and sent again (at is when it arrived). */
  stationAt: Type.Optional(Text),
  /** Sent again from a station's offline queue (X-Replayed). */
  replayed: Type.Optional(Type.Boolean()),
  /** The station's time was outside the plant's bounds: what was claimed, and that the server's time stands. */
  timeFlag: Type.Optional(Text),
  /** A supervisor who entered the event for its operator (重新扫描 of a refused kept scan). */
  enteredBy: Type.Optional(Text),
});
export type TimelineEvent = Static<typeof TimelineEvent>;

export const ProduceEventRow = Type.Composite([TimelineEvent, Type.Object({ cylinderId: Type.Integer(), code: Type.String() })]);
export type ProduceEventRow = Static<typeof ProduceEventRow>;

/** One fill-to-return loop of a cylinder. */
export const CycleInfo = Type.Object({
  no: Type.Integer(),
  filledAt: Type.String(),
  lotNo: Text,
  materialName: Text,
  testedAt: Text,
  reweighedAt: Text,
  stockedAt: Text,
  shippedAt: Text,
  customer: Text,
  returnedAt: Text,
  /** The events of the loop, oldest first. */
  events: Type.Array(Type.Integer()),
});
export type CycleInfo = Static<typeof CycleInfo>;

export const VacuumBody = Type.Object({
  code: Code('气瓶编码', 64), scanId: ScanId,
  /** The vacuum reached (MPa: negative gauge, or absolute, as the plant records it); required, kept in the record. */
  pressure: Num('真空度（MPa）', { minimum: -0.2, maximum: 1 }),
  /** The typed value was fixed by the operator for a batch (kept for the next scans on purpose). */
  fixedValue: Type.Optional(Bool('整组固定数值')),
  remark: OptStr('备注', { maxLength: 255 }),
});
export type VacuumBody = Static<typeof VacuumBody>;

/** The actions a station counts (今日完成): the status changes a scan makes. */
export const STATION_ACTIONS = [
  'pick', 'fill', 'test', 'reweigh', 'vacuum', 'stockInEmpty', 'stockInProduct', 'outboundScan', 'recover',
] as const;
export type StationAction = (typeof STATION_ACTIONS)[number];
export const TodayCountQuery = Type.Object({ action: OneOf('操作', STATION_ACTIONS) });
export type TodayCountQuery = Static<typeof TodayCountQuery>;
/** Cylinders the workstation (X-Workstation), or the signed-in user where the client names none, did today. */
export const TodayCount = Type.Object({ count: Type.Integer(), by: OneOf('统计范围', ['workstation', 'operator'] as const) });
export type TodayCount = Static<typeof TodayCount>;

export const EnterpriseRef = Type.Object({ id: Type.Integer(), enterpriseName: Type.String(), enterpriseCode: Type.String() });

export const PRODUCTION = {
  addPicking: endpoint({ method: 'POST', path: '/api/produce/addPicking', summary: '领瓶：在库（2）→ 已领瓶（3），先过充装闸门', permission: 'produce:picking', body: PickBody, data: ScanResult }),
  returnPicking: endpoint({ method: 'POST', path: '/api/produce/returnPicking', summary: '退回领瓶：已领瓶（3）→ 在库（2）', permission: 'produce:picking', body: ReturnPickBody, data: ScanResult }),
  fillingScan: endpoint({
    method: 'POST', path: '/api/produce/fillingScan', summary: '充装扫码：气瓶信息与充装闸门结论（不改变任何数据）', permission: 'produce:filling',
    body: FillingScanBody, data: ScanPreview, readOnly: true,
  }),
  filling: endpoint({ method: 'POST', path: '/api/produce/filling', summary: '充装：已领瓶（3）→ 已充装（4），写充装记录', permission: 'produce:filling', body: FillingBody, data: ScanResult }),
  fillInterrupted: endpoint({
    method: 'POST', path: '/api/produce/fillInterrupted', summary: '充装中断：记录已充装量与原因，气瓶仍为已领瓶（3）待处理；超装 → 待分析（1）',
    permission: 'produce:filling', body: FillInterruptedBody, data: ScanResult,
  }),
  fillDecision: endpoint({
    method: 'POST', path: '/api/produce/fillDecision', summary: '充装中断后的处理：重新充装（仍为已领瓶 3）或转待分析（1）',
    permission: 'produce:filling', body: FillDecisionBody, data: ScanResult,
  }),
  suspend: endpoint({
    method: 'POST', path: '/api/produce/suspend', summary: '停止充装：全厂、某工位或某介质（需原因；重复停止只更新原因）',
    permission: 'produce:suspend', body: SuspendBody, data: SuspensionState,
  }),
  resume: endpoint({
    method: 'POST', path: '/api/produce/resume', summary: '恢复充装：解除同一范围的停止充装', permission: 'produce:suspend', body: ResumeBody, data: SuspensionState,
  }),
  suspension: endpoint({
    method: 'POST', path: '/api/produce/suspension', summary: '本工位（X-Workstation）与介质是否停止充装（充装中每秒轮询）', permission: 'produce:filling',
    body: SuspensionQuery, data: SuspensionState, readOnly: true,
  }),
  fillingHistory: endpoint({
    method: 'POST', path: '/api/produce/fillingHistory', summary: '充装记录', permission: 'produce:view', body: FillingHistoryQuery, data: Page(FillingRow), readOnly: true,
  }),
  testScan: endpoint({
    method: 'POST', path: '/api/produce/testScan', summary: '检验扫码：气瓶、可否检验与介质的检验项目', permission: 'inspect:test',
    body: CodeBody, data: InspectionPreview, readOnly: true,
  }),
  testResult: endpoint({
    method: 'POST', path: '/api/produce/testResult', summary: '检验结果：已充装（4）→ 已检验（5），必检项目不合格 → 待分析（1）', permission: 'inspect:test',
    body: InspectionResultBody, data: ScanResult, bodyLimit: INSPECTION_BODY_LIMIT,
  }),
  testHistory: endpoint({
    method: 'POST', path: '/api/produce/testHistory', summary: '检验记录', permission: 'inspect:view', body: InspectionHistoryQuery, data: Page(InspectionRecord), readOnly: true,
  }),
  updateTestById: endpoint({
    method: 'POST', path: '/api/produce/updateTestById', summary: '修改检验记录（旧值留在追溯记录中；结论不变）', permission: 'inspect:edit',
    body: UpdateInspectionBody, data: InspectionRecord, bodyLimit: INSPECTION_BODY_LIMIT,
  }),
  exportTestList: endpoint({
    method: 'POST', path: '/api/produce/exportTestList', summary: '导出筛选后的检验记录（.xlsx，每个检验项目一行）', permission: 'inspect:export',
    readOnly: true, kind: 'download', body: InspectionHistoryQuery,
  }),
  importTest: endpoint({
    method: 'POST', path: '/api/produce/importTest', summary: '导入检验结果（multipart，字段 file，.xlsx；任何一行有误则整批不导入；dryRun 只检查）',
    permission: 'inspect:import', kind: 'upload', query: ImportQuery, data: ImportResult,
  }),
  testTemplate: endpoint({ method: 'GET', path: '/api/produce/testTemplate', summary: '下载检验结果导入模板（.xlsx）', permission: 'inspect:import', kind: 'download' }),
  getTestInfoByTraceId: endpoint({
    method: 'GET', path: '/api/produce/getTestInfoByTraceId/:id', summary: '追溯事件对应的检验记录', permission: 'trace:view', params: IdParams, data: InspectionRecord,
  }),
  metageScan: endpoint({
    method: 'POST', path: '/api/produce/metageScan', summary: '复秤扫码：气瓶、目标净重与允差、皮重', permission: 'produce:metage',
    body: CodeBody, data: ReweighPreview, readOnly: true,
  }),
  metage: endpoint({
    method: 'POST', path: '/api/produce/metage', summary: '复秤：已检验（5）→ 已复秤（6），超差 → 待分析（1）', permission: 'produce:metage', body: ReweighBody, data: ScanResult,
  }),
  checkWeight: endpoint({
    method: 'GET', path: '/api/produce/checkWeight/:id', summary: '按毛重计算气瓶的净重与偏差（不写记录）', permission: 'produce:metage',
    params: IdParams, query: CheckWeightQuery, data: WeightVerdict,
  }),
  metageHistory: endpoint({
    method: 'POST', path: '/api/produce/metageHistory', summary: '复秤记录', permission: 'produce:view', body: ReweighHistoryQuery, data: Page(WeighingRow), readOnly: true,
  }),
  rollbackCheck: endpoint({
    method: 'POST', path: '/api/produce/rollbackCheck', summary: '回退预览：将撤销的最新一次流转', permission: 'produce:rollback', body: CodeBody, data: RollbackPreview, readOnly: true,
  }),
  rollbackSave: endpoint({
    method: 'POST', path: '/api/produce/rollbackSave', summary: '回退最新一次流转（需原因；回退本身记入追溯）', permission: 'produce:rollback', body: RollbackBody, data: ScanResult,
  }),
  listProduce: endpoint({
    method: 'POST', path: '/api/produce/listProduce', summary: '生产流转记录（领瓶、充装、检验、复秤、回退）', permission: 'produce:view',
    body: ProduceListQuery, data: Page(ProduceEventRow), readOnly: true,
  }),
  listProduct: endpoint({
    method: 'POST', path: '/api/produce/listProduct', summary: '生产中的气瓶（状态 3–6）', permission: 'produce:view',
    body: ProductionCylinderQuery, data: Page(ProductionCylinderRow), readOnly: true,
  }),
  listCycleInfo: endpoint({
    method: 'POST', path: '/api/produce/listCycleInfo', summary: '气瓶的每一轮充装到回收', permission: 'trace:view', body: CodeBody, data: Type.Array(CycleInfo), readOnly: true,
  }),
  traceDetails: endpoint({
    method: 'POST', path: '/api/produce/traceDetails', summary: '气瓶的完整追溯时间线', permission: 'trace:view', body: CodeBody, data: Type.Array(TimelineEvent), readOnly: true,
  }),
  vacuum: endpoint({
    method: 'POST', path: '/api/produce/vacuum', summary: '抽真空工位：回收（10）、待分析（1）或在库（2）→ 在库（2），写抽真空记录（真空度）',
    permission: 'produce:vacuum', body: VacuumBody, data: ScanResult,
  }),
  todayCount: endpoint({
    method: 'GET', path: '/api/produce/todayCount', summary: '今日完成数：本工位（或本人）今天做成的某项操作的气瓶数', permission: 'authenticated',
    query: TodayCountQuery, data: TodayCount,
  }),
  listEnterprise: endpoint({
    method: 'GET', path: '/api/produce/listEnterprise', summary: '委托充装的客户', permission: 'produce:view', data: Type.Array(EnterpriseRef),
  }),
};

/* ---------------------------------------------------------------- trace */

export const TraceInfo = Type.Object({
  cylinder: Type.Composite([CylinderBrief, Type.Object({
    steelStamp: Text, manufactureDate: Text, lastInspectionDate: Text,
    /** Where it is now (shared/cylinder/place.ts): the warehouse while one holds it, the customer or order as locationName. */
    place: Type.String(), warehouseName: Text, locationName: Text,
    lastFilledAt: Text, cycles: Type.Integer(),
  })]),
  events: Type.Array(TimelineEvent),
});
export type TraceInfo = Static<typeof TraceInfo>;

export const AnalyseBody = Type.Object({
  code: Code('气瓶编码', 64), scanId: ScanId,
  /** 2 back to stock, 3 back to filling (picked again), 0 scrap. */
  decision: OneOf('处理结果', [2, 3, 0] as const),
  reason: ReqStr('处理意见', { maxLength: 200 }),
});
export type AnalyseBody = Static<typeof AnalyseBody>;


export const NoteBody = Type.Object({
  /** The note to edit; absent for a new one. */
  id: OptId('备注'),
  traceId: Id('追溯事件'),
  note: ReqStr('备注', { maxLength: 500 }),
});
export type NoteBody = Static<typeof NoteBody>;

export const TRACE = {
  getInfo: endpoint({ method: 'POST', path: '/api/trace/getInfo', summary: '按气瓶编码查询档案与追溯时间线', permission: 'trace:view', body: CodeBody, data: TraceInfo, readOnly: true }),
  productAnalyse: endpoint({ method: 'POST', path: '/api/trace/productAnalyse', summary: '分析处理：待分析（1）→ 在库（2）、已领瓶（3）或报废（0）', permission: 'trace:analyse', body: AnalyseBody, data: ScanResult }),
  vacuumHandle: endpoint({
    method: 'POST', path: '/api/trace/vacuumHandle', summary: '抽真空：回收（10）、待分析（1）或在库（2，首次充装或定期检验后）→ 在库（2），写抽真空记录（真空度）',
    permission: 'trace:vacuum', body: VacuumBody, data: ScanResult,
  }),
  saveOrEdit: endpoint({
    method: 'POST', path: '/api/trace/saveOrEdit', summary: '追溯事件的备注（新增或修改本人的备注；事件本身不变）', permission: 'trace:note', body: NoteBody,
    data: Type.Object({ id: Type.Integer() }),
  }),
};
