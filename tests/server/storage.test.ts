import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  BarCodeInfo, CkInfo, CustomerHoldingRow, HoldingRow, InStockResult, MaterialTestRow, OrderItemRow, OrderRow, OutOrderInfo, RecoverResult,
  RecoveryRow, ScanOutResult, SignInfo, StockRow,
} from '../../src/shared/api/storage';
import type { PageResult } from '../../src/shared/api/schema';
import { addYears, today } from '../../src/server/lib/dates';
import { orderData } from '../../src/server/modules/dataSource';
import { buildTestApp, createLimitedUser, type TestApp } from './app-helper';
import { createEnterprise, createGas, createWarehouse, forceStatus } from './master-data-helper';

let t: TestApp;
let token: string;
let n2: number;
let co2: number;
let lpg: number;
let emptyStore: number;
let finishedStore: number;
let acme: number;
let other: number;
const TODAY = today();
const WS = { 'x-workstation': encodeURIComponent('成品库一号台') };
/** A 1×1 PNG, as a signing pad sends it. */
const PNG = `data:image/png;base64,${Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex').toString('base64')}`;

beforeAll(async () => {
  t = await buildTestApp();
  token = (await t.login()).token;
  n2 = await createGas(t, token, { materialName: '氮气', code: 'N2' });
  co2 = await createGas(t, token, { materialName: '二氧化碳', code: 'CO2', category: 'liquefied', reweighRequired: false });
  lpg = await createGas(t, token, {
    materialName: '液化石油气', code: 'LPG', category: 'liquefied', flammable: true, reweighRequired: true, targetNetWeight: 14.5, weightTolerance: 0.5,
  });
  emptyStore = await createWarehouse(t, token, { warehouseName: '空瓶库', kind: 'empty' });
  finishedStore = await createWarehouse(t, token, { warehouseName: '成品库', kind: 'finished' });
  acme = await createEnterprise(t, token, { enterpriseName: '甲客户' });
  other = await createEnterprise(t, token, { enterpriseName: '乙客户' });
});
afterAll(async () => { await t?.close(); });

const post = <T>(path: string, body: unknown, as = token) => t.call<T>('POST', path, { token: as, body, headers: WS });
const get = <T>(path: string, as = token) => t.call<T>('GET', path, { token: as });

let serial = 0;
/** A registered cylinder put straight into `status` (the engine's other tests prove how it gets there). */
async function cylinder(status: number, extra: Record<string, unknown> = {}): Promise<{ id: number; code: string }> {
  const code = `ST${String(++serial).padStart(4, '0')}${Math.random().toString(36).slice(2, 5).toUpperCase()}`;
  const res = await t.call('POST', '/api/product/addProduct', {
    token, body: { code, materialId: n2, specification: '40L', manufactureDate: addYears(TODAY, -2), nextInspectionDate: addYears(TODAY, 1), tareWeight: 50, ...extra },
  });
  expect(res.body.code, res.body.msg).toBe(0);
  const { id } = await t.db.selectFrom('cylinders').select('id').where('code', '=', code).executeTakeFirstOrThrow();
  if (status !== 2) await forceStatus(t, id, status);
  return { id, code };
}
const row = (id: number) => t.db.selectFrom('cylinders').select(['status', 'warehouse_id', 'location_enterprise_id', 'located_since']).where('id', '=', id).executeTakeFirstOrThrow();
const actions = async (id: number) => (await t.db.selectFrom('cylinder_traces').select(['action', 'from_status', 'to_status', 'operator', 'workstation'])
  .where('cylinder_id', '=', id).orderBy('seq').execute());

const inStock = (body: Record<string, unknown>) => post<InStockResult>('/api/storageOrder/inStock', body);
const newOut = (lines: Array<{ materialId: number; specification?: string; quantity: number }>, extra: Record<string, unknown> = {}) =>
  post<OutOrderInfo>('/api/storageOrder/outStock', { type: 'productCK', customerId: acme, vehicle: '沪A12345', driver: '王师傅', lines, ...extra });
const scanOut = (orderId: number, code: string, extra: Record<string, unknown> = {}) => post<ScanOutResult>('/api/storageOrder/scanOutStock', { orderId, code, ...extra });
const complete = (id: number) => post<OutOrderInfo>('/api/storageOrder/outStock', { id, complete: true });
const recover = (code: string, extra: Record<string, unknown> = {}) => post<RecoverResult>('/api/storageOrder/scanHandel', { code, ...extra });

