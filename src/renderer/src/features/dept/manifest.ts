import { defineFeature } from '@renderer/features/feature';
import type { TextsOf } from '@renderer/i18n/messages';
import type { deptMessages } from './messages';

declare module '@renderer/i18n/messages' {
  interface Messages extends TextsOf<typeof deptMessages> {}
}

/** Departments (组织架构). */
export const deptFeature = defineFeature({
  name: 'dept',
  screens: [
    { path: '/Setting/framework', title: '组织架构', titleEn: 'Departments', permission: ['dept:view'], load: () => import('./DeptTreePage') },
  ],
  messages: () => import('./messages').then((m) => m.deptMessages),
});
