import { defineFeature } from '@renderer/features/feature';
import type { TextsOf } from '@renderer/i18n/messages';
import type { inspectMessages } from './messages';

declare module '@renderer/i18n/messages' {
  interface Messages extends TextsOf<typeof inspectMessages> {}
}

/** The inspection station. */
export const inspectFeature = defineFeature({
  name: 'inspect',
  screens: [
    { path: '/produce/inspect', title: '检验管理', titleEn: 'Inspection', permission: ['inspect:view'], load: () => import('./InspectPage') },
  ],
  messages: () => import('./messages').then((m) => m.inspectMessages),
});
