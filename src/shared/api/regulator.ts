import { Type, type Static } from '@sinclair/typebox';
import { STATUS_LABELS } from '../lifecycle';
import { endpoint, KB } from './endpoint';
import { Bool, DateStr, Id, List, NoData, OneOf, Page, PageQuery, ReqStr, SavedId, Str } from './schema';

/**
 * 监管平台对接 (issue 36, docs/REGULATOR.md): connections to a city's or province's cylinder-traceability platform,
 * each one adapter (how it sends) with its address, credentials, codes and the record kinds it sends; the code tables
 * that map this product's gases, specifications and statuses to the platform's codes; and the board of every record
 * sent, with its state as the platform answered it.
 */

/** The records a platform asks for (DB4114/T 185-2023 §5), each made from the outbox's events of these actions. */
export const REGULATOR_RECORD_KINDS = [
  { code: 'registration', name: '气瓶登记', en: 'Registration', actions: ['register', 'import'] },
  { code: 'preFillCheck', name: '充装前检查', en: 'Pre-fill check', actions: ['pick'] },
  { code: 'fill', name: '充装记录', en: 'Fill', actions: ['fill', 'fillRefill', 'fillOverfill'] },
  { code: 'postFillCheck', name: '充装后检查', en: 'Post-fill check', actions: ['testPass', 'testFail'] },
  { code: 'outbound', name: '出站交接', en: 'Outbound handover', actions: ['outbound'] },
  { code: 'periodicInspection', name: '定期检验', en: 'Periodic inspection', actions: ['inspection', 'inspectionFail'] },
] as const;
export type RegulatorRecordKind = (typeof REGULATOR_RECORD_KINDS)[number]['code'];
export const RECORD_KIND_CODES = REGULATOR_RECORD_KINDS.map<RegulatorRecordKind>((k) => k.code);

/**
 * A record's state on the board. held: not sent, something is missing here (a code mapping; `reason` says what);
 * queued: waiting to be sent (or to be tried again after a failure, `lastError`); sent: delivered, the platform's
 * verdict not yet known (a file dropped); accepted / rejected: the platform's answer (`reason`: its words);
 * pendingAudit → auditPassed / auditRejected: the platforms that audit a record after taking it.
 */
export const REGULATOR_STATES = [
  { code: 'held', name: '暂缓发送', en: 'Held' },
  { code: 'queued', name: '待发送', en: 'Queued' },
  { code: 'sent', name: '已发送', en: 'Sent' },
  { code: 'accepted', name: '已接收', en: 'Accepted' },
  { code: 'rejected', name: '被拒收', en: 'Rejected' },
  { code: 'pendingAudit', name: '待审核', en: 'Pending audit' },
  { code: 'auditPassed', name: '审核通过', en: 'Audit passed' },
  { code: 'auditRejected', name: '审核驳回', en: 'Audit rejected' },
] as const;
export type RegulatorState = (typeof REGULATOR_STATES)[number]['code'];
export const STATE_CODES = REGULATOR_STATES.map<RegulatorState>((s) => s.code);
/** The states a record ends in as far as the plant can tell; a back-fill leaves them alone. */
export const SETTLED_STATES: readonly RegulatorState[] = ['accepted', 'pendingAudit', 'auditPassed'];

/** The code tables a connection maps (local key → the platform's code). */
export const CODE_TABLES = [
  /** local key: the gas's (material's) id */
  { code: 'gas', name: '介质代码', en: 'Gas codes' },
  /** local key: the cylinder's specification (规格) as written on the register */
  { code: 'cylinderType', name: '气瓶类型代码', en: 'Cylinder type codes' },
  /** local key: the status number (src/shared/lifecycle.ts STATUS) */
  { code: 'status', name: '气瓶状态代码', en: 'Status codes' },
] as const;
export type CodeTable = (typeof CODE_TABLES)[number]['code'];
export const CODE_TABLE_CODES = CODE_TABLES.map<CodeTable>((t) => t.code);

