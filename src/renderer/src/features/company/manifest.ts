import { defineFeature } from '@renderer/features/feature';
import type { TextsOf } from '@renderer/i18n/messages';
import type { companyMessages } from './messages';

declare module '@renderer/i18n/messages' {
  interface Messages extends TextsOf<typeof companyMessages> {}
}

/** The company information. */
export const companyFeature = defineFeature({
  name: 'company',
  screens: [
    { path: '/Setting/enterpriseInfo', title: '企业信息', titleEn: 'Company', permission: ['company:view'], load: () => import('./CompanyPage') },
  ],
  messages: () => import('./messages').then((m) => m.companyMessages),
});
