import type { ComponentType } from 'react';
import type { MenuItem } from '@shared/api/auth';
import type { PermissionKey } from '@shared/menus';
import type { Language } from '@renderer/i18n/i18n';
import { menuLabel } from '@renderer/i18n/i18n';
import { findMenuByUrl } from '@renderer/permission/permission';

type Loader = () => Promise<{ default: ComponentType }>;

/** A screen that exists. Menu items pointing elsewhere are not shown. */
export interface ScreenDef {
  path: string;
  /** Route meta: the tab label. */
  title: string;
  titleEn: string;
  load: Loader;
  /** Keys that open the screen (any one); without one the user is sent to /403 and no tab opens. */
  permission?: readonly PermissionKey[];
  /** The tab label of the create form (the path without ?id=). */
  newTitle?: string;
  newTitleEn?: string;
}

export const SCREENS: ScreenDef[] = [
  // The landing page: every signed-in user.
  { path: '/main/home', title: '首页', titleEn: 'Home', load: () => import('@renderer/features/home/HomePage') },
  { path: '/Setting/user', title: '用户管理', titleEn: 'Users', permission: ['user:view'], load: () => import('@renderer/features/user/UserListPage') },
  { path: '/Setting/Role', title: '角色管理', titleEn: 'Roles', permission: ['role:view'], load: () => import('@renderer/features/role/RoleListPage') },
  { path: '/Setting/MenuMng', title: '菜单管理', titleEn: 'Menus', permission: ['menu:view'], load: () => import('@renderer/features/menu/MenuTreePage') },
  {
    path: '/Setting/AddUser', title: '编辑用户', titleEn: 'Edit user', newTitle: '新增用户', newTitleEn: 'New user',
    permission: ['user:add', 'user:edit'], load: () => import('@renderer/features/user/UserEditPage'),
  },
  { path: '/Setting/framework', title: '组织架构', titleEn: 'Departments', permission: ['dept:view'], load: () => import('@renderer/features/dept/DeptTreePage') },
  { path: '/Setting/Log', title: '操作日志', titleEn: 'Operation log', permission: ['log:view'], load: () => import('@renderer/features/log/LogListPage') },
  {
    path: '/Setting/InterfaceLogSettings', title: '接口日志设置', titleEn: 'Interface log settings', permission: ['logSetting:view'],
    load: () => import('@renderer/features/log/InterfaceLogSettingsPage'),
  },
  { path: '/Setting/enterpriseInfo', title: '企业信息', titleEn: 'Company', permission: ['company:view'], load: () => import('@renderer/features/company/CompanyPage') },
  { path: '/Setting/dictionary', title: '数据字典', titleEn: 'Dictionary', permission: ['dictionary:view'], load: () => import('@renderer/features/dictionary/DictionaryPage') },
  { path: '/Setting/SystemSetting', title: '系统规则', titleEn: 'System rules', permission: ['systemRule:view'], load: () => import('@renderer/features/systemRule/SystemRulePage') },
  { path: '/Setting/machine', title: '设备设置', titleEn: 'Devices', permission: ['machine:view'], load: () => import('@renderer/features/machine/MachinePage') },
  { path: '/product/product', title: '气瓶档案', titleEn: 'Cylinders', permission: ['product:view'], load: () => import('@renderer/features/product/ProductListPage') },
  { path: '/product/detect', title: '定期检验', titleEn: 'Periodic inspection', permission: ['detect:view'], load: () => import('@renderer/features/detect/DetectPage') },
  { path: '/product/materialMng', title: '介质管理', titleEn: 'Gases', permission: ['material:view'], load: () => import('@renderer/features/material/MaterialListPage') },
  { path: '/storage/warehouse', title: '仓库管理', titleEn: 'Warehouses', permission: ['warehouse:view'], load: () => import('@renderer/features/warehouse/WarehouseListPage') },
  { path: '/Setting/ComeEnterprise', title: '客户与供应商', titleEn: 'Customers & suppliers', permission: ['enterprise:view'], load: () => import('@renderer/features/enterprise/EnterpriseListPage') },
  {
    path: '/Setting/addEnter', title: '编辑企业', titleEn: 'Edit enterprise', newTitle: '新增企业', newTitleEn: 'New enterprise',
    permission: ['enterprise:add', 'enterprise:edit'], load: () => import('@renderer/features/enterprise/EnterpriseEditPage'),
  },
  { path: '/product/productExam', title: '检验项目', titleEn: 'Inspection items', permission: ['productExam:view'], load: () => import('@renderer/features/productExam/ProductExamPage') },
  { path: '/produce/produce', title: '充装管理', titleEn: 'Filling', permission: ['produce:view'], load: () => import('@renderer/features/produce/ProducePage') },
  { path: '/produce/inspect', title: '检验管理', titleEn: 'Inspection', permission: ['inspect:view'], load: () => import('@renderer/features/inspect/InspectPage') },
  { path: '/produce/traceability', title: '追溯查询', titleEn: 'Traceability', permission: ['trace:view'], load: () => import('@renderer/features/trace/TracePage') },
  { path: '/storage/inbound', title: '入库管理', titleEn: 'Stock-in', permission: ['inbound:view'], load: () => import('@renderer/features/storage/InboundPage') },
  { path: '/storage/outbound', title: '出库管理', titleEn: 'Stock-out', permission: ['outbound:view'], load: () => import('@renderer/features/storage/OutboundPage') },
  { path: '/storage/query', title: '库存查询', titleEn: 'Stock query', permission: ['stock:view'], load: () => import('@renderer/features/storage/StockQueryPage') },
];

export const ERROR_CODES = ['401', '403', '404', '500', '502'] as const;

const stripQuery = (url: string): string => url.split(/[?#]/)[0] ?? '';

export const findScreen = (path: string): ScreenDef | undefined => SCREENS.find((s) => s.path === stripQuery(path));
export const isImplemented = (url: string): boolean => !!findScreen(url);

/** Tab label: route meta first (the create form's own label when the query names no id), else the menu name of the page. */
export function screenLabel(path: string, menuList: MenuItem[] | null, lang: Language): string {
  const screen = findScreen(path);
  const creating = screen?.newTitle && !/[?&]id=/.test(path);
  if (screen && creating) return lang === 'en' ? (screen.newTitleEn ?? screen.titleEn) : screen.newTitle!;
  if (screen) return lang === 'en' ? screen.titleEn : screen.title;
  const menu = menuList ? findMenuByUrl(menuList, stripQuery(path)) : undefined;
  return menu ? menuLabel(menu, lang) : stripQuery(path);
}
