import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TokenData } from '../../src/shared/api/auth';
import type { ScanPreview } from '../../src/shared/api/production';
import type { PageResult } from '../../src/shared/api/schema';
import type { CustomerHoldingRow } from '../../src/shared/api/storage';
import { SYSTEM_RULE_DEFAULTS, type SystemRules } from '../../src/shared/api/systemRule';
import { addYears, today } from '../../src/server/lib/dates';
import { buildTestApp, createLimitedUser, TEST_ADMIN_PASSWORD, type TestApp } from './app-helper';
import { createEnterprise, createGas, forceStatus } from './master-data-helper';

let t: TestApp;
let token: string;
const TODAY = today();

beforeAll(async () => {
  t = await buildTestApp();
  token = (await t.login()).token;
});
afterAll(async () => { await t?.close(); });

const post = <T = unknown>(path: string, body: unknown, as = token) => t.call<T>('POST', path, { token: as, body });
const rules = async () => (await t.call<SystemRules>('GET', '/api/setting/systemRule/get', { token })).body.data;
const save = (body: Partial<SystemRules>, as = token) => post<SystemRules>('/api/setting/rule/save', body, as);
const login = (username: string, password: string) => t.call<TokenData>('POST', '/api/home/login', { body: { username, password } });

/** Each test sets what it needs and puts the defaults back. */
async function withRules(change: Partial<SystemRules>, run: () => Promise<void>): Promise<void> {
  expect((await save(change)).body.code).toBe(0);
  try {
    await run();
  } finally {
    // The test template's 充装人员须持有效作业证 off stays (global-setup.ts: the seeded admin holds no certificate).
    await t.db.deleteFrom('system_rules').where('rule_key', '<>', 'fillerCertRequired').execute();
  }
}