describe('stock-in', () => {
  it('productRK: the first scan creates the order, later scans join it, completion closes it; 6 → 7 into the finished warehouse', async () => {
    const a = await cylinder(6);
    const b = await cylinder(6);
    const first = await inStock({ type: 'productRK', warehouseId: finishedStore, code: a.code });
    expect(first.body, first.body.msg).toMatchObject({ code: 0, data: { order: { type: 'productRK', status: 0, count: 1 }, scan: { fromStatus: 6, toStatus: 7, action: 'stockInProduct' } } });
    expect(first.body.data.order.orderNo).toMatch(/^RK\d{8}-\d{6}$/);
    const orderId = first.body.data.order.id;
    const second = await inStock({ id: orderId, code: b.code });
    expect(second.body.data).toMatchObject({ order: { id: orderId, count: 2 }, scan: { toStatus: 7 } });
    expect(await row(a.id)).toMatchObject({ status: 7, warehouse_id: finishedStore });
    const again = await inStock({ id: orderId, code: b.code });
    expect(again.body.data.scan).toMatchObject({ repeated: true, message: expect.stringMatching(new RegExp(`^气瓶 ${b.code} 已由 管理员 于 \\d\\d:\\d\\d 成品入库，无需重复操作$`)) });

    const done = await inStock({ id: orderId, complete: true });
    expect(done.body.data.order).toMatchObject({ status: 1, count: 2 });
    expect((await inStock({ id: orderId, code: (await cylinder(6)).code })).body).toMatchObject({ code: -1, msg: expect.stringContaining('已完成，不能再扫码') });

    const items = await post<PageResult<OrderItemRow>>('/api/storageOrder/getProductList', { orderId });
    expect(items.body.data.list.map((i) => i.code).sort()).toEqual([a.code, b.code].sort());
    const list = await post<PageResult<OrderRow>>('/api/storageOrder/inStockListPage', { type: 'productRK', status: 1 });
    expect(list.body.data.list.find((o) => o.id === orderId)).toMatchObject({ warehouseName: '成品库', count: 2, operator: '管理员' });
    expect((await actions(a.id)).at(-1)).toMatchObject({ action: 'stockInProduct', operator: '管理员', workstation: '成品库一号台' });
  });

  it('productRK refuses a cylinder not finished, a re-weighing gas not yet re-weighed, and the wrong kind of warehouse; takes 5 when the gas needs no re-weighing', async () => {
    const filled = await cylinder(4);
    const refused = await inStock({ type: 'productRK', warehouseId: finishedStore, code: filled.code });
    expect(refused.body).toMatchObject({ code: -1, msg: `气瓶 ${filled.code} 当前状态为「已充装(4)」，不能成品入库（应为「已复秤(6)」或「已检验(5)」）` });
    // The refused first scan left no empty order behind.
    expect((await t.db.selectFrom('storage_orders').select('id').where('direction', '=', 'in').where('status', '=', 0).execute())).toHaveLength(0);

    const inspected = await cylinder(5, { materialId: lpg });
    expect((await inStock({ type: 'productRK', warehouseId: finishedStore, code: inspected.code })).body.msg)
      .toBe(`气瓶 ${inspected.code} 的介质 液化石油气 需要复秤：复秤合格后才能成品入库`);
    const carbon = await cylinder(5, { materialId: co2 });
    expect((await inStock({ type: 'productRK', warehouseId: finishedStore, code: carbon.code })).body.data.scan).toMatchObject({ fromStatus: 5, toStatus: 7 });

    expect((await inStock({ type: 'productRK', warehouseId: emptyStore, code: (await cylinder(6)).code })).body.msg)
      .toBe('仓库「空瓶库」不是成品库，不能用于成品入库');
    expect((await inStock({ type: 'spaceRk', warehouseId: finishedStore })).body.msg).toBe('仓库「成品库」不是空瓶库，不能用于空瓶入库');
  });

  it('spaceRk: a recovered cylinder (10) or one in stock after vacuum (2) goes into the empty warehouse; a finished one is refused', async () => {
    const back = await cylinder(10);
    const vacuumed = await cylinder(2);
    const first = await inStock({ type: 'spaceRk', warehouseId: emptyStore, code: back.code });
    expect(first.body.data.scan).toMatchObject({ action: 'stockInEmpty', fromStatus: 10, toStatus: 2 });
    const id = first.body.data.order.id;
    expect((await inStock({ id, code: vacuumed.code })).body.data.scan).toMatchObject({ fromStatus: 2, toStatus: 2, repeated: false });
    expect(await row(vacuumed.id)).toMatchObject({ status: 2, warehouse_id: emptyStore });
    const finished = await cylinder(7);
    expect((await inStock({ id, code: finished.code })).body.msg).toContain('不能空瓶入库');
  });

  it('getInfoByBarCode says what the cylinder is and what can be done with it now, changing nothing', async () => {
    const c = await cylinder(9);
    const info = await post<BarCodeInfo>('/api/storageOrder/getInfoByBarCode', { code: c.code, type: 'productRK' });
    expect(info.body.data).toMatchObject({ statusName: '已出库', allowed: false, next: ['回收'], cylinder: { code: c.code, materialName: '氮气' } });
    expect(info.body.data.reasons[0]).toContain('不能成品入库');
    expect((await post('/api/storageOrder/getInfoByBarCode', { code: 'NOPE' })).body).toMatchObject({ code: -1, msg: '气瓶编码不存在：NOPE' });
  });
});

