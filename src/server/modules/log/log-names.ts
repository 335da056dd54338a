import type { TextLang } from '@shared/lang';

type Names = readonly [zh: string, en: string];

/**
 * The modules of the log (the first path segment after /api) in words. A module without a name here shows as
 * its code: tests/server/log.test.ts checks that every declared route's module has one.
 */
const MODULES: Record<string, Names> = {
  home: ['登录与导航', 'Sign-in and navigation'], homePage: ['首页', 'Home'], user: ['用户', 'Users'], role: ['角色', 'Roles'],
  menu: ['菜单', 'Menus'], dept: ['部门', 'Departments'], company: ['企业信息', 'Company'], dataSource: ['数据字典', 'Dictionary'],
  setting: ['系统规则', 'Settings'], userlogsetting: ['接口日志设置', 'Interface log settings'], log: ['操作日志', 'Operation log'],
  enum: ['枚举', 'Enumerations'], area: ['行政区划', 'Regions'], enterprise: ['客户与供应商', 'Customers and suppliers'],
  wdwarehouse: ['仓库', 'Warehouses'], vehicle: ['运输车辆', 'Vehicles'], crew: ['驾驶员与押运员', 'Drivers and escorts'], material: ['介质', 'Gases'], product: ['气瓶档案', 'Cylinders'], detect: ['定期检验', 'Periodic inspection'],
  testProject: ['检验项目', 'Inspection items'], produce: ['生产', 'Production'], trace: ['追溯', 'Traceability'],
  storageOrder: ['出入库', 'Stock in and out'], stock: ['库存', 'Stock'], file: ['文件', 'Files'], document: ['文档', 'Documents'],
  backup: ['数据备份', 'Backups'], apiKey: ['接口密钥', 'API keys'], devices: ['设备', 'Devices'], label: ['标签', 'Labels'], message: ['消息', 'Messages'], offline: ['离线工位', 'Offline stations'],
  only: ['在线文档', 'Online documents'], qualityCenter: ['质量中心', 'Quality center'], report: ['报表', 'Reports'],
  integration: ['系统接口', 'Integration'],
  regulator: ['监管平台对接', 'Regulator platform'],
  trip: ['车次', 'Trips'], audit: ['客户盘点', 'Customer audits'], household: ['液化气用户', 'LPG households'], rental: ['租赁结算', 'Rental'],
  portal: ['客户门户', 'Customer portal'],
};

/** The module codes in the order the filters offer them (the menu's order). */
export const MODULE_ORDER = Object.keys(MODULES);

export const hasModuleName = (module: string): boolean => Object.hasOwn(MODULES, module);

/** A module in words: its name in the caller's language, or its code when it has none (a path no route serves). */
export const moduleNameOf = (module: string, lang: TextLang = 'zh'): string => {
  const names = hasModuleName(module) ? MODULES[module] : undefined;
  return names ? names[lang === 'en' ? 1 : 0] : module;
};
