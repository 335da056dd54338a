import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TokenData } from '../../src/shared/api/auth';
import { buildApp } from '../../src/server/app';
import { buildTestApp, createLimitedUser, TEST_ADMIN_PASSWORD, type TestApp } from './app-helper';

let t: TestApp;
let adminToken: string;

beforeAll(async () => {
  t = await buildTestApp();
  adminToken = (await t.login()).token;
});
afterAll(async () => { await t?.close(); });

const login = (username: string, password: string, remoteAddress?: string) =>
  t.app.inject({ method: 'POST', url: '/api/home/login', payload: { username, password }, ...(remoteAddress ? { remoteAddress } : {}) })
    .then((res) => res.json());
const refresh = (refreshToken: string, bearer = false) =>
  t.call<TokenData>('GET', '/api/user/refreshToken', { headers: { authorization: bearer ? `Bearer ${refreshToken}` : refreshToken } });
const nav = (token: string) => t.call('POST', '/api/home/nav/0', { token });
/** As if the locks of `username` had run out. */
const expireLocks = (username: string) =>
  t.db.updateTable('sign_in_failures').set({ locked_until: new Date(Date.now() - 1000) }).where('username', '=', username).execute();

describe('sign-in', () => {
  it('returns the token data of SPEC section 7', async () => {
    const res = await login('admin', TEST_ADMIN_PASSWORD);
    expect(res).toMatchObject({
      code: 0, msg: '操作成功',
      data: { expiresIn: 900, refreshExpiresIn: 108_000, user: { id: expect.any(Number), name: '管理员' } },
    });
    const [, payload] = res.data.token.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    expect(claims).toMatchObject({ sub: res.data.user.id, name: '管理员' });
    expect(claims.exp - claims.iat).toBe(900);
    expect(claims.jti).toBeTruthy();
    expect(res.data.refreshToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('stores only a sha256 of the refresh token', async () => {
    const res = await login('admin', TEST_ADMIN_PASSWORD);
    const rows = await t.db.selectFrom('refresh_tokens').select('token_hash').execute();
    expect(rows.map((r) => r.token_hash)).not.toContain(res.data.refreshToken);
    const { createHash } = await import('node:crypto');
    expect(rows.map((r) => r.token_hash)).toContain(createHash('sha256').update(res.data.refreshToken).digest('hex'));
  });

  it('counts down wrong passwords, then locks that name at that address, longer each time', async () => {
    await createLimitedUser(t, adminToken, 'locky', []);
    const here = '10.1.0.1';
    for (let left = 4; left >= 1; left--) {
      expect(await login('locky', 'wrong-password', here)).toMatchObject({ code: -1, msg: `用户名或密码错误，还可尝试 ${left} 次` });
    }
    expect(await login('locky', 'wrong-password', here)).toMatchObject({ code: -1, msg: '登录失败次数过多，请 1 分钟后再试' });
    // Even the right password is refused there while locked.
    expect(await login('locky', 'Passw0rd!x', here)).toMatchObject({ code: -1, msg: '登录失败次数过多，请 1 分钟后再试' });
    // Once the lock has passed the count starts over, and the next lock lasts twice as long.
    await expireLocks('locky');
    for (let left = 4; left >= 1; left--) expect((await login('locky', 'wrong-password', here)).msg).toBe(`用户名或密码错误，还可尝试 ${left} 次`);
    expect((await login('locky', 'wrong-password', here)).msg).toBe('登录失败次数过多，请 2 分钟后再试');
    await expireLocks('locky');
    expect(await login('locky', 'Passw0rd!x', here)).toMatchObject({ code: 0 });
    // A success there forgets the pair: the next lock is a first one again.
    for (let i = 0; i < 5; i++) await login('locky', 'wrong-password', here);
    expect((await login('locky', 'Passw0rd!x', here)).msg).toBe('登录失败次数过多，请 1 分钟后再试');
  });

  it('a lock at one address does not stop the user signing in from another', async () => {
    const user = await createLimitedUser(t, adminToken, 'victim', []);
    for (let i = 0; i < 5; i++) await login('victim', 'guessing-123', '203.0.113.7');
    expect((await login('victim', user.password, '203.0.113.7')).msg).toBe('登录失败次数过多，请 1 分钟后再试');
    expect(await login('victim', user.password, '10.1.0.2')).toMatchObject({ code: 0 });
    // The name is counted as typed, in any letter case, so case does not get round the lock.
    expect((await login(' VICTIM ', user.password, '203.0.113.7')).msg).toBe('登录失败次数过多，请 1 分钟后再试');
  });

  it('answers an unknown user name exactly like a wrong password, lock included', async () => {
    await createLimitedUser(t, adminToken, 'realone', []);
    for (let left = 4; left >= 1; left--) {
      const expected = { code: -1, msg: `用户名或密码错误，还可尝试 ${left} 次`, data: null };
      expect(await login('realone', 'wrong-password', '10.1.0.3')).toEqual(expected);
      expect(await login('nobody-here', 'wrong-password', '10.1.0.3')).toEqual(expected);
    }
    const locked = { code: -1, msg: '登录失败次数过多，请 1 分钟后再试', data: null };
    expect(await login('realone', 'wrong-password', '10.1.0.3')).toEqual(locked);
    expect(await login('nobody-here', 'wrong-password', '10.1.0.3')).toEqual(locked);
  });

  it('a successful sign-in resets the failure count', async () => {
    await createLimitedUser(t, adminToken, 'resetty', []);
    await login('resetty', 'nope-nope');
    await login('resetty', 'nope-nope');
    expect(await login('resetty', 'Passw0rd!x')).toMatchObject({ code: 0 });
    expect(await login('resetty', 'nope-nope')).toMatchObject({ msg: '用户名或密码错误，还可尝试 4 次' });
  });

  it('refuses a disabled account with its own message, only to whoever knows the password', async () => {
    const user = await createLimitedUser(t, adminToken, 'retired', []);
    await t.db.updateTable('users').set({ status: 0 }).where('id', '=', user.id).execute();
    expect(await login('retired', user.password)).toEqual({ code: -1, msg: '账号已停用，请联系管理员', data: null });
    expect(await login('retired', 'wrong-password')).toMatchObject({ msg: '用户名或密码错误，还可尝试 4 次' });
  });

  it('limits sign-in attempts per IP to 30 a minute by default, counted across every server of the database', async () => {
    // Two servers on one database: the attempts of one address count together, whichever server takes them.
    const apps = [await buildApp({ config: t.config, db: t.db }), await buildApp({ config: t.config, db: t.db })];
    const attempt = (on: number, username: string, password: string, remoteAddress: string) =>
      apps[on]!.inject({ method: 'POST', url: '/api/home/login', payload: { username, password }, remoteAddress }).then((r) => r.json());
    try {
      for (let i = 0; i < 30; i++) expect((await attempt(i % 2, `ghost${i}`, 'x', '10.9.9.9')).msg).toMatch(/^用户名或密码错误/);
      expect(await attempt(0, 'admin', TEST_ADMIN_PASSWORD, '10.9.9.9')).toMatchObject({ code: -1, msg: '登录尝试过于频繁，请稍后再试' });
      expect(await attempt(1, 'admin', TEST_ADMIN_PASSWORD, '10.9.9.9')).toMatchObject({ code: -1, msg: '登录尝试过于频繁，请稍后再试' });
      expect(await attempt(1, 'admin', TEST_ADMIN_PASSWORD, '10.9.9.10')).toMatchObject({ code: 0 });
      // The next minute starts a new count.
      await t.db.updateTable('sign_in_attempts').set({ window_start: new Date(Date.now() - 61_000) }).where('ip', '=', '10.9.9.9').execute();
      expect(await attempt(0, 'admin', TEST_ADMIN_PASSWORD, '10.9.9.9')).toMatchObject({ code: 0 });
    } finally {
      for (const app of apps) await app.close();
    }
  });
});

describe('refresh tokens', () => {
  it('rotates: a refresh gives a new pair and the old access token family stays valid', async () => {
    const first = (await login('admin', TEST_ADMIN_PASSWORD)).data as TokenData;
    const res = await refresh(first.refreshToken);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: 0, data: { expiresIn: 900, user: { name: '管理员' } } });
    expect(res.body.data.refreshToken).not.toBe(first.refreshToken);
    expect((await nav(res.body.data.token)).body.code).toBe(0);
    const again = await refresh(res.body.data.refreshToken, true); // Bearer form accepted too
    expect(again.body.code).toBe(0);
  });

  it('a HEAD request does not spend the refresh token', async () => {
    const first = (await login('admin', TEST_ADMIN_PASSWORD)).data as TokenData;
    const head = await t.app.inject({ method: 'HEAD', url: '/api/user/refreshToken', headers: { authorization: first.refreshToken } });
    expect(head.statusCode).toBe(404);
    expect((await refresh(first.refreshToken)).body.code).toBe(0);
  });

  it('reuse of a rotated token revokes the whole family', async () => {
    const first = (await login('admin', TEST_ADMIN_PASSWORD)).data as TokenData;
    const second = (await refresh(first.refreshToken)).body.data;
    const reuse = await refresh(first.refreshToken);
    expect(reuse.status).toBe(401);
    expect(reuse.body).toMatchObject({ code: 401, msg: '登录已过期，请重新登录' });
    // The legitimate holder's newer tokens die with the family.
    expect((await refresh(second.refreshToken)).status).toBe(401);
    expect((await nav(second.token)).status).toBe(401);
    // Other sign-ins are untouched.
    expect((await nav(adminToken)).status).toBe(200);
  });

  it('refuses unknown, missing and expired refresh tokens', async () => {
    expect((await refresh('not-a-token')).status).toBe(401);
    const none = await t.call('GET', '/api/user/refreshToken');
    expect(none).toMatchObject({ status: 401, body: { code: 401, msg: '未登录' } });
    const data = (await login('admin', TEST_ADMIN_PASSWORD)).data as TokenData;
    await t.db.updateTable('refresh_tokens').set({ expires_at: new Date(Date.now() - 1000) }).where('used_at', 'is', null)
      .where('revoked_at', 'is', null).where('created_at', '>=', new Date(Date.now() - 2000)).execute();
    expect((await refresh(data.refreshToken)).status).toBe(401);
  });
});

describe('logout', () => {
  it('revokes the session: its refresh token and access token stop working', async () => {
    const data = (await login('admin', TEST_ADMIN_PASSWORD)).data as TokenData;
    const res = await t.call('POST', '/api/home/logout', { token: data.token, body: { refreshToken: data.refreshToken } });
    expect(res.body).toMatchObject({ code: 0 });
    expect((await refresh(data.refreshToken)).status).toBe(401);
    expect((await nav(data.token)).status).toBe(401);
    expect((await nav(adminToken)).status).toBe(200);
  });

  it('needs an access token', async () => {
    expect((await t.call('POST', '/api/home/logout')).status).toBe(401);
  });
});

describe('passwords', () => {
  it('resetPassWord needs the old password, then ends the other sign-ins only', async () => {
    const user = await createLimitedUser(t, adminToken, 'changer', []);
    const here = (await login('changer', user.password)).data as TokenData;
    const elsewhere = (await login('changer', user.password)).data as TokenData;
    const wrong = await t.call('POST', '/api/home/resetPassWord', {
      token: here.token, body: { oldPassword: 'not-it-at-all', newPassword: 'N3w-password!' },
    });
    expect(wrong.body).toMatchObject({ code: -1, msg: '原密码错误' });
    const missing = await t.call('POST', '/api/home/resetPassWord', { token: here.token, body: { newPassword: 'N3w-password!' } });
    expect(missing.body).toMatchObject({ code: -1, msg: '参数错误：原密码不能为空' });

    const res = await t.call('POST', '/api/home/resetPassWord', {
      token: here.token, body: { oldPassword: user.password, newPassword: 'N3w-password!' },
    });
    expect(res.body).toMatchObject({ code: 0 });
    expect(await login('changer', user.password)).toMatchObject({ code: -1 });
    expect(await login('changer', 'N3w-password!')).toMatchObject({ code: 0 });
    expect((await refresh(elsewhere.refreshToken)).status).toBe(401);
    expect((await refresh(here.refreshToken)).status).toBe(200);
  });

  it('adminResetPassWd is refused without user:resetPassword and changes nothing', async () => {
    const target = await createLimitedUser(t, adminToken, 'target1', []);
    const targetSession = (await login('target1', target.password)).data as TokenData;
    const viewer = await createLimitedUser(t, adminToken, 'viewer1', ['user:view']);
    const viewerToken = ((await login('viewer1', viewer.password)).data as TokenData).token;

    const res = await t.call('POST', `/api/home/adminResetPassWd/${target.id}`, { token: viewerToken, body: { newPassword: 'Hijacked-123' } });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ code: 403, msg: '没有权限：重置密码（用户管理）', data: null });
    expect(await login('target1', 'Hijacked-123')).toMatchObject({ code: -1 });
    expect(await login('target1', target.password)).toMatchObject({ code: 0 });
    expect((await nav(targetSession.token)).status).toBe(200);
  });

  it('adminResetPassWd sets the password, lifts the locks at every address and ends the user\'s sign-ins', async () => {
    const target = await createLimitedUser(t, adminToken, 'target2', []);
    const session = (await login('target2', target.password)).data as TokenData;
    for (const address of ['10.2.0.1', '10.2.0.2']) for (let i = 0; i < 5; i++) await login('Target2', 'wrong-password', address);
    expect((await login('target2', target.password, '10.2.0.2')).msg).toBe('登录失败次数过多，请 1 分钟后再试');
    const res = await t.call('POST', `/api/home/adminResetPassWd/${target.id}`, { token: adminToken, body: { newPassword: 'Fresh-pass-1' } });
    expect(res.body).toMatchObject({ code: 0 });
    expect((await refresh(session.refreshToken)).status).toBe(401);
    expect((await nav(session.token)).status).toBe(401);
    expect(await login('target2', 'Fresh-pass-1')).toMatchObject({ code: 0 });
    for (const address of ['10.2.0.1', '10.2.0.2']) expect(await login('target2', 'Fresh-pass-1', address)).toMatchObject({ code: 0 });
    const unknown = await t.call('POST', '/api/home/adminResetPassWd/999999', { token: adminToken, body: { newPassword: 'Fresh-pass-1' } });
    expect(unknown.body).toMatchObject({ code: -1, msg: '用户不存在' });
  });
});
