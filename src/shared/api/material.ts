import { Type, type Static } from '@sinclair/typebox';
import { endpoint } from './endpoint';
import { Bool, Code, Flag, Id, IdParams, Int, NoData, OneOf, OptNum, OptStr, Page, PageQuery, ReqStr, SavedId, Str } from './schema';

/** Gas categories (enum gasCategory). */
export const GAS_CATEGORIES = [
  { code: 'compressed', name: '压缩气体', en: 'Compressed gas' },
  { code: 'liquefied', name: '液化气体', en: 'Liquefied gas' },
  { code: 'dissolved', name: '溶解气体', en: 'Dissolved gas' },
  { code: 'mixture', name: '混合气体', en: 'Gas mixture' },
  { code: 'cryogenic', name: '低温液化气体', en: 'Cryogenic liquefied gas' },
] as const;
export type GasCategory = (typeof GAS_CATEGORIES)[number]['code'];
const Category = OneOf('介质类别', ['compressed', 'liquefied', 'dissolved', 'mixture', 'cryogenic'] as const);

const INERT = /^(N2|AR|HE|NE|KR|XE)$|氮|氩|氦|氖|氪|氙/i;
const LPG = /LPG|液化石油气/i;

/**
 * Periodic-inspection interval defaults (DOMAIN.md): 2 years for corrosive gases, 4 for LPG, 5 for nitrogen
 * and inert gases, 3 for the others.
 */
export function defaultInspectionInterval(gas: { code: string; materialName: string; corrosive?: boolean }): number {
  if (gas.corrosive) return 2;
  if (LPG.test(gas.code) || LPG.test(gas.materialName)) return 4;
  if (INERT.test(gas.code) || INERT.test(gas.materialName)) return 5;
  return 3;
}

/** Design life defaults (DOMAIN.md): 8 years for LPG cylinders, 30 for seamless steel. */
export function defaultDesignLife(gas: { code: string; materialName: string }): number {
  return LPG.test(gas.code) || LPG.test(gas.materialName) ? 8 : 30;
}

/** The life a passed periodic inspection may extend the design life to (DOMAIN.md: LPG up to 12 years); none for others. */
export function defaultExtendedLife(gas: { code: string; materialName: string }): number | null {
  return LPG.test(gas.code) || LPG.test(gas.materialName) ? 12 : null;
}

const Kg = (title: string) => OptNum(title, { minimum: 0, maximum: 100000 });

/** POST /api/material/save (with id: edit). */
export const MaterialSaveBody = Type.Object({
  id: Type.Optional(Id()),
  materialName: ReqStr('介质名称', { maxLength: 64 }),
  materialShortName: OptStr('介质简称', { maxLength: 32 }),
  code: Code('介质编码', 32),
  category: Category,
  flammable: Type.Optional(Bool('易燃')),
  toxic: Type.Optional(Bool('有毒')),
  oxidizing: Type.Optional(Bool('氧化性')),
  corrosive: Type.Optional(Bool('腐蚀性')),
  /**
   * Years; omit for the gas's default (defaultInspectionInterval). No null here: the validator would turn
   * a 0 into null and accept it.
   */
  inspectionIntervalYears: Type.Optional(Int('定期检验周期（年）', { minimum: 1, maximum: 20 })),
  /** Target net fill weight, kg (liquefied gases). */
  targetNetWeight: Kg('目标净充装量'),
  /** ± kg around targetNetWeight. */
  weightTolerance: Kg('允许偏差'),
  reweighRequired: Type.Optional(Bool('需要复秤')),
  /** Years; omit for the default (defaultDesignLife). */
  designLifeYears: Type.Optional(Int('设计使用年限', { minimum: 1, maximum: 100 })),
  /** Years a passed inspection in the last year of the design life extends it to; omit for the default (defaultExtendedLife). */
  extendedLifeYears: Type.Optional(Type.Union([Int('检验合格后延长至（年）', { minimum: 1, maximum: 100 }), Type.Null()], { title: '检验合格后延长至（年）' })),
  status: Type.Optional(Flag()),
  remark: OptStr('备注', { maxLength: 255 }),
});
export type MaterialSaveBody = Static<typeof MaterialSaveBody>;

