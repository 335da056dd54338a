/**
 * The whole navigation of SPEC section 2 with the button (permission) keys each screen declares.
 * The server seeds its menu tables from this tree; the renderer uses the keys for its permission helpers.
 * Permission keys read `<resource>:<action>`; `<resource>:view` opens a screen and its read calls.
 */
export interface MenuDef {
  menuNo: string;
  menuName: string;
  /** English label for the English UI. */
  menuNameEn: string;
  menuUrl?: string;
  menuIcon?: string;
  hidden?: boolean;
  buttons?: ReadonlyArray<{ readonly buttonKey: string; readonly buttonName: string }>;
  children?: readonly MenuDef[];
}

const view = <const R extends string>(res: R) => ({ buttonKey: `${res}:view`, buttonName: '查看' }) as const;

export const MENU_TREE = [
  { menuNo: 'home', menuName: '首页', menuNameEn: 'Home', menuUrl: '/main/home', menuIcon: 'Home',
    buttons: [view('home'), { buttonKey: 'file:upload', buttonName: '上传' }, { buttonKey: 'file:delete', buttonName: '删除文件' }] },
  {
    menuNo: 'message', menuName: '消息中心', menuNameEn: 'Messages', menuUrl: '/main/message', menuIcon: 'Notifications',
    buttons: [view('message'), { buttonKey: 'message:readAll', buttonName: '全部已读' }, { buttonKey: 'message:emptyAll', buttonName: '清空' }],
  },
  {
    menuNo: 'product', menuName: '产品中心', menuNameEn: 'Products', menuIcon: 'Inventory',
    children: [
      {
        menuNo: 'product.product', menuName: '气瓶档案', menuNameEn: 'Cylinders', menuUrl: '/product/product',
        buttons: [view('product'), { buttonKey: 'product:add', buttonName: '新增' }, { buttonKey: 'product:import', buttonName: '导入' },
          { buttonKey: 'product:export', buttonName: '导出' }, { buttonKey: 'product:scrap', buttonName: '报废' },
          { buttonKey: 'product:hickey', buttonName: '更换瓶阀' }, { buttonKey: 'product:delete', buttonName: '删除' }],
      },
      {
        menuNo: 'product.detect', menuName: '定期检验', menuNameEn: 'Periodic inspection', menuUrl: '/product/detect',
        buttons: [view('detect'), { buttonKey: 'detect:record', buttonName: '登记检验' }],
      },
      {
        menuNo: 'product.productExam', menuName: '检验项目', menuNameEn: 'Inspection items', menuUrl: '/product/productExam',
        buttons: [view('productExam'), { buttonKey: 'productExam:save', buttonName: '保存' }],
      },
      {
        menuNo: 'product.materialMng', menuName: '介质管理', menuNameEn: 'Gases', menuUrl: '/product/materialMng',
        buttons: [view('material'), { buttonKey: 'material:add', buttonName: '新增' }, { buttonKey: 'material:edit', buttonName: '编辑' },
          { buttonKey: 'material:status', buttonName: '启用/停用' }],
      },
    ],
  },
  {
    menuNo: 'storage', menuName: '仓储中心', menuNameEn: 'Storage', menuIcon: 'Warehouse',
    children: [
      { menuNo: 'storage.inbound', menuName: '入库管理', menuNameEn: 'Stock-in', menuUrl: '/storage/inbound',
        buttons: [view('inbound'), { buttonKey: 'inbound:add', buttonName: '入库' }, { buttonKey: 'inbound:recover', buttonName: '回收' },
          { buttonKey: 'inbound:delete', buttonName: '删除' }] },
      { menuNo: 'storage.outbound', menuName: '出库管理', menuNameEn: 'Stock-out', menuUrl: '/storage/outbound',
        buttons: [view('outbound'), { buttonKey: 'outbound:add', buttonName: '出库' }, { buttonKey: 'outbound:scan', buttonName: '扫码' },
          { buttonKey: 'outbound:print', buttonName: '打印' }, { buttonKey: 'outbound:sign', buttonName: '签收' },
          { buttonKey: 'outbound:delete', buttonName: '删除' }, { buttonKey: 'outbound:cancel', buttonName: '作废' }] },
      { menuNo: 'storage.query', menuName: '库存查询', menuNameEn: 'Stock query', menuUrl: '/storage/query',
        buttons: [view('stock'), { buttonKey: 'stock:export', buttonName: '导出' }] },
      { menuNo: 'storage.warehouse', menuName: '仓库管理', menuNameEn: 'Warehouses', menuUrl: '/storage/warehouse',
        buttons: [view('warehouse'), { buttonKey: 'warehouse:add', buttonName: '新增' }, { buttonKey: 'warehouse:edit', buttonName: '编辑' },
          { buttonKey: 'warehouse:delete', buttonName: '删除' }] },
      // Issue 37: the road and the customer. trip:drive opens the field app (/field) on the driver's own trips.
      { menuNo: 'storage.trip', menuName: '车次管理', menuNameEn: 'Trips', menuUrl: '/storage/trip',
        buttons: [view('trip'), { buttonKey: 'trip:save', buttonName: '保存' }, { buttonKey: 'trip:close', buttonName: '结束车次' },
          { buttonKey: 'trip:drive', buttonName: '司机端' }] },
      { menuNo: 'storage.audit', menuName: '客户盘点', menuNameEn: 'Customer audits', menuUrl: '/storage/audit',
        buttons: [view('audit'), { buttonKey: 'audit:count', buttonName: '盘点' }, { buttonKey: 'audit:reconcile', buttonName: '对账' }] },
      { menuNo: 'storage.household', menuName: '液化气用户', menuNameEn: 'LPG households', menuUrl: '/storage/household',
        buttons: [view('household'), { buttonKey: 'household:save', buttonName: '保存' }, { buttonKey: 'household:reveal', buttonName: '查看身份证号' },
          { buttonKey: 'household:check', buttonName: '入户安检' }, { buttonKey: 'household:deliver', buttonName: '配送' }] },
    ],
  },
  {
    // Issue 38: rental and deposits from the custody record, statements, the month's run, the accounting export.
    menuNo: 'rental', menuName: '租赁结算', menuNameEn: 'Rental', menuIcon: 'RequestQuote',
    children: [
      { menuNo: 'rental.agreement', menuName: '租赁协议', menuNameEn: 'Agreements', menuUrl: '/rental/agreement',
        buttons: [view('agreement'), { buttonKey: 'agreement:save', buttonName: '保存' }] },
      { menuNo: 'rental.statement', menuName: '月结对账单', menuNameEn: 'Statements', menuUrl: '/rental/statement',
        buttons: [view('statement'), { buttonKey: 'statement:issue', buttonName: '出具' }, { buttonKey: 'statement:note', buttonName: '调整单' },
          { buttonKey: 'statement:export', buttonName: '导出应收' }] },
    ],
  },
  {
    menuNo: 'produce', menuName: '生产中心', menuNameEn: 'Production', menuIcon: 'Factory',
    children: [
      { menuNo: 'produce.produce', menuName: '充装管理', menuNameEn: 'Filling', menuUrl: '/produce/produce',
        buttons: [view('produce'), { buttonKey: 'produce:picking', buttonName: '领瓶' }, { buttonKey: 'produce:filling', buttonName: '充装' },
          { buttonKey: 'produce:metage', buttonName: '复秤' }, { buttonKey: 'produce:vacuum', buttonName: '抽真空' },
          { buttonKey: 'produce:manualWeight', buttonName: '手工录入重量' }, { buttonKey: 'produce:suspend', buttonName: '停止充装' },
          { buttonKey: 'produce:rollback', buttonName: '回退' }] },
      { menuNo: 'produce.inspect', menuName: '检验管理', menuNameEn: 'Inspection', menuUrl: '/produce/inspect',
        buttons: [view('inspect'), { buttonKey: 'inspect:test', buttonName: '检验' }, { buttonKey: 'inspect:edit', buttonName: '修改' },
          { buttonKey: 'inspect:export', buttonName: '导出' }, { buttonKey: 'inspect:import', buttonName: '导入' }] },
      { menuNo: 'produce.traceability', menuName: '追溯查询', menuNameEn: 'Traceability', menuUrl: '/produce/traceability',
        buttons: [view('trace'), { buttonKey: 'trace:vacuum', buttonName: '抽真空' }, { buttonKey: 'trace:analyse', buttonName: '分析处理' },
          { buttonKey: 'trace:note', buttonName: '备注' }] },
    ],
  },
  {
    menuNo: 'quality', menuName: '质量中心', menuNameEn: 'Quality', menuIcon: 'Verified',
    children: [
      { menuNo: 'quality.customer', menuName: '客户质量', menuNameEn: 'Customer quality', menuUrl: '/quality/customer',
        buttons: [view('qualityCustomer'), { buttonKey: 'qualityCustomer:export', buttonName: '导出' }] },
      { menuNo: 'quality.factory', menuName: '出厂质量', menuNameEn: 'Factory quality', menuUrl: '/quality/factory',
        buttons: [view('qualityFactory'), { buttonKey: 'qualityFactory:export', buttonName: '导出' }] },
      { menuNo: 'quality.recall', menuName: '追溯召回', menuNameEn: 'Recall', menuUrl: '/quality/recall',
        buttons: [view('qualityRecall'), { buttonKey: 'qualityRecall:export', buttonName: '导出' },
          { buttonKey: 'qualityRecall:notify', buttonName: '通知' }] },
    ],
  },
  {
    menuNo: 'setting', menuName: '系统设置', menuNameEn: 'Settings', menuIcon: 'Settings',
    children: [
      { menuNo: 'setting.user', menuName: '用户管理', menuNameEn: 'Users', menuUrl: '/Setting/user',
        buttons: [view('user'), { buttonKey: 'user:add', buttonName: '新增' }, { buttonKey: 'user:edit', buttonName: '编辑' },
          { buttonKey: 'user:status', buttonName: '启用/停用' }, { buttonKey: 'user:resetPassword', buttonName: '重置密码' },
          { buttonKey: 'user:unlock', buttonName: '解除锁定' }] },
      { menuNo: 'setting.AddUser', menuName: '新增用户', menuNameEn: 'Add user', menuUrl: '/Setting/AddUser', hidden: true },
      { menuNo: 'setting.Role', menuName: '角色管理', menuNameEn: 'Roles', menuUrl: '/Setting/Role',
        buttons: [view('role'), { buttonKey: 'role:add', buttonName: '新增' }, { buttonKey: 'role:edit', buttonName: '编辑' },
          { buttonKey: 'role:delete', buttonName: '删除' }] },
      { menuNo: 'setting.framework', menuName: '组织架构', menuNameEn: 'Departments', menuUrl: '/Setting/framework',
        buttons: [view('dept'), { buttonKey: 'dept:add', buttonName: '新增' }, { buttonKey: 'dept:edit', buttonName: '编辑' },
          { buttonKey: 'dept:delete', buttonName: '删除' }] },
      { menuNo: 'setting.MenuMng', menuName: '菜单管理', menuNameEn: 'Menus', menuUrl: '/Setting/MenuMng',
        buttons: [view('menu'), { buttonKey: 'menu:add', buttonName: '新增' }, { buttonKey: 'menu:edit', buttonName: '编辑' },
          { buttonKey: 'menu:delete', buttonName: '删除' }] },
      { menuNo: 'setting.enterpriseInfo', menuName: '企业信息', menuNameEn: 'Company', menuUrl: '/Setting/enterpriseInfo',
        buttons: [view('company'), { buttonKey: 'company:save', buttonName: '保存' }] },
      { menuNo: 'setting.ComeEnterprise', menuName: '客户与供应商', menuNameEn: 'Customers & suppliers', menuUrl: '/Setting/ComeEnterprise',
        buttons: [view('enterprise'), { buttonKey: 'enterprise:add', buttonName: '新增' }, { buttonKey: 'enterprise:edit', buttonName: '编辑' },
          { buttonKey: 'enterprise:delete', buttonName: '删除' }, { buttonKey: 'enterprise:import', buttonName: '导入' },
          { buttonKey: 'enterprise:export', buttonName: '导出' }] },
      { menuNo: 'setting.addEnter', menuName: '编辑企业', menuNameEn: 'Edit enterprise', menuUrl: '/Setting/addEnter', hidden: true },
      { menuNo: 'setting.dictionary', menuName: '数据字典', menuNameEn: 'Dictionary', menuUrl: '/Setting/dictionary',
        buttons: [view('dictionary'), { buttonKey: 'dictionary:save', buttonName: '保存' }, { buttonKey: 'dictionary:delete', buttonName: '删除' }] },
      { menuNo: 'setting.tagSetting', menuName: '标签设置', menuNameEn: 'Labels', menuUrl: '/Setting/tagSetting',
        buttons: [view('label'), { buttonKey: 'label:save', buttonName: '保存' }, { buttonKey: 'label:copy', buttonName: '复制' }] },
      { menuNo: 'setting.labelSet', menuName: '标签设计', menuNameEn: 'Label designer', menuUrl: '/tagSetting/label/set', hidden: true },
      { menuNo: 'setting.Report', menuName: '报表模板', menuNameEn: 'Report templates', menuUrl: '/Setting/Report',
        buttons: [view('report'), { buttonKey: 'report:save', buttonName: '保存' }, { buttonKey: 'report:upload', buttonName: '上传' }] },
      { menuNo: 'setting.Modeling', menuName: '记录建模', menuNameEn: 'Record modeling', menuUrl: '/Setting/Modeling',
        buttons: [view('modeling'), { buttonKey: 'modeling:save', buttonName: '保存' }] },
      { menuNo: 'setting.SystemSetting', menuName: '系统规则', menuNameEn: 'System rules', menuUrl: '/Setting/SystemSetting',
        buttons: [view('systemRule'), { buttonKey: 'systemRule:save', buttonName: '保存' }] },
      { menuNo: 'setting.machine', menuName: '设备设置', menuNameEn: 'Devices', menuUrl: '/Setting/machine',
        buttons: [view('machine'), { buttonKey: 'offline:exceptions', buttonName: '查看全部待处理异常' },
          { buttonKey: 'offline:resolve', buttonName: '处理待处理异常' }] },
      { menuNo: 'setting.Log', menuName: '操作日志', menuNameEn: 'Operation log', menuUrl: '/Setting/Log', buttons: [view('log'), { buttonKey: 'log:export', buttonName: '导出' }] },
      { menuNo: 'setting.InterfaceLogSettings', menuName: '接口日志设置', menuNameEn: 'Interface log settings', menuUrl: '/Setting/InterfaceLogSettings',
        buttons: [view('logSetting'), { buttonKey: 'logSetting:save', buttonName: '保存' }, { buttonKey: 'logSetting:delete', buttonName: '删除' }] },
      { menuNo: 'setting.Message', menuName: '消息模板', menuNameEn: 'Message templates', menuUrl: '/Setting/Message',
        buttons: [view('messageTemplate'), { buttonKey: 'messageTemplate:save', buttonName: '保存' }] },
      { menuNo: 'setting.Backup', menuName: '数据备份', menuNameEn: 'Backups', menuUrl: '/Setting/Backup',
        buttons: [view('backup'), { buttonKey: 'backup:run', buttonName: '立即备份' }] },
      // Issue 35 (docs/INTEGRATION.md): what leaves the plant's software. integration:read is the pull feed's key.
      { menuNo: 'setting.Webhook', menuName: '接口推送', menuNameEn: 'Webhooks', menuUrl: '/Setting/Webhook',
        buttons: [view('webhook'), { buttonKey: 'webhook:save', buttonName: '保存' }, { buttonKey: 'webhook:replay', buttonName: '重新推送' },
          { buttonKey: 'integration:read', buttonName: '读取事件' }] },
      { menuNo: 'setting.ApiKey', menuName: '接口密钥', menuNameEn: 'API keys', menuUrl: '/Setting/ApiKey',
        buttons: [view('apiKey'), { buttonKey: 'apiKey:save', buttonName: '新增' }, { buttonKey: 'apiKey:revoke', buttonName: '吊销' }] },
      // Issue 36 (docs/REGULATOR.md): the registers the regulator's platform asks for, and the gateway to it.
      { menuNo: 'setting.Vehicle', menuName: '运输车辆', menuNameEn: 'Vehicles', menuUrl: '/Setting/Vehicle',
        buttons: [view('vehicle'), { buttonKey: 'vehicle:save', buttonName: '保存' }] },
      { menuNo: 'setting.Crew', menuName: '驾驶员与押运员', menuNameEn: 'Drivers & escorts', menuUrl: '/Setting/Crew',
        buttons: [view('crew'), { buttonKey: 'crew:save', buttonName: '保存' }] },
      // Issue 38: the customer portal's accounts (门户账号): invited by the plant, each linked to one customer.
      { menuNo: 'setting.portal', menuName: '门户账号', menuNameEn: 'Portal accounts', menuUrl: '/Setting/portal',
        buttons: [view('portal'), { buttonKey: 'portal:invite', buttonName: '邀请' }, { buttonKey: 'portal:status', buttonName: '启用/停用' }] },
      { menuNo: 'setting.Regulator', menuName: '监管平台对接', menuNameEn: 'Regulator platform', menuUrl: '/Setting/Regulator',
        buttons: [view('regulator'), { buttonKey: 'regulator:save', buttonName: '保存' }, { buttonKey: 'regulator:send', buttonName: '重新上报' }] },
    ],
  },
] as const satisfies readonly MenuDef[];

