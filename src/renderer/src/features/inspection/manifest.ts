import { defineFeature } from '@renderer/features/feature';
import type { TextsOf } from '@renderer/i18n/messages';
import type { inspectionMessages } from './messages';

declare module '@renderer/i18n/messages' {
  interface Messages extends TextsOf<typeof inspectionMessages> {}
}

/** The inspection station. */
export const inspectionFeature = defineFeature({
  name: 'inspection',
  screens: [
    { path: '/produce/inspect', title: '检验管理', titleEn: 'Inspection', permission: ['inspect:view'], load: () => import('./InspectionPage') },
  ],
  messages: () => import('./messages').then((m) => m.inspectionMessages),
});
