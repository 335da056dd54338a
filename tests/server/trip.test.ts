import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PageResult } from '../../src/shared/api/schema';
import { STORAGE, type CustomerHoldingRow, type HoldingRow, type OutOrderInfo } from '../../src/shared/api/storage';
import type { ProofResult, TripManifest, TripReconciliation, TripRow } from '../../src/shared/api/trip';
import type { ScanResult } from '../../src/shared/api/production';
import { addDays, addYears, today } from '../../src/server/lib/dates';
import { cylinderPlace } from '../../src/server/modules/cylinder';
import { buildTestApp, createLimitedUser, type TestApp } from './app-helper';
import { createEnterprise, createGas, createWarehouse, forceStatus } from './master-data-helper';

/**
 * Issue 37: a trip from the office to the customers and back — orders on it, loaded at completion (on the vehicle,
 * not at the customer), departure, delivery at the station's time, empties taken back (one forced), proof with a
 * difference, the receipt PDF, unload, close with a missing cylinder; a driver sees only their own trips.
 */
let t: TestApp;
let admin: string;
let driverToken: string;
let otherDriverToken: string;
let n2: number;
let custA: number;
let custB: number;
let finished: number;
let tripId: number;
let tripNo: string;
let orderA: number;
let orderB: number;
const TODAY = today();
const ids: Record<string, number> = {};
const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const JPEG = `data:image/jpeg;base64,${Buffer.from('ffd8ffe000104a46494600010100000100010000ffd9', 'hex').toString('base64')}`;

