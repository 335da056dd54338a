import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckItem, CheckSaveResult, DeliverResult, HazardRow, HouseholdCopyPage, HouseholdInfo, HouseholdRow, RevealRow } from '../../src/shared/api/household';
import type { PageResult } from '../../src/shared/api/schema';
import type { OutOrderInfo } from '../../src/shared/api/storage';
import { addYears, today } from '../../src/server/lib/dates';
import { cylinderQrUrl } from '../../src/server/modules/qrPage';
import { buildTestApp, createLimitedUser, type TestApp } from './app-helper';
import { createEnterprise, createGas, forceStatus } from './master-data-helper';

/**
 * Issue 37 item 6, 瓶装液化气实名制: a household user of station A registered (ID number encrypted at rest, masked in
 * every list, the full number only through the recorded reveal); a safety check with a major hazard refuses delivery
 * naming it; rectified, the delivery of a cylinder at A is accepted, and the cylinder's public page shows it masked.
 */
let t: TestApp;
let admin: string;
let lpg: number;
let stationA: number;
let stationB: number;
let userId: number;
let items: CheckItem[];
const TODAY = today();
const ID_NO = '11010519491231002X';
const ids: Record<string, number> = {};

const post = <T>(path: string, body: unknown, as = admin) => t.call<T>('POST', path, { token: as, body });
// A 1×1 PNG, and the first bytes of a JPEG: the server checks the type's signature bytes.
const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const JPEG = `data:image/jpeg;base64,${Buffer.concat([Buffer.from('ffd8ffe000104a464946', 'hex'), Buffer.alloc(64, 1)]).toString('base64')}`;

