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

/** An entry with its English name (the server answers the caller's language, src/shared/lang.ts). */
export interface BilingualEntry extends EnumEntry {
  en: string;
}

/** Every enumeration of SPEC sections 3 and 4 by name, Chinese (`name`) and English. */
export const ENUMS: Record<string, BilingualEntry[]> = {
  productStatus: Array.from({ length: 14 }, (_, code) => ({ name: statusName(code), en: statusName(code, 'en'), code })),
  receiptType: [
    { name: '空瓶入库', en: 'Empty stock-in', code: 'spaceRk' }, { name: '成品入库', en: 'Finished stock-in', code: 'productRK' },
    { name: '成品出库', en: 'Sales stock-out', code: 'productCK' }, { name: '领用出库', en: 'Pick-up stock-out', code: 'pickCk' },
  ],
  gasCategory: GAS_CATEGORIES.map((c) => ({ name: c.name, en: c.en, code: c.code })),
  warehouseKind: WAREHOUSE_KINDS.map((k) => ({ name: k.name, en: k.en, code: k.code })),
  enterpriseType: [{ name: '供应商', en: 'Supplier', code: '1' }, { name: '客户', en: 'Customer', code: '2' }],
  ownerType: [{ name: '自有', en: 'Own', code: 1 }, { name: '客户', en: 'Customer', code: 2 }],
  enabledFlag: [{ name: '启用', en: 'Enabled', code: 1 }, { name: '停用', en: 'Disabled', code: 0 }],
  yesNo: [{ name: '是', en: 'Yes', code: 1 }, { name: '否', en: 'No', code: 0 }],
  approvalResult: [{ name: '同意', en: 'Approved', code: '通过' }, { name: '拒绝', en: 'Rejected', code: '拒绝' }],
  inspectionResult: [{ name: '合格', en: 'Passed', code: 1 }, { name: '不合格', en: 'Failed', code: 0 }],
  periodUnit: [{ name: '年', en: 'Years', code: 'year' }, { name: '月', en: 'Months', code: 'month' }, { name: '天', en: 'Days', code: 'day' }],
  comparisonOperator: [
    { name: '等于', en: 'Equal to', code: 'eq' }, { name: '大于', en: 'Greater than', code: 'gt' }, { name: '大于等于', en: 'At least', code: 'ge' },
    { name: '小于', en: 'Less than', code: 'lt' }, { name: '小于等于', en: 'At most', code: 'le' }, { name: '不等于', en: 'Not equal to', code: 'ne' },
  ],
  messageRead: [{ name: '已读', en: 'Read', code: 1 }, { name: '未读', en: 'Unread', code: 0 }],
  outboundStatus: [{ name: '出库完成', en: 'Shipped', code: 1 }, { name: '出库待扫描', en: 'Awaiting scan', code: 0 }],
};

/** An enumeration's entries as the caller reads them: `name` in its language. */
export const enumEntriesIn = (entries: readonly BilingualEntry[], lang: 'zh' | 'en'): EnumEntry[] =>
  entries.map((e) => ({ name: lang === 'en' ? e.en : e.name, code: e.code }));

export const EnumEntrySchema = Type.Object({ name: Type.String(), code: Type.Union([Type.String(), Type.Number()]) });

/** GET /api/enum/dropDown/{name}: the enumerations of SPEC sections 3 and 4, for any signed-in user. */
export const ENUM = {
  dropDown: endpoint({
    method: 'GET', path: '/api/enum/dropDown/:name', summary: `枚举下拉：${Object.keys(ENUMS).join(', ')}`, permission: 'authenticated',
    params: Type.Object({ name: Str('枚举名称', { maxLength: 64 }) }), data: Type.Array(EnumEntrySchema),
  }),
};
