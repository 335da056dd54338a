import { defineFeature } from '@renderer/features/feature';
import type { TextsOf } from '@renderer/i18n/messages';
import type { TagsOf } from '@renderer/store/api';
import type { roleMessages } from './messages';

const TAGS = ['Role'] as const;

declare module '@renderer/i18n/messages' {
  interface Messages extends TextsOf<typeof roleMessages> {}
}
declare module '@renderer/store/api' {
  interface CacheTags extends TagsOf<typeof TAGS> {}
}

/** Roles and their menus. */
export const roleFeature = defineFeature({
  name: 'role',
  screens: [
    { path: '/Setting/Role', title: '角色管理', titleEn: 'Roles', permission: ['role:view'], load: () => import('./RoleListPage') },
  ],
  messages: () => import('./messages').then((m) => m.roleMessages),
  tags: TAGS,
});
