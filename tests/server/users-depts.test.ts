import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TokenData } from '../../src/shared/api/auth';
import type { PageResult } from '../../src/shared/api/schema';
import type { DeptNode, DeptRow, UserDetail, UserOption, UserRow } from '../../src/shared/api/user';
import { buildTestApp, createLimitedUser, type TestApp } from './app-helper';

let t: TestApp;
let token: string;
let adminRoleId: number;

beforeAll(async () => {
  t = await buildTestApp();
  token = (await t.login()).token;
  adminRoleId = (await t.db.selectFrom('roles').select('id').where('role_code', '=', 'admin').executeTakeFirstOrThrow()).id;
});
afterAll(async () => { await t?.close(); });

const post = <T = null>(path: string, body: unknown, as = token) => t.call<T>('POST', path, { token: as, body }).then((r) => r.body);
const get = <T>(path: string, as = token) => t.call<T>('GET', path, { token: as }).then((r) => r.body);
const signIn = (username: string, password: string, remoteAddress = '127.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/home/login', payload: { username, password }, remoteAddress }).then((r) => r.json());
const detail = async (id: number) => (await get<UserDetail>(`/api/user/detail/${id}`)).data;
const refused = (msg: string) => ({ code: -1, msg, data: null });

const createUser = async (body: Record<string, unknown>) => {
  const res = await post<{ id: number }>('/api/user/save', { password: 'Gas-Plant-88', mustChangePassword: false, ...body });
  expect(res, JSON.stringify(body)).toMatchObject({ code: 0 });
  return res.data.id;
};
const createDept = async (body: Record<string, unknown>) => {
  const res = await post<{ id: number }>('/api/dept/save', body);
  expect(res, JSON.stringify(body)).toMatchObject({ code: 0 });
  return res.data.id;
};
/** The whole table, to prove a refusal wrote nothing. */
const snapshot = async () => ({
  users: await t.db.selectFrom('users').selectAll().orderBy('id').execute(),
  userRoles: await t.db.selectFrom('user_roles').selectAll().orderBy('user_id').orderBy('role_id').execute(),
  depts: await t.db.selectFrom('departments').selectAll().orderBy('id').execute(),
  tokens: await t.db.selectFrom('refresh_tokens').select(['id', 'revoked_at']).orderBy('id').execute(),
});

describe('creating users', () => {
  it('applies the password policy before anything is written', async () => {
    const before = await snapshot();
    expect(await post('/api/user/save', { username: 'weakling', name: '弱', password: '12345678' })).toEqual(refused('密码须包含小写字母、大写字母、数字、其他字符中的至少 2 类'));
    expect(await post('/api/user/save', { username: 'weakling', name: '弱', password: 'Abcd1234' })).toEqual(refused('密码过于常见或简单，请换一个'));
    expect(await post('/api/user/save', { username: 'weakling', name: '弱', password: '        ' })).toEqual(refused('密码不能全是空格'));
    expect(await post('/api/user/save', { username: 'weakling', name: '弱', password: 'weakling-Pass1' })).toEqual(refused('密码不能包含用户名'));
    expect(await snapshot()).toEqual(before);
  });

  it('stores phone, department and roles, and asks for a new password at the first sign-in unless turned off', async () => {
    const dept = await createDept({ deptName: '质检部' });
    const forced = (await post<{ id: number }>('/api/user/save', {
      username: 'newbie', name: ' 新人 ', password: 'Gas-Plant-88', phone: '0571-88886666', deptId: dept, roleIds: [adminRoleId, adminRoleId],
    })).data.id;
    expect(await detail(forced)).toMatchObject({
      username: 'newbie', name: '新人', phone: '0571-88886666', deptId: dept, deptName: '质检部', status: 1, roleIds: [adminRoleId],
      roleNames: ['超级管理员'], mustChangePassword: true, locked: false, locks: [],
    });
    const signed = await signIn('newbie', 'Gas-Plant-88');
    expect(signed).toMatchObject({ code: 0, data: { mustChangePassword: true } });
    const station = await createUser({ username: 'station1', name: '工位一', phone: '' });
    expect(await detail(station)).toMatchObject({ phone: null, deptId: null, mustChangePassword: false, roleIds: [] });
  });

  it('refuses a user name taken in any letter case, and unknown departments and roles, writing nothing', async () => {
    await createUser({ username: 'Casey', name: '凯西' });
    const before = await snapshot();
    expect(await post('/api/user/save', { username: 'casey', name: '重名', password: 'Gas-Plant-88' })).toEqual(refused('用户名已存在：Casey'));
    expect(await post('/api/user/save', { username: 'nodept', name: '无部门', password: 'Gas-Plant-88', deptId: 999999 })).toEqual(refused('部门不存在：999999'));
    expect(await post('/api/user/save', { username: 'norole2', name: '无角色', password: 'Gas-Plant-88', roleIds: [777777] })).toEqual(refused('角色不存在：777777'));
    expect(await snapshot()).toEqual(before);
  });
});

