import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NavData, TokenData } from '../../src/shared/api/auth';
import type { MenuAdminNode, MenuOption } from '../../src/shared/api/menu';
import type { RoleMenuNode, RoleOption, RoleRow } from '../../src/shared/api/user';
import { MENU_TREE } from '../../src/shared/menus';
import { buildTestApp, createLimitedUser, type TestApp } from './app-helper';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await buildTestApp();
  token = (await t.login()).token;
});
afterAll(async () => { await t?.close(); });

const signIn = async (username: string, password: string) =>
  (await t.call<TokenData>('POST', '/api/home/login', { body: { username, password } })).body.data.token;
const post = <T = null>(path: string, body?: unknown, as = token) => t.call<T>('POST', path, { token: as, ...(body === undefined ? {} : { body }) });
const get = <T>(path: string, as = token) => t.call<T>('GET', path, { token: as });
const roles = async () => (await post<RoleRow[]>('/api/role/list')).body.data;
const roleByCode = async (code: string) => (await roles()).find((r) => r.roleCode === code)!;
const adminRole = () => roleByCode('admin');
const newRole = async (body: Record<string, unknown>) => {
  const res = await post<{ id: number }>('/api/role/saveRole', body);
  expect(res.body, res.body.msg).toMatchObject({ code: 0 });
  return res.body.data.id;
};
/** A user holding the role, via the API. */
const newUser = async (username: string, roleId: number) => {
  const res = await post<{ id: number }>('/api/user/save', { username, name: username, password: 'Passw0rd!x', roleIds: [roleId], mustChangePassword: false });
  expect(res.body, res.body.msg).toMatchObject({ code: 0 });
  return { id: res.body.data.id, username, password: 'Passw0rd!x' };
};
const flat = <T extends { children: T[] }>(nodes: T[]): T[] => nodes.flatMap((n) => [n, ...flat(n.children)]);
const menuRow = (menuNo: string) => t.db.selectFrom('menus').select(['id', 'menu_no', 'menu_name', 'parent_no', 'sort']).where('menu_no', '=', menuNo).executeTakeFirst();
const buttonsOf = async (menuNo: string) =>
  (await t.db.selectFrom('menu_buttons').select(['button_key', 'button_name']).where('menu_no', '=', menuNo).orderBy('sort').execute())
    .map((b) => `${b.button_key}=${b.button_name}`);
const saveMenu = (body: Record<string, unknown>, as = token) => post<{ id: number }>('/api/menu/save', body, as);
const refusal = (msg: string) => ({ code: -1, msg, data: null });

describe('role list and options', () => {
  it('lists roles with their user count, marking the seeded 超级管理员 built in; options are id, name and code by id', async () => {
    const id = await newRole({ roleName: '统计员', roleCode: 'counter', remark: '月报', buttonKeys: ['home:view'] });
    await newUser('count1', id);
    await newUser('count2', id);
    const list = await roles();
    expect(list.find((r) => r.roleCode === 'admin')).toMatchObject({ roleName: '超级管理员', builtIn: true, userCount: 1 });
    expect(list.find((r) => r.id === id)).toEqual({
      id, roleName: '统计员', roleCode: 'counter', remark: '月报', menuNos: ['home'], buttonKeys: ['home:view'], userCount: 2, builtIn: false,
    });
    const options = (await get<RoleOption[]>('/api/role/dropDown')).body.data;
    expect(options.map((o) => o.id)).toEqual([...options.map((o) => o.id)].sort((a, b) => a - b));
    expect(options).toContainEqual({ id, roleName: '统计员', roleCode: 'counter' });
    expect(Object.keys(options[0]!).sort()).toEqual(['id', 'roleCode', 'roleName']);
  });
});

