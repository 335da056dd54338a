import { defineFeature } from '@renderer/features/feature';
import type { TextsOf } from '@renderer/i18n/messages';
import type { TagsOf } from '@renderer/store/api';
import type { userMessages } from './messages';

const TAGS = ['User'] as const;

declare module '@renderer/i18n/messages' {
  interface Messages extends TextsOf<typeof userMessages> {}
}
declare module '@renderer/store/api' {
  interface CacheTags extends TagsOf<typeof TAGS> {}
}

/** Users: the list and the edit form. */
export const userFeature = defineFeature({
  name: 'user',
  screens: [
    { path: '/Setting/user', title: '用户管理', titleEn: 'Users', permission: ['user:view'], load: () => import('./UserListPage') },
    {
      path: '/Setting/AddUser', title: '编辑用户', titleEn: 'Edit user', newTitle: '新增用户', newTitleEn: 'New user',
      permission: ['user:add', 'user:edit'], load: () => import('./UserEditPage'),
    },
  ],
  messages: () => import('./messages').then((m) => m.userMessages),
  tags: TAGS,
});
