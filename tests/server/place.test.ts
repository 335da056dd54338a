import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StockByWarehouse } from '../../src/shared/api/dashboard';
import type { DueRow } from '../../src/shared/api/periodicInspection';
import type { ProductDetail, ProductRow } from '../../src/shared/api/product';
import type { TraceInfo } from '../../src/shared/api/production';
import type { PageResult } from '../../src/shared/api/schema';
import type { BarCodeInfo, OutOrderInfo, StockRow } from '../../src/shared/api/storage';
import { PLACE_OF_STATUS, placeOf, placeText, WAREHOUSE_STATUSES, type Place } from '../../src/shared/cylinder/place';
import { addDays, addYears, today } from '../../src/server/lib/dates';
import { placeSql } from '../../src/server/modules/cylinder/place.sql';
import { buildTestApp, type TestApp } from './app-helper';
import { createEnterprise, createGas, createWarehouse, forceStatus } from './master-data-helper';

/**
 * Issue 31, item 2: one place per cylinder, the same on every screen and in every count — 气瓶档案 (list, filter
 * by warehouse, detail), 库存查询, the trace card, a storage station's scan, the due list of 定期检验 and the
 * dashboard's 仓库库存 — for a cylinder taken through every status by the calls the stations make.
 */
let t: TestApp;
let token: string;
let gas: number;
let project: number;
let emptyStore: number;
let finishedStore: number;
let customer: number;
const TODAY = today();

beforeAll(async () => {
  t = await buildTestApp();
  token = (await t.login()).token;
  gas = await createGas(t, token, {
    materialName: '位置丙烷', code: 'PLC3', category: 'liquefied', reweighRequired: true, targetNetWeight: 14.5, weightTolerance: 0.5,
  });
  const projects = await t.call('POST', '/api/produce/saveTestProject', {
    token, body: { materialId: gas, projects: [{ projectName: '气密性', standardMax: 1, unit: 'Pa', required: true }] },
  });
  expect(projects.body.code, projects.body.msg).toBe(0);
  project = (await t.db.selectFrom('test_projects').select('id').where('material_id', '=', gas).executeTakeFirstOrThrow()).id;
  emptyStore = await createWarehouse(t, token, { warehouseName: '位置空瓶库', kind: 'empty' });
  finishedStore = await createWarehouse(t, token, { warehouseName: '位置成品库', kind: 'finished' });
  customer = await createEnterprise(t, token, { enterpriseName: '位置客户' });
});
afterAll(async () => { await t?.close(); });

const post = <T>(path: string, body: unknown) => t.call<T>('POST', path, { token, body, headers: { 'x-workstation': encodeURIComponent('位置台') } });
const ok = async <T>(path: string, body: unknown): Promise<T> => {
  const res = await post<T>(path, body);
  expect(res.body.code, `${path}: ${res.body.msg}`).toBe(0);
  return res.body.data;
};

interface Seen { place: string; text: string }
const seen = (w: { place: string; warehouseName?: string | null; locationName?: string | null }): Seen => ({ place: w.place, text: placeText(w) });

/** Where each screen's call says the cylinder is, and which warehouse the counts put it in. */
async function everyScreen(code: string, id: number) {
  const list = await ok<PageResult<ProductRow>>('/api/product/listPage', { page: 1, size: 10, code });
  const detail = (await t.call<ProductDetail>('GET', `/api/product/info/${id}`, { token })).body.data;
  const trace = await ok<TraceInfo>('/api/trace/getInfo', { code });
  const scan = await ok<BarCodeInfo>('/api/storageOrder/getInfoByBarCode', { code });
  const due = await ok<PageResult<DueRow>>('/api/detect/listPage', { page: 1, size: 10, days: 30, code });
  const stock = await ok<StockRow[]>('/api/stock/summary', { materialId: gas });
  const screens: Record<string, Seen> = {
    'product list': seen(list.list[0]!), 'product detail': seen(detail), 'trace card': seen(trace.cylinder), 'storage scan': seen(scan),
  };
  if (detail.status !== 0) screens['due list'] = seen(due.list[0]!);
  // 库存查询 counts cylinders by place (a warehouse by its name), not naming each order or customer.
  if (detail.status !== 0) {
    expect(stock, '库存查询 has one row for the one cylinder of its gas').toHaveLength(1);
    screens['stock query'] = seen({ ...stock[0]!, locationName: trace.cylinder.locationName });
  }
  // The counts: the dashboard's 仓库库存, 库存查询 by warehouse, the cylinder list filtered by warehouse.
  const dashboard = (await t.call<StockByWarehouse>('GET', '/api/homePage/storageOutput', { token })).body.data.rows;
  const counted: Record<string, number[]> = { dashboard: [], 'stock query by warehouse': [], 'product list by warehouse': [] };
  for (const store of [emptyStore, finishedStore]) {
    if (dashboard.some((r) => r.warehouseId === store && r.count > 0)) counted.dashboard!.push(store);
    if ((await ok<StockRow[]>('/api/stock/summary', { warehouseId: store, materialId: gas })).length) counted['stock query by warehouse']!.push(store);
    if ((await ok<PageResult<ProductRow>>('/api/product/listPage', { page: 1, size: 10, code, warehouseId: store })).total) counted['product list by warehouse']!.push(store);
  }
  return { screens, counted, status: detail.status };
}

