import type { ComponentType } from 'react';
import type { MenuItem } from '@shared/api/auth';
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
}

export const SCREENS: ScreenDef[] = [
  { path: '/main/home', title: '首页', titleEn: 'Home', load: () => import('@renderer/features/home/HomePage') },
  { path: '/Setting/user', title: '用户管理', titleEn: 'Users', load: () => import('@renderer/features/user/UserListPage') },
  { path: '/Setting/machine', title: '设备设置', titleEn: 'Devices', load: () => import('@renderer/features/machine/MachinePage') },
  { path: '/product/product', title: '气瓶档案', titleEn: 'Cylinders', load: () => import('@renderer/features/product/ProductListPage') },
  { path: '/product/detect', title: '定期检验', titleEn: 'Periodic inspection', load: () => import('@renderer/features/detect/DetectPage') },
  { path: '/product/materialMng', title: '介质管理', titleEn: 'Gases', load: () => import('@renderer/features/material/MaterialListPage') },
  { path: '/storage/warehouse', title: '仓库管理', titleEn: 'Warehouses', load: () => import('@renderer/features/warehouse/WarehouseListPage') },
  { path: '/Setting/ComeEnterprise', title: '客户与供应商', titleEn: 'Customers & suppliers', load: () => import('@renderer/features/enterprise/EnterpriseListPage') },
  { path: '/Setting/addEnter', title: '编辑企业', titleEn: 'Edit enterprise', load: () => import('@renderer/features/enterprise/EnterpriseEditPage') },
  { path: '/product/productExam', title: '检验项目', titleEn: 'Inspection items', load: () => import('@renderer/features/productExam/ProductExamPage') },
];

export const ERROR_CODES = ['401', '403', '404', '500', '502'] as const;

const stripQuery = (url: string): string => url.split(/[?#]/)[0];

export const findScreen = (path: string): ScreenDef | undefined => SCREENS.find((s) => s.path === stripQuery(path));
export const isImplemented = (url: string): boolean => !!findScreen(url);

/** Tab label: route meta first, else the menu name of the page. */
export function screenLabel(path: string, menuList: MenuItem[] | null, lang: Language): string {
  const screen = findScreen(path);
  if (screen) return lang === 'en' ? screen.titleEn : screen.title;
  const menu = menuList ? findMenuByUrl(menuList, stripQuery(path)) : undefined;
  return menu ? menuLabel(menu, lang) : stripQuery(path);
}
