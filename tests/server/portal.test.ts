import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TokenData } from '../../src/shared/api/auth';
import type { Delivery, HeldCylinder, Invitation, InvitationInfo, PickupRow, PortalAccountRow, PortalMe } from '../../src/shared/api/portal';
import type { PageResult } from '../../src/shared/api/schema';
import type { OutOrderInfo } from '../../src/shared/api/storage';
import { addDays, addYears, today } from '../../src/server/lib/dates';
import { buildTestApp, createLimitedUser, type TestApp } from './app-helper';
import { createEnterprise, createGas, forceStatus } from './master-data-helper';

/**
 * Issue 38, the customer portal: the plant invites a user of customer A; through the link the user sets a password and
 * signs in, and sees A's cylinders, deliveries, statements and pickup requests only. Every other route of the app is
 * refused to the account (403), whatever roles it is given; a statement or an order of customer B is refused too; a
 * pickup request becomes a message for the plant's trip planners (trip:save).
 *
 * Statements are the rental module's, issued here for October 2026 (the customers' custody moved into that month).
 */
let t: TestApp;
let admin: string;
let n2: number;
let customerA: number;
let customerB: number;
const TODAY = today();
const routes: Array<{ id: string; key: string }> = [];

const post = <T>(path: string, body: unknown, token = admin) => t.call<T>('POST', path, { token, body });

