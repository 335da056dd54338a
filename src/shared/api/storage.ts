import { Type, type Static } from '@sinclair/typebox';
import { SYSTEM_RULE_DEFAULTS } from './systemRule';
import { endpoint, KB } from './endpoint';
import { CylinderBrief, ProduceEventRow, ScanId, ScanResult, InspectionRecord } from './production';
import { Bool, Code, Id, IdBody, IdParams, Int, List, NoData, OneOf, OptDate, OptId, OptStr, Page, PageQuery, ReqStr, Str } from './schema';

const Text = Type.Union([Type.String(), Type.Null()]);
const IntOrNull = Type.Union([Type.Integer(), Type.Null()]);

/** Receipt types (SPEC section 3): stock-in spaceRk / productRK, stock-out productCK / pickCk. */
export const ORDER_TYPES = {
  spaceRk: { zh: '空瓶入库', en: 'Empty stock-in', direction: 'in', warehouseKind: 'empty' },
  productRK: { zh: '成品入库', en: 'Product stock-in', direction: 'in', warehouseKind: 'finished' },
  productCK: { zh: '销售出库', en: 'Delivery', direction: 'out', warehouseKind: null },
  pickCk: { zh: '自提出库', en: 'Pick-up', direction: 'out', warehouseKind: null },
} as const;
export type OrderType = keyof typeof ORDER_TYPES;
export const IN_TYPES = ['spaceRk', 'productRK'] as const;
export const OUT_TYPES = ['productCK', 'pickCk'] as const;

/** Order status labels (SPEC section 4): 0 open, 1 done; 2 an outbound order cancelled with a reason (kept, never deleted). */
export const OUT_ORDER_STATUS = { 0: '出库待扫描', 1: '出库完成', 2: '已作废' } as const;
export const ORDER_CANCELLED = 2;
export const IN_ORDER_STATUS = { 0: '入库中', 1: '入库完成' } as const;

/** Days after which a cylinder at a customer counts as long out: the system rule's default (the rule decides). */
export const LONG_OUT_DAYS_DEFAULT = SYSTEM_RULE_DEFAULTS.longOutDays;

/** The documents an outbound order prints (SPEC print-report names). */
export const ORDER_DOCUMENTS = ['发货清单', '质量证明书', '产品合格证'] as const;

/* ---------------------------------------------------------------- stock-in */

/**
 * POST /api/storageOrder/inStock: without `id` a new order (type and warehouse); with `code` a cylinder
 * scanned onto it (one transition each); with `complete` the order is closed. One call may do all three.
 */
export const InStockBody = Type.Object({
  id: OptId('入库单'),
  type: Type.Optional(OneOf('入库类型', IN_TYPES)),
  warehouseId: OptId('仓库'),
  remark: OptStr('备注', { maxLength: 255 }),
  code: Type.Optional(Code('气瓶编码', 64)),
  scanId: ScanId,
  complete: Type.Optional(Bool('完成入库')),
});
export type InStockBody = Static<typeof InStockBody>;

export const OrderRef = Type.Object({ id: Type.Integer(), orderNo: Type.String(), type: Type.String(), status: Type.Integer(), count: Type.Integer() });
export type OrderRef = Static<typeof OrderRef>;

export const InStockResult = Type.Object({ order: OrderRef, scan: Type.Union([ScanResult, Type.Null()]) });
export type InStockResult = Static<typeof InStockResult>;

/** What a scan resolves to before anything happens: the cylinder and what can be done with it now. */
export const BarCodeQuery = Type.Object({ code: Code('气瓶编码', 64), type: Type.Optional(OneOf('单据类型', [...IN_TYPES, ...OUT_TYPES, 'recover'] as const)) });
export type BarCodeQuery = Static<typeof BarCodeQuery>;
export const BarCodeInfo = Type.Object({
  cylinder: CylinderBrief,
  statusName: Type.String(),
  /** Where it is now (shared/cylinder/place.ts); the warehouse only while one holds it, the customer or the order as locationName. */
  place: Type.String(),
  warehouseName: Text,
  locationName: Text,
  /** Whether the scan fits `type`, and every reason it does not. */
  allowed: Type.Boolean(),
  reasons: Type.Array(Type.String()),
  /** What can be done with it now, in words (成品入库, 回收, …). */
  next: Type.Array(Type.String()),
});
export type BarCodeInfo = Static<typeof BarCodeInfo>;

const OrderFilters = {
  orderNo: Type.Optional(Str('单号', { maxLength: 32 })),
  dateFrom: OptDate('开始日期'),
  dateTo: OptDate('结束日期'),
  status: Type.Optional(OneOf('单据状态', [0, 1, ORDER_CANCELLED] as const)),
};

