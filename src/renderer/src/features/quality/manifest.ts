import { defineFeature } from '@renderer/features/feature';
import type { TextsOf } from '@renderer/i18n/messages';
import type { qualityMessages } from './messages';

declare module '@renderer/i18n/messages' {
  interface Messages extends TextsOf<typeof qualityMessages> {}
}

/** 质量中心: customer quality, factory quality and recall (charts from the chunk loaded with each screen). */
export const qualityFeature = defineFeature({
  name: 'quality',
  screens: [
    { path: '/quality/customer', title: '客户质量', titleEn: 'Customer quality', permission: ['qualityCustomer:view'], load: () => import('./CustomerQualityPage') },
    { path: '/quality/factory', title: '出厂质量', titleEn: 'Factory quality', permission: ['qualityFactory:view'], load: () => import('./FactoryQualityPage') },
    { path: '/quality/recall', title: '追溯召回', titleEn: 'Recall', permission: ['qualityRecall:view'], load: () => import('./RecallPage') },
  ],
  messages: () => import('./messages').then((m) => m.qualityMessages),
});
