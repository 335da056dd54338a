import { defineFeature } from '@renderer/features/feature';
import type { TextsOf } from '@renderer/i18n/messages';
import type { TagsOf } from '@renderer/store/api';
import type { productionMessages } from './messages';

const TAGS = ['Produce', 'Trace', 'StationCount', 'Suspension'] as const;

declare module '@renderer/i18n/messages' {
  interface Messages extends TextsOf<typeof productionMessages> {}
}
declare module '@renderer/store/api' {
  interface CacheTags extends TagsOf<typeof TAGS> {}
}

/** The filling stations. */
export const productionFeature = defineFeature({
  name: 'production',
  screens: [
    { path: '/produce/produce', title: '充装管理', titleEn: 'Filling', permission: ['produce:view'], load: () => import('./ProductionPage') },
  ],
  messages: () => import('./messages').then((m) => m.productionMessages),
  tags: TAGS,
});
