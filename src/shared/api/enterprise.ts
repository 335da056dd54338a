import { Type, type Static } from '@sinclair/typebox';
import { PageQuery } from './envelope';

/** List types of SPEC section 7: '1' suppliers, '2' customers. */
export const EnterpriseType = Type.Union([Type.Literal('1'), Type.Literal('2')]);
export type EnterpriseType = Static<typeof EnterpriseType>;
export const ENTERPRISE_TYPE_NAMES: Record<EnterpriseType, string> = { '1': '供应商', '2': '客户' };

/** 统一社会信用代码 (GB 32100-2015): 18 characters, no I, O, S, V, Z. */
export const CREDIT_CODE_PATTERN = '^[0-9A-HJ-NPQRTUWXY]{2}[0-9]{6}[0-9A-HJ-NPQRTUWXY]{10}$';
const OptText = (max: number, pattern?: string) =>
  Type.Optional(Type.Union([Type.String({ maxLength: max, ...(pattern ? { pattern } : {}) }), Type.Null(), Type.Literal('')]));

/** POST /api/enterprise/save (with id: edit). Area codes come from GET /api/area/getAreaInfoAllList. */
export const EnterpriseSaveBody = Type.Object({
  id: Type.Optional(Type.Integer({ minimum: 1 })),
  type: EnterpriseType,
  enterpriseName: Type.String({ minLength: 1, maxLength: 128 }),
  enterpriseCode: Type.String({ minLength: 1, maxLength: 32, pattern: '^[A-Za-z0-9_.\\-]+$' }),
  creditCode: OptText(18, CREDIT_CODE_PATTERN),
  contact: OptText(64),
  phone: OptText(32, '^[0-9+\\-() ]{3,32}$'),
  provinceCode: OptText(6, '^[0-9]{6}$'),
  cityCode: OptText(6, '^[0-9]{6}$'),
  districtCode: OptText(6, '^[0-9]{6}$'),
  address: OptText(255),
  remark: OptText(255),
});
export type EnterpriseSaveBody = Static<typeof EnterpriseSaveBody>;

const Text = Type.Union([Type.String(), Type.Null()]);
export const EnterpriseRow = Type.Object({
  id: Type.Integer(),
  type: EnterpriseType,
  enterpriseName: Type.String(),
  enterpriseCode: Type.String(),
  creditCode: Text,
  contact: Text,
  phone: Text,
  provinceCode: Text,
  provinceName: Text,
  cityCode: Text,
  cityName: Text,
  districtCode: Text,
  districtName: Text,
  address: Text,
  remark: Text,
  createdAt: Type.String(),
});
export type EnterpriseRow = Static<typeof EnterpriseRow>;

/** Filters shared by listPage, list/report and export. */
export const EnterpriseFilters = Type.Object({
  type: Type.Optional(Type.Union([EnterpriseType, Type.Literal('')])),
  enterpriseName: Type.Optional(Type.String({ maxLength: 128 })),
  enterpriseCode: Type.Optional(Type.String({ maxLength: 32 })),
  contact: Type.Optional(Type.String({ maxLength: 64 })),
  provinceCode: Type.Optional(Type.String({ maxLength: 6 })),
});
export type EnterpriseFilters = Static<typeof EnterpriseFilters>;

/** POST /api/enterprise/listPage */
export const EnterprisePageQuery = Type.Composite([PageQuery, EnterpriseFilters]);
export type EnterprisePageQuery = Static<typeof EnterprisePageQuery>;

/** POST /api/enterprise/list → the customer/supplier selector (SPEC: enterpriseName and enterpriseCode). */
export const EnterpriseListQuery = Type.Object({
  type: Type.Optional(Type.Union([EnterpriseType, Type.Literal('')])),
  enterpriseName: Type.Optional(Type.String({ maxLength: 128 })),
});
export const EnterpriseOption = Type.Object({
  id: Type.Integer(), type: EnterpriseType, enterpriseName: Type.String(), enterpriseCode: Type.String(),
});
export type EnterpriseOption = Static<typeof EnterpriseOption>;

/** Import report: every rejected row with its reasons (nothing is imported when any row is rejected). */
export const ImportRowError = Type.Object({ row: Type.Integer(), reasons: Type.Array(Type.String()) });
export type ImportRowError = Static<typeof ImportRowError>;
export const ImportResult = Type.Object({ imported: Type.Integer() });