describe('the role tree', () => {
  it('lists every menu in order with its buttons, checking what the role holds (nothing without a role)', async () => {
    const none = (await post<RoleMenuNode[]>('/api/role/getRoleMenuList', {})).body.data;
    expect(none.map((m) => m.menuNo)).toEqual(MENU_TREE.map((m) => m.menuNo));
    expect(flat(none).some((m) => m.checked || m.buttonList.some((b) => b.checked))).toBe(false);
    const product = none.find((m) => m.menuNo === 'product')!;
    expect(product.children.map((c) => c.menuNo)).toEqual(['product.product', 'product.detect', 'product.productExam', 'product.materialMng']);
    expect(product.children[0]!.buttonList.slice(0, 2)).toEqual([
      { buttonKey: 'product:view', buttonName: '查看', checked: false }, { buttonKey: 'product:add', buttonName: '新增', checked: false },
    ]);

    const id = await newRole({ roleName: '档案员', roleCode: 'archivist', buttonKeys: ['product:view', 'product:add'] });
    const tree = (await post<RoleMenuNode[]>('/api/role/getRoleMenuList', { roleId: id })).body.data;
    const cylinders = flat(tree).find((m) => m.menuNo === 'product.product')!;
    expect(cylinders.checked).toBe(true);
    expect(cylinders.buttonList.filter((b) => b.checked).map((b) => b.buttonKey)).toEqual(['product:view', 'product:add']);
    expect(flat(tree).filter((m) => m.checked).map((m) => m.menuNo)).toEqual(['product.product']);
    expect((await post('/api/role/getRoleMenuList', { roleId: 999_999 })).body).toEqual(refusal('角色不存在'));
  });

  it('answers a branch of the tree for a role: 0 is the whole tree, role 0 checks nothing', async () => {
    const id = await newRole({ roleName: '库管', roleCode: 'branch_keeper', buttonKeys: ['stock:view'] });
    const whole = (await get<RoleMenuNode[]>(`/api/menu/treeListByParentNo/0/${id}`)).body.data;
    expect(whole.map((m) => m.menuNo)).toEqual(MENU_TREE.map((m) => m.menuNo));
    const storage = (await get<RoleMenuNode[]>(`/api/menu/treeListByParentNo/storage/${id}`)).body.data;
    expect(storage.map((m) => [m.menuNo, m.checked])).toEqual([
      ['storage.inbound', false], ['storage.outbound', false], ['storage.query', true], ['storage.warehouse', false],
      ['storage.trip', false], ['storage.audit', false], ['storage.household', false],
    ]);
    expect(storage[2]!.buttonList).toEqual([{ buttonKey: 'stock:view', buttonName: '查看', checked: true }, { buttonKey: 'stock:export', buttonName: '导出', checked: false }]);
    const unchecked = (await get<RoleMenuNode[]>('/api/menu/treeListByParentNo/storage/0')).body.data;
    expect(unchecked.some((m) => m.checked || m.buttonList.some((b) => b.checked))).toBe(false);
    expect((await get('/api/menu/treeListByParentNo/nowhere/0')).body).toEqual(refusal('菜单不存在：nowhere'));
  });
});