export const InOrderQuery = PageQuery(['id'] as const, {
  ...OrderFilters, type: Type.Optional(OneOf('入库类型', IN_TYPES)), warehouseId: OptId('仓库'),
});
export type InOrderQuery = Static<typeof InOrderQuery>;

export const OrderRow = Type.Object({
  id: Type.Integer(), orderNo: Type.String(), type: Type.String(), status: Type.Integer(),
  warehouseId: IntOrNull, warehouseName: Text, customerId: IntOrNull, customerName: Text, vehicle: Text, driver: Text,
  /**
   * The vehicle, driver and escort from the transport registers (issue 36); null on an order made without them. `vehicle`,
   * `driver` and `escort` then hold their plate and names as they were when chosen (old orders: the free text typed).
   */
  vehicleId: IntOrNull, driverId: IntOrNull, escortId: IntOrNull, escort: Text,
  /** Cylinders on the order (not reverted); for outbound, also the ordered total. */
  count: Type.Integer(), quantity: Type.Integer(),
  remark: Text, operator: Text, createdAt: Type.String(), completedAt: Text, completedBy: Text, signed: Type.Boolean(),
  /** Set on a cancelled (已作废) order: when, by whom, why. */
  cancelledAt: Text, cancelledBy: Text, cancelReason: Text,
});
export type OrderRow = Static<typeof OrderRow>;

/** The cylinders of one order. */
export const OrderItemQuery = PageQuery(['id'] as const, { orderId: Id('单据') });
export type OrderItemQuery = Static<typeof OrderItemQuery>;
export const OrderItemRow = Type.Object({
  id: Type.Integer(), cylinderId: Type.Integer(), code: Type.String(), materialName: Text, specification: Text, lineId: IntOrNull,
  status: Type.Integer(), operator: Text, workstation: Text, at: Type.String(), reverted: Type.Boolean(),
});
export type OrderItemRow = Static<typeof OrderItemRow>;

/* ---------------------------------------------------------------- outbound */

export const OrderLineInput = Type.Object({
  materialId: Id('介质'),
  specification: OptStr('规格', { maxLength: 64 }),
  quantity: Int('数量', { minimum: 1, maximum: 1000 }),
});
export type OrderLineInput = Static<typeof OrderLineInput>;

/**
 * POST /api/storageOrder/outStock: without `id` a new order with its lines; with `id` and lines, the
 * order edited (only while nothing is scanned); with `id` and `complete`, every scanned cylinder 8 → 9.
 */
export const OutStockBody = Type.Object({
  id: OptId('出库单'),
  type: Type.Optional(OneOf('出库类型', OUT_TYPES)),
  customerId: OptId('客户'),
  /** Free text of orders made before the registers (issue 36); ignored where the matching id below is given. */
  vehicle: OptStr('车牌号', { maxLength: 32 }),
  driver: OptStr('司机', { maxLength: 64 }),
  /** 运输车辆 (/api/vehicle/options): a vehicle needs a driver and an escort (危险货物运输须配备押运员). */
  vehicleId: OptId('运输车辆'),
  driverId: OptId('驾驶员'),
  escortId: OptId('押运员'),
  remark: OptStr('备注', { maxLength: 255 }),
  lines: Type.Optional(List('出库明细', OrderLineInput, { maxItems: 50 })),
  complete: Type.Optional(Bool('完成出库')),
  scanId: ScanId,
});
export type OutStockBody = Static<typeof OutStockBody>;

export const OrderLine = Type.Object({
  id: Type.Integer(), materialId: Type.Integer(), materialName: Text, specification: Text, quantity: Type.Integer(), scanned: Type.Integer(),
});
export type OrderLine = Static<typeof OrderLine>;

export const PrintEntry = Type.Object({ documents: Type.Array(Type.String()), at: Type.String(), by: Text });
export type PrintEntry = Static<typeof PrintEntry>;

export const OutOrderInfo = Type.Composite([OrderRow, Type.Object({ lines: Type.Array(OrderLine), prints: Type.Array(PrintEntry), signName: Text, signedAt: Text })]);
export type OutOrderInfo = Static<typeof OutOrderInfo>;

export const OutOrderQuery = PageQuery(['id'] as const, {
  ...OrderFilters, type: Type.Optional(OneOf('出库类型', OUT_TYPES)), customerId: OptId('客户'),
});
export type OutOrderQuery = Static<typeof OutOrderQuery>;

