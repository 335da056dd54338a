import { defineFeature } from '@renderer/features/feature';
import type { TextsOf } from '@renderer/i18n/messages';
import type { TagsOf } from '@renderer/store/api';
import type { rentalMessages } from './messages';

const TAGS = ['RentalAgreement', 'RentalStatement', 'RentalRun'] as const;

declare module '@renderer/i18n/messages' {
  interface Messages extends TextsOf<typeof rentalMessages> {}
}
declare module '@renderer/store/api' {
  interface CacheTags extends TagsOf<typeof TAGS> {}
}

/** 租赁结算 (issue 38): agreements with their versions; statements, notes, the month's run, deposits and the export. */
export const rentalFeature = defineFeature({
  name: 'rental',
  screens: [
    { path: '/rental/agreement', title: '租赁协议', titleEn: 'Agreements', permission: ['agreement:view'], load: () => import('./AgreementListPage') },
    { path: '/rental/statement', title: '月结对账单', titleEn: 'Statements', permission: ['statement:view'], load: () => import('./StatementPage') },
  ],
  messages: () => import('./messages').then((m) => m.rentalMessages),
  tags: TAGS,
});