describe('outbound orders', () => {
  it('refuses a cylinder matching no line and one whose line is full, naming the line; repeats and scanIds act once', async () => {
    const order = await newOut([{ materialId: n2, specification: '40L', quantity: 1 }]);
    expect(order.body, order.body.msg).toMatchObject({ code: 0, data: { status: 0, quantity: 1, count: 0, customerName: '甲客户' } });
    const id = order.body.data.id;
    const a = await cylinder(7);
    const scanId = randomUUID();
    const first = await scanOut(id, a.code, { scanId });
    expect(first.body.data).toMatchObject({ fromStatus: 7, toStatus: 8, lines: [{ quantity: 1, scanned: 1, materialName: '氮气' }] });
    expect(first.body.data.message).toBe(`气瓶 ${a.code} 已扫入出库单 ${order.body.data.orderNo}：「氮气 40L」1/1`);
    expect((await scanOut(id, a.code, { scanId })).body).toEqual(first.body);
    expect((await scanOut(id, a.code)).body.data).toMatchObject({ repeated: true, lines: [{ scanned: 1 }] });

    const b = await cylinder(7);
    expect((await scanOut(id, b.code)).body.msg).toBe(`出库单 ${order.body.data.orderNo} 的明细已扫满：「氮气 40L」1/1，气瓶 ${b.code} 不能再扫入`);
    const small = await cylinder(7, { specification: '8L' });
    expect((await scanOut(id, small.code)).body.msg).toBe(`气瓶 ${small.code}（氮气 8L）不在出库单 ${order.body.data.orderNo} 的明细中（明细：「氮气 40L」）`);
    const carbon = await cylinder(7, { materialId: co2 });
    expect((await scanOut(id, carbon.code)).body.msg).toContain('（二氧化碳 40L）不在出库单');
    expect((await scanOut(id, (await cylinder(6)).code)).body.msg).toContain('当前状态为「已复秤(6)」，不能出库扫描（应为「待出库(7)」）');
    expect(await row(b.id)).toMatchObject({ status: 7 });

    // A cylinder already on this order, scanned at another order, is refused there.
    const second = await newOut([{ materialId: n2, quantity: 5 }]);
    expect((await scanOut(second.body.data.id, a.code)).body.msg).toBe(`气瓶 ${a.code} 已扫描到出库单 ${order.body.data.orderNo}`);
    const ck = await post<CkInfo>('/api/storageOrder/getCkInfoByCode', { code: small.code, orderId: id });
    expect(ck.body.data).toMatchObject({ allowed: false, order: null });
    expect((await post<CkInfo>('/api/storageOrder/getCkInfoByCode', { code: a.code })).body.data.order).toMatchObject({ id, status: 0 });
  });

  it('20 parallel scans of different cylinders onto one line of 10: exactly 10 succeed', async () => {
    const order = await newOut([{ materialId: n2, quantity: 10 }]);
    const id = order.body.data.id;
    const batch = await Promise.all(Array.from({ length: 20 }, () => cylinder(7)));
    const answers = await Promise.all(batch.map((c) => scanOut(id, c.code)));
    expect(answers.filter((a) => a.body.code === 0)).toHaveLength(10);
    expect(answers.filter((a) => a.body.code === -1).every((a) => a.body.msg.includes('的明细已扫满'))).toBe(true);
    const info = await post<OutOrderInfo>('/api/storageOrder/getOutOrderInfo', { id });
    expect(info.body.data).toMatchObject({ count: 10, lines: [{ quantity: 10, scanned: 10 }] });
    const statuses = await Promise.all(batch.map((c) => row(c.id)));
    expect(statuses.filter((s) => s.status === 8)).toHaveLength(10);
  });

  it('completes an order: every scanned cylinder 8 → 9 at the customer, with the signature, print log and certificate data', async () => {
    const order = await newOut([{ materialId: n2, quantity: 3 }], { type: 'pickCk' });
    const id = order.body.data.id;
    const ones = [await cylinder(7), await cylinder(7)];
    for (const c of ones) expect((await scanOut(id, c.code)).body.code).toBe(0);
    expect((await post('/api/storageOrder/saveSignInfo', { id, signName: '李四', image: 'data:image/png;base64,AAAAAAAAAAAAAAAAAAAAAAAAAAAA' })).body)
      .toMatchObject({ code: -1, msg: '签名不是有效的 PNG 图片' });
    expect((await post('/api/storageOrder/saveSignInfo', { id, signName: '李四', image: PNG })).body.code).toBe(0);
    const done = await complete(id);
    expect(done.body.data).toMatchObject({ status: 1, count: 2, completedBy: '管理员', signed: true, signName: '李四' });
    for (const c of ones) expect(await row(c.id)).toMatchObject({ status: 9, location_enterprise_id: acme, warehouse_id: null, located_since: expect.any(Date) });
    expect((await complete(id)).body.data.status).toBe(1);
    expect((await actions(ones[0]!.id)).slice(-2).map((e) => [e.action, e.from_status, e.to_status])).toEqual([['outboundScan', 7, 8], ['outbound', 8, 9]]);
    const shippedEvent = await t.db.selectFrom('cylinder_traces').select('detail').where('cylinder_id', '=', ones[0]!.id).where('action', '=', 'outbound').executeTakeFirstOrThrow();
    expect(shippedEvent.detail).toMatchObject({ orderNo: order.body.data.orderNo, customer: '甲客户' });
    expect((await scanOut(id, (await cylinder(7)).code)).body.msg).toContain('已完成，不能再扫码');

    const sign = await get<SignInfo>(`/api/storageOrder/getSignInfo/${id}`);
    expect(sign.body.data).toMatchObject({ signName: '李四', image: PNG, signedBy: '管理员' });
    expect((await post('/api/storageOrder/savePrintInfo', { id, documents: ['发货清单', '质量证明书'] })).body.code).toBe(0);
    const info = await post<OutOrderInfo>('/api/storageOrder/getOutOrderInfo', { id });
    expect(info.body.data.prints).toEqual([{ documents: ['发货清单', '质量证明书'], at: expect.any(String), by: '管理员' }]);
    const detail = await get<OrderItemRow[]>(`/api/storageOrder/getOrderDetailList/${id}`);
    expect(detail.body.data.map((d) => d.code).sort()).toEqual(ones.map((c) => c.code).sort());
    const tests = await post<MaterialTestRow[]>('/api/storageOrder/getMaterialTest', { id });
    expect(tests.body.data.map((r) => r.record)).toEqual([null, null]);
    const trace = await post<PageResult<{ action: string; code: string }>>('/api/storageOrder/selectTracePage', { orderId: id });
    expect(trace.body.data.list.map((e) => e.action).sort()).toEqual(['outbound', 'outbound', 'outboundScan', 'outboundScan']);
  });

  it('a cylinder scrapped after its scan leaves the order on completion instead of shipping', async () => {
    const order = await newOut([{ materialId: n2, quantity: 2 }]);
    const id = order.body.data.id;
    const [kept, broken] = [await cylinder(7), await cylinder(7)];
    for (const c of [kept, broken]) expect((await scanOut(id, c.code)).body.code).toBe(0);
    expect((await post('/api/product/scrap', { id: broken.id, reason: '装车时发现瓶体损伤' })).body.code).toBe(0);
    const done = await complete(id);
    expect(done.body.data).toMatchObject({ status: 1, count: 1, lines: [{ scanned: 1, quantity: 2 }] });
    expect(await row(kept.id)).toMatchObject({ status: 9 });
    expect(await row(broken.id)).toMatchObject({ status: 0 });
  });

  it('an order with nothing scanned cannot be completed; it can be edited or deleted; one with a scan cannot', async () => {
    const order = await newOut([{ materialId: n2, quantity: 2 }]);
    const id = order.body.data.id;
    expect((await complete(id)).body.msg).toBe(`出库单 ${order.body.data.orderNo} 还没有扫描气瓶，不能完成出库`);
    const edited = await post<OutOrderInfo>('/api/storageOrder/outStock', { id, customerId: other, lines: [{ materialId: co2, quantity: 4 }] });
    expect(edited.body.data).toMatchObject({ customerName: '乙客户', quantity: 4, lines: [{ materialName: '二氧化碳', quantity: 4, scanned: 0 }] });
    expect((await get(`/api/storageOrder/deleteById/${id}`)).body.code).toBe(0);
    expect(await t.db.selectFrom('storage_orders').select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined();

    const used = await newOut([{ materialId: n2, quantity: 2 }]);
    await scanOut(used.body.data.id, (await cylinder(7)).code);
    expect((await get(`/api/storageOrder/deleteById/${used.body.data.id}`)).body).toMatchObject({ code: -1, msg: `出库单 ${used.body.data.orderNo} 已有气瓶扫描记录（1 条），不能删除` });
    expect((await post('/api/storageOrder/outStock', { id: used.body.data.id, lines: [{ materialId: n2, quantity: 1 }] })).body.msg).toContain('已开始扫描，不能修改');

    const emptyIn = await inStock({ type: 'spaceRk', warehouseId: emptyStore });
    expect((await inStock({ id: emptyIn.body.data.order.id, complete: true })).body.msg).toContain('还没有扫描气瓶，不能完成入库');
    // Deleting needs the key of the order's kind.
    const outOnly = await createLimitedUser(t, token, 'outdeleter', ['outbound:view', 'outbound:delete']);
    const outToken = (await t.login(outOnly.username, outOnly.password)).token;
    expect((await get(`/api/storageOrder/deleteById/${emptyIn.body.data.order.id}`, outToken)).body).toMatchObject({ code: 403, msg: '没有权限：删除（入库管理）' });
    expect((await get(`/api/storageOrder/deleteById/${emptyIn.body.data.order.id}`)).body.code).toBe(0);
    expect((await get('/api/storageOrder/deleteById/999999')).body).toMatchObject({ code: -1, msg: '单据不存在：999999' });
  });

  it('refuses orders without a customer or lines, unknown gases and duplicated lines', async () => {
    expect((await newOut([], {})).body.msg).toBe('参数错误：出库明细不能为空');
    expect((await newOut([{ materialId: n2, quantity: 1 }], { customerId: null })).body.msg).toBe('参数错误：请选择客户');
    expect((await newOut([{ materialId: 999999, quantity: 1 }])).body.msg).toBe('介质不存在：999999');
    expect((await newOut([{ materialId: n2, quantity: 1 }, { materialId: n2, quantity: 2 }])).body.msg).toContain('重复');
    expect((await newOut([{ materialId: n2, quantity: 0 }])).body.code).toBe(-1);
  });
});

describe('recovery and holdings', () => {
  async function shipped(customer = acme): Promise<{ id: number; code: string }> {
    const order = await newOut([{ materialId: n2, quantity: 1 }], { customerId: customer });
    const c = await cylinder(7);
    expect((await scanOut(order.body.data.id, c.code)).body.code).toBe(0);
    expect((await complete(order.body.data.id)).body.code).toBe(0);
    return c;
  }

  it('takes a cylinder back from its customer (9 → 10); the holdings show it while out and not after', async () => {
    const c = await shipped();
    const held = await post<PageResult<HoldingRow>>('/api/stock/holdings', { customerId: acme, code: c.code });
    expect(held.body.data).toMatchObject({ total: 1, list: [{ code: c.code, customerName: '甲客户', days: 0 }] });
    const back = await recover(c.code, { customerId: acme });
    expect(back.body.data).toMatchObject({ fromStatus: 9, toStatus: 10, discrepancy: null, customerName: '甲客户', message: `气瓶 ${c.code} 回收成功（甲客户）` });
    expect(await row(c.id)).toMatchObject({ status: 10, location_enterprise_id: null, located_since: null });
    expect((await post<PageResult<HoldingRow>>('/api/stock/holdings', { customerId: acme, code: c.code })).body.data.total).toBe(0);
    expect((await recover(c.code)).body.data).toMatchObject({ repeated: true, discrepancy: null });
    const trace = await post<PageResult<{ action: string; code: string }>>('/api/storageOrder/selectTracePage', { customerId: acme, code: c.code });
    expect(trace.body.data.list.map((e) => e.action)).toEqual(['recover', 'outbound']);
  });

  it('a cylinder held by another customer is taken back as a forced return, with the discrepancy recorded and shown', async () => {
    const atAcme = await shipped(acme);
    const wrongCustomer = await recover(atAcme.code, { customerId: other });
    expect(wrongCustomer.body.data).toMatchObject({
      toStatus: 10, discrepancy: '系统记录该瓶在客户「甲客户」处，由「乙客户」退回', customerName: '乙客户',
      message: `气瓶 ${atAcme.code} 已回收（强制回收）；注意：系统记录该瓶在客户「甲客户」处，由「乙客户」退回`,
    });
    // Without a chosen customer, the holder returns it: no discrepancy.
    const plain = await shipped(acme);
    expect((await recover(plain.code)).body.data).toMatchObject({ toStatus: 10, discrepancy: null, customerName: '甲客户' });

    const flagged = await post<PageResult<RecoveryRow>>('/api/storageOrder/recoveryList', { discrepancy: true });
    expect(flagged.body.data.list.map((r) => r.code)).toContain(atAcme.code);
    expect(flagged.body.data.list.map((r) => r.code)).not.toContain(plain.code);
    expect(flagged.body.data.list.find((r) => r.code === atAcme.code)).toMatchObject({ customerName: '乙客户', expectedCustomerName: '甲客户', expectedStatus: 9 });
  });

  it('a cylinder the records have in the plant, on an open order or scrapped is refused, naming where it is, and nothing changes', async () => {
    const inStore = await cylinder(6);
    await inStock({ type: 'productRK', warehouseId: finishedStore, code: inStore.code });
    expect((await recover(inStore.code, { customerId: other })).body).toEqual({
      code: -1, msg: `气瓶 ${inStore.code} 不在客户处，不能回收：系统记录该瓶在仓库「成品库」（「待出库(7)」）`, data: null,
    });
    expect(await row(inStore.id)).toMatchObject({ status: 7, warehouse_id: finishedStore });

    const order = await newOut([{ materialId: n2, quantity: 2 }]);
    const onOrder = await cylinder(7);
    await scanOut(order.body.data.id, onOrder.code);
    expect((await recover(onOrder.code)).body.msg)
      .toBe(`气瓶 ${onOrder.code} 不在客户处，不能回收：系统记录该瓶已扫描到出库单 ${order.body.data.orderNo}，尚未发出（「已扫描(8)」）；扫错的气瓶请在该出库单上移出`);
    expect((await post<OutOrderInfo>('/api/storageOrder/getOutOrderInfo', { id: order.body.data.id })).body.data).toMatchObject({ count: 1, lines: [{ scanned: 1 }] });

    const picked = await cylinder(3);
    expect((await recover(picked.code)).body.msg).toBe(`气瓶 ${picked.code} 不在客户处，不能回收：系统记录该瓶在充装车间（「已领瓶(3)」）`);
    const returned = await shipped(acme);
    await recover(returned.code);
    const twice = await recover(returned.code);
    expect(twice.body.data).toMatchObject({ repeated: true });
    await forceStatus(t, returned.id, 2);
    expect((await recover(returned.code)).body.msg).toContain('不在客户处，不能回收');

    const scrapped = await cylinder(0);
    expect((await recover(scrapped.code)).body).toMatchObject({ code: -1, msg: `气瓶 ${scrapped.code} 已报废，不能回收（报废气瓶不得重新使用）` });
    // The preview says the same before anything is sent.
    const preview = await post<BarCodeInfo>('/api/storageOrder/getInfoByBarCode', { code: picked.code, type: 'recover' });
    expect(preview.body.data).toMatchObject({ allowed: false, place: 'workshop', reasons: [`气瓶 ${picked.code} 不在客户处，不能回收：系统记录该瓶在充装车间（「已领瓶(3)」）`] });
  });

  it('移出: a cylinder scanned onto an order by mistake leaves it (8 → 7, a trace event), only from that order', async () => {
    const order = await newOut([{ materialId: n2, quantity: 2 }]);
    const other2 = await newOut([{ materialId: n2, quantity: 1 }]);
    const c = await cylinder(7);
    await inStock({ type: 'productRK', warehouseId: finishedStore, code: (await cylinder(6)).code });
    await scanOut(order.body.data.id, c.code);
    const wrongOrder = await post<ScanOutResult>('/api/storageOrder/removeOutStock', { orderId: other2.body.data.id, code: c.code });
    expect(wrongOrder.body.msg).toBe(`气瓶 ${c.code} 不在出库单 ${other2.body.data.orderNo} 上（在出库单 ${order.body.data.orderNo} 上），不能移出`);
    const removed = await post<ScanOutResult>('/api/storageOrder/removeOutStock', { orderId: order.body.data.id, code: c.code, scanId: randomUUID() });
    expect(removed.body.data).toMatchObject({
      fromStatus: 8, toStatus: 7, action: 'removeFromOrder', lines: [{ scanned: 0, quantity: 2 }],
      message: `气瓶 ${c.code} 已移出出库单 ${order.body.data.orderNo}：「氮气」0/2`,
    });
    expect((await actions(c.id)).at(-1)).toMatchObject({ action: 'removeFromOrder', from_status: 8, to_status: 7 });
    expect((await post<OutOrderInfo>('/api/storageOrder/getOutOrderInfo', { id: order.body.data.id })).body.data).toMatchObject({ count: 0 });
    // Again: already done; a cylinder not on the order is refused.
    expect((await post<ScanOutResult>('/api/storageOrder/removeOutStock', { orderId: order.body.data.id, code: c.code })).body.data).toMatchObject({ repeated: true });
    const stranger = await cylinder(2);
    expect((await post<ScanOutResult>('/api/storageOrder/removeOutStock', { orderId: order.body.data.id, code: stranger.code })).body.msg)
      .toBe(`气瓶 ${stranger.code} 不在出库单 ${order.body.data.orderNo} 上（当前状态为「在库(2)」），不能移出`);
    // It can be scanned onto an order again.
    expect((await scanOut(order.body.data.id, c.code)).body.data).toMatchObject({ toStatus: 8, repeated: false });
  });

  it('作废: an order emptied by 移出 is kept as 已作废 with its reason; it takes no scan, edit, completion or deletion', async () => {
    const order = (await newOut([{ materialId: n2, quantity: 2 }])).body.data;
    const c = await cylinder(7);
    await scanOut(order.id, c.code);
    const cancel = (body: Record<string, unknown>, as = token) => post<OutOrderInfo>('/api/storageOrder/cancel', body, as);
    // A cylinder still on it: take it off first.
    expect((await cancel({ id: order.id, reason: '客户取消订单' })).body).toMatchObject({ code: -1, msg: `出库单 ${order.orderNo} 上还有 1 个气瓶，请先移出再作废` });
    await post('/api/storageOrder/removeOutStock', { orderId: order.id, code: c.code });
    // Emptied by 移出, it cannot be deleted (it had a scan) — but it can be cancelled, with a reason and the key.
    expect((await get(`/api/storageOrder/deleteById/${order.id}`)).body.msg).toContain('已有气瓶扫描记录');
    expect((await cancel({ id: order.id, reason: '   ' })).body).toMatchObject({ code: -1, msg: '参数错误：请填写作废原因' });
    expect((await cancel({ id: order.id })).body.code).toBe(-1);
    const viewer = await createLimitedUser(t, token, 'outcanceller0', ['outbound:view', 'outbound:scan', 'outbound:delete']);
    expect((await cancel({ id: order.id, reason: '客户取消订单' }, (await t.login(viewer.username, viewer.password)).token)).status).toBe(403);
    const done = await cancel({ id: order.id, reason: '客户取消订单' });
    expect(done.body.data).toMatchObject({
      status: 2, cancelReason: '客户取消订单', cancelledBy: '管理员', count: 0, quantity: 2, lines: [{ materialName: '氮气', quantity: 2, scanned: 0 }],
    });
    expect(done.body.data.cancelledAt).toMatch(/^\d{4}-\d\d-\d\d /);
    // Listed as 已作废 (status 2, a filter of its own); its scan and 移出 kept.
    const listed = await post<PageResult<OrderRow>>('/api/storageOrder/outStockListPage', { page: 1, size: 50, status: 2 });
    expect(listed.body.data.list.map((r) => r.orderNo)).toContain(order.orderNo);
    const items = await post<PageResult<OrderItemRow>>('/api/storageOrder/getProductList', { orderId: order.id, page: 1, size: 10 });
    expect(items.body.data.list).toMatchObject([{ code: c.code, reverted: true }]);
    // Nothing more happens to it.
    expect((await scanOut(order.id, c.code)).body.msg).toBe(`出库单 ${order.orderNo} 已作废，不能再扫码`);
    expect((await post('/api/storageOrder/removeOutStock', { orderId: order.id, code: c.code })).body.msg).toBe(`出库单 ${order.orderNo} 已作废，不能再扫码`);
    expect((await post('/api/storageOrder/outStock', { id: order.id, lines: [{ materialId: n2, quantity: 1 }] })).body.msg).toBe(`出库单 ${order.orderNo} 已作废，不能修改`);
    expect((await complete(order.id)).body.msg).toBe(`出库单 ${order.orderNo} 已作废，不能完成出库`);
    expect((await get(`/api/storageOrder/deleteById/${order.id}`)).body.msg).toBe(`出库单 ${order.orderNo} 已作废，单据保留，不能删除`);
    expect((await cancel({ id: order.id, reason: '再次作废' })).body.msg).toBe(`出库单 ${order.orderNo} 已作废，无需重复作废`);
    expect(await t.db.selectFrom('storage_orders').select(['status', 'cancel_reason']).where('id', '=', order.id).executeTakeFirst())
      .toEqual({ status: 2, cancel_reason: '客户取消订单' });
    // A document printed for it says so (not 出库中).
    expect((await orderData(t.db, t.app.blobs, order.id)).order.statusName).toBe('已作废');
    // The cylinder is free for another order; a completed order and a stock-in order cannot be cancelled.
    const shipped = (await newOut([{ materialId: n2, quantity: 1 }])).body.data;
    await scanOut(shipped.id, c.code);
    await complete(shipped.id);
    expect((await cancel({ id: shipped.id, reason: '测试' })).body.msg).toBe(`出库单 ${shipped.orderNo} 已完成出库，不能作废`);
    const inOrder = (await inStock({ type: 'spaceRk', warehouseId: emptyStore })).body.data.order;
    expect((await cancel({ id: inOrder.id, reason: '测试' })).body.msg).toBe(`出库单不存在：${inOrder.id}`);
  });

  it('the fill loop (充装周期) names the customer the cylinder went to', async () => {
    const c = await cylinder(2);
    expect((await post('/api/produce/addPicking', { code: c.code })).body.code).toBe(0);
    expect((await post('/api/produce/filling', { code: c.code, materialId: n2, filledPressure: 15 })).body.code).toBe(0);
    await forceStatus(t, c.id, 6);
    await inStock({ type: 'productRK', warehouseId: finishedStore, code: c.code });
    const order = await newOut([{ materialId: n2, quantity: 1 }], { customerId: other });
    await scanOut(order.body.data.id, c.code);
    await complete(order.body.data.id);
    const loops = await post<Array<{ customer: string | null; shippedAt: string | null }>>('/api/produce/listCycleInfo', { code: c.code });
    expect(loops.body.data).toMatchObject([{ customer: '乙客户', shippedAt: expect.any(String) }]);
  });

  it('counts holdings per customer with the long-out ones, lists cylinders out longer than N days and exports them', async () => {
    const customer = await createEnterprise(t, token, { enterpriseName: '丙客户' });
    const recent = await shipped(customer);
    const old = await shipped(customer);
    await t.db.updateTable('cylinders').set({ located_since: sql`now() - interval '120 days'` }).where('id', '=', old.id).execute();

    const summary = await post<PageResult<CustomerHoldingRow>>('/api/stock/customerHoldings', { customerId: customer });
    expect(summary.body.data.list).toEqual([expect.objectContaining({ customerName: '丙客户', count: 2, overdue: 1 })]);
    expect((await post<PageResult<CustomerHoldingRow>>('/api/stock/customerHoldings', { customerId: customer, days: 200 })).body.data.list[0]!.overdue).toBe(0);

    const longOut = await post<PageResult<HoldingRow>>('/api/stock/holdings', { customerId: customer, overDays: 90 });
    expect(longOut.body.data.list.map((r) => [r.code, r.days])).toEqual([[old.code, 120]]);
    const all = await post<PageResult<HoldingRow>>('/api/stock/holdings', { customerId: customer });
    expect(all.body.data.list.map((r) => r.code)).toEqual([old.code, recent.code]);

    const res = await t.app.inject({ method: 'POST', url: '/api/stock/exportHoldings', payload: { customerId: customer, overDays: 90 }, headers: { authorization: `Bearer ${token}` } });
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([undefined, '气瓶编码', '介质', '规格', '客户', '出库时间', '在外天数']);
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(2).getCell(1).value).toBe(old.code);
  });

  it('stock by warehouse × gas × status', async () => {
    const store = await createWarehouse(t, token, { warehouseName: '盘点库', kind: 'finished' });
    for (let i = 0; i < 3; i++) await inStock({ type: 'productRK', warehouseId: store, code: (await cylinder(6)).code });
    const rows = await post<StockRow[]>('/api/stock/summary', { warehouseId: store });
    expect(rows.body.data).toEqual([{ place: 'warehouse', warehouseId: store, warehouseName: '盘点库', materialId: n2, materialName: '氮气', status: 7, count: 3 }]);
  });

  it('a picked cylinder is in the filling workshop, not in the warehouse it was picked from; the trace says where each one is', async () => {
    const store = await createWarehouse(t, token, { warehouseName: '空瓶二库', kind: 'empty' });
    const gas = await createGas(t, token, { materialName: '位置气', code: 'PLACE' });
    const a = await cylinder(10, { materialId: gas });
    const b = await cylinder(10, { materialId: gas });
    const order = await inStock({ type: 'spaceRk', warehouseId: store, code: a.code });
    await inStock({ id: order.body.data.order.id, code: b.code });
    expect((await post('/api/produce/addPicking', { code: b.code })).body.code).toBe(0);
    const rows = await post<StockRow[]>('/api/stock/summary', { materialId: gas });
    expect(rows.body.data.map((r) => [r.place, r.warehouseName, r.status, r.count])).toEqual([
      ['warehouse', '空瓶二库', 2, 1], ['workshop', null, 3, 1],
    ]);
    // Filtering by the warehouse shows only what it holds.
    expect((await post<StockRow[]>('/api/stock/summary', { warehouseId: store })).body.data.map((r) => r.count)).toEqual([1]);
    const info = await post<BarCodeInfo>('/api/storageOrder/getInfoByBarCode', { code: b.code });
    expect(info.body.data).toMatchObject({ place: 'workshop', warehouseName: null });
    const trace = await post<{ cylinder: { place: string; warehouseName: string | null } }>('/api/trace/getInfo', { code: a.code });
    expect(trace.body.data.cylinder).toMatchObject({ place: 'warehouse', warehouseName: '空瓶二库' });
  });
});