export const ScanOutBody = Type.Object({ orderId: Id('出库单'), code: Code('气瓶编码', 64), scanId: ScanId });
export type ScanOutBody = Static<typeof ScanOutBody>;
export const ScanOutResult = Type.Composite([ScanResult, Type.Object({ lines: Type.Array(OrderLine) })]);
export type ScanOutResult = Static<typeof ScanOutResult>;

export const CkInfoBody = Type.Object({ code: Code('气瓶编码', 64), orderId: OptId('出库单') });
export type CkInfoBody = Static<typeof CkInfoBody>;
export const CkInfo = Type.Composite([BarCodeInfo, Type.Object({
  /** The order the cylinder is on (scanned or shipped), if any. */
  order: Type.Union([Type.Object({ id: Type.Integer(), orderNo: Type.String(), customerName: Text, status: Type.Integer() }), Type.Null()]),
})]);
export type CkInfo = Static<typeof CkInfo>;

/** 作废: an open outbound order with no cylinder on it (none scanned, or all taken off by 移出) is kept as 已作废 with the reason. */
export const CancelOrderBody = Type.Object({ id: Id('出库单'), reason: ReqStr('作废原因', { maxLength: 255 }) });
export type CancelOrderBody = Static<typeof CancelOrderBody>;

export const PrintInfoBody = Type.Object({ id: Id('出库单'), documents: List('打印单据', OneOf('单据', ORDER_DOCUMENTS), { minItems: 1, maxItems: 3 }) });
export type PrintInfoBody = Static<typeof PrintInfoBody>;

/** A PNG drawn on the signing pad, as a data URL (at most 512 KB). */
export const SIGN_IMAGE_MAX = 700_000;
export const SignInfoBody = Type.Object({
  id: Id('出库单'),
  signName: ReqStr('签收人', { maxLength: 64 }),
  image: Type.String({ title: '签名', minLength: 30, maxLength: SIGN_IMAGE_MAX, pattern: '^data:image/png;base64,[A-Za-z0-9+/]+=*$' }),
});
export type SignInfoBody = Static<typeof SignInfoBody>;
export const SignInfo = Type.Union([Type.Object({ signName: Type.String(), image: Type.String(), signedAt: Type.String(), signedBy: Text }), Type.Null()]);
export type SignInfo = Static<typeof SignInfo>;

/** The inspection results of an order's cylinders, for the quality certificate. */
export const MaterialTestRow = Type.Object({ cylinderId: Type.Integer(), code: Type.String(), record: Type.Union([InspectionRecord, Type.Null()]) });
export type MaterialTestRow = Static<typeof MaterialTestRow>;

export const StorageTraceQuery = PageQuery(['id'] as const, {
  orderId: OptId('单据'),
  code: Type.Optional(Str('气瓶编码', { maxLength: 64 })),
  customerId: OptId('客户'),
  action: Type.Optional(OneOf('操作', ['stockInEmpty', 'stockInProduct', 'outboundScan', 'outbound', 'recover'] as const)),
  dateFrom: OptDate('开始日期'),
  dateTo: OptDate('结束日期'),
});
export type StorageTraceQuery = Static<typeof StorageTraceQuery>;

/* ---------------------------------------------------------------- recovery */

export const RecoverBody = Type.Object({
  code: Code('气瓶编码', 64), scanId: ScanId,
  /** The customer returning it (the holder when absent); another customer than the holder is a forced return, recorded as a discrepancy. */
  customerId: OptId('退瓶客户'),
  remark: OptStr('备注', { maxLength: 255 }),
});
export type RecoverBody = Static<typeof RecoverBody>;
export const RecoverResult = Type.Composite([ScanResult, Type.Object({ discrepancy: Text, customerName: Text })]);
export type RecoverResult = Static<typeof RecoverResult>;

export const RecoveryQuery = PageQuery(['id'] as const, {
  code: Type.Optional(Str('气瓶编码', { maxLength: 64 })),
  customerId: OptId('客户'),
  discrepancy: Type.Optional(Bool('仅看异常')),
  dateFrom: OptDate('开始日期'),
  dateTo: OptDate('结束日期'),
});
export type RecoveryQuery = Static<typeof RecoveryQuery>;
export const RecoveryRow = Type.Object({
  id: Type.Integer(), cylinderId: Type.Integer(), code: Type.String(), materialName: Text, customerName: Text,
  expectedCustomerName: Text, expectedStatus: Type.Integer(), discrepancy: Text, remark: Text, operator: Text, workstation: Text,
  createdAt: Type.String(), reverted: Type.Boolean(),
});
export type RecoveryRow = Static<typeof RecoveryRow>;

