import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderRow, OutOrderInfo } from '../../src/shared/api/storage';
import type { PageResult } from '../../src/shared/api/schema';
import { addDays, addYears, today } from '../../src/server/lib/dates';
import { configCipher } from '../../src/server/lib/field-cipher';
import { orderData } from '../../src/server/modules/dataSource';
import { orderTransport } from '../../src/server/modules/storage';
import { buildTestApp, type TestApp } from './app-helper';
import { createEnterprise, createGas, forceStatus } from './master-data-helper';

/** Issue 36: an outbound order on a vehicle of the register, with a driver and an escort; completion checks their papers. */
let t: TestApp;
let token: string;
let n2: number;
let customer: number;
let truck: number;
let driver: number;
let escort: number;
const TODAY = today();
const ID_DRIVER = '510104199003074569';
const WS = { 'x-workstation': encodeURIComponent('成品库一号台') };

const post = <T>(path: string, body: unknown) => t.call<T>('POST', path, { token, body, headers: WS });
async function saved(path: string, body: Record<string, unknown>): Promise<number> {
  const res = await post<{ id: number }>(path, body);
  expect(res.body, res.body.msg).toMatchObject({ code: 0 });
  return res.body.data.id;
}
const vehicle = (plate: string, permitExpiry = addDays(TODAY, 100), status = 1) =>
  saved('/api/vehicle/save', { plate, permitNo: `P-${plate}`, permitExpiry, status });
const person = (name: string, kind: 'driver' | 'escort', qualificationExpiry = addDays(TODAY, 100), extra: Record<string, unknown> = {}) =>
  saved('/api/crew/save', { name, kind, qualificationNo: `Q-${name}`, qualificationExpiry, status: 1, ...extra });

beforeAll(async () => {
  t = await buildTestApp();
  token = (await t.login()).token;
  n2 = await createGas(t, token, { materialName: '氮气', code: 'N2' });
  customer = await createEnterprise(t, token, { enterpriseName: '甲客户' });
  truck = await vehicle('渝A12345');
  driver = await person('张三', 'driver', addDays(TODAY, 100), { idNo: ID_DRIVER });
  escort = await person('李四', 'escort');
});
afterAll(async () => { await t?.close(); });

const newOut = (extra: Record<string, unknown>) =>
  post<OutOrderInfo>('/api/storageOrder/outStock', { type: 'productCK', customerId: customer, lines: [{ materialId: n2, quantity: 5 }], ...extra });
const complete = (id: number) => post<OutOrderInfo>('/api/storageOrder/outStock', { id, complete: true });

