import { defineFeature } from '@renderer/features/feature';
import type { TextsOf } from '@renderer/i18n/messages';
import type { TagsOf } from '@renderer/store/api';
import type { systemRuleMessages } from './messages';

const TAGS = ['SystemRule'] as const;

declare module '@renderer/i18n/messages' {
  interface Messages extends TextsOf<typeof systemRuleMessages> {}
}
declare module '@renderer/store/api' {
  interface CacheTags extends TagsOf<typeof TAGS> {}
}

/** The plant rules the stations follow. */
export const systemRuleFeature = defineFeature({
  name: 'systemRule',
  screens: [
    {
      path: '/Setting/SystemSetting', title: '系统规则', titleEn: 'System rules',
      permission: ['systemRule:view'], load: () => import('./SystemRulePage'),
    },
  ],
  messages: () => import('./messages').then((m) => m.systemRuleMessages),
  tags: TAGS,
});
