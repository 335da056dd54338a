import { Type, type Static } from '@sinclair/typebox';
import { PageQuery } from './envelope';

const DATE = '^\\d{4}-\\d{2}-\\d{2}$';
const OptId = Type.Optional(Type.Union([Type.Integer({ minimum: 1 }), Type.Null()]));
const Text = Type.Union([Type.String(), Type.Null()]);

/** POST /api/detect/listPage: cylinders (not scrapped) due or overdue within `days` from today. */
export const DuePageQuery = Type.Composite([PageQuery, Type.Object({
  days: Type.Optional(Type.Integer({ minimum: 0, maximum: 3650, default: 30 })),
  /** Only those already past their date. */
  overdueOnly: Type.Optional(Type.Boolean()),
  materialId: OptId,
  warehouseId: OptId,
  code: Type.Optional(Type.String({ maxLength: 64 })),
})]);
export type DuePageQuery = Static<typeof DuePageQuery>;

export const DueRow = Type.Object({
  id: Type.Integer(),
  code: Type.String(),
  materialName: Text,
  specification: Text,
  status: Type.Integer(),
  lastInspectionDate: Text,
  nextInspectionDate: Type.String(),
  /** Days from today to the due date; negative when overdue. */
  daysLeft: Type.Integer(),
  warehouseName: Text,
  locationName: Text,
});
export type DueRow = Static<typeof DueRow>;

/** POST /api/detect/record: one periodic inspection. Pass → next date from the gas's interval; fail → scrap. */
export const InspectionBody = Type.Object({
  cylinderId: Type.Integer({ minimum: 1 }),
  inspectedOn: Type.String({ pattern: DATE }),
  /** 1 合格, 0 不合格 (enum inspectionResult). */
  result: Type.Union([Type.Literal(1), Type.Literal(0)]),
  /** Overrides the derived next date (pass only). */
  nextDate: Type.Optional(Type.Union([Type.String({ pattern: DATE }), Type.Null(), Type.Literal('')])),
  agency: Type.Optional(Type.Union([Type.String({ maxLength: 128 }), Type.Null()])),
  reportNo: Type.Optional(Type.Union([Type.String({ maxLength: 64 }), Type.Null()])),
  remark: Type.Optional(Type.Union([Type.String({ maxLength: 255 }), Type.Null()])),
});
export type InspectionBody = Static<typeof InspectionBody>;

/** POST /api/detect/history */
export const InspectionHistoryQuery = Type.Composite([PageQuery, Type.Object({
  cylinderId: OptId,
  code: Type.Optional(Type.String({ maxLength: 64 })),
})]);
export type InspectionHistoryQuery = Static<typeof InspectionHistoryQuery>;

export const InspectionRow = Type.Object({
  id: Type.Integer(),
  cylinderId: Type.Integer(),
  code: Type.String(),
  inspectedOn: Type.String(),
  result: Type.Integer(),
  nextDate: Text,
  agency: Text,
  reportNo: Text,
  remark: Text,
  operator: Text,
  createdAt: Type.String(),
});
export type InspectionRow = Static<typeof InspectionRow>;
