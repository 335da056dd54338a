import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NavData, TokenData } from '../../src/shared/api/auth';
import type { PageResult } from '../../src/shared/api/schema';
import type { RoleRow, UserRow } from '../../src/shared/api/user';
import { allButtonKeys } from '../../src/shared/menus';
import { buildTestApp, createLimitedUser, type TestApp } from './app-helper';

let t: TestApp;
let adminToken: string;

beforeAll(async () => {
  t = await buildTestApp();
  adminToken = (await t.login()).token;
});
afterAll(async () => { await t?.close(); });

const signIn = async (username: string, password: string) =>
  ((await t.call<TokenData>('POST', '/api/home/login', { body: { username, password } })).body.data).token;

describe('navigation', () => {
  it('gives admin the whole tree and every key', async () => {
    const { body } = await t.call<NavData>('POST', '/api/home/nav/0', { token: adminToken });
    expect(body.data.promise.sort()).toEqual(allButtonKeys().sort());
    expect(body.data.menuList.map((m) => m.menuNo)).toEqual(['home', 'message', 'product', 'storage', 'rental', 'produce', 'quality', 'setting']);
    const setting = body.data.menuList.find((m) => m.menuNo === 'setting')!;
    expect(setting.children[0]).toMatchObject({ menuNo: 'setting.user', menuName: '用户管理', menuUrl: '/Setting/user', parentNo: 'setting' });
    expect(setting.children.find((m) => m.menuNo === 'setting.AddUser')).toMatchObject({ hidden: 1 });
  });

  it('filters the tree and buttons for a limited role, keeping ancestors', async () => {
    const user = await createLimitedUser(t, adminToken, 'clerk', ['user:view', 'home:view']);
    const token = await signIn(user.username, user.password);
    const { body } = await t.call<NavData>('POST', '/api/home/nav/0', { token });
    expect(body.data.promise.sort()).toEqual(['home:view', 'user:view']);
    expect(body.data.menuList).toEqual([
      expect.objectContaining({ menuNo: 'home', buttonList: [{ buttonKey: 'home:view', buttonName: '查看' }], children: [] }),
      expect.objectContaining({
        menuNo: 'setting', menuName: '系统设置', buttonList: [],
        children: [expect.objectContaining({ menuNo: 'setting.user', buttonList: [{ buttonKey: 'user:view', buttonName: '查看' }] })],
      }),
    ]);
  });

  it('lets a limited user call what they hold and refuses the rest with 403', async () => {
    const user = await createLimitedUser(t, adminToken, 'reader', ['user:view']);
    const token = await signIn(user.username, user.password);
    expect((await t.call('GET', '/api/user/pageList', { token })).body.code).toBe(0);
    const refused = await t.call('POST', '/api/user/save', { token, body: { username: 'sneaky', name: 'x', password: 'Passw0rd!x' } });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ code: 403, msg: '没有权限：新增（用户管理）', data: null });
    const sneaky = await t.db.selectFrom('users').select('id').where('username', '=', 'sneaky').executeTakeFirst();
    expect(sneaky).toBeUndefined();
    expect((await t.call('POST', '/api/role/list', { token })).status).toBe(403);
  });

  it('signs out a user at once when disabled', async () => {
    const user = await createLimitedUser(t, adminToken, 'leaver', ['user:view']);
    const token = await signIn(user.username, user.password);
    await t.db.updateTable('users').set({ status: 0 }).where('id', '=', user.id).execute();
    expect((await t.call('GET', '/api/user/pageList', { token })).status).toBe(401);
  });
});

