import { defineMessages } from '@renderer/i18n/define';

/** Texts of features/warehouse. */
export const warehouseMessages = defineMessages({
  zh: {
    'warehouse.name': '仓库名称',
    'warehouse.code': '仓库编码',
    'warehouse.kind': '仓库类型',
    'warehouse.address': '地址',
    'warehouse.keeper': '库管员',
    'warehouse.add': '新增仓库',
    'warehouse.edit': '编辑仓库',
  },
  en: {
    'warehouse.name': 'Warehouse name',
    'warehouse.code': 'Warehouse code',
    'warehouse.kind': 'Kind',
    'warehouse.address': 'Address',
    'warehouse.keeper': 'Keeper',
    'warehouse.add': 'New warehouse',
    'warehouse.edit': 'Edit warehouse',
  },
});
