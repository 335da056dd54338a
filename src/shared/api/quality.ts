import { Type, type Static } from '@sinclair/typebox';
import { endpoint } from './endpoint';
import { Code, DateStr, Id, Int, MAX_PAGE, MAX_PAGE_SIZE, OneOf, OptDateTime, Page, ReqStr, Str } from './schema';

/**
 * 质量中心 (SPEC section 7 "Quality"): deliveries per customer and what lies behind each delivered cylinder
 * (/quality/customer), inspections and re-weighs per gas and operator (/quality/factory), and recall
 * (/quality/recall, 追溯召回: not in SPEC, issue 21 item 3). Figures come from trace_daily (migration 0012).
 */

/** Longest period a figure or list covers (days, both ends included). */
export const QUALITY_MAX_DAYS = 366;
/** Detail rows written into one export at most (the sheet says so when there are more). */
export const QUALITY_EXPORT_CAP = 50_000;
/** Cylinders a recall lists at most in its export (its summary always counts them all). */
export const RECALL_EXPORT_CAP = 100_000;

const OptId = (title: string) => Type.Optional(Type.Union([Id(title), Type.Null(), Type.Literal('')], { title }));
const PageFields = {
  page: Type.Optional(Int('页码', { minimum: 1, maximum: MAX_PAGE, default: 1 })),
  size: Type.Optional(Int('每页条数', { minimum: 1, maximum: MAX_PAGE_SIZE, default: 15 })),
};

/** The filter bar of both quality screens: a period of plant days, gas, customer, operator. */
export const QualityFilter = Type.Object({
  from: DateStr('开始日期'),
  to: DateStr('结束日期'),
  materialId: OptId('介质'),
  customerId: OptId('客户'),
  operatorId: OptId('操作员'),
  /** Chart buckets: days or months. */
  bucket: Type.Optional(OneOf('统计粒度', ['day', 'month'] as const)),
});
export type QualityFilter = Static<typeof QualityFilter>;

export const QualityPageQuery = Type.Object({ ...QualityFilter.properties, ...PageFields });
export type QualityPageQuery = Static<typeof QualityPageQuery>;

const Named = { id: Type.Integer(), name: Type.String() };

/* ---------------------------------------------------------------- customer view */

export const DeliveryCount = Type.Object({
  delivered: Type.Integer(),
  recovered: Type.Integer(),
  customers: Type.Integer(),
  byCustomer: Type.Array(Type.Object({ ...Named, delivered: Type.Integer(), recovered: Type.Integer() })),
  byPeriod: Type.Array(Type.Object({ period: Type.String(), delivered: Type.Integer(), recovered: Type.Integer() })),
});
export type DeliveryCount = Static<typeof DeliveryCount>;

const NStr = Type.Union([Type.String(), Type.Null()]);
const NNum = Type.Union([Type.Number(), Type.Null()]);
/** One delivered cylinder and what lies behind it: its last fill before shipment, that fill's inspection and re-weigh. */
export const DeliveryRow = Type.Object({
  traceId: Type.Integer(),
  orderNo: NStr,
  shippedAt: Type.String(),
  customerName: NStr,
  code: Type.String(),
  materialName: NStr,
  specification: NStr,
  lotNo: NStr,
  filledWeight: NNum,
  filledPressure: NNum,
  filledAt: NStr,
  filler: NStr,
  /** 1 合格, 0 不合格, null none after that fill. */
  testResult: Type.Union([Type.Integer(), Type.Null()]),
  testedAt: NStr,
  reweighNet: NNum,
  reweighPassed: Type.Union([Type.Boolean(), Type.Null()]),
  reweighedAt: NStr,
});
export type DeliveryRow = Static<typeof DeliveryRow>;

/* ---------------------------------------------------------------- factory view */

const PassFail = {
  testPass: Type.Integer(), testFail: Type.Integer(), reweighPass: Type.Integer(), reweighFail: Type.Integer(),
  /** Pass rates in percent (one decimal), null when nothing was checked. */
  testRate: NNum, reweighRate: NNum,
};
export const CheckRow = Type.Object({ ...Named, ...PassFail });
export type CheckRow = Static<typeof CheckRow>;
export const CheckCount = Type.Object({
  total: Type.Object(PassFail),
  byGas: Type.Array(CheckRow),
  byOperator: Type.Array(CheckRow),
});
export type CheckCount = Static<typeof CheckCount>;

export const ProductAnalysis = Type.Object({
  byPeriod: Type.Array(Type.Object({
    period: Type.String(), testPass: Type.Integer(), testFail: Type.Integer(), reweighPass: Type.Integer(), reweighFail: Type.Integer(),
    /** Analysis decisions: back to stock (2), back to filling (3), scrap (0). */
    toStock: Type.Integer(), toFilling: Type.Integer(), scrapped: Type.Integer(),
  })),
  /** Failure reasons: failed inspection items (kind test) and 超重/欠重 (kind reweigh), most frequent first. */
  reasons: Type.Array(Type.Object({ kind: OneOf('类型', ['test', 'reweigh'] as const), reason: Type.String(), n: Type.Integer() })),
  /** Analysis decisions with their reasons. */
  decisions: Type.Array(Type.Object({ decision: Type.Integer(), reason: Type.String(), n: Type.Integer() })),
});
export type ProductAnalysis = Static<typeof ProductAnalysis>;

/* ---------------------------------------------------------------- recall */

