import { Type } from '@sinclair/typebox';
import { endpoint } from './endpoint';
import { Str } from './schema';
import { statusName } from '../lifecycle';
import { GAS_CATEGORIES } from './material';
import { WAREHOUSE_KINDS } from './warehouse';

/** GET /api/enum/dropDown/{name} entries (SPEC section 3: enum entries are name and code). */
export interface EnumEntry {
  name: string;
  code: string | number;
}

/** Chinese names of the cylinder status codes of SPEC section 3; 11–13 are shown as their number. */
export const PRODUCT_STATUS_NAMES: Record<number, string> = Object.fromEntries(
  Array.from({ length: 14 }, (_, code) => [code, statusName(code)]),
);

/** Every enumeration of SPEC sections 3 and 4 by name. */
export const ENUMS: Record<string, EnumEntry[]> = {
  productStatus: Object.entries(PRODUCT_STATUS_NAMES).map(([code, name]) => ({ name, code: Number(code) })),
  receiptType: [
    { name: '空瓶入库', code: 'spaceRk' }, { name: '成品入库', code: 'productRK' },
    { name: '成品出库', code: 'productCK' }, { name: '领用出库', code: 'pickCk' },
  ],
  gasCategory: GAS_CATEGORIES.map((c) => ({ name: c.name, code: c.code })),
  warehouseKind: WAREHOUSE_KINDS.map((k) => ({ name: k.name, code: k.code })),
  enterpriseType: [{ name: '供应商', code: '1' }, { name: '客户', code: '2' }],
  ownerType: [{ name: '自有', code: 1 }, { name: '客户', code: 2 }],
  enabledFlag: [{ name: '启用', code: 1 }, { name: '停用', code: 0 }],
  yesNo: [{ name: '是', code: 1 }, { name: '否', code: 0 }],
  approvalResult: [{ name: '同意', code: '通过' }, { name: '拒绝', code: '拒绝' }],
  inspectionResult: [{ name: '合格', code: 1 }, { name: '不合格', code: 0 }],
  periodUnit: [{ name: '年', code: 'year' }, { name: '月', code: 'month' }, { name: '天', code: 'day' }],
  comparisonOperator: [
    { name: '等于', code: 'eq' }, { name: '大于', code: 'gt' }, { name: '大于等于', code: 'ge' },
    { name: '小于', code: 'lt' }, { name: '小于等于', code: 'le' }, { name: '不等于', code: 'ne' },
  ],
  messageRead: [{ name: '已读', code: 1 }, { name: '未读', code: 0 }],
  outboundStatus: [{ name: '出库完成', code: 1 }, { name: '出库待扫描', code: 0 }],
};

export const EnumEntrySchema = Type.Object({ name: Type.String(), code: Type.Union([Type.String(), Type.Number()]) });

/** GET /api/enum/dropDown/{name}: the enumerations of SPEC sections 3 and 4, for any signed-in user. */
export const ENUM = {
  dropDown: endpoint({
    method: 'GET', path: '/api/enum/dropDown/:name', summary: `枚举下拉：${Object.keys(ENUMS).join(', ')}`, permission: 'authenticated',
    params: Type.Object({ name: Str('枚举名称', { maxLength: 64 }) }), data: Type.Array(EnumEntrySchema),
  }),
};
