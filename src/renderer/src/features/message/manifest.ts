import { defineFeature } from '@renderer/features/feature';
import type { TextsOf } from '@renderer/i18n/messages';
import type { TagsOf } from '@renderer/store/api';
import type { messageMessages } from './messages';

const TAGS = ['Message', 'MessageTemplate'] as const;

declare module '@renderer/i18n/messages' {
  interface Messages extends TextsOf<typeof messageMessages> {}
}
declare module '@renderer/store/api' {
  interface CacheTags extends TagsOf<typeof TAGS> {}
}

/** 消息中心 and 消息模板; the top bar's badge is MessageBadge. */
export const messageFeature = defineFeature({
  name: 'message',
  screens: [
    { path: '/main/message', title: '消息中心', titleEn: 'Messages', permission: ['message:view'], load: () => import('./MessageListPage') },
    { path: '/Setting/Message', title: '消息模板', titleEn: 'Message templates', permission: ['messageTemplate:view'], load: () => import('./TemplateListPage') },
  ],
  messages: () => import('./messages').then((m) => m.messageMessages),
  tags: TAGS,
});