/* ---------------------------------------------------------------- stock query and holdings */

export const StockQuery = Type.Object({
  warehouseId: OptId('仓库'),
  materialId: OptId('介质'),
  status: Type.Optional(Int('状态', { minimum: 0, maximum: 13 })),
});
export type StockQuery = Static<typeof StockQuery>;
/** Cylinders by where they are × gas × status: `place` (shared/cylinder/place.ts), the warehouse only for 'warehouse'. */
export const StockRow = Type.Object({
  place: Type.String(), warehouseId: IntOrNull, warehouseName: Text, materialId: Type.Integer(), materialName: Text, status: Type.Integer(),
  count: Type.Integer(),
});
export type StockRow = Static<typeof StockRow>;

export const CustomerHoldingQuery = PageQuery(['count', 'oldest'] as const, {
  customerId: OptId('客户'),
  days: Type.Optional(Int('超期天数', { minimum: 1, maximum: 3650 })),
});
export type CustomerHoldingQuery = Static<typeof CustomerHoldingQuery>;
export const CustomerHoldingRow = Type.Object({
  customerId: Type.Integer(), customerName: Text, customerCode: Text, count: Type.Integer(), overdue: Type.Integer(), oldestSince: Text,
});
export type CustomerHoldingRow = Static<typeof CustomerHoldingRow>;

export const HoldingQuery = PageQuery(['since'] as const, {
  customerId: OptId('客户'),
  code: Type.Optional(Str('气瓶编码', { maxLength: 64 })),
  materialId: OptId('介质'),
  /** Only cylinders out longer than this many days. */
  overDays: Type.Optional(Int('超期天数', { minimum: 1, maximum: 3650 })),
});
export type HoldingQuery = Static<typeof HoldingQuery>;
export const HoldingRow = Type.Object({
  cylinderId: Type.Integer(), code: Type.String(), materialName: Text, specification: Text, customerId: IntOrNull, customerName: Text,
  since: Text, days: IntOrNull,
});
export type HoldingRow = Static<typeof HoldingRow>;

