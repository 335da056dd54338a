import { Type, type Static } from '@sinclair/typebox';
import { endpoint } from './endpoint';
import {
  Code, Id, IdBody, IdParams, ImportQuery, ImportResult, Int, NoData, OneOf, OptDate, OptId, OptNum, OptStr, Page,
  PageQuery, ReqStr, Str,
} from './schema';

/** Batch registration by code range: prefix + start..end, numbers zero-padded to `width`. */
export const CodeRange = Type.Object({
  prefix: Str('前缀', { maxLength: 40, pattern: '^[A-Za-z0-9_.\\-]*$' }),
  start: Int('起始号', { minimum: 0, maximum: 999_999_999_999 }),
  end: Int('结束号', { minimum: 0, maximum: 999_999_999_999 }),
  /** Digits of the number part; defaults to the digits of `end`. */
  width: Type.Optional(Int('位数', { minimum: 1, maximum: 20 })),
  /** Steel stamps numbered alongside the codes (prefix + the same numbers); none when absent. */
  steelStampPrefix: Type.Optional(Str('钢印号前缀', { maxLength: 40, pattern: '^[A-Za-z0-9_.\\-]*$' })),
}, { title: '号段' });
export type CodeRange = Static<typeof CodeRange>;
/** At most this many cylinders per range registration. */
export const MAX_RANGE = 5000;

/** The fields a cylinder is registered with (form and spreadsheet). */
export const CylinderFields = Type.Object({
  steelStamp: OptStr('钢印号', { maxLength: 64 }),
  materialId: Id('介质'),
  /** 1 own, 2 a customer's cylinder (ownerEnterpriseId, a customer) filled on their behalf. */
  ownerType: Type.Optional(OneOf('产权', [1, 2] as const)),
  ownerEnterpriseId: OptId('产权单位'),
  manufacturer: OptStr('制造单位', { maxLength: 128 }),
  manufactureDate: OptDate('制造日期'),
  /** e.g. 40L, YSP-15 */
  specification: OptStr('规格型号', { maxLength: 32 }),
  waterVolume: OptNum('水容积', { minimum: 0, maximum: 100000 }),
  tareWeight: OptNum('皮重', { minimum: 0, maximum: 100000 }),
  workingPressure: OptNum('公称工作压力', { minimum: 0, maximum: 1000 }),
  /** Omit for the gas's default (no null: the validator would accept a 0 as null). */
  designLifeYears: Type.Optional(Int('设计使用年限', { minimum: 1, maximum: 100 })),
  lastInspectionDate: OptDate('上次检验日期'),
  /** Derived from the gas's interval when not given. */
  nextInspectionDate: OptDate('下次检验日期'),
  warehouseId: OptId('仓库'),
  /** One cylinder only: a range would copy one valve onto every cylinder. */
  valveNo: OptStr('瓶阀编号', { maxLength: 64 }),
  remark: OptStr('备注', { maxLength: 255 }),
});
export type CylinderFields = Static<typeof CylinderFields>;

/** POST /api/product/addProduct: one code, or a range. */
export const AddProductBody = Type.Composite([
  CylinderFields,
  Type.Object({
    code: Type.Optional(Code('气瓶编码', 64)),
    range: Type.Optional(CodeRange),
  }),
]);
export type AddProductBody = Static<typeof AddProductBody>;

const Text = Type.Union([Type.String(), Type.Null()]);
const NumOrNull = Type.Union([Type.Number(), Type.Null()]);
const IntOrNull = Type.Union([Type.Integer(), Type.Null()]);
export const ProductRow = Type.Object({
  id: Type.Integer(),
  code: Type.String(),
  steelStamp: Text,
  materialId: Type.Integer(),
  materialName: Text,
  ownerType: Type.Integer(),
  ownerEnterpriseId: IntOrNull,
  ownerName: Text,
  manufacturer: Text,
  manufactureDate: Text,
  specification: Text,
  waterVolume: NumOrNull,
  tareWeight: NumOrNull,
  workingPressure: NumOrNull,
  designLifeYears: IntOrNull,
  lastInspectionDate: Text,
  nextInspectionDate: Text,
  status: Type.Integer(),
  /** Where it is now (shared/cylinder/place.ts), read by every screen; the warehouse only while one holds it. */
  place: Type.String(),
  warehouseId: IntOrNull,
  warehouseName: Text,
  locationEnterpriseId: IntOrNull,
  /** The customer holding it, or the open outbound order it is on. */
  locationName: Text,
  valveNo: Text,
  remark: Text,
  createdAt: Type.String(),
});
export type ProductRow = Static<typeof ProductRow>;