describe('order numbers and first scans', () => {
  it('concurrent first scans of one cylinder on two stations: one order, the other station refused, no empty order left behind', async () => {
    const c = await cylinder(10);
    const before = await t.db.selectFrom('storage_orders').select((eb) => [eb.fn.countAll<string>().as('n'), eb.fn.max('id').as('last')]).executeTakeFirstOrThrow();
    const answers = await Promise.all(Array.from({ length: 6 }, () => inStock({ type: 'spaceRk', warehouseId: emptyStore, code: c.code })));
    const won = answers.filter((a) => a.body.code === 0);
    expect(won).toHaveLength(1);
    const orderNo = won[0]!.body.data.order.orderNo;
    for (const lost of answers.filter((a) => a.body.code !== 0)) {
      expect(lost.body.msg).toMatch(new RegExp(`^气瓶 ${c.code} 已由 管理员 于 \\d\\d:\\d\\d 空瓶入库，无需重复操作（入库单 ${orderNo}），未新建入库单$`));
    }
    const after = await t.db.selectFrom('storage_orders').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n) - Number(before.n)).toBe(1);
    const empty = await t.db.selectFrom('storage_orders as o').select('o.order_no').where('o.id', '>', Number(before.last ?? 0))
      .where((eb) => eb.not(eb.exists(eb.selectFrom('storage_order_items as i').select('i.id').whereRef('i.order_id', '=', 'o.id')))).execute();
    expect(empty).toEqual([]);
  });

  it('a number is taken when an order is created: a refused first scan or a refused new order takes none', async () => {
    const seq = (no: string) => Number(no.slice(-6));
    const first = (await inStock({ type: 'spaceRk', warehouseId: emptyStore, code: (await cylinder(10)).code })).body.data.order.orderNo;
    // A first scan the stock-in refuses (a cylinder at a customer, an unknown code) creates no order and no number.
    expect((await inStock({ type: 'spaceRk', warehouseId: emptyStore, code: (await cylinder(9)).code })).body.code).toBe(-1);
    expect((await inStock({ type: 'spaceRk', warehouseId: emptyStore, code: 'NO-SUCH-CYLINDER' })).body.code).toBe(-1);
    const next = (await inStock({ type: 'spaceRk', warehouseId: emptyStore, code: (await cylinder(10)).code })).body.data.order.orderNo;
    expect(seq(next)).toBe(seq(first) + 1);
    expect(next.slice(0, 2)).toBe('RK');

    const out = (await newOut([{ materialId: n2, quantity: 1 }])).body.data.orderNo;
    expect((await newOut([{ materialId: 999999, quantity: 1 }])).body.msg).toBe('介质不存在：999999');
    expect(seq((await newOut([{ materialId: n2, quantity: 1 }])).body.data.orderNo)).toBe(seq(out) + 1);
  });

  it('stock-in and stock-out numbers each run their own sequence', async () => {
    const nos = [] as string[];
    for (let i = 0; i < 2; i++) {
      nos.push((await inStock({ type: 'spaceRk', warehouseId: emptyStore, code: (await cylinder(10)).code })).body.data.order.orderNo);
      nos.push((await newOut([{ materialId: n2, quantity: 1 }])).body.data.orderNo);
    }
    const seq = (no: string) => Number(no.slice(-6));
    expect(seq(nos[2]!) - seq(nos[0]!)).toBe(1);
    expect(seq(nos[3]!) - seq(nos[1]!)).toBe(1);
  });
});
