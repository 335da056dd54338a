import { defineFeature } from '@renderer/features/feature';
import type { TextsOf } from '@renderer/i18n/messages';
import { webviewMessages } from './messages';

declare module '@renderer/i18n/messages' {
  interface Messages extends TextsOf<typeof webviewMessages> {}
}

/**
 * Menu items with an external link (menuLink), opened as their target says: inside the layout (/webview, a tab),
 * in the whole window (/webview/self) or from the parent frame (/webview/parent); see src/shared/menuLink.ts.
 * Its texts are registered up front: /webview/self and /webview/parent open outside the signed-in shell.
 */
export const webviewFeature = defineFeature({
  name: 'webview',
  screens: [
    { path: '/webview', title: '外部页面', titleEn: 'External page', load: () => import('./WebviewPage') },
  ],
  messages: webviewMessages,
});
