import { defineFeature } from '@renderer/features/feature';
import type { TextsOf } from '@renderer/i18n/messages';
import type { TagsOf } from '@renderer/store/api';
import type { storageMessages } from './messages';

const TAGS = ['StorageOrder', 'Recovery', 'Stock'] as const;

declare module '@renderer/i18n/messages' {
  interface Messages extends TextsOf<typeof storageMessages> {}
}
declare module '@renderer/store/api' {
  interface CacheTags extends TagsOf<typeof TAGS> {}
}

/** Stock-in, stock-out and stock query. */
export const storageFeature = defineFeature({
  name: 'storage',
  screens: [
    { path: '/storage/inbound', title: '入库管理', titleEn: 'Stock-in', permission: ['inbound:view'], load: () => import('./InboundPage') },
    { path: '/storage/outbound', title: '出库管理', titleEn: 'Stock-out', permission: ['outbound:view'], load: () => import('./OutboundPage') },
    { path: '/storage/query', title: '库存查询', titleEn: 'Stock query', permission: ['stock:view'], load: () => import('./StockQueryPage') },
  ],
  messages: () => import('./messages').then((m) => m.storageMessages),
  tags: TAGS,
});
