import { defineFeature } from '@renderer/features/feature';
import type { TextsOf } from '@renderer/i18n/messages';
import type { TagsOf } from '@renderer/store/api';
import type { homeMessages } from './messages';

const TAGS = ['File'] as const;

declare module '@renderer/i18n/messages' {
  interface Messages extends TextsOf<typeof homeMessages> {}
}
declare module '@renderer/store/api' {
  interface CacheTags extends TagsOf<typeof TAGS> {}
}

/** The landing page (every signed-in user) and the shared files. */
export const homeFeature = defineFeature({
  name: 'home',
  screens: [
    { path: '/main/home', title: '首页', titleEn: 'Home', load: () => import('./HomePage') },
  ],
  messages: () => import('./messages').then((m) => m.homeMessages),
  tags: TAGS,
});
