import { defineFeature } from '@renderer/features/feature';
import type { TextsOf } from '@renderer/i18n/messages';
import type { TagsOf } from '@renderer/store/api';
import type { backupMessages } from './messages';

const TAGS = ['Backup'] as const;

declare module '@renderer/i18n/messages' {
  interface Messages extends TextsOf<typeof backupMessages> {}
}
declare module '@renderer/store/api' {
  interface CacheTags extends TagsOf<typeof TAGS> {}
}

/** 数据备份: the database's backups, their verification and the WAL archive (issue 33). */
export const backupFeature = defineFeature({
  name: 'backup',
  screens: [
    { path: '/Setting/Backup', title: '数据备份', titleEn: 'Backups', permission: ['backup:view'], load: () => import('./BackupPage') },
  ],
  messages: () => import('./messages').then((m) => m.backupMessages),
  tags: TAGS,
});
