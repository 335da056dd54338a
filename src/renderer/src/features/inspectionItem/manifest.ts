import { defineFeature } from '@renderer/features/feature';
import type { TextsOf } from '@renderer/i18n/messages';
import type { TagsOf } from '@renderer/store/api';
import type { inspectionItemMessages } from './messages';

const TAGS = ['TestProject'] as const;

declare module '@renderer/i18n/messages' {
  interface Messages extends TextsOf<typeof inspectionItemMessages> {}
}
declare module '@renderer/store/api' {
  interface CacheTags extends TagsOf<typeof TAGS> {}
}

/** Inspection items. */
export const inspectionItemFeature = defineFeature({
  name: 'inspectionItem',
  screens: [
    {
      path: '/product/productExam', title: '检验项目', titleEn: 'Inspection items',
      permission: ['productExam:view'], load: () => import('./InspectionItemPage'),
    },
  ],
  messages: () => import('./messages').then((m) => m.inspectionItemMessages),
  tags: TAGS,
});