/** Filters of the cylinder list (and its export). Codes and steel stamps match by prefix. */
export const ProductFilters = Type.Object({
  code: Type.Optional(Str('气瓶编码', { maxLength: 64 })),
  steelStamp: Type.Optional(Str('钢印号', { maxLength: 64 })),
  materialId: OptId('介质'),
  status: Type.Optional(Type.Union([Int('状态', { minimum: 0, maximum: 13 }), Type.Null()], { title: '状态' })),
  ownerType: Type.Optional(Type.Union([OneOf('产权', [1, 2] as const), Type.Null()], { title: '产权' })),
  ownerEnterpriseId: OptId('产权单位'),
  warehouseId: OptId('仓库'),
  locationEnterpriseId: OptId('所在客户'),
  manufactureDateStart: OptDate('制造日期起'),
  manufactureDateEnd: OptDate('制造日期止'),
  /** Next periodic inspection on or before this date. */
  inspectionDueBefore: OptDate('检验到期日'),
});
export type ProductFilters = Static<typeof ProductFilters>;

export const PRODUCT_SORTS = ['id', 'code', 'steelStamp', 'manufactureDate', 'nextInspectionDate', 'status', 'createdAt'] as const;
export const ProductPageQuery = PageQuery(PRODUCT_SORTS, ProductFilters.properties);
export type ProductPageQuery = Static<typeof ProductPageQuery>;

export const TraceEvent = Type.Object({
  id: Type.Integer(),
  fromStatus: IntOrNull,
  toStatus: Type.Integer(),
  action: Type.String(),
  operator: Text,
  at: Type.String(),
  detail: Type.Unknown(),
});
export type TraceEvent = Static<typeof TraceEvent>;

/** GET /api/product/info/{id}: the cylinder with its trace timeline (oldest first). */
export const ProductDetail = Type.Composite([ProductRow, Type.Object({
  scrapReason: Text, scrappedAt: Text, scrappedBy: Text, traces: Type.Array(TraceEvent),
})]);
export type ProductDetail = Static<typeof ProductDetail>;

/** GET /api/product/statusCount: one entry per status code 0–13. */
export const StatusCount = Type.Object({ status: Type.Integer(), count: Type.Integer() });
export type StatusCount = Static<typeof StatusCount>;

/** POST /api/product/scrap */
export const ScrapBody = Type.Object({ id: Id(), reason: ReqStr('报废原因', { maxLength: 255 }) });
export type ScrapBody = Static<typeof ScrapBody>;

export const SCRAP_SORTS = ['scrappedAt', 'code', 'id'] as const;
/** POST /api/product/listScrapPage */
export const ScrapPageQuery = PageQuery(SCRAP_SORTS, {
  code: Type.Optional(Str('气瓶编码', { maxLength: 64 })),
  materialId: OptId('介质'),
  scrappedFrom: OptDate('报废日期起'),
  scrappedTo: OptDate('报废日期止'),
});
export type ScrapPageQuery = Static<typeof ScrapPageQuery>;
export const ScrapRow = Type.Object({
  id: Type.Integer(), code: Type.String(), materialName: Text, specification: Text, scrapReason: Text,
  scrappedAt: Type.String(), scrappedBy: Text,
});
export type ScrapRow = Static<typeof ScrapRow>;

/** POST /api/product/updateHickey: a valve replacement. */
export const HickeyBody = Type.Object({
  id: Id(),
  newValve: ReqStr('新瓶阀编号', { maxLength: 64 }),
  changedOn: OptDate('更换日期'),
  reason: ReqStr('更换原因', { maxLength: 255 }),
});
export type HickeyBody = Static<typeof HickeyBody>;

