import { defineFeature } from '@renderer/features/feature';
import type { TextsOf } from '@renderer/i18n/messages';
import type { TagsOf } from '@renderer/store/api';
import type { enterpriseMessages } from './messages';

const TAGS = ['Enterprise'] as const;

declare module '@renderer/i18n/messages' {
  interface Messages extends TextsOf<typeof enterpriseMessages> {}
}
declare module '@renderer/store/api' {
  interface CacheTags extends TagsOf<typeof TAGS> {}
}

/** Customers and suppliers: the list and the edit form. */
export const enterpriseFeature = defineFeature({
  name: 'enterprise',
  screens: [
    {
      path: '/Setting/ComeEnterprise', title: '客户与供应商', titleEn: 'Customers & suppliers',
      permission: ['enterprise:view'], load: () => import('./EnterpriseListPage'),
    },
    {
      path: '/Setting/addEnter', title: '编辑企业', titleEn: 'Edit enterprise', newTitle: '新增企业', newTitleEn: 'New enterprise',
      permission: ['enterprise:add', 'enterprise:edit'], load: () => import('./EnterpriseEditPage'),
    },
  ],
  messages: () => import('./messages').then((m) => m.enterpriseMessages),
  tags: TAGS,
});
