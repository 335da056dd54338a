import { Type, type Static } from '@sinclair/typebox';
import { PageQuery } from './envelope';

/** Warehouse kinds (enum warehouseKind). */
export const WAREHOUSE_KINDS = [
  { code: 'empty', name: '空瓶库' },
  { code: 'finished', name: '成品库' },
] as const;
const Kind = Type.Union(WAREHOUSE_KINDS.map((k) => Type.Literal(k.code)));
const OptText = (max: number) => Type.Optional(Type.Union([Type.String({ maxLength: max }), Type.Null()]));

/** POST /api/wdwarehouse/saveAndEditWare (with id: edit). */
export const WarehouseSaveBody = Type.Object({
  id: Type.Optional(Type.Integer({ minimum: 1 })),
  warehouseName: Type.String({ minLength: 1, maxLength: 64 }),
  warehouseCode: Type.String({ minLength: 1, maxLength: 32, pattern: '^[A-Za-z0-9_.\\-]+$' }),
  kind: Kind,
  address: OptText(255),
  keeper: OptText(64),
  remark: OptText(255),
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

/** POST /api/wdwarehouse/listPage */
export const WarehousePageQuery = Type.Composite([
  PageQuery,
  Type.Object({
    warehouseName: Type.Optional(Type.String({ maxLength: 64 })),
    warehouseCode: Type.Optional(Type.String({ maxLength: 32 })),
    kind: Type.Optional(Type.Union([Kind, Type.Literal('')])),
  }),
]);
export type WarehousePageQuery = Static<typeof WarehousePageQuery>;

/** GET /api/wdwarehouse/getWareList[?kind=] → the warehouse selector (SPEC: warehouseName, warehouseCode, id). */
export const WarehouseListQuery = Type.Object({ kind: Type.Optional(Type.Union([Kind, Type.Literal('')])) });
export const WarehouseOption = Type.Object({
  id: Type.Integer(), warehouseName: Type.String(), warehouseCode: Type.String(), kind: Type.String(),
});
export type WarehouseOption = Static<typeof WarehouseOption>;

/** POST /api/wdwarehouse/deleteById */
export const IdBody = Type.Object({ id: Type.Integer({ minimum: 1 }) });
export type IdBody = Static<typeof IdBody>;