async function register(code: string): Promise<number> {
  const res = await post('/api/product/addProduct', { code, materialId: lpg, manufactureDate: addYears(TODAY, -1), nextInspectionDate: addYears(TODAY, 2), tareWeight: 15 });
  expect(res.body.code, res.body.msg).toBe(0);
  return (await t.db.selectFrom('cylinders').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
}

async function ship(customerId: number, codes: string[]): Promise<void> {
  const order = await post<OutOrderInfo>('/api/storageOrder/outStock', { type: 'productCK', customerId, lines: [{ materialId: lpg, quantity: codes.length }] });
  expect(order.body.code, order.body.msg).toBe(0);
  for (const code of codes) {
    await forceStatus(t, ids[code]!, 7);
    expect((await post('/api/storageOrder/scanOutStock', { orderId: order.body.data.id, code })).body.code).toBe(0);
  }
  expect((await post('/api/storageOrder/outStock', { id: order.body.data.id, complete: true })).body.code).toBe(0);
}

const check = (results: Array<{ itemId: number; ok: boolean; level?: 'major' | 'minor' }>, extra: Record<string, unknown> = {}) =>
  post<CheckSaveResult>('/api/household/check', { householdId: userId, checkId: randomUUID(), results, photos: [JPEG], signature: PNG, ...extra });
const allOk = () => items.map((i) => ({ itemId: i.id, ok: true }));
const deliver = (code: string, as = admin) => post<DeliverResult>('/api/household/deliver', { householdId: userId, code, scanId: randomUUID() }, as);

beforeAll(async () => {
  t = await buildTestApp();
  admin = (await t.login()).token;
  lpg = await createGas(t, admin, { materialName: '液化石油气', code: 'LPGH' });
  stationA = await createEnterprise(t, admin, { enterpriseName: '东城供应站' });
  stationB = await createEnterprise(t, admin, { enterpriseName: '西城供应站' });
  for (const code of ['HH1', 'HH2', 'HH3']) ids[code] = await register(code);
  await ship(stationA, ['HH1', 'HH3']);
  await ship(stationB, ['HH2']);
});
afterAll(async () => { await t?.close(); });

describe('LPG households', () => {
  it('registers a user with the ID number encrypted at rest and lists name, phone and ID number masked', async () => {
    const saved = await post<{ id: number }>('/api/household/save', {
      kind: 'resident', name: '张三丰', idNo: ID_NO, phone: '13812341234', address: '东城区幸福里 3 号', customerId: stationA, status: 1,
    });
    expect(saved.body.code, saved.body.msg).toBe(0);
    userId = saved.body.data.id;
    const stored = await t.db.selectFrom('household_users').select('id_no_enc').where('id', '=', userId).executeTakeFirstOrThrow();
    expect(stored.id_no_enc).toMatch(/^v1\./);
    expect(stored.id_no_enc).not.toContain(ID_NO);

    const list = await post<PageResult<HouseholdRow>>('/api/household/listPage', { phone: '138' });
    expect(list.body.data.list).toHaveLength(1);
    expect(list.body.data.list[0]).toMatchObject({
      nameMasked: '张**', phoneMasked: '138****1234', idNoMasked: '110***********002X', customerName: '东城供应站', openHazards: 0, lastCheckAt: null,
    });
    expect(JSON.stringify(list.body)).not.toContain(ID_NO);
    expect(JSON.stringify(list.body)).not.toContain('张三丰');
    // The edit form has the name and phone, never the ID number.
    const info = await t.call<HouseholdInfo>('GET', `/api/household/info/${userId}`, { token: admin });
    expect(info.body.data).toMatchObject({ name: '张三丰', phone: '13812341234', idNoMasked: '110***********002X' });
    expect(JSON.stringify(info.body)).not.toContain(ID_NO);
  });

  it('refuses a wrong check digit, NUL and a station that does not exist', async () => {
    const base = { kind: 'resident', name: '李四', phone: '13900000000', address: '某地', customerId: stationA, status: 1 };
    expect((await post('/api/household/save', { ...base, idNo: '110105194912310021' })).body).toMatchObject({ code: -1, msg: '身份证号校验位不正确' });
    expect((await post('/api/household/save', { ...base, name: '李\u0000四' })).body.code).toBe(-1);
    expect((await post('/api/household/save', { ...base, customerId: 999_999 })).body).toMatchObject({ code: -1, msg: '服务站（客户）不存在：999999' });
  });

  it('reveals the full number only with household:reveal, records who looked at whose, and logs no full number', async () => {
    const clerk = await createLimitedUser(t, admin, 'hhclerk', ['household:view', 'household:save']);
    const clerkToken = (await t.login(clerk.username, clerk.password)).token;
    const refused = await post('/api/household/reveal', { id: userId }, clerkToken);
    expect(refused.status).toBe(403);
    expect(JSON.stringify(refused.body)).not.toContain(ID_NO);

    const shown = await post<{ idNo: string }>('/api/household/reveal', { id: userId });
    expect(shown.body).toMatchObject({ code: 0, data: { idNo: ID_NO } });
    const reveals = await post<PageResult<RevealRow>>('/api/household/reveals', { householdId: userId });
    expect(reveals.body.data.list).toEqual([expect.objectContaining({ householdId: userId, nameMasked: '张**', revealedBy: expect.any(String) })]);
    expect(reveals.body.data.list[0]!.revealedBy).not.toBe('');

    let logged: unknown[] = [];
    for (const until = Date.now() + 15_000; Date.now() < until && logged.length === 0;) {
      logged = await t.db.selectFrom('operation_logs').select(['user_id', 'path', 'params', 'code']).where('path', '=', '/api/household/reveal').where('code', '=', 0).execute();
      if (logged.length === 0) await new Promise((r) => setTimeout(r, 20));
    }
    expect(logged).toEqual([expect.objectContaining({ user_id: 1, params: { body: { id: userId } } })]);
    const everyLog = JSON.stringify(await t.db.selectFrom('operation_logs').selectAll().execute());
    expect(everyLog).not.toContain(ID_NO);
    expect(everyLog).not.toContain(ID_NO.slice(6, 14));
  });

  it('refuses delivery before any safety check, and with an open major hazard naming it', async () => {
    expect((await deliver('HH1')).body).toMatchObject({ code: -1, msg: '用户 张** 尚未入户安检，拒绝配送：请先安检' });
    items = (await t.call<CheckItem[]>('GET', '/api/household/checkItems', { token: admin })).body.data;
    expect(items.map((i) => [i.name, i.level])).toEqual([
      ['胶管', 'major'], ['减压阀', 'major'], ['通风', 'major'], ['燃气报警器', 'minor'], ['气瓶放置', 'minor'], ['灶具', 'minor'],
    ]);
    const hose = items.find((i) => i.name === '胶管')!;
    const results = allOk().map((r) => (r.itemId === hose.id ? { ...r, ok: false } : r));
    const made = await check(results);
    expect(made.body).toMatchObject({ code: 0, data: { hazards: 1, major: 1, repeated: false } });
    expect((await deliver('HH1')).body).toMatchObject({ code: -1, msg: '用户 张** 有未整改的重大隐患（胶管），拒绝配送：请先整改' });
  });

  it('refuses a check that leaves an item out, a photo over its bound, more than 3 photos, or a signature that is not an image', async () => {
    expect((await check(allOk().slice(1))).body).toMatchObject({ code: -1, msg: '以下检查项未检查：胶管' });
    expect((await check(allOk(), { photos: [`data:image/jpeg;base64,${'A'.repeat(300_000)}`] })).body.code).toBe(-1);
    expect((await check(allOk(), { photos: [JPEG, JPEG, JPEG, JPEG] })).body.code).toBe(-1);
    expect((await check(allOk(), { signature: `data:image/png;base64,${Buffer.from('not a png at all').toString('base64')}` })).body)
      .toMatchObject({ code: -1, msg: '用户签名不是有效的 PNG 图片' });
  });

  it('after the hazard is rectified, delivers a cylinder at the serving station and refuses one held elsewhere', async () => {
    const open = await post<PageResult<HazardRow>>('/api/household/hazards', { householdId: userId, status: 0 });
    expect(open.body.data.list).toHaveLength(1);
    const hazard = open.body.data.list[0]!;
    expect(hazard).toMatchObject({ itemName: '胶管', level: 'major', nameMasked: '张**' });
    expect((await post('/api/household/rectify', { id: hazard.id, note: '已更换胶管', photo: JPEG })).body.code).toBe(0);
    expect((await post('/api/household/rectify', { id: hazard.id, note: '再次整改' })).body.code).toBe(-1);

    const wrong = await deliver('HH2');
    expect(wrong.body.code).toBe(-1);
    expect(wrong.body.msg).toBe('气瓶 HH2 不在服务站「东城供应站」处，不能配送到户：系统记录该瓶在客户「西城供应站」处（「已出库(9)」）');
    const done = await deliver('HH1');
    expect(done.body, done.body.msg).toMatchObject({ code: 0, data: { code: 'HH1', repeated: false, message: '气瓶 HH1 已配送给 张**' } });
    const event = await t.db.selectFrom('cylinder_traces').select(['action', 'from_status', 'to_status', 'detail'])
      .where('cylinder_id', '=', ids.HH1!).orderBy('seq', 'desc').limit(1).executeTakeFirstOrThrow();
    expect(event).toMatchObject({ action: 'householdDeliver', from_status: 9, to_status: 9, detail: { householdId: userId, user: '张**', customer: '东城供应站' } });
    expect(JSON.stringify(event)).not.toContain(ID_NO);
    // Handed over once: a second delivery of it before it comes back is refused.
    expect((await deliver('HH1')).body).toMatchObject({ code: -1, msg: '气瓶 HH1 已配送到户（用户 张**），回收后才能再次配送' });
  });

  it("shows the delivery on the cylinder's public page: the day and the user masked, no address", async () => {
    const url = new URL(await cylinderQrUrl(t.db, 'HH1', 'http://plant.example'));
    const res = await t.app.inject({ method: 'GET', url: url.pathname });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('配送到户');
    expect(res.body).toContain(`${TODAY} 张** 138****1234`);
    for (const secret of ['张三丰', '13812341234', '幸福里', ID_NO]) expect(res.body).not.toContain(secret);
  });

  it('lets the rule allow delivery with an open major hazard, and refuses a check older than the allowed days', async () => {
    const hose = items.find((i) => i.name === '胶管')!;
    expect((await check(allOk().map((r) => (r.itemId === hose.id ? { ...r, ok: false } : r)))).body.code).toBe(0);
    expect((await deliver('HH3')).body.msg).toContain('有未整改的重大隐患（胶管）');
    expect((await post('/api/setting/rule/save', { householdRefuseMajorHazard: false })).body.code).toBe(0);
    await t.db.updateTable('household_checks').set({ checked_at: new Date(Date.now() - 400 * 86_400_000) }).where('household_id', '=', userId).execute();
    expect((await deliver('HH3')).body.msg).toMatch(/^用户 张\*\* 最近一次入户安检在 \d{4}-\d{2}-\d{2}，已超过 365 天，拒绝配送：请重新安检$/);
    await t.db.updateTable('household_checks').set({ checked_at: new Date() }).where('household_id', '=', userId).execute();
    expect((await deliver('HH3')).body.code).toBe(0);
  });

  it('answers a delivery sent twice with the same scanId once', async () => {
    const scanId = randomUUID();
    await forceStatus(t, ids.HH2!, 9);
    await t.db.updateTable('cylinders').set({ location_enterprise_id: stationA }).where('id', '=', ids.HH2!).execute();
    const first = await post<DeliverResult>('/api/household/deliver', { householdId: userId, code: 'HH2', scanId });
    const again = await post<DeliverResult>('/api/household/deliver', { householdId: userId, code: 'HH2', scanId });
    expect(first.body.data.repeated).toBe(false);
    // The first answer again, as a station's retried scan gets it; one delivery row.
    expect(again.body.data).toEqual(first.body.data);
    expect(await t.db.selectFrom('household_deliveries').select('id').where('scan_id', '=', scanId).execute()).toHaveLength(1);
  });
});

/**
 * Issue 37: a household delivery kept offline by the field app. The device keeps a serving station's users masked
 * (fieldCopy: never the ID number) with the rules; a kept delivery is judged on replay at its station time (the hazards
 * and checks as they were then), written at that time, and a refusal is recorded as a 待处理异常 whose 重新扫描 judges
 * it again at the same time.
 */
describe('LPG households: deliveries kept offline', () => {
  let user2: number;
  const replay = (code: string, at: Date, scanId = randomUUID()) => t.call<DeliverResult & { exceptionId?: number }>('POST', '/api/household/deliver', {
    token: admin, body: { householdId: user2, code, scanId }, headers: { 'x-replayed': '1', 'x-station-at': at.toISOString() },
  });
  const day = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

  beforeAll(async () => {
    expect((await post('/api/setting/rule/save', { householdRefuseMajorHazard: true })).body.code).toBe(0);
    const saved = await post<{ id: number }>('/api/household/save', {
      kind: 'restaurant', name: '王小二', idNo: ID_NO, phone: '13900001111', address: '东城区饭店街 8 号', customerId: stationA, status: 1,
    });
    expect(saved.body.code, saved.body.msg).toBe(0);
    user2 = saved.body.data.id;
    for (const code of ['HH4', 'HH5', 'HH6']) ids[code] = await register(code);
    await ship(stationA, ['HH4', 'HH5']);
  });

  it('lists the serving stations and gives a station\'s users masked with the rule\'s facts, never an ID number', async () => {
    const stations = await t.call<Array<{ customerId: number; customerName: string; users: number }>>('GET', '/api/household/stations', { token: admin });
    expect(stations.body.data).toContainEqual({ customerId: stationA, customerName: '东城供应站', users: 2 });
    const first = await post<HouseholdCopyPage>('/api/household/fieldCopy', { customerId: stationA, size: 1 });
    expect(first.body.code, first.body.msg).toBe(0);
    expect(first.body.data).toMatchObject({ more: true, rules: { householdRefuseMajorHazard: true, householdCheckMaxDays: 365 } });
    expect(first.body.data.list).toEqual([expect.objectContaining({ id: userId, nameMasked: '张**', phoneMasked: '138****1234', openMajor: 1, majorItems: ['胶管'] })]);
    const rest = await post<HouseholdCopyPage>('/api/household/fieldCopy', { customerId: stationA, after: userId });
    expect(rest.body.data.more).toBe(false);
    expect(rest.body.data.list).toEqual([{
      id: user2, kind: 'restaurant', nameMasked: '王**', phoneMasked: '139****1111', address: '东城区饭店街 8 号', customerId: stationA,
      customerName: '东城供应站', status: 1, openMajor: 0, majorItems: [], lastCheckAt: null,
    }]);
    for (const secret of [ID_NO, '110***********002X', '王小二', '13900001111']) expect(JSON.stringify([first.body, rest.body])).not.toContain(secret);
    const clerk = await createLimitedUser(t, admin, 'hhview', ['household:view']);
    const clerkToken = (await t.login(clerk.username, clerk.password)).token;
    expect((await post('/api/household/fieldCopy', { customerId: stationA }, clerkToken)).status).toBe(403);
    expect((await post('/api/household/fieldCopy', { customerId: stationA, size: 501 })).body.code).toBe(-1);
  });

  it('judges a kept delivery at its station time: accepted before a hazard was found, refused and recorded after it', async () => {
    expect((await check(allOk(), { householdId: user2 })).body.code).toBe(0);
    await t.db.updateTable('household_checks').set({ checked_at: new Date(Date.now() - 3 * 86_400_000) }).where('household_id', '=', user2).execute();
    const hose = items.find((i) => i.name === '胶管')!;
    expect((await check(allOk().map((r) => (r.itemId === hose.id ? { ...r, ok: false } : r)), { householdId: user2 })).body.code).toBe(0);

    // Handed over an hour ago, offline: the hazard was found after it.
    const before = new Date(Date.now() - 3600_000);
    const done = await replay('HH4', before);
    expect(done.body, done.body.msg).toMatchObject({ code: 0, data: { code: 'HH4', deliveredAt: expect.stringMatching(new RegExp(`^${day(before)} `)) } });
    const row = await t.db.selectFrom('household_deliveries').select(['delivered_at']).where('code', '=', 'HH4').executeTakeFirstOrThrow();
    expect(new Date(row.delivered_at).getTime()).toBe(before.getTime());
    const event = await t.db.selectFrom('cylinder_traces').select(['action', 'station_at', 'replayed']).where('cylinder_id', '=', ids.HH4!)
      .orderBy('seq', 'desc').limit(1).executeTakeFirstOrThrow();
    expect(event).toMatchObject({ action: 'householdDeliver', replayed: true });
    expect(new Date(event.station_at!).getTime()).toBe(before.getTime());

    // Handed over after the check found it: refused on replay, and recorded for a supervisor in the same answer.
    const refused = await replay('HH5', new Date());
    expect(refused.body).toMatchObject({ code: -1, msg: '用户 王** 有未整改的重大隐患（胶管），拒绝配送：请先整改', data: { exceptionId: expect.any(Number) } });
    const exceptionId = (refused.body.data as unknown as { exceptionId: number }).exceptionId;
    expect(await t.db.selectFrom('offline_exceptions').select(['kind', 'station', 'code', 'path']).where('id', '=', exceptionId).executeTakeFirstOrThrow())
      .toEqual({ kind: 'refused', station: 'field', code: 'HH5', path: '/api/household/deliver' });
    // Rectified since: 重新扫描 judges the act at its own time again, when the hazard was open.
    const hazard = (await post<PageResult<HazardRow>>('/api/household/hazards', { householdId: user2, status: 0 })).body.data.list[0]!;
    expect((await post('/api/household/rectify', { id: hazard.id, note: '已更换胶管' })).body.code).toBe(0);
    const again = await post('/api/offline/exception/resolve', { id: exceptionId, action: 'rescan', reason: '已整改' });
    expect(again.body).toMatchObject({ code: -1, msg: '重新扫描被拒绝：用户 王** 有未整改的重大隐患（胶管），拒绝配送：请先整改' });
  });

  it('runs a kept delivery again by 重新扫描 once the cylinder is at the serving station, at its station time', async () => {
    const at = new Date();
    const refused = await replay('HH6', at);
    expect(refused.body.msg).toContain('不在服务站「东城供应站」处');
    const exceptionId = (refused.body.data as unknown as { exceptionId: number }).exceptionId;
    await ship(stationA, ['HH6']);
    const done = await post<{ status: string; result: string }>('/api/offline/exception/resolve', { id: exceptionId, action: 'rescan', reason: '已到站' });
    expect(done.body, done.body.msg).toMatchObject({ code: 0, data: { status: 'resolved', result: '重新扫描：气瓶 HH6 已配送给 王**' } });
    const row = await t.db.selectFrom('household_deliveries').select(['household_id', 'delivered_at']).where('code', '=', 'HH6').executeTakeFirstOrThrow();
    expect(row.household_id).toBe(user2);
    expect(new Date(row.delivered_at).getTime()).toBe(at.getTime());
  });
});
