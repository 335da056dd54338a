import { defineFeature } from '@renderer/features/feature';
import type { TextsOf } from '@renderer/i18n/messages';
import type { TagsOf } from '@renderer/store/api';
import type { offlineMessages } from './messages';

const TAGS = ['OfflineException', 'OfflineQueue'] as const;

declare module '@renderer/i18n/messages' {
  interface Messages extends TextsOf<typeof offlineMessages> {}
}
declare module '@renderer/store/api' {
  interface CacheTags extends TagsOf<typeof TAGS> {}
}

/** The stations' offline work: local queue, local copy of the gate facts, replay and 待处理异常. No screen of its own. */
export const offlineFeature = defineFeature({
  name: 'offline',
  messages: () => import('./messages').then((m) => m.offlineMessages),
  tags: TAGS,
});
