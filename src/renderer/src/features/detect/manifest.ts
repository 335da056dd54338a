import { defineFeature } from '@renderer/features/feature';
import type { TextsOf } from '@renderer/i18n/messages';
import type { TagsOf } from '@renderer/store/api';
import type { detectMessages } from './messages';

const TAGS = ['Inspection'] as const;

declare module '@renderer/i18n/messages' {
  interface Messages extends TextsOf<typeof detectMessages> {}
}
declare module '@renderer/store/api' {
  interface CacheTags extends TagsOf<typeof TAGS> {}
}

/** Periodic inspection. */
export const detectFeature = defineFeature({
  name: 'detect',
  screens: [
    { path: '/product/detect', title: '定期检验', titleEn: 'Periodic inspection', permission: ['detect:view'], load: () => import('./DetectPage') },
  ],
  messages: () => import('./messages').then((m) => m.detectMessages),
  tags: TAGS,
});