/** POST /api/product/listHickeyHistory */
export const HickeyPageQuery = PageQuery(['id'] as const, {
  cylinderId: OptId('气瓶'),
  code: Type.Optional(Str('气瓶编码', { maxLength: 64 })),
});
export type HickeyPageQuery = Static<typeof HickeyPageQuery>;
export const HickeyRow = Type.Object({
  id: Type.Integer(), cylinderId: Type.Integer(), code: Type.String(), oldValve: Text, newValve: Type.String(),
  changedOn: Type.String(), reason: Type.String(), operator: Text, createdAt: Type.String(),
});
export type HickeyRow = Static<typeof HickeyRow>;

/** POST /api/product/fillGate: why a cylinder may not be filled with a gas now (empty: it may). */
export const FillGateQuery = Type.Object({ code: ReqStr('气瓶编码', { maxLength: 64 }), materialId: Id('介质') });
export const FillGateReason = Type.Object({ reason: Type.String(), message: Type.String() });
export type FillGateReason = Static<typeof FillGateReason>;

/** Exports stop here; narrow the filters for more. */
export const PRODUCT_EXPORT_CAP = 200_000;

/** Cylinders (SPEC section 7 "Products"); screen /product/product. */
export const PRODUCT = {
  page: endpoint({
    method: 'POST', path: '/api/product/listPage', summary: '气瓶分页列表', permission: 'product:view', readOnly: true,
    body: ProductPageQuery, data: Page(ProductRow),
  }),
  statusCount: endpoint({
    method: 'GET', path: '/api/product/statusCount', summary: '各状态气瓶数量（0–13）', permission: 'product:view', data: Type.Array(StatusCount),
  }),
  info: endpoint({ method: 'GET', path: '/api/product/info/:id', summary: '气瓶详情与追溯时间线', permission: 'product:view', params: IdParams, data: ProductDetail }),
  add: endpoint({
    method: 'POST', path: '/api/product/addProduct', summary: '登记气瓶：单个（code）或按号段批量（range）', permission: 'product:add',
    body: AddProductBody, data: Type.Object({ count: Type.Integer(), codes: Type.Array(Type.String()) }),
  }),
  scrap: endpoint({
    method: 'POST', path: '/api/product/scrap', summary: '报废气瓶（出库在客户处的除外）', permission: 'product:scrap', body: ScrapBody, data: NoData,
  }),
  scrapPage: endpoint({
    method: 'POST', path: '/api/product/listScrapPage', summary: '报废气瓶分页列表', permission: 'product:view', readOnly: true,
    body: ScrapPageQuery, data: Page(ScrapRow),
  }),
  hickey: endpoint({ method: 'POST', path: '/api/product/updateHickey', summary: '更换瓶阀', permission: 'product:hickey', body: HickeyBody, data: NoData }),
  hickeyPage: endpoint({
    method: 'POST', path: '/api/product/listHickeyHistory', summary: '瓶阀更换记录', permission: 'product:view', readOnly: true,
    body: HickeyPageQuery, data: Page(HickeyRow),
  }),
  delete: endpoint({
    method: 'POST', path: '/api/product/delAllProcess', summary: '删除误登记的气瓶（仅限没有任何流转时）', permission: 'product:delete',
    body: IdBody, data: NoData,
  }),
  fillGate: endpoint({
    method: 'POST', path: '/api/product/fillGate', summary: '充装前检查：不能充装的原因（空数组为可以充装）', permission: 'product:view',
    readOnly: true, body: FillGateQuery, data: Type.Array(FillGateReason),
  }),
  import: endpoint({
    method: 'POST', path: '/api/product/importProduct', summary: '导入气瓶（multipart，字段 file，.xlsx；任何一行有误则整批不导入；dryRun 只检查）',
    permission: 'product:import', kind: 'upload', query: ImportQuery, data: ImportResult,
  }),
  template: endpoint({ method: 'GET', path: '/api/product/template', summary: '下载气瓶导入模板（.xlsx）', permission: 'product:import', kind: 'download' }),
  export: endpoint({
    method: 'POST', path: '/api/product/export', summary: `导出筛选后的气瓶（.xlsx，流式，最多 ${PRODUCT_EXPORT_CAP} 条）`,
    permission: 'product:export', readOnly: true, kind: 'download', body: ProductFilters,
  }),
};