describe('the user list', () => {
  it('filters by department (with the departments below it) and shows phone, lock and forced change', async () => {
    const plant = await createDept({ deptName: '二厂' });
    const shift = await createDept({ deptName: '二厂夜班', parentId: plant });
    await createUser({ username: 'plant_a', name: '二厂甲', deptId: plant, phone: '13800000001' });
    await createUser({ username: 'plant_b', name: '二厂乙', deptId: shift, mustChangePassword: true });
    const page = await get<PageResult<UserRow>>(`/api/user/pageList?deptId=${plant}&sidx=username`);
    expect(page.data.total).toBe(2);
    expect(page.data.list).toEqual([
      expect.objectContaining({ username: 'plant_a', phone: '13800000001', deptName: '二厂', locked: false, mustChangePassword: false }),
      expect.objectContaining({ username: 'plant_b', phone: null, deptName: '二厂夜班', locked: false, mustChangePassword: true }),
    ]);
    const night = await get<PageResult<UserRow>>(`/api/user/pageList?deptId=${shift}`);
    expect(night.data.list.map((u) => u.username)).toEqual(['plant_b']);
  });

  it('offers enabled users by name for selectors', async () => {
    await createUser({ username: 'zz_first', name: '阿一' });
    const gone = await createUser({ username: 'zz_gone', name: '阿二' });
    expect((await post('/api/user/updateStatus', { id: gone, status: 0 })).code).toBe(0);
    const options = (await get<UserOption[]>('/api/user/getAllUser')).data;
    expect(options.find((o) => o.name === '阿一')).toEqual({ id: expect.any(Number), name: '阿一' });
    expect(options.some((o) => o.id === gone)).toBe(false);
    const names = options.map((o) => o.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  it('answers 用户不存在 for an unknown id', async () => {
    expect(await get('/api/user/detail/999999')).toMatchObject({ code: -1, msg: '用户不存在' });
    expect(await get('/api/user/info/999999')).toMatchObject({ code: -1, msg: '用户不存在' });
  });
});

describe('editing users', () => {
  it('changes name, phone, department, roles and status together; the user name stays', async () => {
    const a = await createDept({ deptName: '甲部' });
    const b = await createDept({ deptName: '乙部' });
    const id = await createUser({ username: 'editee', name: '旧名', phone: '111', deptId: a, roleIds: [adminRoleId] });
    const res = await post('/api/user/edit', { id, name: '新名', phone: '222-333', deptId: b, roleIds: [], status: 1 });
    expect(res).toEqual({ code: 0, msg: '操作成功', data: null });
    expect(await detail(id)).toMatchObject({ username: 'editee', name: '新名', phone: '222-333', deptId: b, roleIds: [], status: 1 });
    // Cleared fields are cleared; a missing status keeps the one it had.
    expect((await post('/api/user/edit', { id, name: '新名', phone: null, deptId: null })).code).toBe(0);
    expect(await detail(id)).toMatchObject({ phone: null, deptId: null, status: 1 });
  });

  it('refuses unknown users, departments and roles, writing nothing', async () => {
    const id = await createUser({ username: 'editee2', name: '二号' });
    const before = await snapshot();
    expect(await post('/api/user/edit', { id, name: '改', deptId: 888888 })).toEqual(refused('部门不存在：888888'));
    expect(await post('/api/user/edit', { id, name: '改', roleIds: [666666] })).toEqual(refused('角色不存在：666666'));
    expect(await post('/api/user/edit', { id: 999999, name: '改' })).toEqual(refused('用户不存在'));
    expect(await post('/api/user/saveRole', { id, roleIds: [666666] })).toEqual(refused('角色不存在：666666'));
    expect(await snapshot()).toEqual(before);
  });

  it('replaces the roles with saveRole', async () => {
    const role = (await post<{ id: number }>('/api/role/saveRole', { roleName: '仓管', roleCode: 'storekeeper', buttonKeys: ['warehouse:view'] })).data.id;
    const id = await createUser({ username: 'roley', name: '角色', roleIds: [adminRoleId] });
    expect(await post('/api/user/saveRole', { id, roleIds: [role] })).toMatchObject({ code: 0 });
    expect(await detail(id)).toMatchObject({ roleIds: [role], roleNames: ['仓管'] });
  });

  it('needs user:status to change the status through the form', async () => {
    const editor = await createLimitedUser(t, token, 'formeditor', ['user:view', 'user:edit']);
    const editorToken = (await signIn(editor.username, editor.password)).data.token as string;
    const id = await createUser({ username: 'target_st', name: '目标' });
    const before = await snapshot();
    const res = await t.call('POST', '/api/user/edit', { token: editorToken, body: { id, name: '目标', status: 0 } });
    expect(res.status).toBe(403);
    expect(await snapshot()).toEqual(before);
    expect(await post('/api/user/edit', { id, name: '目标改', status: 1 }, editorToken)).toMatchObject({ code: 0 });
  });
});

describe('enabling and disabling', () => {
  it('ends a disabled user\'s sign-ins at once, and lets an enabled one sign in again', async () => {
    const user = await createLimitedUser(t, token, 'leaving', ['user:view']);
    const session = (await signIn(user.username, user.password)).data as TokenData;
    expect((await t.call('GET', '/api/user/pageList', { token: session.token })).status).toBe(200);
    expect(await post('/api/user/updateStatus', { id: user.id, status: 0 })).toMatchObject({ code: 0 });
    // The access token is still within its lifetime, yet refused at its next request.
    expect((await t.call('GET', '/api/user/pageList', { token: session.token })).status).toBe(401);
    expect((await t.call('GET', '/api/user/refreshToken', { headers: { authorization: session.refreshToken } })).status).toBe(401);
    const open = await t.db.selectFrom('refresh_tokens').select('id').where('user_id', '=', user.id).where('revoked_at', 'is', null).execute();
    expect(open).toEqual([]);
    expect(await signIn(user.username, user.password)).toMatchObject({ code: -1, msg: '账号已停用，请联系管理员' });
    expect((await detail(user.id)).status).toBe(0);
    expect(await post('/api/user/updateStatus', { id: user.id, status: 1 })).toMatchObject({ code: 0 });
    expect(await signIn(user.username, user.password)).toMatchObject({ code: 0 });
  });

  it('disabling through the edit form also ends the sign-ins', async () => {
    const user = await createLimitedUser(t, token, 'leaving2', ['user:view']);
    const session = (await signIn(user.username, user.password)).data as TokenData;
    expect(await post('/api/user/edit', { id: user.id, name: '走了', status: 0 })).toMatchObject({ code: 0 });
    expect((await t.call('GET', '/api/user/pageList', { token: session.token })).status).toBe(401);
    expect((await t.call('GET', '/api/user/refreshToken', { headers: { authorization: session.refreshToken } })).status).toBe(401);
  });

  it('refuses disabling yourself', async () => {
    const me = await createLimitedUser(t, token, 'selfish', ['user:view', 'user:status', 'user:edit']);
    const myToken = (await signIn(me.username, me.password)).data.token as string;
    const before = await snapshot();
    expect(await post('/api/user/updateStatus', { id: me.id, status: 0 }, myToken)).toEqual(refused('不能停用自己的账号'));
    expect(await post('/api/user/edit', { id: me.id, name: '自己', status: 0 }, myToken)).toEqual(refused('不能停用自己的账号'));
    expect(await snapshot()).toEqual(before);
    expect((await t.call('GET', '/api/user/pageList', { token: myToken })).status).toBe(200);
  });

  it('keeps at least one enabled user holding the built-in admin role', async () => {
    // Other admins created above are taken out of the count first: admin (id 1) is the only one.
    const others = await t.db.selectFrom('user_roles').select('user_id').where('role_id', '=', adminRoleId).where('user_id', '<>', 1).execute();
    for (const { user_id: id } of others) expect(await post('/api/user/saveRole', { id, roleIds: [] })).toMatchObject({ code: 0 });
    const keeper = await createLimitedUser(t, token, 'keeper', ['user:view', 'user:status', 'user:edit']);
    const keeperToken = (await signIn(keeper.username, keeper.password)).data.token as string;
    const last = refused('至少保留一个启用的超级管理员');
    const before = await snapshot();
    expect(await post('/api/user/updateStatus', { id: 1, status: 0 }, keeperToken)).toEqual(last);
    expect(await post('/api/user/saveRole', { id: 1, roleIds: [] })).toEqual(last);
    expect(await post('/api/user/edit', { id: 1, name: '管理员', roleIds: [] })).toEqual(last);
    expect(await post('/api/user/edit', { id: 1, name: '管理员', roleIds: [adminRoleId], status: 0 }, keeperToken)).toEqual(last);
    expect(await snapshot()).toEqual(before);
    expect((await t.call('GET', '/api/user/pageList', { token })).status).toBe(200);

    // With a second administrator, the first may go; then the second is the last one.
    const second = await createUser({ username: 'admin2', name: '副管理员', roleIds: [adminRoleId] });
    expect(await post('/api/user/saveRole', { id: second, roleIds: [] }, keeperToken)).toEqual(refused('只有超级管理员可以授予或收回超级管理员角色'));
    expect(await post('/api/user/updateStatus', { id: 1, status: 0 }, keeperToken)).toMatchObject({ code: 0 });
    expect(await post('/api/user/updateStatus', { id: second, status: 0 }, keeperToken)).toEqual(last);
    expect(await post('/api/user/updateStatus', { id: 1, status: 1 }, keeperToken)).toMatchObject({ code: 0 });
    token = (await t.login()).token;
    expect(await post('/api/user/saveRole', { id: second, roleIds: [] })).toMatchObject({ code: 0 });
  });
});

describe('the 超级管理员 role', () => {
  it('only a 超级管理员 grants it or takes it away; a user manager cannot make anyone (themselves included) one', async () => {
    const manager = await createLimitedUser(t, token, 'usermgr', ['user:view', 'user:add', 'user:edit']);
    const managerToken = (await signIn(manager.username, manager.password)).data.token as string;
    const denied = refused('只有超级管理员可以授予或收回超级管理员角色');
    const before = await snapshot();
    expect(await post('/api/user/saveRole', { id: manager.id, roleIds: [adminRoleId] }, managerToken)).toEqual(denied);
    expect(await post('/api/user/edit', { id: manager.id, name: '管理者', roleIds: [adminRoleId] }, managerToken)).toEqual(denied);
    expect(await post('/api/user/save', { username: 'sneaky_admin', name: '偷偷', password: 'Gas-Plant-88', roleIds: [adminRoleId] }, managerToken)).toEqual(denied);
    expect(await snapshot()).toEqual(before);
    // Other roles, and edits that keep the role as it is, stay the manager's to make.
    const plain = await createUser({ username: 'plain_user', name: '普通' });
    expect(await post('/api/user/edit', { id: plain, name: '普通员工', roleIds: [] }, managerToken)).toMatchObject({ code: 0 });
    expect(await post('/api/user/edit', { id: 1, name: '管理员', roleIds: [adminRoleId] }, managerToken)).toMatchObject({ code: 0 });
  });
});

describe('sign-in locks', () => {
  it('shows who is locked out where, and unlocking lets them sign in again at once', async () => {
    const user = await createLimitedUser(t, token, 'Forgetful', ['user:view']);
    for (let i = 0; i < 5; i++) await signIn('forgetful ', 'wrong-password', '10.9.0.1');
    for (let i = 0; i < 5; i++) await signIn('Forgetful', 'wrong-password', '10.9.0.2');
    expect(await signIn('Forgetful', user.password, '10.9.0.1')).toMatchObject({ code: -1, msg: '登录失败次数过多，请 1 分钟后再试' });
    const locked = await detail(user.id);
    expect(locked.locked).toBe(true);
    expect(locked.locks.map((l) => l.ip).sort()).toEqual(['10.9.0.1', '10.9.0.2']);
    expect(locked.locks[0]).toEqual({ ip: expect.any(String), lockedUntil: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/), failures: 0 });
    expect(new Date(locked.locks[0]!.lockedUntil).getTime()).toBeGreaterThan(Date.now());
    const row = (await get<PageResult<UserRow>>('/api/user/pageList?username=forgetful')).data.list[0];
    expect(row).toMatchObject({ username: 'Forgetful', locked: true });

    expect(await post('/api/user/unlock', { id: user.id })).toEqual({ code: 0, msg: '操作成功', data: null });
    for (const address of ['10.9.0.1', '10.9.0.2']) expect(await signIn('Forgetful', user.password, address)).toMatchObject({ code: 0 });
    expect(await detail(user.id)).toMatchObject({ locked: false, locks: [] });
    expect(await post('/api/user/unlock', { id: 999999 })).toEqual(refused('用户不存在'));
  });

  it('a lock that has run out is not shown', async () => {
    const user = await createLimitedUser(t, token, 'expired_lock', ['user:view']);
    for (let i = 0; i < 5; i++) await signIn('expired_lock', 'wrong-password', '10.9.1.1');
    await t.db.updateTable('sign_in_failures').set({ locked_until: new Date(Date.now() - 1000) }).where('username', '=', 'expired_lock').execute();
    expect(await detail(user.id)).toMatchObject({ locked: false, locks: [] });
  });
});

describe('departments', () => {
  it('lists flat by sort and as a tree with user counts, whole or from one department', async () => {
    const hq = await createDept({ deptName: '总部', sort: 1, leader: '张总', phone: '0571-1000' });
    const prod = await createDept({ deptName: '生产部', parentId: hq, sort: 2 });
    const fill = await createDept({ deptName: '充装班', parentId: prod, sort: 1 });
    const sales = await createDept({ deptName: '销售部', parentId: hq, sort: 1 });
    await createUser({ username: 'filler1', name: '充装工一', deptId: fill });
    await createUser({ username: 'filler2', name: '充装工二', deptId: fill });
    await createUser({ username: 'boss', name: '老板', deptId: hq });

    const flat = (await get<DeptRow[]>('/api/dept/getListDept')).data;
    const mine = flat.filter((d) => [hq, prod, fill, sales].includes(d.id));
    expect(mine.map((d) => d.deptName)).toEqual(['总部', '充装班', '销售部', '生产部']);
    expect(mine[0]).toEqual({ id: hq, deptName: '总部', parentId: null, leader: '张总', phone: '0571-1000', sort: 1, userCount: 1 });

    const whole = (await get<DeptNode[]>('/api/dept/treeList/0')).data;
    const top = whole.find((d) => d.id === hq)!;
    expect(top.children.map((d) => d.deptName)).toEqual(['销售部', '生产部']);
    expect(top.children[1]).toMatchObject({ id: prod, userCount: 0, children: [{ id: fill, deptName: '充装班', userCount: 2, children: [] }] });

    const branch = (await get<DeptNode[]>(`/api/dept/treeList/${prod}`)).data;
    expect(branch).toEqual([expect.objectContaining({ id: prod, parentId: hq, children: [expect.objectContaining({ id: fill })] })]);
    expect(await get('/api/dept/treeList/999999')).toEqual(refused('部门不存在：999999'));
  });

  it('refuses a missing parent, a cycle and a sibling of the same name, writing nothing', async () => {
    const root = await createDept({ deptName: '技术部' });
    const child = await createDept({ deptName: '研发组', parentId: root });
    const grandchild = await createDept({ deptName: '测试小组', parentId: child });
    await createDept({ deptName: '研发组' }); // the same name under another parent is fine
    const before = await snapshot();
    expect(await post('/api/dept/save', { deptName: '孤儿', parentId: 999999 })).toEqual(refused('上级部门不存在'));
    expect(await post('/api/dept/save', { deptName: ' 研发组 ', parentId: root })).toEqual(refused('同一上级下已有部门：研发组'));
    expect(await post('/api/dept/save', { deptName: '技术部' })).toEqual(refused('同一上级下已有部门：技术部'));
    expect(await post('/api/dept/edit', { id: root, deptName: '技术部', parentId: root })).toEqual(refused('不能把部门移到它自己或其下级部门下'));
    expect(await post('/api/dept/edit', { id: root, deptName: '技术部', parentId: grandchild })).toEqual(refused('不能把部门移到它自己或其下级部门下'));
    expect(await post('/api/dept/edit', { id: grandchild, deptName: '研发组', parentId: root })).toEqual(refused('同一上级下已有部门：研发组'));
    expect(await post('/api/dept/edit', { id: child, deptName: '研发组', parentId: 999999 })).toEqual(refused('上级部门不存在'));
    expect(await post('/api/dept/edit', { id: 999999, deptName: '无' })).toEqual(refused('部门不存在：999999'));
    expect(await snapshot()).toEqual(before);
  });

  it('edits and moves a department', async () => {
    const a = await createDept({ deptName: '后勤部' });
    const b = await createDept({ deptName: '行政部' });
    expect(await post('/api/dept/edit', { id: a, deptName: '后勤保障部', parentId: b, leader: '李四', phone: '123-456', sort: 5 })).toMatchObject({ code: 0 });
    // Renaming in place (its own name is no clash) and moving back to the top.
    expect(await post('/api/dept/edit', { id: a, deptName: '后勤保障部', parentId: null, leader: '', phone: null })).toMatchObject({ code: 0 });
    const row = (await get<DeptRow[]>('/api/dept/getListDept')).data.find((d) => d.id === a);
    expect(row).toEqual({ id: a, deptName: '后勤保障部', parentId: null, leader: null, phone: null, sort: 0, userCount: 0 });
  });

  it('refuses to delete a department with sub-departments or users, then deletes it empty', async () => {
    const parent = await createDept({ deptName: '待撤部门' });
    const sub = await createDept({ deptName: '待撤小组', parentId: parent });
    const user = await createUser({ username: 'last_one', name: '留守', deptId: sub });
    const before = await snapshot();
    expect(await post(`/api/dept/delete/${parent}`, undefined)).toEqual(refused('请先删除下级部门'));
    expect(await post(`/api/dept/delete/${sub}`, undefined)).toEqual(refused('部门 待撤小组 还有 1 个用户，不能删除'));
    expect(await snapshot()).toEqual(before);
    expect((await post('/api/user/edit', { id: user, name: '留守', deptId: null })).code).toBe(0);
    expect(await post(`/api/dept/delete/${sub}`, undefined)).toMatchObject({ code: 0 });
    expect(await post(`/api/dept/delete/${parent}`, undefined)).toMatchObject({ code: 0 });
    expect(await t.db.selectFrom('departments').select('id').where('id', 'in', [parent, sub]).execute()).toEqual([]);
    expect(await post(`/api/dept/delete/${parent}`, undefined)).toEqual(refused(`部门不存在：${parent}`));
  });
});
