import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TokenData } from '../../src/shared/api/auth';
import type { PageResult } from '../../src/shared/api/schema';
import type { HickeyRow, ProductDetail, ProductRow, ScrapRow, StatusCount } from '../../src/shared/api/product';
import { buildTestApp, createLimitedUser, type TestApp } from './app-helper';
import { createEnterprise, createGas, createWarehouse, forceStatus } from './master-data-helper';

let t: TestApp;
let token: string;
let gas: number;
let warehouse: number;

beforeAll(async () => {
  t = await buildTestApp();
  token = (await t.login()).token;
  gas = await createGas(t, token, { materialName: '氮气', code: 'N2', category: 'compressed' });
  warehouse = await createWarehouse(t, token, { warehouseName: '空瓶库', warehouseCode: 'KP01' });
});
afterAll(async () => { await t?.close(); });

const add = (body: Record<string, unknown>, as = token) =>
  t.call<{ count: number; codes: string[] }>('POST', '/api/product/addProduct', { token: as, body: { materialId: gas, ...body } });
const list = (body: Record<string, unknown> = {}) => t.call<PageResult<ProductRow>>('POST', '/api/product/listPage', { token, body });
const counts = async () => Object.fromEntries((await t.call<StatusCount[]>('GET', '/api/product/statusCount', { token })).body.data
  .map((c) => [c.status, c.count]));