describe('editing roles', () => {
  it('edits name, code, remark and tree at once; a granted button brings its screen', async () => {
    const id = await newRole({ roleName: '质检', roleCode: 'qc', menuNos: ['home'], buttonKeys: ['home:view', 'inspect:view'] });
    const res = await post('/api/role/editRole', { id, roleName: '质检员', roleCode: 'qc2', remark: '二车间', menuNos: ['message'], buttonKeys: ['trace:view'] });
    expect(res.body).toEqual({ code: 0, msg: '操作成功', data: null });
    expect(await roleByCode('qc2')).toMatchObject({
      id, roleName: '质检员', remark: '二车间', menuNos: ['message', 'produce.traceability'], buttonKeys: ['trace:view'],
    });
  });

  it('refuses a duplicate code, unknown menus and buttons, changing nothing', async () => {
    const id = await newRole({ roleName: '甲', roleCode: 'role_a', buttonKeys: ['home:view'] });
    await newRole({ roleName: '乙', roleCode: 'role_b' });
    const before = await roleByCode('role_a');
    const edit = (body: Record<string, unknown>) => post('/api/role/editRole', { id, roleName: '改', roleCode: 'role_a', ...body });
    expect((await edit({ roleCode: 'role_b' })).body).toEqual(refusal('角色编码已存在：role_b'));
    expect((await edit({ menuNos: ['nope'] })).body).toEqual(refusal('菜单不存在：nope'));
    expect((await edit({ buttonKeys: ['home:fly'] })).body).toEqual(refusal('按钮权限不存在：home:fly'));
    expect((await post('/api/role/editRole', { id: 999_999, roleName: '无', roleCode: 'ghost' })).body).toEqual(refusal('角色不存在'));
    expect(await roleByCode('role_a')).toEqual(before);
  });

  it('updateRole replaces only the tree', async () => {
    const id = await newRole({ roleName: '丙', roleCode: 'role_c', remark: '留', buttonKeys: ['home:view', 'message:view'] });
    expect((await post('/api/role/updateRole', { id, buttonKeys: ['stock:export'] })).body.code).toBe(0);
    expect(await roleByCode('role_c')).toMatchObject({ roleName: '丙', remark: '留', menuNos: ['storage.query'], buttonKeys: ['stock:export'] });
    expect((await post('/api/role/updateRole', { id, buttonKeys: ['x:y'] })).body).toEqual(refusal('按钮权限不存在：x:y'));
    expect((await roleByCode('role_c')).buttonKeys).toEqual(['stock:export']);
    expect((await post('/api/role/updateRole', { id: 999_999 })).body).toEqual(refusal('角色不存在'));
  });

  it('lets 超级管理员 be renamed but never changes its grants or code, nor deletes it', async () => {
    const admin = await adminRole();
    const same = { menuNos: admin.menuNos, buttonKeys: admin.buttonKeys };
    const fewer = { menuNos: admin.menuNos, buttonKeys: admin.buttonKeys.filter((k) => k !== 'role:edit') };
    const edit = (body: Record<string, unknown>) => post('/api/role/editRole', { id: admin.id, roleName: '超级管理员', roleCode: 'admin', ...same, ...body });
    expect((await edit({ ...fewer, roleName: '改名' })).body).toEqual(refusal('超级管理员拥有全部权限，不能修改其权限'));
    expect((await edit({ menuNos: [], buttonKeys: [] })).body).toEqual(refusal('超级管理员拥有全部权限，不能修改其权限'));
    expect((await post('/api/role/updateRole', { id: admin.id, ...fewer })).body).toEqual(refusal('超级管理员拥有全部权限，不能修改其权限'));
    expect((await edit({ roleCode: 'root' })).body).toEqual(refusal('超级管理员的角色编码不能修改'));
    expect((await post(`/api/role/delete/${admin.id}`)).body).toEqual(refusal('角色 超级管理员 为内置角色，不能删除'));
    expect(await adminRole()).toEqual(admin);

    expect((await edit({ roleName: '系统管理员', remark: '全部权限' })).body.code).toBe(0);
    expect(await adminRole()).toEqual({ ...admin, roleName: '系统管理员', remark: '全部权限' });
    expect((await edit({ roleName: '超级管理员', remark: null })).body.code).toBe(0);
  });
});

describe('deleting roles', () => {
  it('refuses while users hold the role, naming how many; then deletes it with its grants', async () => {
    const id = await newRole({ roleName: '质检员', roleCode: 'inspector', buttonKeys: ['inspect:view'] });
    const a = await newUser('insp1', id);
    await newUser('insp2', id);
    expect((await post(`/api/role/delete/${id}`)).body).toEqual(refusal('角色 质检员 仍有 2 个用户，不能删除'));
    expect(await roleByCode('inspector')).toMatchObject({ userCount: 2, buttonKeys: ['inspect:view'] });
    for (const u of ['insp1', 'insp2']) {
      const uid = u === 'insp1' ? a.id : (await t.db.selectFrom('users').select('id').where('username', '=', u).executeTakeFirstOrThrow()).id;
      expect((await post('/api/user/saveRole', { id: uid, roleIds: [] })).body.code).toBe(0);
    }
    expect((await post(`/api/role/delete/${id}`)).body.code).toBe(0);
    expect(await roleByCode('inspector')).toBeUndefined();
    expect(await t.db.selectFrom('role_buttons').select('button_key').where('role_id', '=', id).execute()).toEqual([]);
    expect((await post(`/api/role/delete/${id}`)).body).toEqual(refusal('角色不存在'));
  });
});

describe('a change applies at the holders’ next request', () => {
  it('a lost button answers 403 to the same token; a lost screen leaves the navigation', async () => {
    const id = await newRole({ roleName: '仓管员', roleCode: 'next_req', buttonKeys: ['home:view', 'warehouse:view', 'warehouse:add'] });
    const user = await newUser('nextreq', id);
    const own = await signIn(user.username, user.password);
    expect((await post('/api/wdwarehouse/listPage', {}, own)).status).toBe(200);
    let nav = (await post<NavData>('/api/home/nav/0', undefined, own)).body.data;
    expect(flat(nav.menuList).map((m) => m.menuNo)).toContain('storage.warehouse');

    expect((await post('/api/role/updateRole', { id, buttonKeys: ['home:view', 'warehouse:add'] })).body.code).toBe(0);
    expect((await post('/api/wdwarehouse/listPage', {}, own)).status).toBe(403);

    expect((await post('/api/role/editRole', { id, roleName: '仓管员', roleCode: 'next_req', buttonKeys: ['home:view'] })).body.code).toBe(0);
    nav = (await post<NavData>('/api/home/nav/0', undefined, own)).body.data;
    expect(flat(nav.menuList).map((m) => m.menuNo)).toEqual(['home']);
    expect(nav.promise).toEqual(['home:view']);
  });
});

