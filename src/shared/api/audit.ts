import { Type, type Static } from '@sinclair/typebox';
import { endpoint, KB } from './endpoint';
import { Code, DateTimeStr, Id, IdBody, IdParams, List, OneOf, OptDate, OptStr, Page, PageQuery, Str } from './schema';

/**
 * 客户盘点 (issue 37): a blind count at a customer's site — the field app scans everything present, offline, with no
 * list of what the records expect — then the reconciliation against the holdings, online, in one transaction:
 * - found: expected (held by the customer in the records) and present;
 * - unexpected: present, the records have it elsewhere. Shipped (9) and held by another customer or on a vehicle: moved
 *   to this customer (盘点发现, the previous holder in the trace); in the plant or scrapped: not moved, the line says
 *   where the records have it and the supervisors get a message;
 * - unknown: a code the register does not have;
 * - missing: expected, absent (盘点未见 in the trace); lost (丢失) after auditLostAudits consecutive audits missing it or
 *   auditLostDays days since first missed (系统规则). Any later event of the cylinder ends the run.
 */

/** 0 counting (codes submitted, not yet reconciled), 1 reconciled. */
export const AUDIT_STATUS = { counting: 0, reconciled: 1 } as const;
export const AUDIT_STATUS_NAMES: Record<number, { zh: string; en: string }> = {
  0: { zh: '待对账', en: 'Counted' },
  1: { zh: '已对账', en: 'Reconciled' },
};

export const AUDIT_LINE_KINDS = ['found', 'unexpected', 'unknown', 'missing'] as const;
export type AuditLineKind = (typeof AUDIT_LINE_KINDS)[number];
export const AUDIT_LINE_NAMES: Record<AuditLineKind, { zh: string; en: string }> = {
  found: { zh: '账实相符', en: 'Found' },
  unexpected: { zh: '账外发现', en: 'Found, not expected' },
  unknown: { zh: '未登记编码', en: 'Unknown code' },
  missing: { zh: '盘点未见', en: 'Missing' },
};

/** The most codes one count sends (a customer's site; a larger one is counted in parts). */
export const MAX_AUDIT_CODES = 5000;

/** An id chosen on the device (UUID): the same count sent again acts once. */
const DeviceId = Type.String({
  title: '盘点编号', maxLength: 36, pattern: '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$',
});

/**
 * 提交盘点: what the device counted at the customer. Idempotent on `auditId`: sent again (a retry after a lost answer,
 * or the same count with codes scanned since) it adds only codes not yet counted, never a second audit; once
 * reconciled, only a repeat of what was counted is answered (new codes are refused: start another count).
 * Codes only: the scanner side turns a public-page QR address into its code.
 */
export const AuditSubmitBody = Type.Object({
  auditId: DeviceId,
  customerId: Id('客户'),
  codes: List('盘点气瓶编码', Code('气瓶编码', 64), { maxItems: MAX_AUDIT_CODES }),
  /** When the count was made on the device (plant time); the submit's time when absent. */
  countedAt: Type.Optional(DateTimeStr('盘点时间')),
  remark: OptStr('备注', { maxLength: 255 }),
}, { additionalProperties: false });
export type AuditSubmitBody = Static<typeof AuditSubmitBody>;

export const AuditSubmitResult = Type.Object({
  id: Type.Integer(),
  auditNo: Type.String(),
  /** Codes counted in the audit after this call. */
  counted: Type.Integer(),
  /** Codes this call added (0 for a repeat). */
  added: Type.Integer(),
  repeated: Type.Boolean(),
  status: Type.Integer(),
});
export type AuditSubmitResult = Static<typeof AuditSubmitResult>;

const Text = Type.Union([Type.String(), Type.Null()]);

export const AuditRow = Type.Object({
  id: Type.Integer(),
  auditNo: Type.String(),
  customerId: Type.Integer(),
  customerName: Type.String(),
  status: Type.Integer(),
  countedAt: Type.String(),
  countedBy: Text,
  counted: Type.Integer(),
  reconciledAt: Text,
  reconciledBy: Text,
  found: Type.Integer(),
  unexpected: Type.Integer(),
  /** Of the unexpected, moved to this customer. */
  moved: Type.Integer(),
  unknown: Type.Integer(),
  missing: Type.Integer(),
  /** Of the missing, lost (丢失) by this audit's reckoning. */
  lost: Type.Integer(),
  remark: Text,
});
export type AuditRow = Static<typeof AuditRow>;

