import { Type, type Static } from '@sinclair/typebox';
import { endpoint } from './endpoint';
import { Bool, Id, IdParams, Int, List, NoData, OneOf, OptStr, Page, PageQuery, ReqStr, SavedId, Str, DateStr, PG_INT_MAX } from './schema';

/**
 * 租赁结算 (issue 38): rental and deposits charged from the exact custody record (cylinder_custody, migration 0040:
 * who held each cylinder from when to when, each end a trace event), statements (月结对账单) locked once issued and
 * corrected only by credit/debit notes, a month's run for all customers, and the accounting export.
 *
 * Money is integer cents everywhere (API, database, computation); the screens show yuan with two decimals.
 * Day rules (hand computations follow them; src/shared/rental/days.ts):
 * - a day is a calendar day of the plant's time zone; a custody period [from, to) holds the cylinder on every day from
 *   from's date up to the day before to's date: the delivery day counts, the return day does not (delivered the 3rd,
 *   returned the 20th: 17 days held, the 3rd to the 19th); a period still open at the month's end holds it to the last day.
 * - free days count from the period's first day, across months (used once per period).
 * - daily: each held day after the free days is charged at the rate of the agreement version in force that day;
 *   the cylinder's month total is capped at capCents (per cylinder per month) when a cap is set.
 * - monthEnd: the number of cylinders of the line's class held at the end of the month's last day × rate;
 *   monthPeak: the largest end-of-day count of the month × rate. A version change mid-month: each version charges its
 *   share of days (rate × balance × its days ÷ the month's days, rounded half up to the cent).
 * - minimumMonthCents: a customer's rental of the month (all lines of the version) is raised to the minimum.
 * - cylinders owned by the customer (cylinders.owner_enterprise_id) are never charged nor take a deposit.
 * - a deposit (depositCents of the line in force on the period's first day) is taken at the start of a custody period
 *   and refunded (the same amount) at its end; the deposit balance is what is taken and not refunded. With
 *   depositOffsetsRental a cylinder whose deposit is held is not charged rental for those days.
 */

export const RENTAL_METHODS = ['none', 'daily', 'monthEnd', 'monthPeak'] as const;
export type RentalMethod = (typeof RENTAL_METHODS)[number];
export const RENTAL_METHOD_NAMES: Record<RentalMethod, { zh: string; en: string }> = {
  none: { zh: '不计租', en: 'No rental' },
  daily: { zh: '按日计租', en: 'Daily per cylinder' },
  monthEnd: { zh: '按月末结存', en: 'Monthly, month-end balance' },
  monthPeak: { zh: '按月峰值', en: 'Monthly, peak balance' },
};

const Cents = (title: string) => Int(title, { minimum: 0, maximum: PG_INT_MAX });
const Month = (title = '月份') => Type.String({ title, pattern: '^(19|20|21)\\d{2}-(0[1-9]|1[0-2])$', maxLength: 7 });
const Text = Type.Union([Type.String(), Type.Null()]);
const IntOrNull = Type.Union([Type.Integer(), Type.Null()]);

/* ---------------------------------------------------------------- agreements (客户租赁协议) */

/** One line of a version: a gas and specification (either null = any), its method, rate and deposit. */
export const AgreementLine = Type.Object({
  materialId: Type.Union([Id('介质'), Type.Null()]),
  specification: Type.Union([Str('规格', { maxLength: 32 }), Type.Null()]),
  method: OneOf('计租方式', RENTAL_METHODS),
  /** daily: per cylinder per day; monthEnd/monthPeak: per cylinder per month. */
  rateCents: Cents('租金单价（分）'),
  freeDays: Int('免租天数', { minimum: 0, maximum: 3650 }),
  capCents: Type.Union([Cents('每瓶每月封顶（分）'), Type.Null()]),
  depositCents: Cents('押金（分/瓶）'),
}, { additionalProperties: false });
export type AgreementLine = Static<typeof AgreementLine>;

