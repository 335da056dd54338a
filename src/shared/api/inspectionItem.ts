import { Type, type Static } from '@sinclair/typebox';
import { endpoint, KB } from './endpoint';
import { Bool, Id, IdBody, List, Num, OptStr, ReqStr } from './schema';

const OptNum = (title: string) => Type.Optional(Type.Union([Num(title, { minimum: -1e9, maximum: 1e9 }), Type.Null()], { title }));

/** One inspection item of a gas (检验项目), used by the inspection station. */
export const InspectionItemInput = Type.Object({
  id: Type.Optional(Id()),
  projectName: ReqStr('项目名称', { maxLength: 64 }),
  /** How it is measured, e.g. GB/T 8979 露点法. */
  method: OptStr('检验方法', { maxLength: 128 }),
  /** Standard range: [standardMin, standardMax], either side open when null; or a text standard (e.g. 无色无味). */
  standardMin: OptNum('标准下限'),
  standardMax: OptNum('标准上限'),
  standardText: OptStr('标准描述', { maxLength: 128 }),
  unit: OptStr('单位', { maxLength: 16 }),
  required: Type.Optional(Bool('必检')),
});
export type InspectionItemInput = Static<typeof InspectionItemInput>;

/** POST /api/produce/saveTestProject: the whole list of a gas (items left out are retired, not deleted). */
export const SaveInspectionItemsBody = Type.Object({
  materialId: Id('介质'),
  projects: List('检验项目', InspectionItemInput, { maxItems: 100 }),
});
export type SaveInspectionItemsBody = Static<typeof SaveInspectionItemsBody>;

/** POST /api/produce/queryTestProject */
export const QueryInspectionItemsBody = Type.Object({ materialId: Id('介质') });

const Text = Type.Union([Type.String(), Type.Null()]);
const NumOrNull = Type.Union([Type.Number(), Type.Null()]);
export const InspectionItemRow = Type.Object({
  id: Type.Integer(),
  materialId: Type.Integer(),
  projectName: Type.String(),
  method: Text,
  standardMin: NumOrNull,
  standardMax: NumOrNull,
  standardText: Text,
  unit: Text,
  required: Type.Boolean(),
  sort: Type.Integer(),
});
export type InspectionItemRow = Static<typeof InspectionItemRow>;

/** Inspection items per gas (检验项目), screen /product/productExam; read by the inspection station too. */
export const INSPECTION_ITEM = {
  /** Read by the inspection station as well as the items screen: any signed-in user. */
  list: endpoint({
    method: 'POST', path: '/api/produce/queryTestProject', summary: '介质的检验项目', permission: 'authenticated', readOnly: true,
    body: QueryInspectionItemsBody, data: Type.Array(InspectionItemRow),
  }),
  detail: endpoint({
    method: 'POST', path: '/api/produce/testProjectDetail', summary: '检验项目详情', permission: 'authenticated', readOnly: true,
    body: IdBody, data: InspectionItemRow,
  }),
  save: endpoint({
    method: 'POST', path: '/api/produce/saveTestProject', summary: '保存介质的检验项目（整表替换，移除的项目停用保留）', permission: 'productExam:save',
    body: SaveInspectionItemsBody, data: Type.Array(InspectionItemRow),
    bodyLimit: { bytes: 128 * KB, why: "a gas's whole list of up to 100 inspection items" },
  }),
};
