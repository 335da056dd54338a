import { Type, type Static } from '@sinclair/typebox';
import { endpoint, KB } from './endpoint';
import { ScanId, ScanResult } from './production';
import { Code, DateStr, Id, IdParams, List, Num, OneOf, OptStr, Page, PageQuery, SavedId, Str, NoData } from './schema';

/**
 * 车次 (issue 37): outbound orders put on a trip (vehicle, driver, escort from the transport registers), the driver's
 * stops (one per customer of its orders), delivery with proof (签收凭证), empties taken back at a stop, the return to
 * the plant, and the end-of-trip reconciliation. A cylinder shipped on a trip is on the vehicle (place 'vehicle')
 * until it is handed over at its stop, and at the customer from the hand-over's (station) time.
 */

const Text = Type.Union([Type.String(), Type.Null()]);
const IntOrNull = Type.Union([Type.Integer(), Type.Null()]);
const NumOrNull = Type.Union([Type.Number(), Type.Null()]);

/** 0 planned (orders being put on and loaded), 1 on the road (发车 recorded), 2 closed (reconciled). */
export const TRIP_STATUS = { planned: 0, onRoad: 1, closed: 2 } as const;
export const TRIP_STATUS_NAMES: Record<number, { zh: string; en: string }> = {
  0: { zh: '计划中', en: 'Planned' },
  1: { zh: '在途', en: 'On the road' },
  2: { zh: '已结束', en: 'Closed' },
};

/** A stop: 0 waiting, 1 handed over (proof taken). */
export const STOP_STATUS = { waiting: 0, delivered: 1 } as const;

/** Why a cylinder meant for a stop was not handed over (差异原因). */
export const DIFFERENCE_REASONS = [
  { code: 'refused', zh: '客户拒收', en: 'Refused by customer' },
  { code: 'damaged', zh: '气瓶损坏', en: 'Damaged' },
  { code: 'notFound', zh: '车上未找到', en: 'Not found on the vehicle' },
  { code: 'wrongGas', zh: '介质不符', en: 'Wrong gas' },
] as const;
export type DifferenceReason = (typeof DIFFERENCE_REASONS)[number]['code'];
const Reason = OneOf('差异原因', ['refused', 'damaged', 'notFound', 'wrongGas'] as const);

/**
 * What became of a cylinder that left on the trip: still on board, handed over at its stop, unloaded back at the
 * plant (undelivered, back to finished stock), missing (the trip closed without it; a message to the supervisor), or
 * found at a customer by an audit before its hand-over (盘点发现).
 */
export const TRIP_CYLINDER_OUTCOMES = ['onBoard', 'delivered', 'unloaded', 'missing', 'foundByAudit'] as const;
export type TripCylinderOutcome = (typeof TRIP_CYLINDER_OUTCOMES)[number];

/* ---------------------------------------------------------------- the office: trips */

export const TripSaveBody = Type.Object({
  id: Type.Optional(Id('车次')),
  vehicleId: Id('车辆'),
  driverId: Id('驾驶员'),
  escortId: Id('押运员'),
  planDate: DateStr('计划日期'),
  remark: OptStr('备注', { maxLength: 255 }),
}, { additionalProperties: false });
export type TripSaveBody = Static<typeof TripSaveBody>;

export const TripRow = Type.Object({
  id: Type.Integer(),
  tripNo: Type.String(),
  vehicleId: Type.Integer(),
  plate: Type.String(),
  driverId: Type.Integer(),
  driverName: Type.String(),
  escortId: IntOrNull,
  escortName: Text,
  planDate: Type.String(),
  status: Type.Integer(),
  stopCount: Type.Integer(),
  /** Cylinders that left on it (outbound orders completed while on the trip). */
  loaded: Type.Integer(),
  delivered: Type.Integer(),
  departedAt: Text,
  closedAt: Text,
  remark: Text,
  createdAt: Type.String(),
});
export type TripRow = Static<typeof TripRow>;

