import { defineFeature } from '@renderer/features/feature';
import type { TextsOf } from '@renderer/i18n/messages';
import type { TagsOf } from '@renderer/store/api';
import type { modelingMessages } from './messages';

const TAGS = ['DataSource', 'RecordSetting'] as const;

declare module '@renderer/i18n/messages' {
  interface Messages extends TextsOf<typeof modelingMessages> {}
}
declare module '@renderer/store/api' {
  interface CacheTags extends TagsOf<typeof TAGS> {}
}

/** 记录建模: the data sources documents and labels print from, and what the stations' records show and require. */
export const modelingFeature = defineFeature({
  name: 'modeling',
  screens: [
    { path: '/Setting/Modeling', title: '记录建模', titleEn: 'Record modeling', permission: ['modeling:view'], load: () => import('./ModelingPage') },
  ],
  messages: () => import('./messages').then((m) => m.modelingMessages),
  tags: TAGS,
});