export const MaterialRow = Type.Object({
  id: Type.Integer(),
  materialName: Type.String(),
  materialShortName: Type.Union([Type.String(), Type.Null()]),
  code: Type.String(),
  category: Type.String(),
  flammable: Type.Boolean(),
  toxic: Type.Boolean(),
  oxidizing: Type.Boolean(),
  corrosive: Type.Boolean(),
  inspectionIntervalYears: Type.Integer(),
  targetNetWeight: Type.Union([Type.Number(), Type.Null()]),
  weightTolerance: Type.Union([Type.Number(), Type.Null()]),
  reweighRequired: Type.Boolean(),
  designLifeYears: Type.Union([Type.Integer(), Type.Null()]),
  extendedLifeYears: Type.Union([Type.Integer(), Type.Null()]),
  status: Type.Integer(),
  remark: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String(),
});
export type MaterialRow = Static<typeof MaterialRow>;

export const MATERIAL_SORTS = ['id', 'code', 'materialName', 'status', 'createdAt'] as const;

/** POST /api/material/listPage */
export const MaterialPageQuery = PageQuery(MATERIAL_SORTS, {
  materialName: Type.Optional(Str('介质名称', { maxLength: 64 })),
  code: Type.Optional(Str('介质编码', { maxLength: 32 })),
  category: Type.Optional(Type.Union([Category, Type.Literal('')], { title: '介质类别' })),
  status: Type.Optional(Flag()),
});
export type MaterialPageQuery = Static<typeof MaterialPageQuery>;

/** POST /api/material/startOrStop */
export const MaterialStatusBody = Type.Object({ id: Id(), status: Flag() });
export type MaterialStatusBody = Static<typeof MaterialStatusBody>;

/** GET /api/material/dropDown: the gases to choose from. */
export const MaterialOption = Type.Object({
  id: Type.Integer(),
  materialName: Type.String(),
  materialShortName: Type.Union([Type.String(), Type.Null()]),
  code: Type.String(),
  category: Type.String(),
  status: Type.Integer(),
});
export type MaterialOption = Static<typeof MaterialOption>;
/** Registration offers enabled gases only; list filters pass includeDisabled, so stopped gases stay findable. */
export const MaterialDropDownQuery = Type.Object({ includeDisabled: Type.Optional(Bool('包含停用')) });

/** Gases (materials), SPEC section 7 "Materials"; screen /product/materialMng. */
export const MATERIAL = {
  page: endpoint({
    method: 'POST', path: '/api/material/listPage', summary: '介质分页列表', permission: 'material:view', readOnly: true,
    body: MaterialPageQuery, data: Page(MaterialRow),
  }),
  info: endpoint({ method: 'GET', path: '/api/material/info/:id', summary: '介质详情', permission: 'material:view', params: IdParams, data: MaterialRow }),
  /** Every station's gas selector: any signed-in user. */
  dropDown: endpoint({
    method: 'GET', path: '/api/material/dropDown', summary: '介质下拉（默认只含启用的）', permission: 'authenticated',
    query: MaterialDropDownQuery, data: Type.Array(MaterialOption),
  }),
  save: endpoint({
    method: 'POST', path: '/api/material/save', summary: '新增或编辑介质（带 id 为编辑）', permission: 'material:add',
    editPermission: 'material:edit', body: MaterialSaveBody, data: SavedId,
  }),
  setStatus: endpoint({
    method: 'POST', path: '/api/material/startOrStop', summary: '启用/停用介质', permission: 'material:status', body: MaterialStatusBody, data: NoData,
  }),
};
