import { defineFeature } from '@renderer/features/feature';
import type { TextsOf } from '@renderer/i18n/messages';
import type { TagsOf } from '@renderer/store/api';
import type { auditMessages } from './messages';

const TAGS = ['Audit'] as const;

declare module '@renderer/i18n/messages' {
  interface Messages extends TextsOf<typeof auditMessages> {}
}
declare module '@renderer/store/api' {
  interface CacheTags extends TagsOf<typeof TAGS> {}
}

/** 客户盘点 (issue 37): the office's list, detail, reconciliation and report; the field app's blind count. */
export const auditFeature = defineFeature({
  name: 'audit',
  screens: [
    { path: '/storage/audit', title: '客户盘点', titleEn: 'Customer audits', permission: ['audit:view'], load: () => import('./AuditListPage') },
  ],
  fieldScreens: [
    { path: '/field/audit', title: '客户盘点', titleEn: 'Customer audit', permission: ['audit:count'], load: () => import('./FieldAuditPage') },
  ],
  messages: () => import('./messages').then((m) => m.auditMessages),
  tags: TAGS,
});
