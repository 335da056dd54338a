import { defineMessages } from '@renderer/i18n/define';

/** Texts of features/user. */
export const userMessages = defineMessages({
  zh: {
    'user.title': '用户管理',
    'user.username': '用户名',
    'user.name': '姓名',
    'user.dept': '部门',
    'user.roles': '角色',
    'user.status': '状态',
    'user.enabled': '启用',
    'user.disabled': '停用',
    'user.createdAt': '创建时间',
    'user.resetPassword': '重置密码',
    'user.resetPasswordFor': '重置密码：{name}',
  },
  en: {
    'user.title': 'Users',
    'user.username': 'User name',
    'user.name': 'Name',
    'user.dept': 'Department',
    'user.roles': 'Roles',
    'user.status': 'Status',
    'user.enabled': 'Enabled',
    'user.disabled': 'Disabled',
    'user.createdAt': 'Created',
    'user.resetPassword': 'Reset password',
    'user.resetPasswordFor': 'Reset password: {name}',
  },
});
