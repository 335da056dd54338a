import { defineMessages } from '@renderer/i18n/define';

/** Texts of features/password. */
export const passwordMessages = defineMessages({
  zh: {
    'password.old': '原密码',
    'password.new': '新密码',
    'password.confirm': '确认新密码',
    'password.tooShort': '新密码至少 8 位',
    'password.mismatch': '两次输入的新密码不一致',
    'password.oldRequired': '请输入原密码',
    'password.changed': '密码修改成功',
    'password.reset': '密码已重置',
  },
  en: {
    'password.old': 'Current password',
    'password.new': 'New password',
    'password.confirm': 'Confirm new password',
    'password.tooShort': 'The new password needs at least 8 characters',
    'password.mismatch': 'The new passwords differ',
    'password.oldRequired': 'Enter the current password',
    'password.changed': 'Password changed',
    'password.reset': 'Password reset',
  },
});
