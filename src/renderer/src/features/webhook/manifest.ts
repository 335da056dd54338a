import { defineFeature } from '@renderer/features/feature';
import type { TextsOf } from '@renderer/i18n/messages';
import type { TagsOf } from '@renderer/store/api';
import type { webhookMessages } from './messages';

const TAGS = ['Webhook'] as const;

declare module '@renderer/i18n/messages' {
  interface Messages extends TextsOf<typeof webhookMessages> {}
}
declare module '@renderer/store/api' {
  interface CacheTags extends TagsOf<typeof TAGS> {}
}

/** 接口推送: webhook endpoints, their delivery log, pause and replay (issue 35). */
export const webhookFeature = defineFeature({
  name: 'webhook',
  screens: [
    { path: '/Setting/Webhook', title: '接口推送', titleEn: 'Webhooks', permission: ['webhook:view'], load: () => import('./WebhookPage') },
  ],
  messages: () => import('./messages').then((m) => m.webhookMessages),
  tags: TAGS,
});
