import { defineFeature } from '@renderer/features/feature';
import type { TextsOf } from '@renderer/i18n/messages';
import type { TagsOf } from '@renderer/store/api';
import type { materialMessages } from './messages';

const TAGS = ['Material'] as const;

declare module '@renderer/i18n/messages' {
  interface Messages extends TextsOf<typeof materialMessages> {}
}
declare module '@renderer/store/api' {
  interface CacheTags extends TagsOf<typeof TAGS> {}
}

/** Gases. */
export const materialFeature = defineFeature({
  name: 'material',
  screens: [
    { path: '/product/materialMng', title: '介质管理', titleEn: 'Gases', permission: ['material:view'], load: () => import('./MaterialListPage') },
  ],
  messages: () => import('./messages').then((m) => m.materialMessages),
  tags: TAGS,
});
