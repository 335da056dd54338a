import { defineFeature } from '@renderer/features/feature';
import type { TextsOf } from '@renderer/i18n/messages';
import type { TagsOf } from '@renderer/store/api';
import type { reportMessages } from './messages';

const TAGS = ['Report'] as const;

declare module '@renderer/i18n/messages' {
  interface Messages extends TextsOf<typeof reportMessages> {}
}
declare module '@renderer/store/api' {
  interface CacheTags extends TagsOf<typeof TAGS> {}
}

/** 报表模板 (.docx templates of the documents the plant hands out) and the printed document's preview drawer. */
export const reportFeature = defineFeature({
  name: 'report',
  screens: [
    { path: '/Setting/Report', title: '报表模板', titleEn: 'Report templates', permission: ['report:view'], load: () => import('./ReportListPage') },
  ],
  messages: () => import('./messages').then((m) => m.reportMessages),
  tags: TAGS,
});
