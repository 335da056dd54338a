import { defineFeature } from '@renderer/features/feature';
import type { TextsOf } from '@renderer/i18n/messages';
import type { TagsOf } from '@renderer/store/api';
import type { productMessages } from './messages';

const TAGS = ['Product', 'StatusCount'] as const;

declare module '@renderer/i18n/messages' {
  interface Messages extends TextsOf<typeof productMessages> {}
}
declare module '@renderer/store/api' {
  interface CacheTags extends TagsOf<typeof TAGS> {}
}

/** Cylinder records. */
export const productFeature = defineFeature({
  name: 'product',
  screens: [
    { path: '/product/product', title: '气瓶档案', titleEn: 'Cylinders', permission: ['product:view'], load: () => import('./ProductListPage') },
  ],
  messages: () => import('./messages').then((m) => m.productMessages),
  tags: TAGS,
});
