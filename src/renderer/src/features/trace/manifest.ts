import { defineFeature } from '@renderer/features/feature';
import type { TextsOf } from '@renderer/i18n/messages';
import type { traceMessages } from './messages';

declare module '@renderer/i18n/messages' {
  interface Messages extends TextsOf<typeof traceMessages> {}
}

/** Traceability. */
export const traceFeature = defineFeature({
  name: 'trace',
  screens: [
    { path: '/produce/traceability', title: '追溯查询', titleEn: 'Traceability', permission: ['trace:view'], load: () => import('./TracePage') },
  ],
  messages: () => import('./messages').then((m) => m.traceMessages),
});