export const AgreementVersionBody = Type.Object({
  agreementId: Id('协议'),
  validFrom: DateStr('生效日期'),
  minimumMonthCents: Cents('每月最低租金（分）'),
  depositOffsetsRental: Bool('押金抵租金'),
  lines: List('计租明细', AgreementLine, { minItems: 1, maxItems: 40 }),
}, { additionalProperties: false });
export type AgreementVersionBody = Static<typeof AgreementVersionBody>;

export const AgreementSaveBody = Type.Object({
  id: Type.Optional(Id('协议')),
  /** null: the default agreement (客户无协议时适用), at most one. */
  customerId: Type.Union([Id('客户'), Type.Null()]),
  name: ReqStr('协议名称', { maxLength: 64 }),
  remark: OptStr('备注', { maxLength: 255 }),
}, { additionalProperties: false });
export type AgreementSaveBody = Static<typeof AgreementSaveBody>;

export const AgreementRow = Type.Object({
  id: Type.Integer(),
  customerId: IntOrNull,
  /** null for the default agreement. */
  customerName: Text,
  name: Type.String(),
  versionCount: Type.Integer(),
  /** The version in force today (null before the first one's validFrom). */
  currentValidFrom: Text,
  remark: Text,
  updatedAt: Type.String(),
});
export type AgreementRow = Static<typeof AgreementRow>;

export const AgreementVersion = Type.Object({
  id: Type.Integer(),
  validFrom: Type.String(),
  minimumMonthCents: Type.Integer(),
  depositOffsetsRental: Type.Boolean(),
  lines: Type.Array(Type.Composite([AgreementLine, Type.Object({ materialName: Text })])),
  createdAt: Type.String(),
  createdBy: Text,
});
export type AgreementVersion = Static<typeof AgreementVersion>;

export const AgreementDetail = Type.Composite([AgreementRow, Type.Object({ versions: Type.Array(AgreementVersion) })]);
export type AgreementDetail = Static<typeof AgreementDetail>;

export const AgreementPageQuery = PageQuery(['id'] as const, {
  customerId: Type.Optional(Id('客户')),
  name: Type.Optional(Str('协议名称', { maxLength: 64 })),
});

/* ---------------------------------------------------------------- statements (月结对账单) */

/** A cylinder's custody within the month: its days and its rental (daily lines; monthly lines show 0 and count in balances). */
export const StatementLine = Type.Object({
  cylinderId: Type.Integer(),
  code: Type.String(),
  materialName: Text,
  specification: Text,
  /** The custody period's start (plant time 'YYYY-MM-DD HH:mm:ss') and the trace event that started it. */
  deliveredAt: Type.String(),
  deliveredTraceId: IntOrNull,
  /** The proof of delivery's stop when the period began with a hand-over on a trip (签收凭证). */
  deliveredStopId: IntOrNull,
  returnedAt: Text,
  returnedTraceId: IntOrNull,
  method: OneOf('计租方式', RENTAL_METHODS),
  daysHeld: Type.Integer(),
  freeDays: Type.Integer(),
  daysCharged: Type.Integer(),
  rateCents: Type.Integer(),
  amountCents: Type.Integer(),
  /** The cap cut the amount. */
  capped: Type.Boolean(),
  /** Not charged: the customer owns it, or its deposit offsets the rental. */
  exempt: Type.Union([Type.Literal('customerOwned'), Type.Literal('depositHeld'), Type.Null()]),
});
export type StatementLine = Static<typeof StatementLine>;

/** A monthly line's balance and charge. */
export const StatementBalance = Type.Object({
  materialName: Text,
  specification: Text,
  method: OneOf('计租方式', RENTAL_METHODS),
  balance: Type.Integer(),
  rateCents: Type.Integer(),
  /** Days of the month this version charged (a mid-month change splits a line). */
  days: Type.Integer(),
  amountCents: Type.Integer(),
});