async function cylinder(code: string, body: Record<string, unknown>): Promise<number> {
  const res = await post('/api/product/addProduct', { code, nextInspectionDate: addYears(TODAY, 1), ...body });
  expect(res.body.code, res.body.msg).toBe(0);
  return (await t.db.selectFrom('cylinders').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
}

describe('system rules', () => {
  it('answers the defaults, saves only what is sent, refuses what is out of range and callers without the key', async () => {
    // Token lifetimes default to the server's configuration (tests: 900 s and 30 h).
    // fillerCertRequired: on for a new plant, saved off in the tests' template (global-setup.ts).
    expect(SYSTEM_RULE_DEFAULTS.fillerCertRequired).toBe(true);
    expect(await rules()).toEqual({ ...SYSTEM_RULE_DEFAULTS, fillerCertRequired: false, accessTokenMinutes: 15, refreshTokenHours: 30 });
    await withRules({ longOutDays: 30 }, async () => {
      expect((await rules()).longOutDays).toBe(30);
      expect((await rules()).allowManualWeight).toBe(true);
      const bad = await save({ longOutDays: 0, allowManualWeight: false });
      expect(bad.body).toMatchObject({ code: -1, msg: expect.stringContaining('长期在外天数') });
      expect((await save({ passwordMinLength: 7 })).body.code).toBe(-1);
      expect((await save({})).body.code).toBe(-1);
      expect(await rules()).toMatchObject({ longOutDays: 30, allowManualWeight: true, passwordMinLength: 8 });

      const viewer = await createLimitedUser(t, token, 'ruleviewer', ['systemRule:view']);
      const viewerToken = (await login(viewer.username, viewer.password)).body.data.token;
      expect((await t.call('GET', '/api/setting/systemRule/get', { token: viewerToken })).body.code).toBe(0);
      expect((await save({ longOutDays: 5 }, viewerToken)).status).toBe(403);
      expect((await rules()).longOutDays).toBe(30);
    });
  });

  it('longOutDays decides which cylinders at a customer count as overdue', async () => {
    const gas = await createGas(t, token, { materialName: '氩气', code: 'AR-R' });
    const customer = await createEnterprise(t, token, { enterpriseName: '规则客户', enterpriseCode: 'RULE-C' });
    for (const [code, days] of [['LO-1', 40], ['LO-2', 100]] as const) {
      const id = await cylinder(code, { materialId: gas });
      await forceStatus(t, id, 9);
      await t.db.updateTable('cylinders').set({ location_enterprise_id: customer, located_since: sql`now() - make_interval(days => ${days})` })
        .where('id', '=', id).execute();
    }
    const overdue = async () => (await post<PageResult<CustomerHoldingRow>>('/api/stock/customerHoldings', { customerId: customer })).body.data.list[0]!.overdue;
    expect(await overdue()).toBe(1);
    await withRules({ longOutDays: 30 }, async () => expect(await overdue()).toBe(2));
  });

  it('allowManualWeight off refuses a typed weight even with produce:manualWeight; the scale still works', async () => {
    const lpg = await createGas(t, token, {
      materialName: '液化气R', code: 'LPG-R', category: 'liquefied', flammable: true, reweighRequired: true, targetNetWeight: 14.5, weightTolerance: 0.5,
    });
    for (const code of ['MW-1', 'MW-2']) await forceStatus(t, await cylinder(code, { materialId: lpg, tareWeight: 15 }), 5);
    await withRules({ allowManualWeight: false }, async () => {
      const typed = await post('/api/produce/metage', { code: 'MW-1', grossWeight: 29.5, source: 'manual' });
      expect(typed.body).toMatchObject({ code: -1, msg: '系统规则不允许手工录入重量，请使用电子秤读数' });
      expect(await t.db.selectFrom('weighing_records').select('id').where('source', '=', 'manual').executeTakeFirst()).toBeUndefined();
      expect((await post('/api/produce/metage', { code: 'MW-1', grossWeight: 29.5, source: 'scale' })).body.code).toBe(0);
    });
    expect((await post('/api/produce/metage', { code: 'MW-2', grossWeight: 29.5, source: 'manual' })).body.code).toBe(0);
  });

  it('vacuumBeforeFlammableFirstFill off lets a flammable gas be filled the first time without vacuum handling', async () => {
    const h2 = await createGas(t, token, { materialName: '氢气R', code: 'H2-R', flammable: true });
    await cylinder('VR-1', { materialId: h2, manufactureDate: addYears(TODAY, -1) });
    const reasons = async () => (await post<ScanPreview>('/api/produce/fillingScan', { code: 'VR-1', materialId: h2 })).body.data.reasons;
    expect((await reasons()).join()).toContain('需先抽真空处理');
    await withRules({ vacuumBeforeFlammableFirstFill: false }, async () => {
      expect((await reasons()).join()).not.toContain('抽真空');
      expect((await post('/api/produce/addPicking', { code: 'VR-1', materialId: h2 })).body.code).toBe(0);
    });
  });

  it('lpgLifeExtension off ends an LPG cylinder at its design life despite a passed inspection', async () => {
    const lpg = await createGas(t, token, { materialName: '液化石油气R', code: 'LPG-X', flammable: true });
    const id = await cylinder('LX-1', { materialId: lpg, manufactureDate: addYears(TODAY, -9) });
    const passed = await post('/api/detect/record', { cylinderId: id, inspectedOn: addYears(TODAY, -1), result: 1, nextDate: addYears(TODAY, 1) });
    expect(passed.body.code, passed.body.msg).toBe(0);
    const lifeReason = async () => (await post<ScanPreview>('/api/produce/fillingScan', { code: 'LX-1', materialId: lpg })).body.data.reasons
      .filter((r) => r.includes('使用年限'));
    expect(await lifeReason()).toEqual([]);
    await withRules({ lpgLifeExtension: false }, async () => {
      expect(await lifeReason()).toEqual([expect.stringContaining('已超过设计使用年限 8 年')]);
    });
  });

  it('token lifetimes: a saved rule sets the lifetimes of the next sign-in and refresh', async () => {
    expect((await login('admin', TEST_ADMIN_PASSWORD)).body.data).toMatchObject({ expiresIn: 900, refreshExpiresIn: 108_000 });
    await withRules({ accessTokenMinutes: 5, refreshTokenHours: 2 }, async () => {
      const signIn = (await login('admin', TEST_ADMIN_PASSWORD)).body.data;
      expect(signIn).toMatchObject({ expiresIn: 300, refreshExpiresIn: 7200 });
      const claims = JSON.parse(Buffer.from(signIn.token.split('.')[1]!, 'base64url').toString()) as { iat: number; exp: number };
      expect(claims.exp - claims.iat).toBe(300);
      const refreshed = await t.call<TokenData>('GET', '/api/user/refreshToken', { headers: { authorization: `Bearer ${signIn.refreshToken}` } });
      expect(refreshed.body.data).toMatchObject({ expiresIn: 300, refreshExpiresIn: 7200 });
      const row = await t.db.selectFrom('refresh_tokens').select(sql<number>`round(extract(epoch from expires_at - created_at))::int`.as('ttl'))
        .orderBy('created_at', 'desc').executeTakeFirstOrThrow();
      expect(row.ttl).toBe(7200);
    });
  });
});

describe('password policy', () => {
  const create = (username: string, password: string) => post('/api/user/save', { username, name: username, password, mustChangePassword: false });

  it('refuses weak passwords on create, own change and administrator reset, naming why, and creates nothing', async () => {
    for (const [password, msg] of [
      ['12345678', '密码须包含'],
      ['        ', '密码不能全是空格'],
      ['Password1', '密码过于常见或简单'],
      ['Abcd1234', '密码过于常见或简单'],
      ['weakuser-9X', '密码不能包含用户名'],
      [' Lead-space1', '密码首尾不能有空格'],
    ] as const) {
      const res = await create('weakuser', password);
      expect(res.body, password).toMatchObject({ code: -1, msg: expect.stringContaining(msg) });
    }
    expect(await t.db.selectFrom('users').select('id').where('username', '=', 'weakuser').executeTakeFirst()).toBeUndefined();

    const user = await createLimitedUser(t, token, 'policyuser', ['home:view']);
    const userToken = (await login(user.username, user.password)).body.data.token;
    const own = await post('/api/home/resetPassWord', { oldPassword: user.password, newPassword: 'qwerty123' }, userToken);
    expect(own.body).toMatchObject({ code: -1, msg: '密码过于常见或简单，请换一个' });
    const reset = await post(`/api/home/adminResetPassWd/${user.id}`, { newPassword: 'policyuser1!A' });
    expect(reset.body).toMatchObject({ code: -1, msg: '密码不能包含用户名' });
    expect((await login(user.username, user.password)).body.code).toBe(0);
  });

  it('the length, class and user-name rules follow the saved policy', async () => {
    await withRules({ passwordMinLength: 12, passwordMinClasses: 4 }, async () => {
      expect((await create('ruled1', 'Ab1-xyzw')).body.msg).toBe('密码至少 12 位');
      expect((await create('ruled1', 'abcdefgh1234-')).body.msg).toBe('密码须包含小写字母、大写字母、数字、其他字符中的至少 4 类');
      expect((await create('ruled1', 'Tiger-lily-42x')).body.code).toBe(0);
    });
    await withRules({ passwordMinClasses: 1, passwordForbidUsername: false, passwordForbidWeak: false }, async () => {
      expect((await create('ruled2', 'ruled2ruled2')).body.code).toBe(0);
      expect((await create('ruled3', '12345678')).body.code).toBe(0);
    });
  });
});

describe('forced password change', () => {
  it('after an administrator reset only the password change and sign-out answer until the user changes it', async () => {
    const user = await createLimitedUser(t, token, 'forced1', ['material:view']);
    expect((await post(`/api/home/adminResetPassWd/${user.id}`, { newPassword: 'Given-by-admin7' })).body.code).toBe(0);
    const signIn = (await login(user.username, 'Given-by-admin7')).body.data;
    expect(signIn.mustChangePassword).toBe(true);
    const list = await post('/api/material/listPage', {}, signIn.token);
    expect(list.body).toMatchObject({ code: -1, msg: '密码由管理员设置，请先修改密码' });
    expect((await post('/api/home/nav/0', {}, signIn.token)).body.code).toBe(-1);

    const changed = await post('/api/home/resetPassWord', { oldPassword: 'Given-by-admin7', newPassword: 'My-own-secret9' }, signIn.token);
    expect(changed.body.code).toBe(0);
    expect((await post('/api/material/listPage', {}, signIn.token)).body.code).toBe(0);
    expect((await login(user.username, 'My-own-secret9')).body.data.mustChangePassword).toBe(false);
  });

  it('a new user must change the password at the first sign-in unless the administrator said otherwise', async () => {
    const made = await post<{ id: number }>('/api/user/save', { username: 'firstday', name: '新员工', password: 'Welcome-plant-7' });
    expect(made.body.code).toBe(0);
    expect((await login('firstday', 'Welcome-plant-7')).body.data.mustChangePassword).toBe(true);
    const shared = await post('/api/user/save', { username: 'station2', name: '二号台', password: 'Station-two-22', mustChangePassword: false });
    expect(shared.body.code).toBe(0);
    expect((await login('station2', 'Station-two-22')).body.data.mustChangePassword).toBe(false);
  });
});
