import { Type, type Static } from '@sinclair/typebox';
import { endpoint } from './endpoint';
import {
  Code, Id, IdBody, IdParams, ImportQuery, ImportResult, NoData, OneOf, OptStr, Page, PageQuery, ReqStr, SavedId, Str,
} from './schema';

/** List types of SPEC section 7: '1' suppliers, '2' customers. */
export const EnterpriseType = OneOf('类型', ['1', '2'] as const);
export type EnterpriseType = Static<typeof EnterpriseType>;
export const ENTERPRISE_TYPE_NAMES: Record<EnterpriseType, string> = { '1': '供应商', '2': '客户' };

/** 统一社会信用代码 (GB 32100-2015): 18 characters, no I, O, S, V, Z. */
export const CREDIT_CODE_PATTERN = '^[0-9A-HJ-NPQRTUWXY]{2}[0-9]{6}[0-9A-HJ-NPQRTUWXY]{10}$';
const AreaCode = (title: string) => OptStr(title, { maxLength: 6, pattern: '^[0-9]{6}$' });

/** POST /api/enterprise/save (with id: edit). Area codes come from GET /api/area/getAreaInfoAllList. */
export const EnterpriseSaveBody = Type.Object({
  id: Type.Optional(Id()),
  type: EnterpriseType,
  enterpriseName: ReqStr('企业名称', { maxLength: 128 }),
  enterpriseCode: Code('企业编码', 32),
  creditCode: OptStr('统一社会信用代码', { maxLength: 18, pattern: CREDIT_CODE_PATTERN }),
  contact: OptStr('联系人', { maxLength: 64 }),
  phone: OptStr('电话', { maxLength: 32, pattern: '^[0-9+\\-() ]{3,32}$' }),
  provinceCode: AreaCode('省'),
  cityCode: AreaCode('市'),
  districtCode: AreaCode('区'),
  address: OptStr('详细地址', { maxLength: 255 }),
  remark: OptStr('备注', { maxLength: 255 }),
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

const TypeFilter = Type.Optional(Type.Union([EnterpriseType, Type.Literal('')], { title: '类型' }));

/** Filters shared by listPage, list/report and export. */
export const EnterpriseFilters = Type.Object({
  type: TypeFilter,
  enterpriseName: Type.Optional(Str('企业名称', { maxLength: 128 })),
  enterpriseCode: Type.Optional(Str('企业编码', { maxLength: 32 })),
  contact: Type.Optional(Str('联系人', { maxLength: 64 })),
  provinceCode: Type.Optional(Str('省', { maxLength: 6 })),
});
export type EnterpriseFilters = Static<typeof EnterpriseFilters>;

export const ENTERPRISE_SORTS = ['id', 'enterpriseName', 'enterpriseCode', 'type', 'createdAt'] as const;

/** POST /api/enterprise/listPage */
export const EnterprisePageQuery = PageQuery(ENTERPRISE_SORTS, EnterpriseFilters.properties);
export type EnterprisePageQuery = Static<typeof EnterprisePageQuery>;

/** POST /api/enterprise/list → the customer/supplier selector (SPEC: enterpriseName and enterpriseCode). */
export const EnterpriseListQuery = Type.Object({
  type: TypeFilter,
  enterpriseName: Type.Optional(Str('企业名称', { maxLength: 128 })),
});
export const EnterpriseOption = Type.Object({
  id: Type.Integer(), type: EnterpriseType, enterpriseName: Type.String(), enterpriseCode: Type.String(),
});
export type EnterpriseOption = Static<typeof EnterpriseOption>;

/** The report list and the export stop at this many rows. */
export const ENTERPRISE_REPORT_CAP = 50_000;

/** Customers ('2') and suppliers ('1'), SPEC section 7 "Enterprise"; screens /Setting/ComeEnterprise and /Setting/addEnter. */
export const ENTERPRISE = {
  /** The selector of orders, registration and reports: any signed-in user. */
  list: endpoint({
    method: 'POST', path: '/api/enterprise/list', summary: '客户/供应商下拉（最多 1000 条，可按名称筛选）', permission: 'authenticated',
    readOnly: true, body: Type.Optional(EnterpriseListQuery), data: Type.Array(EnterpriseOption),
  }),
  page: endpoint({
    method: 'POST', path: '/api/enterprise/listPage', summary: '客户/供应商分页列表', permission: 'enterprise:view', readOnly: true,
    body: EnterprisePageQuery, data: Page(EnterpriseRow),
  }),
  report: endpoint({
    method: 'POST', path: '/api/enterprise/list/report', summary: `按筛选条件的全部客户/供应商（不分页，最多 ${ENTERPRISE_REPORT_CAP} 条）`,
    permission: 'enterprise:view', readOnly: true, body: EnterpriseFilters, data: Type.Array(EnterpriseRow),
  }),
  info: endpoint({ method: 'GET', path: '/api/enterprise/info/:id', summary: '客户/供应商详情', permission: 'enterprise:view', params: IdParams, data: EnterpriseRow }),
  save: endpoint({
    method: 'POST', path: '/api/enterprise/save', summary: '新增或编辑客户/供应商（带 id 为编辑）', permission: 'enterprise:add',
    editPermission: 'enterprise:edit', body: EnterpriseSaveBody, data: SavedId,
  }),
  delete: endpoint({
    method: 'POST', path: '/api/enterprise/delete', summary: '删除客户/供应商（关联气瓶时拒绝）', permission: 'enterprise:delete', body: IdBody, data: NoData,
  }),
  import: endpoint({
    method: 'POST', path: '/api/enterprise/importEnterprise', summary: '导入客户/供应商（multipart，字段 file，.xlsx；任何一行有误则整批不导入；dryRun 只检查）',
    permission: 'enterprise:import', kind: 'upload', query: ImportQuery, data: ImportResult,
  }),
  template: endpoint({ method: 'GET', path: '/api/enterprise/template', summary: '下载客户/供应商导入模板（.xlsx）', permission: 'enterprise:import', kind: 'download' }),
  export: endpoint({
    method: 'POST', path: '/api/enterprise/export', summary: `导出筛选后的客户/供应商（.xlsx，最多 ${ENTERPRISE_REPORT_CAP} 条）`,
    permission: 'enterprise:export', readOnly: true, kind: 'download', body: EnterpriseFilters,
  }),
};