let serial = 0;
/** An order on the register's transport with one finished cylinder scanned onto it. */
async function scannedOrder(transport: Record<string, unknown>): Promise<{ order: OutOrderInfo; cylinder: number }> {
  const order = await newOut(transport);
  expect(order.body, order.body.msg).toMatchObject({ code: 0 });
  const code = `VT${String(++serial).padStart(4, '0')}`;
  const add = await t.call('POST', '/api/product/addProduct', {
    token, body: { code, materialId: n2, manufactureDate: addYears(TODAY, -2), nextInspectionDate: addYears(TODAY, 1), tareWeight: 50 },
  });
  expect(add.body.code, add.body.msg).toBe(0);
  const { id } = await t.db.selectFrom('cylinders').select('id').where('code', '=', code).executeTakeFirstOrThrow();
  await forceStatus(t, id, 7);
  const scan = await post('/api/storageOrder/scanOutStock', { orderId: order.body.data.id, code });
  expect(scan.body.code, scan.body.msg).toBe(0);
  return { order: order.body.data, cylinder: id };
}
const statusOf = async (id: number) => (await t.db.selectFrom('cylinders').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;

describe('an outbound order on the transport registers', () => {
  it('fills the plate and the names from the registers (documents print them as before), in the list and the order', async () => {
    const made = await newOut({ vehicleId: truck, driverId: driver, escortId: escort, vehicle: '手写车牌', driver: '手写司机' });
    expect(made.body.data).toMatchObject({ vehicleId: truck, driverId: driver, escortId: escort, vehicle: '渝A12345', driver: '张三', escort: '李四' });
    const list = await post<PageResult<OrderRow>>('/api/storageOrder/outStockListPage', { orderNo: made.body.data.orderNo });
    expect(list.body.data.list[0]).toMatchObject({ vehicleId: truck, driverId: driver, escortId: escort, vehicle: '渝A12345', driver: '张三', escort: '李四' });
    const row = await t.db.selectFrom('storage_orders').select(['vehicle', 'driver', 'escort', 'vehicle_id']).where('id', '=', made.body.data.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ vehicle: '渝A12345', driver: '张三', escort: '李四', vehicle_id: truck });
    // What a delivery document prints ({order.vehicle} {order.driver} {order.escort}).
    expect((await orderData(t.db, t.app.blobs, made.body.data.id)).order).toMatchObject({ vehicle: '渝A12345', driver: '张三', escort: '李四' });

    // Edited before any scan: another vehicle's plate replaces the text; without the registers the free text stays (older clients).
    const other = await vehicle('渝B55555');
    const edited = await post<OutOrderInfo>('/api/storageOrder/outStock', {
      id: made.body.data.id, vehicleId: other, driverId: driver, escortId: escort, lines: [{ materialId: n2, quantity: 5 }],
    });
    expect(edited.body.data).toMatchObject({ vehicleId: other, vehicle: '渝B55555', driver: '张三', escort: '李四' });
    const legacy = await newOut({ vehicle: '沪A00001', driver: '王师傅' });
    expect(legacy.body.data).toMatchObject({ vehicle: '沪A00001', driver: '王师傅', escort: null, vehicleId: null, driverId: null, escortId: null });
  });

  it('refuses a vehicle without both a driver and an escort, a driver who is an escort and the other way, and unknown or disabled ones', async () => {
    const before = await t.db.selectFrom('storage_orders').select('id').execute();
    const NEED_BOTH = '选择运输车辆后须同时选择驾驶员和押运员（危险货物运输须配备押运员）';
    expect((await newOut({ vehicleId: truck, driverId: driver })).body).toEqual({ code: -1, msg: NEED_BOTH, data: null });
    expect((await newOut({ vehicleId: truck, escortId: escort })).body.msg).toBe(NEED_BOTH);
    expect((await newOut({ vehicleId: truck, driverId: escort, escortId: escort })).body.msg).toBe('李四 登记为押运员，不是驾驶员');
    expect((await newOut({ vehicleId: truck, driverId: driver, escortId: driver })).body.msg).toBe('张三 登记为驾驶员，不是押运员');
    expect((await newOut({ vehicleId: 999_999, driverId: driver, escortId: escort })).body.msg).toBe('运输车辆不存在：999999');
    expect((await newOut({ vehicleId: truck, driverId: 999_999, escortId: escort })).body.msg).toBe('驾驶员不存在：999999');
    const parked = await vehicle('渝C00000', addDays(TODAY, 100), 0);
    expect((await newOut({ vehicleId: parked, driverId: driver, escortId: escort })).body.msg).toBe('车辆 渝C00000 已停用，不能选用');
    expect((await newOut({ vehicleId: truck, driverId: driver, escortId: 'x' })).body).toMatchObject({ code: -1, msg: expect.stringContaining('押运员') });
    expect(await t.db.selectFrom('storage_orders').select('id').execute()).toEqual(before);
  });

  it('refuses completing while the permit or a qualification has expired, naming which and since when, changing nothing', async () => {
    const oldTruck = await vehicle('渝D77777', addDays(TODAY, -1));
    const lapsedDriver = await person('周八', 'driver', addDays(TODAY, -30));
    const { order, cylinder } = await scannedOrder({ vehicleId: oldTruck, driverId: lapsedDriver, escortId: escort });
    const refused = await complete(order.id);
    expect(refused.body).toEqual({
      code: -1, data: null,
      msg: `车辆 渝D77777 的道路运输证已于 ${addDays(TODAY, -1)} 到期；驾驶员 周八 的从业资格证已于 ${addDays(TODAY, -30)} 到期，不能完成出库`,
    });
    expect(await statusOf(cylinder)).toBe(8);
    expect((await t.db.selectFrom('storage_orders').select(['status', 'completed_at']).where('id', '=', order.id).executeTakeFirstOrThrow()))
      .toEqual({ status: 0, completed_at: null });

    // The escort's lapse alone is named too; renewed papers let the order complete.
    const lapsedEscort = await person('吴九', 'escort', addDays(TODAY, -2));
    const second = await scannedOrder({ vehicleId: truck, driverId: driver, escortId: lapsedEscort });
    expect((await complete(second.order.id)).body.msg).toBe(`押运员 吴九 的从业资格证已于 ${addDays(TODAY, -2)} 到期，不能完成出库`);
    await saved('/api/crew/save', { id: lapsedEscort, name: '吴九', kind: 'escort', qualificationNo: 'Q-吴九', qualificationExpiry: TODAY, status: 1 });
    const done = await complete(second.order.id);
    expect(done.body, done.body.msg).toMatchObject({ code: 0, data: { status: 1 } });
    expect(await statusOf(second.cylinder)).toBe(9);
  });

  it('an order without the registers (old orders, free text) completes as before', async () => {
    const { order, cylinder } = await scannedOrder({ vehicle: '沪A00002', driver: '老王' });
    expect((await complete(order.id)).body).toMatchObject({ code: 0, data: { status: 1, vehicle: '沪A00002', driver: '老王' } });
    expect(await statusOf(cylinder)).toBe(9);
  });

  it('orderTransport answers the order\'s vehicle, driver (ID number in plain text) and escort; nulls without them', async () => {
    const made = await newOut({ vehicleId: truck, driverId: driver, escortId: escort });
    const cipher = configCipher(t.config);
    expect(await orderTransport(t.db, cipher, made.body.data.id)).toEqual({
      orderNo: made.body.data.orderNo,
      vehicle: { id: truck, plate: '渝A12345', permitNo: 'P-渝A12345', permitExpiry: addDays(TODAY, 100) },
      driver: { id: driver, name: '张三', idNo: ID_DRIVER, qualificationNo: 'Q-张三', qualificationExpiry: addDays(TODAY, 100) },
      escort: { id: escort, name: '李四', idNo: null, qualificationNo: 'Q-李四', qualificationExpiry: addDays(TODAY, 100) },
    });
    const legacy = await newOut({ vehicle: '沪A00003' });
    expect(await orderTransport(t.db, cipher, legacy.body.data.id)).toEqual({ orderNo: legacy.body.data.orderNo, vehicle: null, driver: null, escort: null });
    expect(await orderTransport(t.db, cipher, 999_999)).toBeNull();
  });
});