export const StatementDeposit = Type.Object({
  cylinderId: Type.Integer(),
  code: Type.String(),
  kind: OneOf('押金', ['taken', 'refunded'] as const),
  at: Type.String(),
  traceId: IntOrNull,
  amountCents: Type.Integer(),
});

export const StatementNote = Type.Object({
  id: Type.Integer(),
  noteNo: Type.String(),
  /** credit lowers what the customer owes, debit raises it. */
  kind: OneOf('类型', ['credit', 'debit'] as const),
  amountCents: Type.Integer(),
  reason: Type.String(),
  createdAt: Type.String(),
  createdBy: Text,
});
export type StatementNote = Static<typeof StatementNote>;

export const StatementTotals = Type.Object({
  rentalCents: Type.Integer(),
  /** What the monthly minimum added (0 when the rental reached it). */
  minimumTopUpCents: Type.Integer(),
  depositTakenCents: Type.Integer(),
  depositRefundedCents: Type.Integer(),
  /** Deposits held at the month's end. */
  depositBalanceCents: Type.Integer(),
  /** rental + minimum top-up + deposits taken − deposits refunded. */
  totalCents: Type.Integer(),
});

export const StatementDetail = Type.Composite([Type.Object({
  /** null for a preview (not issued). */
  id: IntOrNull,
  statementNo: Text,
  customerId: Type.Integer(),
  customerName: Type.String(),
  month: Type.String(),
  issuedAt: Text,
  issuedBy: Text,
  lines: Type.Array(StatementLine),
  balances: Type.Array(StatementBalance),
  deposits: Type.Array(StatementDeposit),
  notes: Type.Array(StatementNote),
  /** totalCents + debit notes − credit notes. */
  dueCents: Type.Integer(),
}), StatementTotals]);
export type StatementDetail = Static<typeof StatementDetail>;

export const StatementRow = Type.Composite([Type.Object({
  id: Type.Integer(),
  statementNo: Type.String(),
  customerId: Type.Integer(),
  customerName: Type.String(),
  month: Type.String(),
  cylinders: Type.Integer(),
  notesCents: Type.Integer(),
  dueCents: Type.Integer(),
  issuedAt: Type.String(),
  issuedBy: Text,
}), StatementTotals]);
export type StatementRow = Static<typeof StatementRow>;

export const StatementPageQuery = PageQuery(['id', 'month'] as const, {
  month: Type.Optional(Month()),
  customerId: Type.Optional(Id('客户')),
});

export const StatementKey = Type.Object({ customerId: Id('客户'), month: Month() }, { additionalProperties: false });
export type StatementKey = Static<typeof StatementKey>;

export const NoteBody = Type.Object({
  statementId: Id('对账单'),
  kind: OneOf('类型', ['credit', 'debit'] as const),
  amountCents: Int('金额（分）', { minimum: 1, maximum: PG_INT_MAX }),
  reason: ReqStr('原因', { maxLength: 255 }),
}, { additionalProperties: false });
export type NoteBody = Static<typeof NoteBody>;

/* ---------------------------------------------------------------- the month's run, deposits, export */

export const RUN_STATUS = ['running', 'done', 'failed'] as const;
export const RentalRun = Type.Object({
  id: Type.Integer(),
  month: Type.String(),
  status: OneOf('状态', RUN_STATUS),
  /** Customers to do (those with custody in the month and no statement yet when the run began). */
  total: Type.Integer(),
  done: Type.Integer(),
  /** Customers already issued for the month before the run (skipped). */
  skipped: Type.Integer(),
  error: Text,
  startedAt: Type.String(),
  startedBy: Text,
  finishedAt: Text,
});
export type RentalRun = Static<typeof RentalRun>;

export const DepositRow = Type.Object({
  customerId: Type.Integer(),
  customerName: Type.String(),
  /** Cylinders the customer holds now (not its own). */
  cylinders: Type.Integer(),
  balanceCents: Type.Integer(),
});
export type DepositRow = Static<typeof DepositRow>;