describe('the menu tree', () => {
  it('answers every menu with its buttons, built-in flag, locked keys and the roles using it', async () => {
    await newRole({ roleName: '客服', roleCode: 'menu_counter', buttonKeys: ['qualityCustomer:view'] });
    const tree = (await get<MenuAdminNode[]>('/api/menu/treeList')).body.data;
    expect(tree.map((m) => m.menuNo)).toEqual(MENU_TREE.map((m) => m.menuNo));
    const customer = flat(tree).find((m) => m.menuNo === 'quality.customer')!;
    expect(customer).toMatchObject({
      menuName: '客户质量', menuUrl: '/quality/customer', parentNo: 'quality', builtIn: true, hidden: 0,
      lockedKeys: ['qualityCustomer:view', 'qualityCustomer:export'],
      buttonList: [{ buttonKey: 'qualityCustomer:view', buttonName: '查看' }, { buttonKey: 'qualityCustomer:export', buttonName: '导出' }],
      children: [],
    });
    // 超级管理员 holds everything and is not counted.
    expect(customer.roleCount).toBe(1);
    expect(flat(tree).find((m) => m.menuNo === 'quality.factory')!.roleCount).toBe(0);
    expect(tree.find((m) => m.menuNo === 'product')).toMatchObject({ builtIn: true, lockedKeys: [] });

    const list = (await get<MenuOption[]>('/api/menu/listMenu')).body.data;
    expect(list).toHaveLength(flat(tree).length);
    expect(list.find((m) => m.menuNo === 'quality.customer')).toEqual({ id: customer.id, menuNo: 'quality.customer', menuName: '客户质量', parentNo: 'quality', menuUrl: '/quality/customer' });
  });
});