const call = <T>(token: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  t.call<T>(method, path, { token, body, headers });
const ok = async <T>(p: Promise<{ body: { code: number; msg: string; data: T } }>): Promise<T> => {
  const res = await p;
  expect(res.body, res.body.msg).toMatchObject({ code: 0 });
  return res.body.data;
};
const post = <T>(path: string, body: unknown, token = admin, headers: Record<string, string> = {}) => call<T>(token, 'POST', path, body, headers);

async function cylinder(code: string): Promise<number> {
  await ok(post('/api/product/addProduct', { code, materialId: n2, manufactureDate: addYears(TODAY, -2), nextInspectionDate: addYears(TODAY, 1), tareWeight: 50 }));
  const { id } = await t.db.selectFrom('cylinders').select('id').where('code', '=', code).executeTakeFirstOrThrow();
  await forceStatus(t, id, 7);
  ids[code] = id;
  return id;
}
async function order(customerId: number, codes: string[]): Promise<number> {
  const made = await ok(post<OutOrderInfo>('/api/storageOrder/outStock', { type: 'productCK', customerId, lines: [{ materialId: n2, quantity: codes.length }] }));
  for (const code of codes) {
    await cylinder(code);
    await ok(post('/api/storageOrder/scanOutStock', { orderId: made.id, code }));
  }
  return made.id;
}
const complete = (id: number) => ok(post('/api/storageOrder/outStock', { id, complete: true }));
const holdingsOf = async (customerId: number) => (await ok(post<PageResult<HoldingRow>>(STORAGE.holdings.path, { customerId }))).list;
const manifestOf = (token = driverToken) => ok(call<TripManifest>(token, 'GET', `/api/trip/manifest/${tripId}`));

beforeAll(async () => {
  t = await buildTestApp();
  admin = (await t.login()).token;
  n2 = await createGas(t, admin, { materialName: '氮气', code: 'N2' });
  custA = await createEnterprise(t, admin, { enterpriseName: '甲客户', contact: '王经理', phone: '13800000001', address: '工业路 1 号' });
  custB = await createEnterprise(t, admin, { enterpriseName: '乙客户' });
  finished = await createWarehouse(t, admin, { warehouseName: '成品一库', kind: 'finished' });
  const truck = await ok(post<{ id: number }>('/api/vehicle/save', { plate: '渝A12345', permitNo: 'P-1', permitExpiry: addDays(TODAY, 100), status: 1 }));
  const driverUser = await createLimitedUser(t, admin, 'driver1', ['trip:drive']);
  const otherUser = await createLimitedUser(t, admin, 'driver2', ['trip:drive']);
  const crew = (name: string, kind: string, userId?: number) => ok(post<{ id: number }>('/api/crew/save', {
    name, kind, qualificationNo: `Q-${name}`, qualificationExpiry: addDays(TODAY, 100), status: 1, ...(userId ? { userId } : {}),
  }));
  const driver = await crew('张三', 'driver', driverUser.id);
  const escort = await crew('李四', 'escort');
  await crew('赵六', 'driver', otherUser.id);
  // A user is linked to one person only.
  expect((await post('/api/crew/save', { name: '钱七', kind: 'driver', qualificationNo: 'Q-钱七', qualificationExpiry: addDays(TODAY, 100), status: 1, userId: driverUser.id })).body)
    .toMatchObject({ code: -1, msg: '该登录用户已关联人员「张三」，一个用户只能关联一名驾驶员或押运员' });
  driverToken = (await t.login('driver1', driverUser.password)).token;
  otherDriverToken = (await t.login('driver2', otherUser.password)).token;
  tripId = (await ok(post<{ id: number }>('/api/trip/save', { vehicleId: truck.id, driverId: driver.id, escortId: escort.id, planDate: TODAY }))).id;
  // Empties already at the customers (shipped without a trip): at the customer from their completion.
  await complete(await order(custA, ['E-A1']));
  await complete(await order(custB, ['E-B1']));
});
afterAll(async () => { await t?.close(); });

describe('a trip from the plant to two customers and back', () => {
  it('orders on a planned trip become its stops and take its vehicle and crew', async () => {
    const row = (await ok(post<PageResult<TripRow>>('/api/trip/listPage', { tripNo: 'CC' }))).list[0]!;
    tripNo = row.tripNo;
    expect(tripNo).toMatch(new RegExp(`^CC${TODAY.replace(/-/g, '')}\\d{3}$`));
    orderA = await order(custA, ['T-A1', 'T-A2', 'T-A3']);
    orderB = await order(custB, ['T-B1']);
    await ok(post('/api/trip/addOrder', { tripId, orderId: orderA }));
    await ok(post('/api/trip/addOrder', { tripId, orderId: orderB }));
    const o = await t.db.selectFrom('storage_orders').select(['vehicle', 'driver', 'escort', 'trip_id']).where('id', '=', orderA).executeTakeFirstOrThrow();
    expect(o).toEqual({ vehicle: '渝A12345', driver: '张三', escort: '李四', trip_id: tripId });
    const m = await manifestOf(admin);
    expect(m.stops.map((s) => [s.seq, s.customerName, s.orderNos.length])).toEqual([[1, '甲客户', 1], [2, '乙客户', 1]]);
    expect(m.stops[0]).toMatchObject({ contact: '王经理', phone: '13800000001', holdings: ['E-A1'] });
    expect(m.stops[0]!.address).toContain('工业路 1 号');
    // Departure waits for every order to be completed, naming the open ones.
    expect((await post('/api/trip/depart', { id: tripId })).body.msg).toContain('还有未完成出库的出库单');
  });

  it('completion loads the vehicle: the cylinders are on it, not in the customer\'s holdings; then the trip departs', async () => {
    await complete(orderA);
    await complete(orderB);
    expect(await cylinderPlace(t.db, ids['T-A1']!)).toMatchObject({ place: 'vehicle', locationName: `${tripNo} 渝A12345` });
    expect((await holdingsOf(custA)).map((h) => h.code)).toEqual(['E-A1']);
    const counts = (await ok(post<PageResult<CustomerHoldingRow>>(STORAGE.customerHoldings.path, { customerId: custA }))).list;
    expect(counts.map((c) => c.count)).toEqual([1]);
    // A recovery of a cylinder on the vehicle is refused naming the trip and the vehicle.
    expect((await post('/api/storageOrder/scanHandel', { code: 'T-B1', customerId: custB })).body.msg).toContain(`在车次 ${tripNo} 渝A12345 的运输车辆上`);
    await ok(post('/api/trip/depart', { id: tripId }));
    expect((await manifestOf()).trip).toMatchObject({ status: 1, loaded: 4, delivered: 0, stopCount: 2 });
  });

  it('delivers at stop 1 at the station\'s time; the wrong customer\'s and an unknown cylinder are refused in the judge\'s words; a retry acts once', async () => {
    const m = await manifestOf();
    const [stop1, stop2] = m.stops;
    // The act at the station, 2 s after the loading (a time of its own, not the server's receipt of the replay).
    const loaded = await t.db.selectFrom('storage_orders').select('completed_at').where('id', '=', orderA).executeTakeFirstOrThrow();
    const stationAt = new Date(Math.ceil(new Date(loaded.completed_at!).getTime() / 1000) * 1000 + 2000);
    const replay = { 'x-replayed': '1', 'x-station-at': stationAt.toISOString() };
    await ok(post<ScanResult>('/api/trip/deliver', { stopId: stop1!.id, code: 'T-A1', scanId: randomUUID() }, driverToken, replay));
    const held = await holdingsOf(custA);
    expect(held.map((h) => h.code).sort()).toEqual(['E-A1', 'T-A1']);
    const since = held.find((h) => h.code === 'T-A1')!.since!;
    expect(new Date(since.replace(' ', 'T')).getTime()).toBe(stationAt.getTime());
    expect(await cylinderPlace(t.db, ids['T-A1']!)).toMatchObject({ place: 'customer', locationName: '甲客户' });

    expect((await post('/api/trip/deliver', { stopId: stop1!.id, code: 'T-B1', scanId: randomUUID() }, driverToken)).body)
      .toMatchObject({ code: -1, msg: `气瓶 T-B1 是第 2 站「乙客户」的，不能交给第 1 站「甲客户」` });
    expect((await post('/api/trip/deliver', { stopId: stop1!.id, code: 'E-B1', scanId: randomUUID() }, driverToken)).body)
      .toMatchObject({ code: -1, msg: '气瓶 E-B1 不在本车次的装车清单上，不能交付' });
    expect(stop2!.status).toBe(0);

    const scanId = randomUUID();
    const first = await ok(post<ScanResult>('/api/trip/deliver', { stopId: stop1!.id, code: 'T-A2', scanId }, driverToken));
    const again = await ok(post<ScanResult>('/api/trip/deliver', { stopId: stop1!.id, code: 'T-A2', scanId }, driverToken));
    expect(again).toEqual(first);
    const repeat = await ok(post<ScanResult>('/api/trip/deliver', { stopId: stop1!.id, code: 'T-A2', scanId: randomUUID() }, driverToken));
    expect(repeat).toMatchObject({ repeated: true, message: '气瓶 T-A2 已交付给「甲客户」' });
    const events = await t.db.selectFrom('cylinder_traces').select('id').where('cylinder_id', '=', ids['T-A2']!).where('action', '=', 'deliver').execute();
    expect(events).toHaveLength(1);
  });

  it('takes back empties at stop 1: its own plainly, another customer\'s as a forced return', async () => {
    const stop1 = (await manifestOf()).stops[0]!;
    const own = await ok(post<ScanResult>('/api/trip/pickup', { stopId: stop1.id, code: 'E-A1', scanId: randomUUID() }, driverToken));
    expect(own).toMatchObject({ toStatus: 10, message: '气瓶 E-A1 回收成功（甲客户）' });
    const forced = await ok(post<ScanResult>('/api/trip/pickup', { stopId: stop1.id, code: 'E-B1', scanId: randomUUID() }, driverToken));
    expect(forced.message).toBe('气瓶 E-B1 已回收（强制回收）；注意：系统记录该瓶在客户「乙客户」处，由「甲客户」退回');
    expect((await manifestOf()).pickups).toEqual([{ stopId: stop1.id, code: 'E-A1', forced: false }, { stopId: stop1.id, code: 'E-B1', forced: true }]);
  });

  it('takes the proof once: an unexplained cylinder and a bad image refused; a difference kept with its reason; the receipt PDF', async () => {
    const stop1 = (await manifestOf()).stops[0]!;
    const proof = { stopId: stop1.id, receiverName: '王经理', signature: PNG, photo: JPEG, latitude: 29.563, longitude: 106.551, accuracy: 12 };
    expect((await post('/api/trip/proof', { ...proof, scanId: randomUUID(), differences: [] }, driverToken)).body)
      .toMatchObject({ code: -1, msg: '第 1 站「甲客户」还有 1 只气瓶既未交付也未说明差异原因：T-A3' });
    const notPng = `data:image/png;base64,${Buffer.from('GIF89a-not-a-png-at-all').toString('base64')}`;
    expect((await post('/api/trip/proof', { ...proof, signature: notPng, scanId: randomUUID(), differences: [{ code: 'T-A3', reason: 'refused' }] }, driverToken)).body)
      .toMatchObject({ code: -1, msg: '签名不是有效的 PNG 图片' });
    expect((await post('/api/trip/proof', { ...proof, scanId: randomUUID(), differences: [{ code: 'T-B1', reason: 'refused' }, { code: 'T-A3', reason: 'refused' }] }, driverToken)).body.msg)
      .toBe('气瓶 T-B1 不是第 1 站「甲客户」车上未交付的气瓶，不能登记差异');
    const scanId = randomUUID();
    const body = { ...proof, scanId, differences: [{ code: 'T-A3', reason: 'refused' }] };
    const done = await ok(post<ProofResult>('/api/trip/proof', body, driverToken));
    expect(done).toMatchObject({ stopId: stop1.id, delivered: 2, differences: 1, repeated: false });
    expect(await ok(post<ProofResult>('/api/trip/proof', body, driverToken))).toEqual({ ...done, repeated: true });
    expect((await post('/api/trip/proof', { ...body, scanId: randomUUID() }, driverToken)).body.msg).toBe('第 1 站「甲客户」已签收，不能重复签收');
    const m = await manifestOf();
    expect(m.cylinders.find((c) => c.code === 'T-A3')).toMatchObject({ outcome: 'onBoard', reason: 'refused' });
    expect(m.stops[0]).toMatchObject({ status: 1, receiverName: '王经理' });

    const image = await t.app.inject({ method: 'GET', url: `/api/trip/proofImage/${stop1.id}/photo`, headers: { authorization: `Bearer ${admin}` } });
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(image.rawPayload.subarray(0, 3).toString('hex')).toBe('ffd8ff');

    // The office's reconciliation links the same receipt.
    const rec = (await t.call<TripReconciliation>('GET', `/api/trip/reconcile/${tripId}`, { token: admin })).body.data;
    expect(rec.stops.map((s) => s.receiptToken)).toEqual([done.receiptToken, null]);
    const pdf = await t.app.inject({ method: 'GET', url: `/api/trip/receipt/${done.receiptToken}` });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const dir = mkdtempSync(join(tmpdir(), 'receipt-'));
    writeFileSync(join(dir, 'r.pdf'), pdf.rawPayload);
    const text = execFileSync('pdftotext', ['-layout', join(dir, 'r.pdf'), '-'], { encoding: 'utf8' });
    for (const words of ['签收单', tripNo, '甲客户', '王经理', 'T-A1', 'T-A2', 'T-A3', '客户拒收', 'E-B1', '强制回收', '29.563000, 106.551000']) expect(text).toContain(words);
    expect((await t.call('GET', '/api/trip/receipt/no-such-token-at-all')).body).toMatchObject({ code: -1, msg: '签收单不存在或链接已失效' });
  }, 60_000);

  it('a driver sees only their own trips', async () => {
    expect((await ok(post<PageResult<TripRow>>('/api/trip/listPage', {}, driverToken))).total).toBe(1);
    expect((await ok(post<PageResult<TripRow>>('/api/trip/listPage', {}, otherDriverToken))).total).toBe(0);
    expect((await call(otherDriverToken, 'GET', `/api/trip/manifest/${tripId}`)).status).toBe(403);
    const stop2 = (await manifestOf()).stops[1]!;
    expect((await post('/api/trip/deliver', { stopId: stop2.id, code: 'T-B1', scanId: randomUUID() }, otherDriverToken)).status).toBe(403);
  });

  it('unloads the refused cylinder back into stock, refuses to close with one on board, then closes with it missing and tells the supervisors', async () => {
    const unloaded = await ok(post<ScanResult>('/api/trip/unload', { tripId, code: 'T-A3', warehouseId: finished, scanId: randomUUID() }));
    expect(unloaded).toMatchObject({ fromStatus: 9, toStatus: 7 });
    expect(await cylinderPlace(t.db, ids['T-A3']!)).toMatchObject({ place: 'warehouse', warehouseName: '成品一库' });
    expect((await post('/api/trip/unload', { tripId, code: 'T-A1', warehouseId: finished, scanId: randomUUID() })).body.msg)
      .toBe(`气瓶 T-A1 不在车次 ${tripNo} 的运输车辆上，不能回厂卸车`);

    expect((await post('/api/trip/close', { id: tripId })).body.msg)
      .toBe(`车次 ${tripNo} 还有 1 只气瓶既未交付也未回厂卸车：T-B1；确认缺失后才能结束车次`);
    const closed = await ok(post<TripReconciliation>('/api/trip/close', { id: tripId, confirmMissing: true }));
    expect(closed).toMatchObject({ status: 2, loaded: 4, delivered: 2, unloaded: 1, onBoard: 0, missing: 1, pickedUp: 2, forced: 1 });
    expect(closed.stops.map((s) => [s.customerName, s.loaded, s.delivered, s.differences, s.pickedUp, s.receiverName]))
      .toEqual([['甲客户', 3, 2, 1, 2, '王经理'], ['乙客户', 1, 0, 0, 0, null]]);
    expect(closed.cylinders.map((c) => [c.code, c.outcome]).sort()).toEqual([['T-A1', 'delivered'], ['T-A2', 'delivered'], ['T-A3', 'unloaded'], ['T-B1', 'missing']]);
    const missing = await t.db.selectFrom('cylinder_traces').select(['from_status', 'to_status']).where('cylinder_id', '=', ids['T-B1']!).where('action', '=', 'tripMissing').execute();
    expect(missing).toEqual([{ from_status: 9, to_status: 9 }]);
    const messages = await t.db.selectFrom('messages').select('content').where('kind', '=', 'tripMissing').execute();
    expect(messages.length).toBeGreaterThan(0);
    expect(messages[0]!.content).toContain('T-B1');
    expect((await post('/api/trip/deliver', { stopId: closed.stops[1]!.stopId, code: 'T-B1', scanId: randomUUID() }, driverToken)).body.msg).toContain('已结束');
  });
});

describe('a cylinder on a trip counted at a customer by an audit', () => {
  it('leaves the vehicle as 盘点发现: the trip accounts for it and closes without calling it missing', async () => {
    const second = (await ok(post<{ id: number }>('/api/trip/save', {
      vehicleId: (await t.db.selectFrom('vehicles').select('id').executeTakeFirstOrThrow()).id,
      driverId: (await t.db.selectFrom('crew_members').select('id').where('name', '=', '张三').executeTakeFirstOrThrow()).id, planDate: TODAY,
      escortId: (await t.db.selectFrom('crew_members').select('id').where('name', '=', '李四').executeTakeFirstOrThrow()).id,
    }))).id;
    const o = await order(custB, ['T-C1', 'T-C2']);
    await ok(post('/api/trip/addOrder', { tripId: second, orderId: o }));
    await complete(o);
    await ok(post('/api/trip/depart', { id: second }));
    // Counted at customer A before any hand-over: moved to A from the count, off the vehicle.
    const audit = await ok(post<{ id: number }>('/api/audit/submit', { auditId: randomUUID(), customerId: custA, codes: ['T-C1'] }));
    await ok(post('/api/audit/reconcile', { id: audit.id }));
    expect(await cylinderPlace(t.db, ids['T-C1']!)).toMatchObject({ place: 'customer', locationName: '甲客户' });
    const open = await ok(call<TripReconciliation>(admin, 'GET', `/api/trip/reconcile/${second}`));
    expect(open).toMatchObject({ loaded: 2, delivered: 0, onBoard: 1, foundByAudit: 1, missing: 0 });
    expect(open.cylinders.map((c) => [c.code, c.outcome]).sort()).toEqual([['T-C1', 'foundByAudit'], ['T-C2', 'onBoard']]);
    await ok(post<ScanResult>('/api/trip/unload', { tripId: second, code: 'T-C2', warehouseId: finished, scanId: randomUUID() }));
    const closed = await ok(post<TripReconciliation>('/api/trip/close', { id: second }));
    expect(closed).toMatchObject({ status: 2, loaded: 2, unloaded: 1, foundByAudit: 1, onBoard: 0, missing: 0 });
  });
});