export const TripPageQuery = PageQuery(['id', 'planDate'] as const, {
  tripNo: Type.Optional(Str('车次号', { maxLength: 32 })),
  status: Type.Optional(Type.Union([OneOf('车次状态', [0, 1, 2] as const), Type.Literal('')], { title: '车次状态' })),
  planDateFrom: Type.Optional(Type.Union([DateStr('计划日期起'), Type.Literal('')], { title: '计划日期起' })),
  planDateTo: Type.Optional(Type.Union([DateStr('计划日期止'), Type.Literal('')], { title: '计划日期止' })),
});
export type TripPageQuery = Static<typeof TripPageQuery>;

/** Puts an open outbound order (not completed, not on another trip) on a planned trip; its customer becomes a stop. */
export const TripOrderBody = Type.Object({ tripId: Id('车次'), orderId: Id('出库单') }, { additionalProperties: false });
export type TripOrderBody = Static<typeof TripOrderBody>;

/** The stops' order as the driver will drive them: every stop id of the trip, once. */
export const TripStopOrderBody = Type.Object({
  tripId: Id('车次'),
  stopIds: List('站点顺序', Id('站点'), { maxItems: 200, minItems: 1 }),
}, { additionalProperties: false });

/* ---------------------------------------------------------------- the trip as the driver's device keeps it */

export const ManifestCylinder = Type.Object({
  cylinderId: Type.Integer(),
  code: Type.String(),
  stopId: Type.Integer(),
  orderNo: Type.String(),
  materialName: Text,
  specification: Text,
  outcome: Type.String(),
  reason: Text,
});
export type ManifestCylinder = Static<typeof ManifestCylinder>;

export const ManifestStop = Type.Object({
  id: Type.Integer(),
  seq: Type.Integer(),
  customerId: Type.Integer(),
  customerName: Type.String(),
  address: Text,
  contact: Text,
  phone: Text,
  status: Type.Integer(),
  /** The outbound orders of this customer on the trip. */
  orderNos: Type.Array(Type.String()),
  receiverName: Text,
  provedAt: Text,
  /**
   * Codes of the cylinders the records have at this customer now (its holdings): what a take-back may expect. A
   * code not in it is still taken back, as a forced return with the discrepancy recorded. At most 5,000 per stop.
   */
  holdings: Type.Array(Type.String()),
});
export type ManifestStop = Static<typeof ManifestStop>;

/** The trip as the field app keeps it for a shift offline (GET /api/trip/manifest/:id). */
export const TripManifest = Type.Object({
  trip: TripRow,
  stops: Type.Array(ManifestStop),
  cylinders: Type.Array(ManifestCylinder),
  /** Empties taken back so far, by stop. */
  pickups: Type.Array(Type.Object({ stopId: Type.Integer(), code: Type.String(), forced: Type.Boolean() })),
  /** When the server answered (ISO): the device shows how old its copy is. */
  at: Type.String(),
});
export type TripManifest = Static<typeof TripManifest>;

/* ---------------------------------------------------------------- at a stop (each act a scan with its scanId) */

/** 交付: a cylinder on this trip and on an order of this stop's customer is handed over (at the station time). */
export const DeliverBody = Type.Object({
  stopId: Id('站点'), code: Code('气瓶编码', 64), scanId: ScanId,
}, { additionalProperties: false });
export type DeliverBody = Static<typeof DeliverBody>;

/** 回收空瓶: an empty taken back at the stop: a recovery (9 → 10) from this stop's customer, forced when held by another. */
export const PickupBody = Type.Object({
  stopId: Id('站点'), code: Code('气瓶编码', 64), scanId: ScanId, remark: OptStr('备注', { maxLength: 255 }),
}, { additionalProperties: false });
export type PickupBody = Static<typeof PickupBody>;

/** A PNG or JPEG as a data URL (signature: PNG; photo: JPEG compressed on the device to at most 200 KB). */
const DATA_URL_PATTERN = '^data:image/(png|jpeg);base64,[A-Za-z0-9+/]+={0,2}$';
export const SIGNATURE_MAX_CHARS = 120_000;
export const PHOTO_MAX_CHARS = 280_000;

/**
 * 签收: the proof of delivery at a stop: who received, their signature, a photo, where and when (the station time of
 * the act, the X-Station-At header of a replay), and why each cylinder of the stop's orders still on board was not
 * handed over. Taken once per stop (a second with the same scanId acts once; another is refused).
 */
