import { defineFeature } from '@renderer/features/feature';
import type { TextsOf } from '@renderer/i18n/messages';
import type { TagsOf } from '@renderer/store/api';
import type { labelMessages } from './messages';

const TAGS = ['Label'] as const;

declare module '@renderer/i18n/messages' {
  interface Messages extends TextsOf<typeof labelMessages> {}
}
declare module '@renderer/store/api' {
  interface CacheTags extends TagsOf<typeof TAGS> {}
}

/** 标签设置 and the label designer; the stations print with its templates (stationPrint.ts). */
export const labelFeature = defineFeature({
  name: 'label',
  screens: [
    { path: '/Setting/tagSetting', title: '标签设置', titleEn: 'Labels', permission: ['label:view'], load: () => import('./LabelListPage') },
    { path: '/tagSetting/label/set', title: '标签设计', titleEn: 'Label designer', permission: ['label:view'], load: () => import('./designer/LabelDesignerPage') },
  ],
  messages: () => import('./messages').then((m) => m.labelMessages),
  tags: TAGS,
});