async function register(code: string): Promise<number> {
  const res = await post('/api/product/addProduct', { code, materialId: n2, manufactureDate: addYears(TODAY, -2), nextInspectionDate: addYears(TODAY, 1), tareWeight: 50 });
  expect(res.body.code, res.body.msg).toBe(0);
  return (await t.db.selectFrom('cylinders').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
}

/** Ships cylinders to a customer through an outbound order (completed); answers the order's id. */
async function ship(customerId: number, codes: string[]): Promise<number> {
  const order = await post<OutOrderInfo>('/api/storageOrder/outStock', { type: 'productCK', customerId, lines: [{ materialId: n2, quantity: codes.length }] });
  expect(order.body.code, order.body.msg).toBe(0);
  for (const code of codes) {
    const id = await register(code);
    await forceStatus(t, id, 7);
    const scan = await post('/api/storageOrder/scanOutStock', { orderId: order.body.data.id, code });
    expect(scan.body.code, scan.body.msg).toBe(0);
  }
  const done = await post('/api/storageOrder/outStock', { id: order.body.data.id, complete: true });
  expect(done.body.code, done.body.msg).toBe(0);
  return order.body.data.id;
}

let orderA: number;
let orderB: number;
let inviter: string;
let planner: { id: number; token: string };

beforeAll(async () => {
  t = await buildTestApp({
    onRoute: (route: RouteOptions) => {
      const key = (route.config as { permission?: string } | undefined)?.permission ?? 'public';
      for (const method of [route.method].flat()) if (method !== 'HEAD' && method !== 'OPTIONS') routes.push({ id: `${method} ${route.url}`, key });
    },
  });
  admin = (await t.login()).token;
  n2 = await createGas(t, admin, { materialName: '氮气', code: 'N2' });
  customerA = await createEnterprise(t, admin, { enterpriseName: '甲客户', enterpriseCode: 'KHA' });
  customerB = await createEnterprise(t, admin, { enterpriseName: '乙客户', enterpriseCode: 'KHB' });
  orderA = await ship(customerA, ['PA1', 'PA2']);
  orderB = await ship(customerB, ['PB1']);
  const inv = await createLimitedUser(t, admin, 'inviter', ['portal:view', 'portal:invite', 'portal:status']);
  inviter = (await t.login(inv.username, inv.password)).token;
  const pl = await createLimitedUser(t, admin, 'planner', ['trip:view', 'trip:save', 'message:view']);
  planner = { id: pl.id, token: (await t.login(pl.username, pl.password)).token };
}, 120_000);
afterAll(async () => { await t?.close(); });

/** Invites a user of `enterpriseId`, accepts the link with a password, signs in: the token data. */
async function portalUser(enterpriseId: number, phone: string): Promise<{ account: Invitation; session: TokenData }> {
  const invited = await post<Invitation>('/api/portal/account/invite', { enterpriseId, name: `用户${phone}`, phone }, inviter);
  expect(invited.body.code, invited.body.msg).toBe(0);
  const token = new URL(invited.body.data.link).searchParams.get('token')!;
  expect(invited.body.data.link).toContain('/portal/invite?token=');
  const accepted = await post<{ username: string }>('/api/portal/invitation/accept', { token, password: 'Kehu#2026pw' }, undefined);
  expect(accepted.body).toMatchObject({ code: 0, data: { username: phone } });
  return { account: invited.body.data, session: await t.login(phone, 'Kehu#2026pw') };
}

describe('the customer portal', () => {
  let a: { account: Invitation; session: TokenData };

  it('invites a customer user; the link sets the password once; the account signs in as a portal account', async () => {
    const invited = await post<Invitation>('/api/portal/account/invite', { enterpriseId: customerA, name: '张三', phone: '13800000001' }, inviter);
    expect(invited.body.code, invited.body.msg).toBe(0);
    const token = new URL(invited.body.data.link).searchParams.get('token')!;
    // Not yet accepted: nobody signs in with it.
    const early = await t.call('POST', '/api/home/login', { body: { username: '13800000001', password: 'anything-at-all' } });
    expect(early.body.code).toBe(-1);
    const info = await post<InvitationInfo>('/api/portal/invitation/check', { token }, undefined);
    expect(info.body.data).toMatchObject({ name: '张三', username: '13800000001', enterpriseName: '甲客户' });
    // Only a hash is kept.
    const stored = await t.db.selectFrom('portal_invitations').select('token_hash').where('user_id', '=', invited.body.data.id).execute();
    expect(stored.map((s) => s.token_hash)).not.toContain(token);
    expect((await post('/api/portal/invitation/accept', { token, password: 'Kehu#2026pw' }, undefined)).body.code).toBe(0);
    const again = await post('/api/portal/invitation/accept', { token, password: 'Other#2026pw' }, undefined);
    expect(again.body).toMatchObject({ code: -1, msg: '邀请链接无效或已过期，请联系供气单位重新邀请' });
    const session = await t.login('13800000001', 'Kehu#2026pw');
    expect(session.portal).toEqual({ enterpriseId: customerA, enterpriseName: '甲客户' });
    a = { account: invited.body.data, session };
    const me = await t.call<PortalMe>('GET', '/api/portal/me', { token: session.token });
    expect(me.body.data).toMatchObject({ name: '张三', enterpriseId: customerA, enterpriseName: '甲客户' });
    // The refresh token rotates for it as for anyone.
    const refreshed = await t.call<TokenData>('GET', '/api/user/refreshToken', { headers: { authorization: `Bearer ${session.refreshToken}` } });
    expect(refreshed.body.code).toBe(0);
    a.session = refreshed.body.data;

    const list = await post<PageResult<PortalAccountRow>>('/api/portal/account/listPage', {}, inviter);
    expect(list.body.data.list).toEqual([expect.objectContaining({ username: '13800000001', enterpriseName: '甲客户', activated: true, status: 1 })]);
    // The portal accounts are not the plant's users.
    const users = await t.call<PageResult<{ username: string }>>('GET', '/api/user/pageList', { token: admin });
    expect(users.body.data.list.map((u) => u.username)).not.toContain('13800000001');
  });

  it('refuses inviting a supplier, or a sign-in name already used', async () => {
    const supplier = await createEnterprise(t, admin, { type: '1', enterpriseName: '供应商', enterpriseCode: 'GYS' });
    expect((await post('/api/portal/account/invite', { enterpriseId: supplier, name: '李四', phone: '13800000009' }, inviter)).body)
      .toMatchObject({ code: -1, msg: '「供应商」不是客户，只能邀请客户的用户' });
    expect((await post('/api/portal/account/invite', { enterpriseId: customerA, name: '李四', email: 'admin' }, inviter)).body.code).toBe(-1);
    expect((await post('/api/portal/account/invite', { enterpriseId: customerA, name: '李四', phone: '13800000001' }, inviter)).body)
      .toMatchObject({ code: -1, msg: '登录名已被使用：13800000001' });
  });

  it('shows only its own enterprise: cylinders held with days, deliveries, statements', async () => {
    const token = a.session.token;
    const held = await post<PageResult<HeldCylinder>>('/api/portal/cylinder/listPage', {}, token);
    expect(held.body.data.total).toBe(2);
    expect(held.body.data.list.map((c) => [c.code, c.gasName, c.daysHeld])).toEqual([['PA1', '氮气', 1], ['PA2', '氮气', 1]]);
    // A parameter naming another customer is not part of the contract: dropped, the account's enterprise answers.
    const sneaky = await post<PageResult<HeldCylinder>>('/api/portal/cylinder/listPage', { customerId: customerB, enterpriseId: customerB }, token);
    expect(sneaky.body.data.list.map((c) => c.code)).toEqual(['PA1', 'PA2']);

    const deliveries = await post<PageResult<Delivery>>('/api/portal/delivery/listPage', {}, token);
    expect(deliveries.body.data.list.map((d) => [d.id, d.cylinders])).toEqual([[orderA, 2]]);
    const foreign = await post('/api/portal/delivery/document', { orderId: orderB, reportKey: 'QUALITY_CERTIFICATE' }, token);
    expect(foreign.status).toBe(403);
    const own = await t.app.inject({ method: 'POST', url: '/api/portal/delivery/document', headers: { authorization: `Bearer ${token}` },
      payload: { orderId: orderA, reportKey: 'ACCOMPANYING_LIST' } });
    expect(own.statusCode).toBe(200);
    expect(String(own.headers['content-type'])).toMatch(/application\/(pdf|vnd\.openxmlformats)/);

    // Each customer's October statement, issued by the plant.
    await t.db.updateTable('cylinder_custody').set({ from_at: new Date('2026-10-05T10:00:00') }).where('to_at', 'is', null).execute();
    const issue = async (customerId: number) => {
      const res = await post<{ id: number }>('/api/rental/statement/issue', { customerId, month: '2026-10' });
      expect(res.body, res.body.msg).toMatchObject({ code: 0 });
      return res.body.data.id;
    };
    const sA = await issue(customerA);
    const sB = await issue(customerB);
    const list = await post<PageResult<{ id: number }>>('/api/portal/statement/listPage', { customerId: customerB }, token);
    expect(list.body.data.list.map((s) => s.id)).toEqual([sA]);
    const mine = await post<PageResult<{ id: number }>>('/api/portal/statement/listPage', {}, token);
    expect(mine.body.data.list.map((s) => s.id)).toEqual([sA]);
    expect((await t.call<{ customerId: number }>('GET', `/api/portal/statement/info/${sA}`, { token })).body.data.customerId).toBe(customerA);
    const pdf = await t.app.inject({ method: 'GET', url: `/api/portal/statement/pdf/${sA}`, headers: { authorization: `Bearer ${token}` } });
    expect(pdf.statusCode).toBe(200);
    expect(String(pdf.headers['content-type'])).toMatch(/application\/(pdf|vnd\.openxmlformats)/);
    for (const url of [`/api/portal/statement/info/${sB}`, `/api/portal/statement/pdf/${sB}`, '/api/portal/statement/info/999999']) {
      const res = await t.call('GET', url, { token });
      expect({ url, status: res.status, body: res.body }).toEqual({ url, status: 403, body: { code: 403, msg: '没有权限：客户门户', data: null } });
    }
    // Two LibreOffice conversions (the first starts the warm converter): 9 s idle, over 30 s in CI's three lanes.
  }, 60_000);

  it('refuses every other operation of the API to a portal account, whatever roles it holds; refuses the portal to plant users', async () => {
    // Even given the administrator's roles (the 门户账号 screen offers none: written here by hand).
    const roles = await t.db.selectFrom('roles').select('id').execute();
    await t.db.insertInto('user_roles').values(roles.map((r) => ({ user_id: a.account.id, role_id: r.id }))).execute();
    const token = a.session.token;
    const others = routes.filter((r) => r.key !== 'public' && r.key !== 'portal');
    expect(others.length).toBeGreaterThan(250);
    const mayCall = new Set(['POST /api/home/logout', 'POST /api/home/resetPassWord']);
    for (const { id } of others.filter((r) => !mayCall.has(r.id))) {
      const [method, path] = id.split(' ') as [string, string];
      const res = await t.call(method, path.replace(/:\w+/g, '1').replace('*', 'x'), { token, body: {} });
      expect({ id, status: res.status, code: res.body.code }).toEqual({ id, status: 403, code: 403 });
    }
    // Its own routes answer it; a plant user, even the administrator, is refused them.
    const own = routes.filter((r) => r.key === 'portal');
    expect(own.length).toBe(9);
    for (const { id } of own) {
      const [method, path] = id.split(' ') as [string, string];
      const res = await t.call(method, path.replace(/:\w+/g, '1'), { token: admin, body: {} });
      expect({ id, status: res.status, body: res.body }).toEqual({ id, status: 403, body: { code: 403, msg: '没有权限：客户门户', data: null } });
    }
    // Its own password: allowed.
    const changed = await post('/api/home/resetPassWord', { oldPassword: 'Kehu#2026pw', newPassword: 'Kehu#2027pw' }, token);
    expect(changed.body.code, changed.body.msg).toBe(0);
  });

  it('sends a pickup request to the plant: a message in 消息中心 for each trip planner, listed for 车次管理', async () => {
    const token = a.session.token;
    const wanted = addDays(TODAY, 2);
    const saved = await post<{ id: number }>('/api/portal/pickup/save', { cylinders: 12, wantedDate: wanted, note: '后门装卸' }, token);
    expect(saved.body.code, saved.body.msg).toBe(0);
    expect((await post('/api/portal/pickup/save', { cylinders: 1, wantedDate: addDays(TODAY, -1) }, token)).body)
      .toMatchObject({ code: -1, msg: '希望回收日期不能早于今天' });

    const messages = await post<PageResult<{ title: string; content: string; link: string }>>('/api/message/listPage', {}, planner.token);
    expect(messages.body.data.list).toContainEqual(expect.objectContaining({
      title: '客户申请回收空瓶', link: '/storage/trip',
      content: `甲客户（张三）申请回收空瓶 12 只，希望 ${wanted} 回收；备注：后门装卸。请在「车次管理」安排车次。`,
    }));
    const plant = await post<PageResult<PickupRow>>('/api/portal/pickup/plantList', { status: 'open' }, planner.token);
    expect(plant.body.data.list.map((p) => [p.enterpriseName, p.cylinders, p.wantedDate, p.status])).toEqual([['甲客户', 12, wanted, 'open']]);
    expect((await post('/api/portal/pickup/handle', { id: saved.body.data.id, status: 'planned' }, planner.token)).body.code).toBe(0);

    // Customer B's user sees none of A's requests (nor A's cylinders).
    const b = await portalUser(customerB, '13900000002');
    expect((await post<PageResult<PickupRow>>('/api/portal/pickup/listPage', {}, b.session.token)).body.data.total).toBe(0);
    expect((await post<PageResult<HeldCylinder>>('/api/portal/cylinder/listPage', {}, b.session.token)).body.data.list.map((c) => c.code)).toEqual(['PB1']);
    const mine = await post<PageResult<PickupRow>>('/api/portal/pickup/listPage', {}, token);
    expect(mine.body.data.list.map((p) => p.status)).toEqual(['planned']);
  });

  it('disables an account: its sign-ins end at once and it cannot sign in again', async () => {
    const c = await portalUser(customerA, '13700000003');
    expect((await post('/api/portal/account/status', { id: c.account.id, status: 0 }, inviter)).body.code).toBe(0);
    expect((await t.call('GET', '/api/portal/me', { token: c.session.token })).status).toBe(401);
    const login = await t.call('POST', '/api/home/login', { body: { username: '13700000003', password: 'Kehu#2026pw' } });
    expect(login.body).toMatchObject({ code: -1, msg: '账号已停用，请联系管理员' });
    expect((await post('/api/portal/account/reinvite', { id: c.account.id }, inviter)).body.code).toBe(-1);
  });
});