describe('saving menus', () => {
  it('creates a menu with buttons after its siblings, granted to 超级管理员 at once; edits it and its buttons', async () => {
    const created = await saveMenu({
      menuNo: 'quality.report', menuName: '质量报表', parentNo: 'quality', menuUrl: '/quality/report', target: '_self', menuColor: '#336699',
      buttonList: [{ buttonKey: 'qualityReport:view', buttonName: '查看' }, { buttonKey: 'qualityReport:print', buttonName: '打印' }],
    });
    expect(created.body.code, created.body.msg).toBe(0);
    const id = created.body.data.id;
    expect(await menuRow('quality.report')).toMatchObject({ id, parent_no: 'quality', sort: 40 });
    expect(await buttonsOf('quality.report')).toEqual(['qualityReport:view=查看', 'qualityReport:print=打印']);
    const nav = (await post<NavData>('/api/home/nav/0')).body.data;
    expect(flat(nav.menuList).find((m) => m.menuNo === 'quality.report')).toMatchObject({ menuColor: '#336699', target: '_self' });
    expect(nav.promise).toContain('qualityReport:print');

    // A role holding the print button loses it with the button.
    const roleId = await newRole({ roleName: '报表员', roleCode: 'reporter', buttonKeys: ['qualityReport:view', 'qualityReport:print'] });
    const edit = await saveMenu({
      id, menuNo: 'quality.report2', menuName: '质量报表（新）', parentNo: 'quality', menuLink: 'https://example.com/r', menuUrl: '', target: '_blank', hidden: 1,
      buttonList: [{ buttonKey: 'qualityReport:export', buttonName: '导出' }, { buttonKey: 'qualityReport:view', buttonName: '浏览' }],
    });
    expect(edit.body).toEqual({ code: 0, msg: '操作成功', data: { id } });
    expect(await buttonsOf('quality.report2')).toEqual(['qualityReport:export=导出', 'qualityReport:view=浏览']);
    expect(await menuRow('quality.report2')).toMatchObject({ id, menu_name: '质量报表（新）', sort: 40 });
    const role = (await roles()).find((r) => r.id === roleId)!;
    expect(role).toMatchObject({ menuNos: ['quality.report2'], buttonKeys: ['qualityReport:view'] });
    const node = flat((await get<MenuAdminNode[]>('/api/menu/treeList')).body.data).find((m) => m.id === id)!;
    expect(node).toMatchObject({ menuLink: 'https://example.com/r', menuUrl: null, target: '_blank', hidden: 1, builtIn: false, lockedKeys: [], roleCount: 1 });
  });

  it('takes only an http(s) link (never javascript:, data:, file:) and each way of opening it', async () => {
    for (const menuLink of ['javascript:alert(document.cookie)', 'data:text/html,<script>alert(1)</script>', 'file:///etc/passwd', 'https://user:pw@example.com/', 'http://']) {
      const res = await saveMenu({ menuNo: 'links.bad', menuName: '坏链接', menuLink, target: 'iframe' });
      expect(res.body, menuLink).toMatchObject({ code: -1, msg: expect.stringContaining('外部链接') });
    }
    expect(await menuRow('links.bad')).toBeUndefined();
    for (const target of ['iframe', '_self', '_parent', '_blank'] as const) {
      const res = await saveMenu({ menuNo: `links.${target.replace('_', '')}`, menuName: `链接${target}`, menuLink: 'https://intranet.example.com/report?a=1', target });
      expect(res.body.code, res.body.msg).toBe(0);
    }
    expect((await saveMenu({ menuNo: 'links.other', menuName: '其他', menuLink: 'https://example.com/', target: '_top' })).body).toMatchObject({ code: -1 });
    const nav = flat((await post<NavData>('/api/home/nav/0')).body.data.menuList);
    expect(nav.find((m) => m.menuNo === 'links.iframe')).toMatchObject({ menuLink: 'https://intranet.example.com/report?a=1', target: 'iframe' });
  });

  it('lets a built-in menu be renamed and moved, keeping its number and keys', async () => {
    const menu = (await menuRow('setting.machine'))!;
    // Its built-in keys stay (the offline exceptions' two as well); names may change and keys be added.
    const builtIn = [{ buttonKey: 'offline:exceptions', buttonName: '查看全部待处理异常' }, { buttonKey: 'offline:resolve', buttonName: '处理待处理异常' }];
    const buttons = [{ buttonKey: 'machine:view', buttonName: '浏览' }, { buttonKey: 'machine:test', buttonName: '测试' }, ...builtIn];
    expect((await saveMenu({ id: menu.id, menuNo: 'setting.machine', menuName: '设备', parentNo: 'home', menuUrl: '/Setting/machine', sort: 5, buttonList: buttons })).body.code).toBe(0);
    expect(await menuRow('setting.machine')).toMatchObject({ menu_name: '设备', parent_no: 'home', sort: 5 });
    expect(await buttonsOf('setting.machine')).toEqual(['machine:view=浏览', 'machine:test=测试', 'offline:exceptions=查看全部待处理异常', 'offline:resolve=处理待处理异常']);
    const back = await saveMenu({ id: menu.id, menuNo: 'setting.machine', menuName: '设备设置', parentNo: 'setting', menuUrl: '/Setting/machine', sort: menu.sort, buttonList: [{ buttonKey: 'machine:view', buttonName: '查看' }, ...builtIn] });
    expect(back.body.code).toBe(0);
    expect(await menuRow('setting.machine')).toEqual(menu);
  });

  it('refuses what breaks the rules, changing nothing', async () => {
    await saveMenu({ menuNo: 'rules.parent', menuName: '规则', buttonList: [] });
    const child = await saveMenu({ menuNo: 'rules.child', menuName: '下级', parentNo: 'rules.parent', buttonList: [{ buttonKey: 'rules:view', buttonName: '查看' }] });
    const grandchild = await saveMenu({ menuNo: 'rules.grand', menuName: '再下级', parentNo: 'rules.child' });
    expect([child.body.code, grandchild.body.code]).toEqual([0, 0]);
    const parent = (await menuRow('rules.parent'))!;
    const home = (await menuRow('home'))!;
    const product = (await menuRow('product.product'))!;
    const snapshot = async () => ({
      menus: await t.db.selectFrom('menus').selectAll().orderBy('id').execute(),
      buttons: await t.db.selectFrom('menu_buttons').selectAll().orderBy('id').execute(),
    });
    const before = await snapshot();
    const productButtons = MENU_TREE[2].children[0].buttons.map((b) => ({ ...b }));

    const cases: Array<[Record<string, unknown>, string]> = [
      [{ menuNo: 'rules.child', menuName: '重复' }, '菜单编号已存在：rules.child'],
      [{ id: parent.id, menuNo: 'home', menuName: '规则' }, '菜单编号已存在：home'],
      [{ id: home.id, menuNo: 'home2', menuName: '首页', buttonList: [{ buttonKey: 'home:view', buttonName: '查看' }] }, '内置菜单的编号不能修改：home'],
      [{ id: parent.id, menuNo: 'rules.parent', menuName: '规则', parentNo: 'rules.parent' }, '不能把菜单移到它自己或其下级菜单下'],
      [{ id: parent.id, menuNo: 'rules.parent', menuName: '规则', parentNo: 'rules.grand' }, '不能把菜单移到它自己或其下级菜单下'],
      [{ id: parent.id, menuNo: 'rules.parent2', menuName: '规则', parentNo: 'rules.parent' }, '不能把菜单移到它自己或其下级菜单下'],
      [{ menuNo: 'rules.orphan', menuName: '孤儿', parentNo: 'nowhere' }, '上级菜单不存在：nowhere'],
      [{ id: product.id, menuNo: 'product.product', menuName: '气瓶档案', parentNo: 'product', buttonList: productButtons.filter((b) => b.buttonKey !== 'product:add') },
        '内置菜单的按钮权限不能删除：product:add'],
      [{ menuNo: 'rules.thief', menuName: '抢', buttonList: [{ buttonKey: 'product:add', buttonName: '新增' }] }, '按钮权限已被菜单 气瓶档案 使用：product:add'],
      [{ menuNo: 'rules.dup', menuName: '重', buttonList: [{ buttonKey: 'dup:a', buttonName: '甲' }, { buttonKey: 'dup:a', buttonName: '乙' }] }, '按钮权限重复：dup:a'],
      [{ menuNo: 'rules.both', menuName: '两者', menuUrl: '/a', menuLink: 'https://example.com' }, '路由地址与外部链接只能填一个'],
      [{ id: 999_999, menuNo: 'rules.ghost', menuName: '无' }, '菜单不存在：999999'],
    ];
    for (const [body, msg] of cases) expect({ body, answer: (await saveMenu(body)).body }).toEqual({ body, answer: refusal(msg) });
    expect((await saveMenu({ menuNo: 'bad no', menuName: '坏' })).body).toMatchObject({ code: -1, msg: expect.stringContaining('菜单编号') });
    expect((await saveMenu({ menuNo: 'rules.key', menuName: '坏', buttonList: [{ buttonKey: 'nocolon', buttonName: '坏' }] })).body)
      .toMatchObject({ code: -1, msg: expect.stringContaining('按钮权限') });
    expect(await snapshot()).toEqual(before);
  });
});