/** The statuses a status code table lists. */
export const MAPPED_STATUSES = Object.keys(STATUS_LABELS).map(Number);

const Text = Type.Union([Type.String(), Type.Null()]);
const Kind = OneOf('上报类型', RECORD_KIND_CODES);
const State = OneOf('状态', STATE_CODES);
const Table = OneOf('代码表', CODE_TABLE_CODES);
const AdapterId = Type.String({ title: '对接方式', minLength: 1, maxLength: 32, pattern: '^[a-zA-Z][a-zA-Z0-9]*$' });
/** 平台接入码: the code the platform gave this plant for this connection (file names start with it). */
const AccessCode = Type.String({ title: '平台接入码', minLength: 1, maxLength: 32, pattern: '^[A-Za-z0-9_\\-]+$' });
/** A platform code: letters, digits and - _ . only (it is put into file names and XML). */
export const PLATFORM_CODE_PATTERN = '^[A-Za-z0-9_.\\-]{1,32}$';
const PlatformCode = Type.String({ title: '平台代码', minLength: 1, maxLength: 32, pattern: PLATFORM_CODE_PATTERN });

/* ---------------------------------------------------------------- adapters */

/** One field of an adapter's declared configuration, as the connection form shows it. */
export const AdapterField = Type.Object({
  key: Type.String(),
  label: Type.String(),
  labelEn: Type.String(),
  kind: OneOf('类型', ['text', 'url', 'secret', 'folder', 'number'] as const),
  required: Type.Boolean(),
  /** A hint under the field. */
  help: Text,
});
export type AdapterField = Static<typeof AdapterField>;

export const AdapterInfo = Type.Object({
  id: Type.String(),
  name: Type.String(),
  nameEn: Type.String(),
  /** What it sends and how, one line (the README has the whole format). */
  description: Type.String(),
  fields: Type.Array(AdapterField),
});
export type AdapterInfo = Static<typeof AdapterInfo>;

/* ---------------------------------------------------------------- connections */

/**
 * A connection's adapter settings: every adapter's fields (a new adapter adds its own here). Checked against the chosen
 * adapter's declared schema by the server. A secret field left out when editing keeps its value.
 */
export const ConnectionSettings = Type.Object({
  // REST (adapters/rest.adapter.ts)
  baseUrl: Type.Optional(Str('平台地址', { maxLength: 500 })),
  appKey: Type.Optional(Str('应用标识 AppKey', { maxLength: 128 })),
  appSecret: Type.Optional(Str('应用密钥 AppSecret', { maxLength: 256 })),
  timeoutSeconds: Type.Optional(Type.Union([Type.Integer({ minimum: 1, maximum: 120 }), Str('超时（秒）', { maxLength: 3 })], { title: '超时（秒）' })),
  // XML file drop (adapters/xml-file.adapter.ts)
  folder: Type.Optional(Str('投递目录', { maxLength: 500 })),
  receiptFolder: Type.Optional(Str('回执目录', { maxLength: 500 })),
}, { title: '对接设置', additionalProperties: false });

export const SaveConnectionBody = Type.Object({
  id: Type.Optional(Id('对接')),
  name: ReqStr('名称', { maxLength: 64 }),
  adapter: AdapterId,
  accessCode: AccessCode,
  settings: ConnectionSettings,
  kinds: List('上报类型', Kind, { minItems: 1, maxItems: REGULATOR_RECORD_KINDS.length }),
  enabled: Bool('启用'),
}, { additionalProperties: false });
export type SaveConnectionBody = Static<typeof SaveConnectionBody>;

