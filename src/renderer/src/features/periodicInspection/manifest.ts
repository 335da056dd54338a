import { defineFeature } from '@renderer/features/feature';
import type { TextsOf } from '@renderer/i18n/messages';
import type { TagsOf } from '@renderer/store/api';
import type { periodicInspectionMessages } from './messages';

const TAGS = ['Inspection'] as const;

declare module '@renderer/i18n/messages' {
  interface Messages extends TextsOf<typeof periodicInspectionMessages> {}
}
declare module '@renderer/store/api' {
  interface CacheTags extends TagsOf<typeof TAGS> {}
}

/** Periodic inspection. */
export const periodicInspectionFeature = defineFeature({
  name: 'periodicInspection',
  screens: [
    { path: '/product/detect', title: '定期检验', titleEn: 'Periodic inspection', permission: ['detect:view'], load: () => import('./PeriodicInspectionPage') },
  ],
  messages: () => import('./messages').then((m) => m.periodicInspectionMessages),
  tags: TAGS,
});