export const ProofBody = Type.Object({
  stopId: Id('站点'),
  scanId: ScanId,
  receiverName: Str('签收人', { maxLength: 64, minLength: 1 }),
  signature: Type.String({ title: '签名', maxLength: SIGNATURE_MAX_CHARS, pattern: DATA_URL_PATTERN }),
  photo: Type.Optional(Type.Union([Type.String({ title: '照片', maxLength: PHOTO_MAX_CHARS, pattern: DATA_URL_PATTERN }), Type.Null()], { title: '照片' })),
  latitude: Type.Optional(Type.Union([Num('纬度', { minimum: -90, maximum: 90 }), Type.Null()], { title: '纬度' })),
  longitude: Type.Optional(Type.Union([Num('经度', { minimum: -180, maximum: 180 }), Type.Null()], { title: '经度' })),
  accuracy: Type.Optional(Type.Union([Num('定位精度（米）', { minimum: 0, maximum: 100_000 }), Type.Null()], { title: '定位精度（米）' })),
  differences: List('差异', Type.Object({ code: Code('气瓶编码', 64), reason: Reason }, { additionalProperties: false }), { maxItems: 1000 }),
  remark: OptStr('备注', { maxLength: 255 }),
}, { additionalProperties: false });
export type ProofBody = Static<typeof ProofBody>;

export const ProofResult = Type.Object({
  stopId: Type.Integer(),
  provedAt: Type.String(),
  delivered: Type.Integer(),
  differences: Type.Integer(),
  /** Opens the receipt without signing in (the QR code the customer scans): /api/trip/receipt/:token. */
  receiptToken: Type.String(),
  repeated: Type.Boolean(),
});
export type ProofResult = Static<typeof ProofResult>;

/** 回厂卸车: an undelivered full cylinder of this trip back into finished stock (9 → 7) in a warehouse. */
export const UnloadBody = Type.Object({
  tripId: Id('车次'), code: Code('气瓶编码', 64), warehouseId: Id('仓库'), scanId: ScanId,
}, { additionalProperties: false });
export type UnloadBody = Static<typeof UnloadBody>;

/* ---------------------------------------------------------------- reconciliation */

export const TripReconciliation = Type.Object({
  tripId: Type.Integer(),
  tripNo: Type.String(),
  status: Type.Integer(),
  loaded: Type.Integer(),
  delivered: Type.Integer(),
  unloaded: Type.Integer(),
  /** Still on board (before closing) or marked missing (after). */
  onBoard: Type.Integer(),
  missing: Type.Integer(),
  /** Counted at a customer by an audit (盘点发现) before its hand-over: off the vehicle, not delivered with proof. */
  foundByAudit: Type.Integer(),
  /** Empties taken back on the trip, and how many of those were forced returns. */
  pickedUp: Type.Integer(),
  forced: Type.Integer(),
  stops: Type.Array(Type.Object({
    stopId: Type.Integer(), seq: Type.Integer(), customerName: Type.String(), status: Type.Integer(),
    loaded: Type.Integer(), delivered: Type.Integer(), differences: Type.Integer(), pickedUp: Type.Integer(),
    receiverName: Text, provedAt: Text, latitude: NumOrNull, longitude: NumOrNull,
    /** Opens the stop's receipt (签收单 PDF) without signing in: /api/trip/receipt/:token; null before its proof. */
    receiptToken: Text,
  })),
  /** Every cylinder that left on it, with what became of it. */
  cylinders: Type.Array(Type.Object({
    code: Type.String(), customerName: Type.String(), orderNo: Type.String(), outcome: Type.String(), reason: Text, settledAt: Text,
  })),
});
export type TripReconciliation = Static<typeof TripReconciliation>;

/**
 * 结束车次: closes a trip on the road. Refused while a cylinder is still on board unless `confirmMissing`: then each is
 * recorded missing (it stays on the vehicle in the records, a later delivery, unload or recovery still finds it) and
 * the supervisors get a message naming them.
 */
export const TripCloseBody = Type.Object({
  id: Id('车次'),
  confirmMissing: Type.Optional(Type.Boolean({ title: '确认缺失' })),
}, { additionalProperties: false });
export type TripCloseBody = Static<typeof TripCloseBody>;

