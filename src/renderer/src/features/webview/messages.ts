import { defineMessages } from '@renderer/i18n/define';

export const webviewMessages = defineMessages({
  zh: {
    'webview.title': '外部页面',
    'webview.address': '网址',
    'webview.openNew': '在新窗口打开',
    'webview.reload': '刷新',
    'webview.back': '返回',
    'webview.close': '关闭',
    'webview.hint': '页面空白或显示“拒绝连接”时，是该网站不允许嵌入显示，请点“在新窗口打开”。',
    'webview.slow': '页面仍未打开：该网站可能很慢，或不允许嵌入显示。请点“在新窗口打开”。',
    'webview.noMenu': '找不到这个菜单，或您没有它的权限：{menu}',
    'webview.badLink': '菜单“{name}”的外部链接不是 http:// 或 https:// 网址，不能打开：{link}',
    'webview.opening': '正在打开 {link} …',
    'webview.openedOutside': '已在系统浏览器中打开：{link}',
  },
  en: {
    'webview.title': 'External page',
    'webview.address': 'Address',
    'webview.openNew': 'Open in a new window',
    'webview.reload': 'Reload',
    'webview.back': 'Back',
    'webview.close': 'Close',
    'webview.hint': 'A blank page or “refused to connect” means the site does not allow being shown inside another; use “Open in a new window”.',
    'webview.slow': 'The page has not opened yet: the site is slow or does not allow being shown inside another. Use “Open in a new window”.',
    'webview.noMenu': 'No such menu, or you may not use it: {menu}',
    'webview.badLink': 'The link of the menu “{name}” is not an http:// or https:// address and is not opened: {link}',
    'webview.opening': 'Opening {link} …',
    'webview.openedOutside': 'Opened in the system browser: {link}',
  },
});
