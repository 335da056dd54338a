import { defineFeature } from '@renderer/features/feature';
import type { TextsOf } from '@renderer/i18n/messages';
import type { TagsOf } from '@renderer/store/api';
import type { regulatorMessages } from './messages';

const TAGS = ['RegulatorConnection', 'RegulatorCodeMap', 'RegulatorRecord'] as const;

declare module '@renderer/i18n/messages' {
  interface Messages extends TextsOf<typeof regulatorMessages> {}
}
declare module '@renderer/store/api' {
  interface CacheTags extends TagsOf<typeof TAGS> {}
}

/** 监管平台对接: connections to the regulator's platform, their code tables and the board of records sent (issue 36). */
export const regulatorFeature = defineFeature({
  name: 'regulator',
  screens: [
    {
      path: '/Setting/Regulator', title: '监管平台对接', titleEn: 'Regulator platform', permission: ['regulator:view'],
      load: () => import('./RegulatorPage'),
    },
  ],
  messages: () => import('./messages').then((m) => m.regulatorMessages),
  tags: TAGS,
});
