import { Type, type Static } from '@sinclair/typebox';
import { PageQuery } from './envelope';

const DATE = '^\\d{4}-\\d{2}-\\d{2}$';
const CODE = '^[A-Za-z0-9_.\\-]+$';
const OptDate = Type.Optional(Type.Union([Type.String({ pattern: DATE }), Type.Null(), Type.Literal('')]));
const OptText = (max: number) => Type.Optional(Type.Union([Type.String({ maxLength: max }), Type.Null()]));
const OptNum = (max: number) => Type.Optional(Type.Union([Type.Number({ minimum: 0, maximum: max }), Type.Null()]));
const OptId = Type.Optional(Type.Union([Type.Integer({ minimum: 1 }), Type.Null()]));

/** Batch registration by code range: prefix + start..end, numbers zero-padded to `width`. */
export const CodeRange = Type.Object({
  prefix: Type.String({ maxLength: 40, pattern: '^[A-Za-z0-9_.\\-]*$' }),
  start: Type.Integer({ minimum: 0, maximum: 999_999_999_999 }),
  end: Type.Integer({ minimum: 0, maximum: 999_999_999_999 }),
  /** Digits of the number part; defaults to the digits of `end`. */
  width: Type.Optional(Type.Integer({ minimum: 1, maximum: 20 })),
});
export type CodeRange = Static<typeof CodeRange>;
/** At most this many cylinders per range registration. */
export const MAX_RANGE = 5000;

/** The fields a cylinder is registered with (form and spreadsheet). */
export const CylinderFields = Type.Object({
  steelStamp: OptText(64),
  materialId: Type.Integer({ minimum: 1 }),
  /** 1 own, 2 a customer's cylinder (ownerEnterpriseId, a customer) filled on their behalf. */
  ownerType: Type.Optional(Type.Union([Type.Literal(1), Type.Literal(2)])),
  ownerEnterpriseId: OptId,
  manufacturer: OptText(128),
  manufactureDate: OptDate,
  /** e.g. 40L, YSP-15 */
  specification: OptText(32),
  waterVolume: OptNum(100000),
  tareWeight: OptNum(100000),
  workingPressure: OptNum(1000),
  /** Omit for the gas's default (no null: the validator would accept a 0 as null). */
  designLifeYears: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  lastInspectionDate: OptDate,
  /** Derived from the gas's interval when not given. */
  nextInspectionDate: OptDate,
  warehouseId: OptId,
  valveNo: OptText(64),
  remark: OptText(255),
});
export type CylinderFields = Static<typeof CylinderFields>;

/** POST /api/product/addProduct: one code, or a range. */
export const AddProductBody = Type.Composite([
  CylinderFields,
  Type.Object({
    code: Type.Optional(Type.String({ minLength: 1, maxLength: 64, pattern: CODE })),
    range: Type.Optional(CodeRange),
  }),
]);
export type AddProductBody = Static<typeof AddProductBody>;

const Text = Type.Union([Type.String(), Type.Null()]);
const Num = Type.Union([Type.Number(), Type.Null()]);
const Int = Type.Union([Type.Integer(), Type.Null()]);
export const ProductRow = Type.Object({
  id: Type.Integer(),
  code: Type.String(),
  steelStamp: Text,
  materialId: Type.Integer(),
  materialName: Text,
  ownerType: Type.Integer(),
  ownerEnterpriseId: Int,
  ownerName: Text,
  manufacturer: Text,
  manufactureDate: Text,
  specification: Text,
  waterVolume: Num,
  tareWeight: Num,
  workingPressure: Num,
  designLifeYears: Int,
  lastInspectionDate: Text,
  nextInspectionDate: Text,
  status: Type.Integer(),
  warehouseId: Int,
  warehouseName: Text,
  locationEnterpriseId: Int,
  locationName: Text,
  valveNo: Text,
  remark: Text,
  createdAt: Type.String(),
});
export type ProductRow = Static<typeof ProductRow>;

/** Filters of the cylinder list (and its export). Codes and steel stamps match by prefix. */
export const ProductFilters = Type.Object({
  code: Type.Optional(Type.String({ maxLength: 64 })),
  steelStamp: Type.Optional(Type.String({ maxLength: 64 })),
  materialId: OptId,
  status: Type.Optional(Type.Union([Type.Integer({ minimum: 0, maximum: 13 }), Type.Null()])),
  ownerType: Type.Optional(Type.Union([Type.Literal(1), Type.Literal(2), Type.Null()])),
  ownerEnterpriseId: OptId,
  warehouseId: OptId,
  locationEnterpriseId: OptId,
  manufactureDateStart: OptDate,
  manufactureDateEnd: OptDate,
  /** Next periodic inspection on or before this date. */
  inspectionDueBefore: OptDate,
});
export type ProductFilters = Static<typeof ProductFilters>;

export const ProductPageQuery = Type.Composite([PageQuery, ProductFilters]);
export type ProductPageQuery = Static<typeof ProductPageQuery>;

export const TraceEvent = Type.Object({
  id: Type.Integer(),
  fromStatus: Int,
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
export const ScrapBody = Type.Object({ id: Type.Integer({ minimum: 1 }), reason: Type.String({ minLength: 1, maxLength: 255 }) });
export type ScrapBody = Static<typeof ScrapBody>;

/** POST /api/product/listScrapPage */
export const ScrapPageQuery = Type.Composite([PageQuery, Type.Object({
  code: Type.Optional(Type.String({ maxLength: 64 })),
  materialId: OptId,
  scrappedFrom: OptDate,
  scrappedTo: OptDate,
})]);
export type ScrapPageQuery = Static<typeof ScrapPageQuery>;
export const ScrapRow = Type.Object({
  id: Type.Integer(), code: Type.String(), materialName: Text, specification: Text, scrapReason: Text,
  scrappedAt: Type.String(), scrappedBy: Text,
});
export type ScrapRow = Static<typeof ScrapRow>;

/** POST /api/product/updateHickey: a valve replacement. */
export const HickeyBody = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  newValve: Type.String({ minLength: 1, maxLength: 64 }),
  changedOn: OptDate,
  reason: Type.String({ minLength: 1, maxLength: 255 }),
});
export type HickeyBody = Static<typeof HickeyBody>;

/** POST /api/product/listHickeyHistory */
export const HickeyPageQuery = Type.Composite([PageQuery, Type.Object({
  cylinderId: OptId,
  code: Type.Optional(Type.String({ maxLength: 64 })),
})]);
export type HickeyPageQuery = Static<typeof HickeyPageQuery>;
export const HickeyRow = Type.Object({
  id: Type.Integer(), cylinderId: Type.Integer(), code: Type.String(), oldValve: Text, newValve: Type.String(),
  changedOn: Type.String(), reason: Type.String(), operator: Text, createdAt: Type.String(),
});
export type HickeyRow = Static<typeof HickeyRow>;

/** POST /api/product/fillGate: why a cylinder may not be filled with a gas now (empty: it may). */
export const FillGateQuery = Type.Object({ code: Type.String({ minLength: 1, maxLength: 64 }), materialId: Type.Integer({ minimum: 1 }) });
export const FillGateReason = Type.Object({ reason: Type.String(), message: Type.String() });
export type FillGateReason = Static<typeof FillGateReason>;