export const ConnectionRow = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  adapter: Type.String(),
  accessCode: Type.String(),
  /** Secret fields are answered as '' (set) or absent (not set): never their value. */
  settings: Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()])),
  /** The secret fields that hold a value. */
  secretsSet: Type.Array(Type.String()),
  kinds: Type.Array(Type.String()),
  enabled: Type.Boolean(),
  /** The last outbox seq turned into records; `latest` the last one numbered (cursor < latest: events wait). */
  cursor: Type.Integer(),
  latest: Type.Integer(),
  /** Records per state. */
  counts: Type.Record(Type.String(), Type.Integer()),
  /** The last failure to reach the platform (cleared by the next answer); null when it answers. */
  lastError: Text,
  createdAt: Type.String(),
});
export type ConnectionRow = Static<typeof ConnectionRow>;

/* ---------------------------------------------------------------- code tables */

export const CodeMapQuery = Type.Object({ connectionId: Id('对接'), table: Table });
export type CodeMapQuery = Static<typeof CodeMapQuery>;

/** Every local value of the table (every gas, every specification in use, every status) with its code, or null. */
export const CodeMapRow = Type.Object({
  localKey: Type.String(),
  /** The local value in words: the gas's name, the specification, the status's name. */
  localName: Type.String(),
  code: Text,
});
export type CodeMapRow = Static<typeof CodeMapRow>;

/** Sets the codes given (code '' or null: the mapping removed). Held records of the connection are tried again. */
export const SaveCodeMapBody = Type.Object({
  connectionId: Id('对接'),
  table: Table,
  entries: List('代码对照', Type.Object({
    localKey: Str('本系统值', { minLength: 1, maxLength: 64 }),
    code: Type.Union([PlatformCode, Type.Literal(''), Type.Null()], { title: '平台代码' }),
  }, { additionalProperties: false }), { maxItems: 500 }),
}, { additionalProperties: false });
export type SaveCodeMapBody = Static<typeof SaveCodeMapBody>;

/* ---------------------------------------------------------------- the board */

export const RecordQuery = PageQuery(['id'] as const, {
  connectionId: Id('对接'),
  kind: Type.Optional(Type.Union([Kind, Type.Literal('')], { title: '上报类型' })),
  state: Type.Optional(Type.Union([State, Type.Literal('')], { title: '状态' })),
  /** The day the event happened (plant time), yyyy-MM-dd. */
  day: Type.Optional(Type.Union([DateStr('日期'), Type.Literal('')], { title: '日期' })),
  cylinderCode: Type.Optional(Str('气瓶编号', { maxLength: 64 })),
});
export type RecordQuery = Static<typeof RecordQuery>;

export const RecordRow = Type.Object({
  id: Type.Integer(),
  kind: Type.String(),
  /** The record's id as sent to the platform (derived from the event: the same record and kind keep it). */
  recordId: Type.String(),
  seq: Type.Integer(),
  cylinderCode: Type.String(),
  /** When the event happened. */
  eventAt: Type.String(),
  state: Type.String(),
  /** Why it is held, or the platform's words for a rejection or an audit. */
  reason: Text,
  /** The last failure to send it (unreachable, slow, an answer that is not JSON/XML); null after an answer. */
  lastError: Text,
  attempts: Type.Integer(),
  nextAttemptAt: Text,
  sentAt: Text,
  answeredAt: Text,
  /** The platform's own id for it, where it gives one. */
  platformId: Text,
});
export type RecordRow = Static<typeof RecordRow>;

/** One try of a record: what was sent (the message) and what came back. */
export const AttemptRow = Type.Object({
  id: Type.Integer(),
  at: Type.String(),
  outcome: Type.String(),
  /** HTTP status, where HTTP was used. */
  status: Type.Union([Type.Integer(), Type.Null()]),
  durationMs: Type.Integer(),
  detail: Text,
  /** The message as sent (JSON, or the XML document). */
  message: Text,
});
export type AttemptRow = Static<typeof AttemptRow>;

export const RecordDetail = Type.Composite([RecordRow, Type.Object({ history: Type.Array(AttemptRow) })]);
export type RecordDetail = Static<typeof RecordDetail>;