/** Exactly one way to choose the fills: a lot; a gas and a window of fill times; one cylinder's fill (its latest by default). */
export const RecallQuery = Type.Object({
  lotNo: Type.Optional(Str('批号', { maxLength: 64 })),
  materialId: OptId('介质'),
  from: OptDateTime('开始时间'),
  to: OptDateTime('结束时间'),
  code: Type.Optional(Type.Union([Code('气瓶编码', 64), Type.Literal('')], { title: '气瓶编码' })),
  fillId: OptId('充装记录'),
});
export type RecallQuery = Static<typeof RecallQuery>;
export const RecallPageQuery = Type.Object({ ...RecallQuery.properties, ...PageFields });
export type RecallPageQuery = Static<typeof RecallPageQuery>;

export const RecallSummary = Type.Object({
  /** The lot recalled (a cylinder's fill recalls its whole lot), null when the choice had none. */
  lotNo: NStr,
  /** Fills chosen (a cylinder filled twice in a window counts once among cylinders). */
  fills: Type.Integer(),
  cylinders: Type.Integer(),
  byStatus: Type.Array(Type.Object({ status: Type.Integer(), n: Type.Integer() })),
  /** Cylinders filled again since (what they hold now is no longer this fill). */
  refilled: Type.Integer(),
  byCustomer: Type.Array(Type.Object({
    ...Named, contact: NStr, phone: NStr, n: Type.Integer(), since: NStr,
  })),
});
export type RecallSummary = Static<typeof RecallSummary>;

export const RecallRow = Type.Object({
  fillId: Type.Integer(),
  cylinderId: Type.Integer(),
  code: Type.String(),
  status: Type.Integer(),
  filledAt: Type.String(),
  lotNo: NStr,
  customerId: Type.Union([Type.Integer(), Type.Null()]),
  customerName: NStr,
  contact: NStr,
  phone: NStr,
  orderNo: NStr,
  since: NStr,
});
export type RecallRow = Static<typeof RecallRow>;

/** 通知: a recall message to the users who handle the customers holding the cylinders. */
export const RecallNotifyBody = Type.Object({ ...RecallQuery.properties, reason: ReqStr('召回原因', { maxLength: 200 }) });
export type RecallNotifyBody = Static<typeof RecallNotifyBody>;
/**
 * `recipients` sent to now (`messages` written); `alreadyNotified` of the recall's recipients got it before (nothing
 * sent to them again), first at `notifiedAt`.
 */
export const RecallNotified = Type.Object({
  recipients: Type.Integer(), messages: Type.Integer(), alreadyNotified: Type.Integer(), notifiedAt: NStr,
});
export type RecallNotified = Static<typeof RecallNotified>;

/** Quality center: SPEC section 7 "Quality" (the four counts and lists); exports and recall are issue 21's. */
export const QUALITY = {
  deliveryCount: endpoint({
    method: 'POST', path: '/api/qualityCenter/deliveryCount', summary: '客户发货统计', permission: 'qualityCustomer:view', readOnly: true,
    body: QualityFilter, data: DeliveryCount,
  }),
  deliveryDetailList: endpoint({
    method: 'POST', path: '/api/qualityCenter/deliveryDetailList', summary: '客户发货明细（分页）', permission: 'qualityCustomer:view',
    readOnly: true, body: QualityPageQuery, data: Page(DeliveryRow),
  }),
  deliveryExport: endpoint({
    method: 'POST', path: '/api/qualityCenter/deliveryExport', summary: '导出客户质量（Excel）', permission: 'qualityCustomer:export',
    readOnly: true, body: QualityFilter, kind: 'download',
  }),
  checkCount: endpoint({
    method: 'POST', path: '/api/qualityCenter/checkCount', summary: '检验与复秤统计', permission: 'qualityFactory:view', readOnly: true,
    body: QualityFilter, data: CheckCount,
  }),
  productAnalysis: endpoint({
    method: 'POST', path: '/api/qualityCenter/productAnalysis', summary: '不合格原因与分析处理', permission: 'qualityFactory:view',
    readOnly: true, body: QualityFilter, data: ProductAnalysis,
  }),
  factoryExport: endpoint({
    method: 'POST', path: '/api/qualityCenter/factoryExport', summary: '导出出厂质量（Excel）', permission: 'qualityFactory:export',
    readOnly: true, body: QualityFilter, kind: 'download',
  }),
  recall: endpoint({
    method: 'POST', path: '/api/qualityCenter/recall', summary: '追溯召回：汇总', permission: 'qualityRecall:view', readOnly: true,
    body: RecallQuery, data: RecallSummary,
  }),
  recallList: endpoint({
    method: 'POST', path: '/api/qualityCenter/recallList', summary: '追溯召回：气瓶列表（分页）', permission: 'qualityRecall:view',
    readOnly: true, body: RecallPageQuery, data: Page(RecallRow),
  }),
  recallExport: endpoint({
    method: 'POST', path: '/api/qualityCenter/recallExport', summary: '导出追溯召回（Excel）', permission: 'qualityRecall:export',
    readOnly: true, body: RecallQuery, kind: 'download',
  }),
  recallNotify: endpoint({
    method: 'POST', path: '/api/qualityCenter/recallNotify', summary: '召回通知：发消息给经办这些客户出库的人员和召回通知模板的接收角色',
    permission: 'qualityRecall:notify', body: RecallNotifyBody, data: RecallNotified,
  }),
};