export const TripOption = Type.Object({ id: Type.Integer(), tripNo: Type.String(), plate: Type.String(), planDate: Type.String() });

/** 车次管理 (/storage/trip) for the office; the field app (/field) for drivers (trip:drive: their own trips only). */
export const TRIP = {
  page: endpoint({
    method: 'POST', path: '/api/trip/listPage', summary: '车次分页列表（司机只见自己的车次）', permission: 'authenticated', readOnly: true,
    body: TripPageQuery, data: Page(TripRow),
  }),
  save: endpoint({ method: 'POST', path: '/api/trip/save', summary: '新增或编辑车次（计划中）', permission: 'trip:save', body: TripSaveBody, data: SavedId }),
  addOrder: endpoint({
    method: 'POST', path: '/api/trip/addOrder', summary: '把未完成的出库单排入车次（其客户成为一个站点）', permission: 'trip:save', body: TripOrderBody, data: NoData,
  }),
  removeOrder: endpoint({
    method: 'POST', path: '/api/trip/removeOrder', summary: '把出库单移出车次（车次计划中、出库单未完成）', permission: 'trip:save', body: TripOrderBody, data: NoData,
  }),
  orderStops: endpoint({ method: 'POST', path: '/api/trip/orderStops', summary: '调整站点顺序', permission: 'trip:save', body: TripStopOrderBody, data: NoData }),
  depart: endpoint({
    method: 'POST', path: '/api/trip/depart', summary: '发车：车次上的出库单须已全部完成', permission: 'trip:save', body: Type.Object({ id: Id('车次') }), data: NoData,
  }),
  options: endpoint({
    method: 'GET', path: '/api/trip/options', summary: '计划中的车次（新建出库单时选择）', permission: 'authenticated', data: Type.Array(TripOption),
  }),
  manifest: endpoint({
    method: 'GET', path: '/api/trip/manifest/:id', summary: '车次清单（司机端离线保存）', permission: 'authenticated', readOnly: true,
    params: IdParams, data: TripManifest,
  }),
  deliver: endpoint({ method: 'POST', path: '/api/trip/deliver', summary: '交付：扫描交给本站点客户的气瓶', permission: 'trip:drive', body: DeliverBody, data: ScanResult }),
  pickup: endpoint({ method: 'POST', path: '/api/trip/pickup', summary: '回收空瓶：在客户处扫描收回的空瓶', permission: 'trip:drive', body: PickupBody, data: ScanResult }),
  proof: endpoint({
    method: 'POST', path: '/api/trip/proof', summary: '签收：签收人、签名、照片、位置与差异', permission: 'trip:drive', body: ProofBody, data: ProofResult,
    bodyLimit: { bytes: 500 * KB, why: 'a signature (PNG, ≤ 120,000 characters), a photo (JPEG ≤ 200 KB as base64, ≤ 280,000 characters) and up to 1,000 differences' },
  }),
  unload: endpoint({ method: 'POST', path: '/api/trip/unload', summary: '回厂卸车：未交付的满瓶回成品库', permission: 'trip:save', body: UnloadBody, data: ScanResult }),
  reconcile: endpoint({
    method: 'GET', path: '/api/trip/reconcile/:id', summary: '车次对账：装车、交付、卸回、缺失', permission: 'authenticated', readOnly: true,
    params: IdParams, data: TripReconciliation,
  }),
  close: endpoint({ method: 'POST', path: '/api/trip/close', summary: '结束车次（对账）', permission: 'trip:close', body: TripCloseBody, data: TripReconciliation }),
  /** The receipt of a stop as PDF (documents module, default template 签收单). */
  receipt: endpoint({
    method: 'GET', path: '/api/trip/receipt/:token', summary: '签收单 PDF（二维码链接，无需登录）', permission: 'public', kind: 'download',
    params: Type.Object({ token: Str('签收单凭证', { maxLength: 64, pattern: '^[A-Za-z0-9_-]*$' }) }),
  }),
  proofImage: endpoint({
    method: 'GET', path: '/api/trip/proofImage/:stopId/:kind', summary: '签收签名或照片', permission: 'trip:view', kind: 'download',
    params: Type.Object({ stopId: Id('站点'), kind: OneOf('图片', ['signature', 'photo'] as const) }),
  }),
};

export { ScanResult };