/** Sends again: each record given that is rejected, audit-rejected or held (the others are left as they are). */
export const ResendBody = Type.Object({
  connectionId: Id('对接'),
  ids: List('上报记录', Id('上报记录'), { minItems: 1, maxItems: 500 }),
}, { additionalProperties: false });
export type ResendBody = Static<typeof ResendBody>;

/**
 * Back-fill: every event of the kinds the connection sends, recorded on the days from..to (plant time, at most 31 days),
 * becomes a record if it is none yet; every record of those days that is not accepted (or pending or passed audit) is
 * sent again.
 */
export const BackfillBody = Type.Object({
  connectionId: Id('对接'),
  from: DateStr('开始日期'),
  to: DateStr('结束日期'),
}, { additionalProperties: false });
export type BackfillBody = Static<typeof BackfillBody>;

export const BackfillResult = Type.Object({
  /** Records made for events that had none. */
  created: Type.Integer(),
  /** Records sent again (not accepted before). */
  requeued: Type.Integer(),
  /** Records of those days left as they are (accepted, pending audit, passed). */
  settled: Type.Integer(),
});
export type BackfillResult = Static<typeof BackfillResult>;

export const ConnectionIdBody = Type.Object({ id: Id('对接') }, { additionalProperties: false });
export const EnableConnectionBody = Type.Object({ id: Id('对接'), enabled: Bool('启用') }, { additionalProperties: false });
export const RecordIdQuery = Type.Object({ id: Id('上报记录') });

/** The largest day span of one back-fill. */
export const BACKFILL_MAX_DAYS = 31;

export const REGULATOR = {
  adapters: endpoint({
    method: 'GET', path: '/api/regulator/adapters', summary: '监管平台对接方式及其设置项', permission: 'regulator:view', data: Type.Array(AdapterInfo),
  }),
  connections: endpoint({
    method: 'GET', path: '/api/regulator/connections', summary: '监管平台对接列表（不含密钥）', permission: 'regulator:view',
    data: Type.Array(ConnectionRow),
  }),
  saveConnection: endpoint({
    method: 'POST', path: '/api/regulator/saveConnection', summary: '新增或编辑监管平台对接', permission: 'regulator:save',
    body: SaveConnectionBody, data: SavedId,
  }),
  enableConnection: endpoint({
    method: 'POST', path: '/api/regulator/enableConnection', summary: '启用或暂停监管平台对接', permission: 'regulator:save',
    body: EnableConnectionBody, data: NoData,
  }),
  codeMap: endpoint({
    method: 'POST', path: '/api/regulator/codeMap', summary: '代码对照表', permission: 'regulator:view', readOnly: true,
    body: CodeMapQuery, data: Type.Array(CodeMapRow),
  }),
  saveCodeMap: endpoint({
    method: 'POST', path: '/api/regulator/saveCodeMap', summary: '保存代码对照', permission: 'regulator:save',
    body: SaveCodeMapBody, data: NoData, bodyLimit: { bytes: 128 * KB, why: 'up to 500 code mappings of a table' },
  }),
  records: endpoint({
    method: 'POST', path: '/api/regulator/records', summary: '上报记录（按类型、日期、状态筛选）', permission: 'regulator:view', readOnly: true,
    body: RecordQuery, data: Page(RecordRow),
  }),
  record: endpoint({
    method: 'GET', path: '/api/regulator/record', summary: '一条上报记录及其每次发送', permission: 'regulator:view',
    query: RecordIdQuery, data: RecordDetail,
  }),
  resend: endpoint({
    method: 'POST', path: '/api/regulator/resend', summary: '重新上报（被拒收、审核驳回或暂缓的记录）', permission: 'regulator:send',
    body: ResendBody, data: Type.Object({ requeued: Type.Integer() }),
  }),
  backfill: endpoint({
    method: 'POST', path: '/api/regulator/backfill', summary: '补报日期范围内未被接收的记录', permission: 'regulator:send',
    body: BackfillBody, data: BackfillResult,
  }),
};