type KeysOf<T> = T extends readonly (infer M)[]
  ? (M extends { buttons: readonly (infer B)[] } ? (B extends { buttonKey: infer K extends string } ? K : never) : never)
    | (M extends { children: infer C } ? KeysOf<C> : never)
  : never;

/** Every button (permission) key the menu tree declares, e.g. 'warehouse:edit'. */
export type PermissionKey = KeysOf<typeof MENU_TREE>;

/** Permission keys used by routes outside any screen. */
export const PERMISSIONS = {
  /** Any signed-in user. */
  AUTHENTICATED: 'authenticated',
  /** No token needed. */
  PUBLIC: 'public',
  /** A customer's portal account (门户账号, /api/portal/*): it holds this and no other key; no plant user holds it. */
  PORTAL: 'portal',
} as const;

/** What a refusal names for the keys outside the tree. */
const ACCESS_WORDS: Record<string, string> = { authenticated: '企业内部功能', portal: '客户门户' };

/** What a route requires: a permission key, any signed-in user, a portal account, or nobody. */
export type Access = PermissionKey | (typeof PERMISSIONS)[keyof typeof PERMISSIONS];

/** Every permission key declared in the tree. */
export function allButtonKeys(tree: readonly MenuDef[] = MENU_TREE): PermissionKey[] {
  return tree.flatMap((m) => [...(m.buttons ?? []).map((b) => b.buttonKey as PermissionKey), ...allButtonKeys(m.children ?? [])]);
}

/**
 * A permission in words, as a refusal names it: the button and its screen, e.g. 'produce:filling' →
 * '充装（充装管理）', 'product:view' → '查看（气瓶档案）'. A key the tree does not declare reads as itself.
 */
export function permissionLabel(key: string, tree: readonly MenuDef[] = MENU_TREE): string {
  if (tree === MENU_TREE && Object.hasOwn(ACCESS_WORDS, key)) return ACCESS_WORDS[key]!;
  for (const menu of tree) {
    const button = menu.buttons?.find((b) => b.buttonKey === key);
    if (button) return `${button.buttonName}（${menu.menuName}）`;
    const inChildren = permissionLabel(key, menu.children ?? []);
    if (inChildren !== key) return inChildren;
  }
  return key;
}