describe('deleting menus', () => {
  it('refuses built-in menus, menus with children and menus roles use; then deletes with buttons', async () => {
    const home = (await menuRow('home'))!;
    expect((await post(`/api/menu/delete/${home.id}`)).body).toEqual(refusal('内置菜单不能删除'));
    const top = (await saveMenu({ menuNo: 'del.top', menuName: '顶' })).body.data.id;
    const leaf = (await saveMenu({ menuNo: 'del.leaf', menuName: '叶子', parentNo: 'del.top', menuUrl: '/del/leaf', buttonList: [{ buttonKey: 'delLeaf:view', buttonName: '查看' }] })).body.data.id;
    expect((await post(`/api/menu/delete/${top}`)).body).toEqual(refusal('请先删除下级菜单'));
    const r1 = await newRole({ roleName: '一', roleCode: 'del_r1', buttonKeys: ['delLeaf:view'] });
    const r2 = await newRole({ roleName: '二', roleCode: 'del_r2', menuNos: ['del.leaf'] });
    expect((await post(`/api/menu/delete/${leaf}`)).body).toEqual(refusal('菜单 叶子 已被 2 个角色使用，不能删除'));
    expect(await menuRow('del.leaf')).toBeDefined();
    for (const id of [r1, r2]) expect((await post('/api/role/updateRole', { id, menuNos: [] })).body.code).toBe(0);
    expect((await post(`/api/menu/delete/${leaf}`)).body.code).toBe(0);
    expect(await menuRow('del.leaf')).toBeUndefined();
    expect(await buttonsOf('del.leaf')).toEqual([]);
    expect((await post(`/api/menu/delete/${top}`)).body.code).toBe(0);
    expect((await post(`/api/menu/delete/${top}`)).body).toEqual(refusal(`菜单不存在：${top}`));
  });
});