const idOf = async (code: string) => (await t.db.selectFrom('cylinders').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
const cylinderCount = async () => Number((await t.db.selectFrom('cylinders').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

describe('cylinder registration', () => {
  it('registers one cylinder in stock with its first trace event and a derived inspection date', async () => {
    const res = await add({
      code: 'QP0001', steelStamp: 'GS-1', manufactureDate: '2024-03-15', specification: '40L', waterVolume: 40, tareWeight: 50.5,
      workingPressure: 15, warehouseId: warehouse, valveNo: 'QF-1',
    });
    expect(res.body).toMatchObject({ code: 0, data: { count: 1, codes: ['QP0001'] } });
    const detail = (await t.call<ProductDetail>('GET', `/api/product/info/${await idOf('QP0001')}`, { token })).body.data;
    expect(detail).toMatchObject({
      code: 'QP0001', steelStamp: 'GS-1', materialName: '氮气', status: 2, ownerType: 1, manufactureDate: '2024-03-15',
      // N2: 5-year interval from the manufacture date when never inspected.
      nextInspectionDate: '2029-03-15', warehouseName: '空瓶库', waterVolume: 40, tareWeight: 50.5, workingPressure: 15, valveNo: 'QF-1',
    });
    expect(detail.traces).toEqual([expect.objectContaining({ fromStatus: null, toStatus: 2, action: 'register', operator: '管理员' })]);
  });

  it('registers a zero-padded range with one trace event each', async () => {
    const res = await add({ range: { prefix: 'R', start: 8, end: 12, width: 4 }, lastInspectionDate: '2025-01-10' });
    expect(res.body.data).toEqual({ count: 5, codes: ['R0008', 'R0009', 'R0010', 'R0011', 'R0012'] });
    const ids = (await t.db.selectFrom('cylinders').select('id').where('code', 'like', 'R00%').execute()).map((r) => r.id);
    const traces = await t.db.selectFrom('cylinder_traces').select(['cylinder_id', 'to_status', 'action']).where('cylinder_id', 'in', ids).execute();
    expect(traces).toHaveLength(5);
    expect(new Set(traces.map((r) => `${r.to_status}:${r.action}`))).toEqual(new Set(['2:register']));
    const row = (await list({ code: 'R0010' })).body.data.list[0]!;
    expect(row).toMatchObject({ lastInspectionDate: '2025-01-10', nextInspectionDate: '2030-01-10' });
  });

  it('refuses a whole range when any code exists, naming them, and writes nothing', async () => {
    const before = await cylinderCount();
    const res = await add({ range: { prefix: 'R', start: 1, end: 9, width: 4 } });
    expect(res.body).toEqual({ code: -1, msg: '气瓶编码已存在：R0008、R0009', data: null });
    expect(await cylinderCount()).toBe(before);
    expect((await add({ code: 'QP0001' })).body.msg).toBe('气瓶编码已存在：QP0001');
  });

  it('refuses invalid input naming the field and writes nothing', async () => {
    const before = await cylinderCount();
    const customer = await createEnterprise(t, token, { type: '2', enterpriseCode: 'CUST1' });
    const supplier = await createEnterprise(t, token, { type: '1', enterpriseCode: 'SUP1' });
    const cases: Array<[Record<string, unknown>, string]> = [
      [{}, '气瓶编码或号段'],
      [{ code: 'A', range: { prefix: 'A', start: 1, end: 2 } }, '气瓶编码或号段'],
      [{ code: 'bad code' }, '气瓶编码'],
      [{ code: 'OK1', materialId: 99999 }, '介质不存在'],
      [{ code: 'OK1', manufactureDate: '2024-02-30' }, '制造日期不是有效日期'],
      [{ code: 'OK1', manufactureDate: '2999-01-01' }, '制造日期'],
      [{ code: 'OK1', ownerType: 2 }, '产权单位'],
      [{ code: 'OK1', ownerType: 2, ownerEnterpriseId: supplier }, '产权单位不是客户'],
      [{ code: 'OK1', ownerEnterpriseId: customer }, '产权单位'],
      [{ code: 'OK1', warehouseId: 99999 }, '仓库不存在'],
      [{ code: 'OK1', tareWeight: -1 }, '皮重'],
      [{ code: 'OK1', designLifeYears: 0 }, '设计使用年限'],
      [{ range: { prefix: 'Z', start: 5, end: 1 } }, '结束号不能小于起始号'],
      [{ range: { prefix: 'Z', start: 1, end: 6000 } }, '一次最多登记'],
      [{ range: { prefix: 'Z', start: 1, end: 100, width: 2 } }, '位数'],
      [{ range: { prefix: 'Z', start: 1, end: 3 }, steelStamp: 'GS1' }, '钢印号'],
      [{ range: { prefix: 'Z', start: 1, end: 3 }, valveNo: 'QF-1' }, '瓶阀编号'],
    ];
    for (const [body, field] of cases) {
      const res = await add(body);
      expect(res.body.code, JSON.stringify(body)).toBe(-1);
      expect(res.body.msg, JSON.stringify(body)).toContain(field);
      expect(res.body.msg, JSON.stringify(body)).not.toMatch(/[a-z][A-Z]/); // no field keys such as ownerEnterpriseId
    }
    expect(await cylinderCount()).toBe(before);
    expect((await add({ code: 'OWN2', ownerType: 2, ownerEnterpriseId: customer })).body.code).toBe(0);
  });

  it('refuses registration for a disabled gas', async () => {
    const off = await createGas(t, token, { materialName: '停用气', code: 'OFF' });
    await t.call('POST', '/api/material/startOrStop', { token, body: { id: off, status: 0 } });
    expect((await add({ code: 'OFFGAS1', materialId: off })).body.msg).toBe('参数错误：介质已停用：停用气');
  });
});

describe('cylinder list', () => {
  beforeAll(async () => {
    const co2 = await createGas(t, token, { materialName: '二氧化碳', code: 'CO2', category: 'liquefied', reweighRequired: false });
    await add({ range: { prefix: 'LST', start: 1, end: 6 }, materialId: co2, manufactureDate: '2020-06-01' });
  });

  it('filters by code prefix, gas, status, manufacture range and inspection due date, with totals', async () => {
    expect((await list({ code: 'LST' })).body.data.total).toBe(6);
    expect((await list({ code: 'LST_' })).body.data.total).toBe(0);
    const co2 = (await list({ code: 'LST' })).body.data.list[0]!.materialId;
    expect((await list({ materialId: co2 })).body.data.total).toBe(6);
    expect((await list({ manufactureDateStart: '2020-01-01', manufactureDateEnd: '2020-12-31' })).body.data.total).toBe(6);
    // CO2: 3-year interval from 2020-06-01.
    expect((await list({ code: 'LST', inspectionDueBefore: '2023-06-01' })).body.data.total).toBe(6);
    expect((await list({ code: 'LST', inspectionDueBefore: '2023-05-31' })).body.data.total).toBe(0);
    expect((await list({ steelStamp: 'GS-' })).body.data.list.map((r) => r.code)).toEqual(['QP0001']);
    expect((await list({ warehouseId: warehouse })).body.data.list.map((r) => r.code)).toEqual(['QP0001']);
  });

  it('pages newest first by default, a code search in code order, and sorts by whitelisted columns only', async () => {
    const co2 = (await list({ code: 'LST' })).body.data.list[0]!.materialId;
    const page = (await list({ materialId: co2, page: 2, size: 4 })).body.data;
    expect(page.total).toBe(6);
    expect(page.list.map((r) => r.code)).toEqual(['LST2', 'LST1']);
    expect((await list({ code: 'LST', page: 2, size: 4 })).body.data.list.map((r) => r.code)).toEqual(['LST5', 'LST6']);
    const byCode = (await list({ code: 'LST', sidx: 'code', order: 'desc', size: 2 })).body.data.list.map((r) => r.code);
    expect(byCode).toEqual(['LST6', 'LST5']);
    expect((await list({ sidx: 'remark' })).body).toMatchObject({ code: -1, msg: '参数错误：排序字段取值无效' });
  });

  it('answers the unfiltered and status-only totals from the counters', async () => {
    const all = (await list()).body.data.total;
    expect(all).toBe(await cylinderCount());
    expect((await list({ status: 2 })).body.data.total).toBe((await counts())[2]);
  });
});

describe('scrap, status counts, valve history, removal', () => {
  it('scraps with a reason and a trace event; the tabs follow; the code stays reserved', async () => {
    await add({ code: 'SCR1' });
    const before = await counts();
    const id = await idOf('SCR1');
    expect((await t.call('POST', '/api/product/scrap', { token, body: { id, reason: '瓶体腐蚀' } })).body.code).toBe(0);
    const after = await counts();
    expect(after[0]).toBe(before[0]! + 1);
    expect(after[2]).toBe(before[2]! - 1);
    expect(Object.keys(after)).toHaveLength(14);
    const detail = (await t.call<ProductDetail>('GET', `/api/product/info/${id}`, { token })).body.data;
    expect(detail).toMatchObject({ status: 0, scrapReason: '瓶体腐蚀', scrappedBy: '管理员' });
    expect(detail.traces.at(-1)).toMatchObject({ fromStatus: 2, toStatus: 0, action: 'scrap', detail: { reason: '瓶体腐蚀' } });
    expect((await t.call('POST', '/api/product/scrap', { token, body: { id, reason: '再来' } })).body.msg).toBe('气瓶 SCR1 已报废');
    expect((await add({ code: 'SCR1' })).body.msg).toBe('气瓶编码已存在：SCR1');
    const scrapped = (await t.call<PageResult<ScrapRow>>('POST', '/api/product/listScrapPage', { token, body: { code: 'SCR' } })).body.data;
    expect(scrapped).toMatchObject({ total: 1, list: [{ code: 'SCR1', scrapReason: '瓶体腐蚀', materialName: '氮气' }] });
  });

  it('refuses to scrap a cylinder at a customer (status 9), naming it', async () => {
    await add({ code: 'OUT1' });
    const id = await idOf('OUT1');
    await forceStatus(t, id, 9);
    const res = await t.call('POST', '/api/product/scrap', { token, body: { id, reason: '丢失' } });
    expect(res.body).toMatchObject({ code: -1, msg: expect.stringContaining('气瓶 OUT1 当前状态为「已出库(9)」') });
    expect((await counts())[9]).toBe(1);
  });

  it('keeps the valve history', async () => {
    const id = await idOf('QP0001');
    const change = (body: Record<string, unknown>) => t.call('POST', '/api/product/updateHickey', { token, body: { id, ...body } });
    expect((await change({ newValve: 'QF-2', changedOn: '2025-02-01', reason: '漏气' })).body.code).toBe(0);
    expect((await change({ newValve: 'QF-3', reason: '到期更换' })).body.code).toBe(0);
    expect((await change({ newValve: 'QF-3', reason: '重复' })).body.msg).toBe('气瓶 QP0001 当前瓶阀已是 QF-3');
    expect((await change({ newValve: 'QF-4', reason: '' })).body.msg).toContain('更换原因');
    const history = (await t.call<PageResult<HickeyRow>>('POST', '/api/product/listHickeyHistory', { token, body: { cylinderId: id } })).body.data;
    expect(history.total).toBe(2);
    expect(history.list.map((h) => [h.oldValve, h.newValve, h.reason])).toEqual([['QF-2', 'QF-3', '到期更换'], ['QF-1', 'QF-2', '漏气']]);
    expect(history.list[1]).toMatchObject({ changedOn: '2025-02-01', operator: '管理员', code: 'QP0001' });
    expect((await list({ code: 'QP0001' })).body.data.list[0]!.valveNo).toBe('QF-3');
  });

  it('产权单位 reads the same in the list, the details, the trace and the station: 自有 or the customer', async () => {
    const customer = await createEnterprise(t, token, { type: '2', enterpriseName: '东方焊接厂', enterpriseCode: 'OWNC1' });
    await add({ code: 'OWNA' });
    await add({ code: 'OWNB', ownerType: 2, ownerEnterpriseId: customer });
    for (const [code, owner] of [['OWNA', '自有'], ['OWNB', '东方焊接厂']] as const) {
      const id = await idOf(code);
      const seen = {
        list: (await list({ code })).body.data.list[0]?.ownerName,
        detail: (await t.call<ProductDetail>('GET', `/api/product/info/${id}`, { token })).body.data.ownerName,
        trace: (await t.call<{ cylinder: { ownerName: string | null } }>('POST', '/api/trace/getInfo', { token, body: { code } })).body.data.cylinder.ownerName,
        station: (await t.call<{ cylinder: { ownerName: string | null } }>('POST', '/api/produce/fillingScan', { token, body: { code, materialId: gas } })).body.data.cylinder.ownerName,
      };
      expect(seen, code).toEqual({ list: owner, detail: owner, trace: owner, station: owner });
    }
  });

  it('removes a mistaken registration only while it has no movement', async () => {
    await add({ code: 'MIS1' });
    await add({ code: 'MIS2' });
    await add({ code: 'MIS3' });
    const fresh = await idOf('MIS1');
    const scrapped = await idOf('MIS2');
    const moved = await idOf('MIS3');
    const before = await counts();
    expect((await t.call('POST', '/api/product/delAllProcess', { token, body: { id: fresh } })).body.code).toBe(0);
    expect(await t.db.selectFrom('cylinders').select('id').where('id', '=', fresh).executeTakeFirst()).toBeUndefined();
    expect((await counts())[2]).toBe(before[2]! - 1);
    // A scrapped cylinder stays on record, and the refusal does not suggest scrapping it.
    await t.call('POST', '/api/product/scrap', { token, body: { id: scrapped, reason: '登记错误' } });
    expect((await t.call('POST', '/api/product/delAllProcess', { token, body: { id: scrapped } })).body)
      .toEqual({ code: -1, msg: '气瓶 MIS2 已报废，不能删除', data: null });
    expect(await t.db.selectFrom('cylinders').select('id').where('id', '=', scrapped).executeTakeFirst()).toBeDefined();
    // Any other record (here: a valve change) makes it part of the record for good too.
    expect((await t.call('POST', '/api/product/updateHickey', { token, body: { id: moved, newValve: 'QF-9', reason: '漏气' } })).body.code).toBe(0);
    expect((await t.call('POST', '/api/product/delAllProcess', { token, body: { id: moved } })).body)
      .toEqual({ code: -1, msg: '气瓶 MIS3 已有流转记录，不能删除（可报废）', data: null });
  });

  it('refuses callers without the keys and changes nothing', async () => {
    const user = await createLimitedUser(t, token, 'cylview', ['product:view']);
    const limited = (await t.call<TokenData>('POST', '/api/home/login', { body: { username: user.username, password: user.password } })).body.data.token;
    expect((await list()).body.code).toBe(0);
    expect((await add({ code: 'NOPE1' }, limited)).status).toBe(403);
    const id = await idOf('QP0001');
    for (const [url, body] of [
      ['/api/product/scrap', { id, reason: 'x' }], ['/api/product/delAllProcess', { id }],
      ['/api/product/updateHickey', { id, newValve: 'X', reason: 'x' }], ['/api/product/export', {}],
    ] as const) {
      expect((await t.call('POST', url, { token: limited, body })).status, url).toBe(403);
    }
    expect((await t.call('GET', '/api/product/statusCount', { token: limited })).body.code).toBe(0);
    expect(await t.db.selectFrom('cylinders').select(['status', 'valve_no']).where('id', '=', id).executeTakeFirst()).toEqual({ status: 2, valve_no: 'QF-3' });
  });
});
