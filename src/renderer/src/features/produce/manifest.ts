import { defineFeature } from '@renderer/features/feature';
import type { TextsOf } from '@renderer/i18n/messages';
import type { TagsOf } from '@renderer/store/api';
import type { produceMessages } from './messages';

const TAGS = ['Produce', 'Trace', 'StationCount'] as const;

declare module '@renderer/i18n/messages' {
  interface Messages extends TextsOf<typeof produceMessages> {}
}
declare module '@renderer/store/api' {
  interface CacheTags extends TagsOf<typeof TAGS> {}
}

/** The filling stations. */
export const produceFeature = defineFeature({
  name: 'produce',
  screens: [
    { path: '/produce/produce', title: '充装管理', titleEn: 'Filling', permission: ['produce:view'], load: () => import('./ProducePage') },
  ],
  messages: () => import('./messages').then((m) => m.produceMessages),
  tags: TAGS,
});