describe('permissions', () => {
  it('refuses every role and menu route to a user without its key, changing nothing', async () => {
    const user = await createLimitedUser(t, token, 'nokeys', ['home:view']);
    const limited = await signIn(user.username, user.password);
    const admin = await adminRole();
    const home = (await menuRow('home'))!;
    const calls: Array<[string, string, unknown?]> = [
      ['POST', '/api/role/list'],
      ['GET', '/api/role/dropDown'],
      ['POST', '/api/role/getRoleMenuList', {}],
      ['POST', '/api/role/saveRole', { roleName: '越权', roleCode: 'sneaky' }],
      ['POST', '/api/role/editRole', { id: admin.id, roleName: '越权', roleCode: 'admin', menuNos: admin.menuNos, buttonKeys: admin.buttonKeys }],
      ['POST', '/api/role/updateRole', { id: admin.id, menuNos: [] }],
      ['POST', `/api/role/delete/${admin.id}`],
      ['GET', '/api/menu/treeList'],
      ['GET', '/api/menu/listMenu'],
      ['GET', '/api/menu/treeListByParentNo/0/0'],
      ['POST', '/api/menu/save', { menuNo: 'sneaky', menuName: '越权' }],
      ['POST', '/api/menu/save', { id: home.id, menuNo: 'home', menuName: '越权' }],
      ['POST', `/api/menu/delete/${home.id}`],
    ];
    for (const [method, url, body] of calls) {
      expect({ url, status: (await t.call(method, url, { token: limited, ...(body === undefined ? {} : { body }) })).status }).toEqual({ url, status: 403 });
    }
    // Holding menu:add alone does not let a save with an id (an edit) through.
    const adderUser = await createLimitedUser(t, token, 'menuadder', ['menu:add']);
    const adder = await signIn(adderUser.username, adderUser.password);
    expect((await saveMenu({ id: home.id, menuNo: 'home', menuName: '越权' }, adder)).status).toBe(403);
    expect(await adminRole()).toEqual(admin);
    expect(await menuRow('home')).toEqual(home);
    expect(await menuRow('sneaky')).toBeUndefined();
    expect(await roleByCode('sneaky')).toBeUndefined();
  });
});

describe('granting', () => {
  it('nobody but a 超级管理员 hands out a permission they do not hold themselves', async () => {
    const manager = await createLimitedUser(t, token, 'rolemgr', ['role:view', 'role:add', 'role:edit', 'product:view']);
    const managerToken = await signIn(manager.username, manager.password);
    const own = await roleByCode('role_rolemgr');
    const before = await t.db.selectFrom('role_buttons').selectAll().orderBy('role_id').orderBy('button_key').execute();

    const wider = await post('/api/role/saveRole', { roleName: '越权', roleCode: 'too_wide', buttonKeys: ['product:view', 'material:add'] }, managerToken);
    expect(wider.body).toEqual({ code: -1, msg: '不能授予自己没有的权限：material:add', data: null });
    const selfGrant = await post('/api/role/updateRole', { id: own.id, menuNos: own.menuNos, buttonKeys: [...own.buttonKeys, 'user:add', 'role:delete'] }, managerToken);
    expect(selfGrant.body).toEqual({ code: -1, msg: '不能授予自己没有的权限：user:add, role:delete', data: null });
    expect(await t.db.selectFrom('role_buttons').selectAll().orderBy('role_id').orderBy('button_key').execute()).toEqual(before);

    // What they hold they may hand out, and what a role already has may stay.
    const narrow = await post<{ id: number }>('/api/role/saveRole', { roleName: '档案查看', roleCode: 'narrow', buttonKeys: ['product:view'] }, managerToken);
    expect(narrow.body.code).toBe(0);
    const held = await roleByCode('narrow');
    await post('/api/role/updateRole', { id: held.id, menuNos: held.menuNos, buttonKeys: ['product:view', 'material:view'] });
    const kept = await post('/api/role/editRole', { id: held.id, roleName: '档案查看员', roleCode: 'narrow', menuNos: held.menuNos, buttonKeys: ['product:view', 'material:view'] }, managerToken);
    expect(kept.body.code).toBe(0);
  });
});
