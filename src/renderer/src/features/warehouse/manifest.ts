import { defineFeature } from '@renderer/features/feature';
import type { TextsOf } from '@renderer/i18n/messages';
import type { TagsOf } from '@renderer/store/api';
import type { warehouseMessages } from './messages';

const TAGS = ['Warehouse'] as const;

declare module '@renderer/i18n/messages' {
  interface Messages extends TextsOf<typeof warehouseMessages> {}
}
declare module '@renderer/store/api' {
  interface CacheTags extends TagsOf<typeof TAGS> {}
}

/** Warehouses. */
export const warehouseFeature = defineFeature({
  name: 'warehouse',
  screens: [
    { path: '/storage/warehouse', title: '仓库管理', titleEn: 'Warehouses', permission: ['warehouse:view'], load: () => import('./WarehouseListPage') },
  ],
  messages: () => import('./messages').then((m) => m.warehouseMessages),
  tags: TAGS,
});
