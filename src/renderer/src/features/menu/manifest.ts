import { defineFeature } from '@renderer/features/feature';
import type { TextsOf } from '@renderer/i18n/messages';
import type { menuMessages } from './messages';

declare module '@renderer/i18n/messages' {
  interface Messages extends TextsOf<typeof menuMessages> {}
}

/** The menu tree. */
export const menuFeature = defineFeature({
  name: 'menu',
  screens: [
    { path: '/Setting/MenuMng', title: '菜单管理', titleEn: 'Menus', permission: ['menu:view'], load: () => import('./MenuTreePage') },
  ],
  messages: () => import('./messages').then((m) => m.menuMessages),
});
