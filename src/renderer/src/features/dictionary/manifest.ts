import { defineFeature } from '@renderer/features/feature';
import type { TextsOf } from '@renderer/i18n/messages';
import type { dictionaryMessages } from './messages';

declare module '@renderer/i18n/messages' {
  interface Messages extends TextsOf<typeof dictionaryMessages> {}
}

/** The data dictionary. */
export const dictionaryFeature = defineFeature({
  name: 'dictionary',
  screens: [
    { path: '/Setting/dictionary', title: '数据字典', titleEn: 'Dictionary', permission: ['dictionary:view'], load: () => import('./DictionaryPage') },
  ],
  messages: () => import('./messages').then((m) => m.dictionaryMessages),
});