export const RENTAL = {
  agreementPage: endpoint({
    method: 'POST', path: '/api/rental/agreement/listPage', summary: '租赁协议分页列表', permission: 'agreement:view', readOnly: true,
    body: AgreementPageQuery, data: Page(AgreementRow),
  }),
  agreementInfo: endpoint({
    method: 'GET', path: '/api/rental/agreement/info/:id', summary: '租赁协议及其各版本', permission: 'agreement:view', params: IdParams, data: AgreementDetail,
  }),
  agreementSave: endpoint({ method: 'POST', path: '/api/rental/agreement/save', summary: '新增或编辑租赁协议', permission: 'agreement:save', body: AgreementSaveBody, data: SavedId }),
  versionSave: endpoint({
    method: 'POST', path: '/api/rental/agreement/saveVersion', summary: '新增协议版本（自生效日期起计租；不得改变已出对账单的月份）',
    permission: 'agreement:save', body: AgreementVersionBody, data: SavedId,
  }),
  statementPage: endpoint({
    method: 'POST', path: '/api/rental/statement/listPage', summary: '已出对账单分页列表', permission: 'statement:view', readOnly: true,
    body: StatementPageQuery, data: Page(StatementRow),
  }),
  statementPreview: endpoint({
    method: 'POST', path: '/api/rental/statement/preview', summary: '对账单预览（计算，不保存）', permission: 'statement:view', readOnly: true,
    body: StatementKey, data: StatementDetail,
  }),
  statementInfo: endpoint({
    method: 'GET', path: '/api/rental/statement/info/:id', summary: '对账单详情（含调整单）', permission: 'statement:view', params: IdParams, data: StatementDetail,
  }),
  statementIssue: endpoint({
    method: 'POST', path: '/api/rental/statement/issue', summary: '出具对账单（出具后锁定）', permission: 'statement:issue', body: StatementKey, data: SavedId,
  }),
  statementNote: endpoint({
    method: 'POST', path: '/api/rental/statement/note', summary: '开具调整单（贷项/借项，引用原对账单）', permission: 'statement:note', body: NoteBody, data: SavedId,
  }),
  statementPdf: endpoint({
    method: 'GET', path: '/api/rental/statement/pdf/:id', summary: '对账单 PDF', permission: 'statement:view', kind: 'download', params: IdParams,
  }),
  statementExcel: endpoint({
    method: 'GET', path: '/api/rental/statement/excel/:id', summary: '对账单 Excel', permission: 'statement:view', kind: 'download', params: IdParams,
  }),
  runStart: endpoint({
    method: 'POST', path: '/api/rental/run/start', summary: '月结：为全部客户出具该月对账单（可续跑）', permission: 'statement:issue',
    body: Type.Object({ month: Month() }, { additionalProperties: false }), data: SavedId,
  }),
  runResume: endpoint({
    method: 'POST', path: '/api/rental/run/resume', summary: '续跑中断的月结', permission: 'statement:issue', body: Type.Object({ id: Id('月结') }), data: NoData,
  }),
  runList: endpoint({
    method: 'GET', path: '/api/rental/run/list', summary: '最近的月结及其进度', permission: 'statement:view', data: Type.Array(RentalRun),
  }),
  depositPage: endpoint({
    method: 'POST', path: '/api/rental/deposit/listPage', summary: '客户押金余额', permission: 'statement:view', readOnly: true,
    body: PageQuery(['customerId'] as const, { customerId: Type.Optional(Id('客户')) }), data: Page(DepositRow),
  }),
  /** The month's charges for the accounting package (Excel, docs/RENTAL.md names the columns). */
  export: endpoint({
    method: 'GET', path: '/api/rental/export', summary: '导出该月应收（会计软件导入）', permission: 'statement:export', kind: 'download',
    query: Type.Object({ month: Month() }),
  }),
};
