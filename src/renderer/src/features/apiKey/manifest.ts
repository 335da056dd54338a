import { defineFeature } from '@renderer/features/feature';
import type { TextsOf } from '@renderer/i18n/messages';
import type { TagsOf } from '@renderer/store/api';
import type { apiKeyMessages } from './messages';

const TAGS = ['ApiKey'] as const;

declare module '@renderer/i18n/messages' {
  interface Messages extends TextsOf<typeof apiKeyMessages> {}
}
declare module '@renderer/store/api' {
  interface CacheTags extends TagsOf<typeof TAGS> {}
}

/** 接口密钥: service accounts' API keys for machine clients (issue 35). */
export const apiKeyFeature = defineFeature({
  name: 'apiKey',
  screens: [
    { path: '/Setting/ApiKey', title: '接口密钥', titleEn: 'API keys', permission: ['apiKey:view'], load: () => import('./ApiKeyPage') },
  ],
  messages: () => import('./messages').then((m) => m.apiKeyMessages),
  tags: TAGS,
});