describe('users', () => {
  it('refuses a duplicate user name', async () => {
    const body = { username: 'dup', name: '重复', password: 'Passw0rd!x' };
    expect((await t.call('POST', '/api/user/save', { token: adminToken, body })).body.code).toBe(0);
    expect((await t.call('POST', '/api/user/save', { token: adminToken, body })).body).toEqual({ code: -1, msg: '用户名已存在：dup', data: null });
  });

  it('refuses unknown roles by id', async () => {
    const res = await t.call('POST', '/api/user/save', {
      token: adminToken, body: { username: 'norole', name: 'x', password: 'Passw0rd!x', roleIds: [424242] },
    });
    expect(res.body).toMatchObject({ code: -1, msg: '角色不存在：424242' });
  });

  it('pages, filters and sorts on the server', async () => {
    for (const name of ['pager_a', 'pager_b', 'pager_c']) {
      await t.call('POST', '/api/user/save', { token: adminToken, body: { username: name, name: `分页 ${name}`, password: 'Passw0rd!x' } });
    }
    const page1 = await t.call<PageResult<UserRow>>('GET', '/api/user/pageList?username=pager_&page=1&size=2&sidx=username&order=desc', { token: adminToken });
    expect(page1.body.data.total).toBe(3);
    expect(page1.body.data.list.map((u) => u.username)).toEqual(['pager_c', 'pager_b']);
    const page2 = await t.call<PageResult<UserRow>>('GET', '/api/user/pageList?username=pager_&page=2&size=2&sidx=username&order=desc', { token: adminToken });
    expect(page2.body.data.list.map((u) => u.username)).toEqual(['pager_a']);
    expect(page2.body.data.list[0]).toMatchObject({ name: '分页 pager_a', status: 1, roleNames: [], deptId: null });
    const badSort = await t.call('GET', '/api/user/pageList?sidx=password_hash', { token: adminToken });
    expect(badSort.body).toMatchObject({ code: -1, msg: '参数错误：排序字段取值无效' });
  });

  it('shows one user with role ids, never the password hash', async () => {
    const res = await t.call<UserRow & { roleIds: number[] }>('GET', '/api/user/info/1', { token: adminToken });
    expect(res.body.data).toMatchObject({ id: 1, username: 'admin', roleNames: ['超级管理员'], roleIds: [1] });
    expect(JSON.stringify(res.body)).not.toContain('scrypt');
    expect((await t.call('GET', '/api/user/info/999999', { token: adminToken })).body).toMatchObject({ code: -1, msg: '用户不存在' });
  });
});

describe('roles', () => {
  it('refuses unknown menus and buttons by name', async () => {
    const menus = await t.call('POST', '/api/role/saveRole', {
      token: adminToken, body: { roleName: '坏', roleCode: 'bad1', menuNos: ['home', 'nope.menu'] },
    });
    expect(menus.body).toMatchObject({ code: -1, msg: '菜单不存在：nope.menu' });
    const buttons = await t.call('POST', '/api/role/saveRole', {
      token: adminToken, body: { roleName: '坏', roleCode: 'bad2', buttonKeys: ['user:view', 'user:fly', 'x:y'] },
    });
    expect(buttons.body).toMatchObject({ code: -1, msg: '按钮权限不存在：user:fly, x:y' });
    const none = await t.db.selectFrom('roles').select('id').where('role_code', 'in', ['bad1', 'bad2']).execute();
    expect(none).toEqual([]);
  });

  it('lists roles with their menus and keys, and refuses a duplicate code', async () => {
    await t.call('POST', '/api/role/saveRole', { token: adminToken, body: { roleName: '仓管', roleCode: 'keeper', buttonKeys: ['stock:view'] } });
    const { body } = await t.call<RoleRow[]>('POST', '/api/role/list', { token: adminToken });
    expect(body.data.find((r) => r.roleCode === 'keeper')).toMatchObject({
      roleName: '仓管', menuNos: ['storage.query'], buttonKeys: ['stock:view'], remark: null,
    });
    expect(body.data.find((r) => r.roleCode === 'admin')).toMatchObject({ roleName: '超级管理员' });
    const dup = await t.call('POST', '/api/role/saveRole', { token: adminToken, body: { roleName: '仓管', roleCode: 'keeper' } });
    expect(dup.body).toMatchObject({ code: -1, msg: '角色编码已存在：keeper' });
  });
});
