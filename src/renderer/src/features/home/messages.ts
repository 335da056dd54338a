import { defineMessages } from '@renderer/i18n/define';

/** Texts of features/home. */
export const homeMessages = defineMessages({
  zh: {
    'home.title': '首页',
    'home.morning': '早上好',
    'home.afternoon': '下午好',
    'home.evening': '晚上好',
    'home.account': '账号',
    'home.permissions': '已授权操作',
    'home.serverVersion': '服务版本',
    'home.dashboardLater': '数据看板将在后续版本中提供。',
  },
  en: {
    'home.title': 'Home',
    'home.morning': 'Good morning',
    'home.afternoon': 'Good afternoon',
    'home.evening': 'Good evening',
    'home.account': 'Account',
    'home.permissions': 'Granted actions',
    'home.serverVersion': 'Server version',
    'home.dashboardLater': 'The dashboard comes in a later version.',
  },
});
