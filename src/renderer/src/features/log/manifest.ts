import { defineFeature } from '@renderer/features/feature';
import type { TextsOf } from '@renderer/i18n/messages';
import type { logMessages } from './messages';

declare module '@renderer/i18n/messages' {
  interface Messages extends TextsOf<typeof logMessages> {}
}

/** The operation log and the interface log settings. */
export const logFeature = defineFeature({
  name: 'log',
  screens: [
    { path: '/Setting/Log', title: '操作日志', titleEn: 'Operation log', permission: ['log:view'], load: () => import('./LogListPage') },
    {
      path: '/Setting/InterfaceLogSettings', title: '接口日志设置', titleEn: 'Interface log settings',
      permission: ['logSetting:view'], load: () => import('./InterfaceLogSettingsPage'),
    },
  ],
  messages: () => import('./messages').then((m) => m.logMessages),
});
