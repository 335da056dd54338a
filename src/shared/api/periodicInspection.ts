import { Type, type Static } from '@sinclair/typebox';
import { endpoint } from './endpoint';
import { Bool, DateStr, Id, Int, OneOf, OptDate, OptId, OptStr, Page, PageQuery, Str } from './schema';

const Text = Type.Union([Type.String(), Type.Null()]);

export const DUE_SORTS = ['nextInspectionDate', 'code', 'id'] as const;

/** POST /api/detect/listPage: cylinders (not scrapped) due or overdue within `days` from today. */
export const DuePageQuery = PageQuery(DUE_SORTS, {
  days: Type.Optional(Int('到期天数', { minimum: 0, maximum: 3650, default: 30 })),
  /** Only those already past their date. */
  overdueOnly: Type.Optional(Bool('只看已超期')),
  materialId: OptId('介质'),
  warehouseId: OptId('仓库'),
  code: Type.Optional(Str('气瓶编码', { maxLength: 64 })),
});
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
  /** Where it is now (shared/cylinder/place.ts): the warehouse only while one holds it, the customer or order as locationName. */
  place: Type.String(),
  warehouseId: Type.Union([Type.Integer(), Type.Null()]),
  warehouseName: Text,
  locationName: Text,
});
export type DueRow = Static<typeof DueRow>;

/**
 * POST /api/detect/record: one periodic inspection. Pass → next date from the gas's interval; fail → the
 * cylinder is scrapped for good, so a fail needs the report number and the reason.
 */
export const PeriodicInspectionBody = Type.Object({
  cylinderId: Id('气瓶'),
  inspectedOn: DateStr('检验日期'),
  /** 1 合格, 0 不合格 (enum inspectionResult). */
  result: OneOf('检验结果', [1, 0] as const),
  /** Overrides the derived next date (pass only). */
  nextDate: OptDate('下次检验日期'),
  agency: OptStr('检验机构/检验员', { maxLength: 128 }),
  reportNo: OptStr('检验报告编号', { maxLength: 64 }),
  /** Why it failed (required with result 0); becomes the scrap reason. */
  failReason: OptStr('不合格原因', { maxLength: 200 }),
  remark: OptStr('备注', { maxLength: 255 }),
});
export type PeriodicInspectionBody = Static<typeof PeriodicInspectionBody>;

/** POST /api/detect/history */
export const PeriodicInspectionHistoryQuery = PageQuery(['id'] as const, {
  cylinderId: OptId('气瓶'),
  code: Type.Optional(Str('气瓶编码', { maxLength: 64 })),
});
export type PeriodicInspectionHistoryQuery = Static<typeof PeriodicInspectionHistoryQuery>;
export const PeriodicInspectionRow = Type.Object({
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
export type PeriodicInspectionRow = Static<typeof PeriodicInspectionRow>;

/** Periodic inspection (定期检验), screen /product/detect. Paths are ours: SPEC section 7 names none. */
export const PERIODIC_INSPECTION = {
  duePage: endpoint({
    method: 'POST', path: '/api/detect/listPage', summary: '定期检验到期的气瓶（N 天内到期或已超期，不含报废）', permission: 'detect:view', readOnly: true,
    body: DuePageQuery, data: Page(DueRow),
  }),
  record: endpoint({
    method: 'POST', path: '/api/detect/record', summary: '登记定期检验：合格则按周期推算下次检验日期，不合格则报废', permission: 'detect:record',
    body: PeriodicInspectionBody, data: Type.Object({ id: Type.Integer(), nextDate: Type.Union([Type.String(), Type.Null()]) }),
  }),
  history: endpoint({
    method: 'POST', path: '/api/detect/history', summary: '定期检验记录', permission: 'detect:view', readOnly: true,
    body: PeriodicInspectionHistoryQuery, data: Page(PeriodicInspectionRow),
  }),
};
