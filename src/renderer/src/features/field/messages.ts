import { defineMessages } from '@renderer/i18n/define';

/** Texts of features/field: the field app's shell (issue 37). */
export const fieldMessages = defineMessages({
  zh: {
    'field.appTitle': '外勤',
    'field.back': '返回',
    'field.home': '外勤首页',
    'field.desktop': '电脑版',
    'field.hello': '{name}，您好',
    'field.nothing': '您没有可用的外勤功能，请联系管理员分配权限',
  },
  en: {
    'field.appTitle': 'Field',
    'field.back': 'Back',
    'field.home': 'Field home',
    'field.desktop': 'Desktop version',
    'field.hello': 'Hello, {name}',
    'field.nothing': 'No field functions are open to you; ask an administrator for permissions',
  },
});