/** Storage orders, SPEC section 7 "Storage orders"; screens /storage/inbound, /storage/outbound, /storage/query. */
export const STORAGE = {
  inStockListPage: endpoint({
    method: 'POST', path: '/api/storageOrder/inStockListPage', summary: '入库单分页列表', permission: 'inbound:view', readOnly: true,
    body: InOrderQuery, data: Page(OrderRow),
  }),
  inStock: endpoint({
    method: 'POST', path: '/api/storageOrder/inStock',
    summary: '入库：新建入库单（空瓶 spaceRk / 成品 productRK）、扫码入库（回收 10 → 在库 2；已复秤 6 → 待出库 7）、完成入库',
    permission: 'inbound:add', body: InStockBody, data: InStockResult,
  }),
  getInfoByBarCode: endpoint({
    method: 'POST', path: '/api/storageOrder/getInfoByBarCode', summary: '扫码查询：气瓶、状态、介质与当前可做的操作（不改变任何数据）',
    permission: 'inbound:view', readOnly: true, body: BarCodeQuery, data: BarCodeInfo,
  }),
  getProductList: endpoint({
    method: 'POST', path: '/api/storageOrder/getProductList', summary: '单据上的气瓶', permission: 'inbound:view', readOnly: true,
    body: OrderItemQuery, data: Page(OrderItemRow),
  }),
  deleteById: endpoint({
    method: 'GET', path: '/api/storageOrder/deleteById/:id', mutates: true, summary: '删除单据（仅限没有气瓶的单据；入库单需 inbound:delete，出库单需 outbound:delete）',
    permission: 'authenticated', params: IdParams, data: NoData,
  }),
  outStock: endpoint({
    method: 'POST', path: '/api/storageOrder/outStock', summary: '出库单：新建（销售 productCK / 自提 pickCk，明细为介质 × 规格 × 数量）、修改、完成出库（已扫描 8 → 已出库 9）',
    permission: 'outbound:add', body: OutStockBody, data: OutOrderInfo,
  }),
  outStockListPage: endpoint({
    method: 'POST', path: '/api/storageOrder/outStockListPage', summary: '出库单分页列表', permission: 'outbound:view', readOnly: true,
    body: OutOrderQuery, data: Page(OrderRow),
  }),
  scanOutStock: endpoint({
    method: 'POST', path: '/api/storageOrder/scanOutStock', summary: '出库扫码：待出库（7）→ 已扫描（8），计入匹配的明细',
    permission: 'outbound:scan', body: ScanOutBody, data: ScanOutResult,
  }),
  getCkInfoByCode: endpoint({
    method: 'POST', path: '/api/storageOrder/getCkInfoByCode', summary: '出库扫码预览：气瓶、能否扫入该出库单、所在单据', permission: 'outbound:view',
    readOnly: true, body: CkInfoBody, data: CkInfo,
  }),
  getOutOrderInfo: endpoint({
    method: 'POST', path: '/api/storageOrder/getOutOrderInfo', summary: '出库单详情与明细进度', permission: 'outbound:view', readOnly: true,
    body: IdBody, data: OutOrderInfo,
  }),
  getOrderDetailList: endpoint({
    method: 'GET', path: '/api/storageOrder/getOrderDetailList/:id', summary: '出库单已扫描的气瓶', permission: 'outbound:view',
    params: IdParams, data: Type.Array(OrderItemRow),
  }),
  savePrintInfo: endpoint({
    method: 'POST', path: '/api/storageOrder/savePrintInfo', summary: '记录打印了哪些单据（时间、人员）', permission: 'outbound:print',
    body: PrintInfoBody, data: NoData,
  }),
  saveSignInfo: endpoint({
    method: 'POST', path: '/api/storageOrder/saveSignInfo', summary: '保存收货人签名（PNG）与姓名', permission: 'outbound:sign',
    body: SignInfoBody, data: NoData,
    bodyLimit: { bytes: 704 * KB, why: "the receiver's signature as a PNG data URL of up to 700 000 characters" },
  }),
  getSignInfo: endpoint({
    method: 'GET', path: '/api/storageOrder/getSignInfo/:id', summary: '出库单的签收信息（未签收为 null）', permission: 'outbound:view',
    params: IdParams, data: SignInfo,
  }),
  getMaterialTest: endpoint({
    method: 'POST', path: '/api/storageOrder/getMaterialTest', summary: '出库单气瓶的检验结果（质量证明书）', permission: 'outbound:view', readOnly: true,
    body: IdBody, data: Type.Array(MaterialTestRow),
  }),
  selectTracePage: endpoint({
    method: 'POST', path: '/api/storageOrder/selectTracePage', summary: '出入库与回收的流转记录', permission: 'outbound:view', readOnly: true,
    body: StorageTraceQuery, data: Page(ProduceEventRow),
  }),
  cancel: endpoint({
    method: 'POST', path: '/api/storageOrder/cancel', summary: '作废出库单（须填写原因；仅限没有气瓶的未完成出库单，单据保留，不删除）',
    permission: 'outbound:cancel', body: CancelOrderBody, data: OutOrderInfo,
  }),
  removeOutStock: endpoint({
    method: 'POST', path: '/api/storageOrder/removeOutStock', summary: '移出：扫错到出库单上的气瓶离开该单，已扫描（8）→ 待出库（7）',
    permission: 'outbound:scan', body: ScanOutBody, data: ScanOutResult,
  }),
  scanHandel: endpoint({
    method: 'POST', path: '/api/storageOrder/scanHandel', summary: '回收：已出库（9）→ 回收（10）；在另一客户处的照收并记录差异（强制回收），在厂内或已报废的拒收',
    permission: 'inbound:recover', body: RecoverBody, data: RecoverResult,
  }),
  recoveryList: endpoint({
    method: 'POST', path: '/api/storageOrder/recoveryList', summary: '回收记录（可只看与系统记录不符的）', permission: 'inbound:view', readOnly: true,
    body: RecoveryQuery, data: Page(RecoveryRow),
  }),
  stock: endpoint({
    method: 'POST', path: '/api/stock/summary', summary: '库存：仓库 × 介质 × 状态的气瓶数', permission: 'stock:view', readOnly: true,
    body: StockQuery, data: Type.Array(StockRow),
  }),
  customerHoldings: endpoint({
    method: 'POST', path: '/api/stock/customerHoldings', summary: '各客户持有的气瓶数、超期数与最早出库时间', permission: 'stock:view', readOnly: true,
    body: CustomerHoldingQuery, data: Page(CustomerHoldingRow),
  }),
  holdings: endpoint({
    method: 'POST', path: '/api/stock/holdings', summary: '客户处的气瓶及出库时间（可只看超期）', permission: 'stock:view', readOnly: true,
    body: HoldingQuery, data: Page(HoldingRow),
  }),
  exportHoldings: endpoint({
    method: 'POST', path: '/api/stock/exportHoldings', summary: '导出客户处的气瓶（.xlsx，筛选同列表）', permission: 'stock:export', readOnly: true,
    kind: 'download', body: HoldingQuery,
  }),
};