const Blankable = <T extends ReturnType<typeof OneOf>>(s: T, title: string) => Type.Optional(Type.Union([s, Type.Literal('')], { title }));

export const AuditPageQuery = PageQuery(['id', 'countedAt'] as const, {
  auditNo: Type.Optional(Str('盘点单号', { maxLength: 32 })),
  customerId: Type.Optional(Id('客户')),
  status: Blankable(OneOf('盘点状态', [0, 1] as const), '盘点状态'),
  dateFrom: OptDate('盘点日期起'),
  dateTo: OptDate('盘点日期止'),
});
export type AuditPageQuery = Static<typeof AuditPageQuery>;

export const AuditLine = Type.Object({
  id: Type.Integer(),
  kind: Type.String(),
  code: Type.String(),
  cylinderId: Type.Union([Type.Integer(), Type.Null()]),
  materialName: Text,
  specification: Text,
  /** The status the records had at the reconciliation. */
  status: Type.Union([Type.Integer(), Type.Null()]),
  /** Moved to this customer by the reconciliation (unexpected, shipped elsewhere). */
  moved: Type.Boolean(),
  /** What the line came to, in words: where the records have it, from whom it was moved, how often it was missed. */
  note: Text,
  /** Consecutive audits missing it (missing lines). */
  misses: Type.Union([Type.Integer(), Type.Null()]),
  lost: Type.Boolean(),
});
export type AuditLine = Static<typeof AuditLine>;

export const AuditLinePageQuery = PageQuery(['code', 'id'] as const, {
  auditId: Id('盘点'),
  kind: Blankable(OneOf('结果', AUDIT_LINE_KINDS), '结果'),
});
export type AuditLinePageQuery = Static<typeof AuditLinePageQuery>;

/** POST /api/audit/reconcile: one transaction; of two at once, one reconciles and the other is told it was done. */
export const AuditReconcileBody = IdBody;

export const AUDIT = {
  page: endpoint({
    method: 'POST', path: '/api/audit/listPage', summary: '客户盘点分页列表', permission: 'audit:view', readOnly: true,
    body: AuditPageQuery, data: Page(AuditRow),
  }),
  info: endpoint({ method: 'GET', path: '/api/audit/info/:id', summary: '客户盘点详情（汇总）', permission: 'audit:view', params: IdParams, data: AuditRow }),
  lines: endpoint({
    method: 'POST', path: '/api/audit/lines', summary: '客户盘点明细（对账结果，分页）', permission: 'audit:view', readOnly: true,
    body: AuditLinePageQuery, data: Page(AuditLine),
  }),
  submit: endpoint({
    method: 'POST', path: '/api/audit/submit', summary: `提交盘点（现场盲盘的气瓶编码，最多 ${MAX_AUDIT_CODES} 个；按盘点编号幂等）`,
    permission: 'audit:count', body: AuditSubmitBody, data: AuditSubmitResult,
    bodyLimit: { bytes: 344 * KB, why: `${MAX_AUDIT_CODES} codes of at most 64 ASCII characters as JSON strings (≤ 335,000 bytes) and the other fields` },
  }),
  reconcile: endpoint({
    method: 'POST', path: '/api/audit/reconcile', summary: '盘点对账：账实相符、账外发现（转入本客户或通知主管）、盘点未见（累计丢失）',
    permission: 'audit:reconcile', body: AuditReconcileBody, data: AuditRow,
  }),
  pdf: endpoint({ method: 'GET', path: '/api/audit/report/:id', summary: '盘点报告 PDF', permission: 'audit:view', kind: 'download', params: IdParams }),
  xlsx: endpoint({ method: 'GET', path: '/api/audit/export/:id', summary: '盘点报告 Excel', permission: 'audit:view', kind: 'download', params: IdParams }),
};