describe('where a cylinder is', () => {
  it('every screen and count gives the same place at every step of the loop', async () => {
    const code = 'PLACE-0001';
    const added = await post('/api/product/addProduct', {
      code, materialId: gas, specification: 'YSP-15', manufactureDate: addYears(TODAY, -1), nextInspectionDate: addDays(TODAY, 10),
      tareWeight: 15, warehouseId: emptyStore,
    });
    expect(added.body.code, added.body.msg).toBe(0);
    const id = (await t.db.selectFrom('cylinders').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
    let orderNo = '';

    const steps: Array<[string, () => Promise<unknown>, number, Place, string]> = [
      ['registration', async () => undefined, 2, 'warehouse', '仓库：位置空瓶库'],
      ['pick', () => ok('/api/produce/addPicking', { code }), 3, 'workshop', '充装车间'],
      ['return of the pick', () => ok('/api/produce/returnPicking', { code, reason: '阀门待查' }), 2, 'warehouse', '仓库：位置空瓶库'],
      ['pick again', () => ok('/api/produce/addPicking', { code }), 3, 'workshop', '充装车间'],
      ['fill', () => ok('/api/produce/filling', { code, materialId: gas, lotNo: 'PL-1', filledWeight: 14.6, source: 'manual' }), 4, 'workshop', '充装车间'],
      ['inspection', () => ok('/api/produce/testResult', { code, items: [{ projectId: project, value: 0.5 }] }), 5, 'workshop', '充装车间'],
      ['re-weigh', () => ok('/api/produce/metage', { code, grossWeight: 29.6, source: 'manual' }), 6, 'workshop', '充装车间'],
      ['product stock-in', () => ok('/api/storageOrder/inStock', { type: 'productRK', warehouseId: finishedStore, code }), 7, 'warehouse', '仓库：位置成品库'],
      ['outbound scan', async () => {
        const order = await ok<OutOrderInfo>('/api/storageOrder/outStock', { type: 'productCK', customerId: customer, lines: [{ materialId: gas, quantity: 1 }] });
        orderNo = order.orderNo;
        return ok('/api/storageOrder/scanOutStock', { orderId: order.id, code });
      }, 8, 'order', 'ORDER'],
      ['outbound complete', async () => {
        const order = await t.db.selectFrom('storage_orders').select('id').where('order_no', '=', orderNo).executeTakeFirstOrThrow();
        return ok('/api/storageOrder/outStock', { id: order.id, complete: true });
      }, 9, 'customer', '客户处：位置客户'],
      ['recovery', () => ok('/api/storageOrder/scanHandel', { code, customerId: customer }), 10, 'returned', '回收待入库'],
      ['vacuum', () => ok('/api/trace/vacuumHandle', { code, pressure: -0.09 }), 2, 'workshop', '充装车间'],
      ['empty stock-in', () => ok('/api/storageOrder/inStock', { type: 'spaceRk', warehouseId: emptyStore, code }), 2, 'warehouse', '仓库：位置空瓶库'],
      ['vacuum of a stocked cylinder', () => ok('/api/trace/vacuumHandle', { code, pressure: -0.09 }), 2, 'workshop', '充装车间'],
      ['pick after the vacuum', () => ok('/api/produce/addPicking', { code }), 3, 'workshop', '充装车间'],
      ['its pick returned', () => ok('/api/produce/returnPicking', { code }), 2, 'workshop', '充装车间'],
      ['stock-in, pick, fill', async () => {
        await ok('/api/storageOrder/inStock', { type: 'spaceRk', warehouseId: emptyStore, code });
        await ok('/api/produce/addPicking', { code });
        return ok('/api/produce/filling', { code, materialId: gas, lotNo: 'PL-2', filledWeight: 14.4, source: 'manual' });
      }, 4, 'workshop', '充装车间'],
      ['failed inspection', () => ok('/api/produce/testResult', { code, items: [{ projectId: project, value: 5 }] }), 1, 'workshop', '充装车间'],
      ['analysis: back to stock', () => ok('/api/trace/productAnalyse', { code, decision: 2, reason: '复检合格' }), 2, 'workshop', '充装车间'],
      ['scrap', () => ok('/api/product/scrap', { id, reason: '腐蚀' }), 0, 'scrapped', '已报废'],
    ];

    for (const [step, act, status, place, text] of steps) {
      await act();
      const { screens, counted, status: now } = await everyScreen(code, id);
      expect(now, step).toBe(status);
      expect(placeOf({ status, warehouseId: place === 'warehouse' ? 1 : null, inWorkshop: place === 'workshop' }), `${step}: the shared table`).toBe(place);
      const want = text === 'ORDER' ? `出库单（待发货）：${orderNo}` : text;
      for (const [screen, where] of Object.entries(screens)) expect(where, `${step}: ${screen}`).toEqual({ place, text: want });
      const store = place === 'warehouse' ? (want.endsWith('位置空瓶库') ? emptyStore : finishedStore) : null;
      for (const [count, stores] of Object.entries(counted)) expect(stores, `${step}: ${count}`).toEqual(store === null ? [] : [store]);
    }
  });

  it('the SQL of lists and counts gives the shared place for every status, with and without a warehouse, on a trip\'s vehicle or not', async () => {
    const cases = Array.from({ length: 14 }, (_, status) => [
      [status, null, false, null], [status, 7, false, null], [status, null, true, null], [status, null, false, 3],
    ] as const).flat();
    const values = sql.join(cases.map(([status, w, inWorkshop, trip]) => sql`(${status}::smallint, ${w}::int, ${inWorkshop}::boolean, ${trip}::int)`));
    const { rows } = await sql<{ place: string }>`select ${placeSql('c')} as place from (values ${values}) as c(status, warehouse_id, in_workshop, on_trip_id)`.execute(t.db);
    expect(rows.map((r) => r.place)).toEqual(cases.map(([status, warehouseId, inWorkshop, onTripId]) => placeOf({ status, warehouseId, inWorkshop, onTripId })));
    expect(rows.map((r) => r.place)).toContain('vehicle');
    expect(Object.keys(PLACE_OF_STATUS).map(Number)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('仓库库存 (the kept summary) counts a cylinder of a warehouse in exactly the statuses the shared table says a warehouse holds it', async () => {
    const store = await createWarehouse(t, token, { warehouseName: '各状态库', kind: 'empty' });
    for (let status = 0; status <= 13; status++) {
      const code = `PLS-${status}`;
      const res = await post('/api/product/addProduct', { code, materialId: gas, manufactureDate: addYears(TODAY, -1), warehouseId: store });
      expect(res.body.code, res.body.msg).toBe(0);
      const { id } = await t.db.selectFrom('cylinders').select('id').where('code', '=', code).executeTakeFirstOrThrow();
      if (status !== 2) await forceStatus(t, id, status);
    }
    const rows = (await t.call<StockByWarehouse>('GET', '/api/homePage/storageOutput', { token })).body.data.rows.filter((r) => r.warehouseId === store);
    expect(rows.map((r) => [r.status, r.count])).toEqual(WAREHOUSE_STATUSES.map((s) => [s, 1]));
    const kept = await t.db.selectFrom('cylinder_place_counts').select(['status', sql<string>`sum(count)`.as('n')])
      .where('warehouse_id', '=', store).groupBy('status').having(sql`sum(count)`, '<>', 0).orderBy('status').execute();
    expect(kept.map((r) => [r.status, Number(r.n)])).toEqual(WAREHOUSE_STATUSES.map((s) => [s, 1]));
  });
});
