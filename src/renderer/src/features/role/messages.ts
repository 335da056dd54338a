import { defineMessages } from '@renderer/i18n/define';

/** Texts of features/role. */
export const roleMessages = defineMessages({
  zh: {
    'role.title': '角色管理',
    'role.colName': '名称',
    'role.colCode': '编码',
    'role.userCount': '用户数',
    'role.name': '角色名称',
    'role.code': '角色编码',
    'role.add': '新增角色',
    'role.edit': '编辑角色',
    'role.grants': '菜单与按钮权限',
    'role.builtIn': '内置',
    'role.builtInNote': '超级管理员拥有全部权限，不能修改其权限',
    'role.hiddenMenu': '（隐藏）',
    'role.loadingTree': '正在加载菜单…',
  },
  en: {
    'role.title': 'Roles',
    'role.colName': 'Name',
    'role.colCode': 'Code',
    'role.userCount': 'Users',
    'role.name': 'Role name',
    'role.code': 'Role code',
    'role.add': 'New role',
    'role.edit': 'Edit role',
    'role.grants': 'Menus and buttons',
    'role.builtIn': 'Built-in',
    'role.builtInNote': 'The super administrator holds every permission; its permissions cannot be changed',
    'role.hiddenMenu': ' (hidden)',
    'role.loadingTree': 'Loading menus…',
  },
});
