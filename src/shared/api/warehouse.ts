import { Type, type Static } from '@sinclair/typebox';
import { endpoint } from './endpoint';
import { Code, Id, IdBody, NoData, OneOf, OptStr, Page, PageQuery, ReqStr, SavedId, Str } from './schema';

/** Warehouse kinds (enum warehouseKind). */
export const WAREHOUSE_KINDS = [
  { code: 'empty', name: '空瓶库', en: 'Empty cylinders' },
  { code: 'finished', name: '成品库', en: 'Finished goods' },
] as const;
const Kind = OneOf('仓库类型', ['empty', 'finished'] as const);

/** POST /api/wdwarehouse/saveAndEditWare (with id: edit). */
export const WarehouseSaveBody = Type.Object({
  id: Type.Optional(Id()),
  warehouseName: ReqStr('仓库名称', { maxLength: 64 }),
  warehouseCode: Code('仓库编码', 32),
  kind: Kind,
  address: OptStr('地址', { maxLength: 255 }),
  keeper: OptStr('库管员', { maxLength: 64 }),
  remark: OptStr('备注', { maxLength: 255 }),
});
export type WarehouseSaveBody = Static<typeof WarehouseSaveBody>;

export const WarehouseRow = Type.Object({
  id: Type.Integer(),
  warehouseName: Type.String(),
  warehouseCode: Type.String(),
  kind: Type.String(),
  address: Type.Union([Type.String(), Type.Null()]),
  keeper: Type.Union([Type.String(), Type.Null()]),
  remark: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String(),
});
export type WarehouseRow = Static<typeof WarehouseRow>;

export const WAREHOUSE_SORTS = ['id', 'warehouseName', 'warehouseCode', 'kind', 'createdAt'] as const;

/** POST /api/wdwarehouse/listPage */
export const WarehousePageQuery = PageQuery(WAREHOUSE_SORTS, {
  warehouseName: Type.Optional(Str('仓库名称', { maxLength: 64 })),
  warehouseCode: Type.Optional(Str('仓库编码', { maxLength: 32 })),
  kind: Type.Optional(Type.Union([Kind, Type.Literal('')], { title: '仓库类型' })),
});
export type WarehousePageQuery = Static<typeof WarehousePageQuery>;

/** The warehouse selector (SPEC: warehouseName, warehouseCode, id). */
export const WarehouseListQuery = Type.Object({ kind: Type.Optional(Type.Union([Kind, Type.Literal('')], { title: '仓库类型' })) });
export const WarehouseOption = Type.Object({
  id: Type.Integer(), warehouseName: Type.String(), warehouseCode: Type.String(), kind: Type.String(),
});
export type WarehouseOption = Static<typeof WarehouseOption>;

/** Warehouses, SPEC section 7 "Warehouse"; screen /storage/warehouse (仓库管理). */
export const WAREHOUSE = {
  /** The selector of stock-in, stock-out and registration: any signed-in user. */
  options: endpoint({
    method: 'GET', path: '/api/wdwarehouse/getWareList', summary: '仓库下拉', permission: 'authenticated',
    query: WarehouseListQuery, data: Type.Array(WarehouseOption),
  }),
  page: endpoint({
    method: 'POST', path: '/api/wdwarehouse/listPage', summary: '仓库分页列表', permission: 'warehouse:view', readOnly: true,
    body: WarehousePageQuery, data: Page(WarehouseRow),
  }),
  save: endpoint({
    method: 'POST', path: '/api/wdwarehouse/saveAndEditWare', summary: '新增或编辑仓库（带 id 为编辑）',
    permission: 'warehouse:add', editPermission: 'warehouse:edit', body: WarehouseSaveBody, data: SavedId,
  }),
  delete: endpoint({
    method: 'POST', path: '/api/wdwarehouse/deleteById', summary: '删除仓库（有气瓶时拒绝）', permission: 'warehouse:delete',
    body: IdBody, data: NoData,
  }),
};
