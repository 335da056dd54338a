import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PageResult } from '../../src/shared/api/schema';
import type { ProductDetail, ProductRow } from '../../src/shared/api/product';
import { addDays, addYears, today } from '../../src/server/lib/dates';
import { buildTestApp, type TestApp } from './app-helper';
import { createGas } from './master-data-helper';

let t: TestApp;
let token: string;
let gas: number;

beforeAll(async () => {
  t = await buildTestApp();
  token = (await t.login()).token;
  gas = await createGas(t, token, { materialName: '氮气', code: 'N2' });
});
afterAll(async () => { await t?.close(); });

const add = (body: Record<string, unknown>) =>
  t.call<{ count: number; codes: string[] }>('POST', '/api/product/addProduct', { token, body: { materialId: gas, ...body } });
const idOf = async (code: string) => (await t.db.selectFrom('cylinders').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
const detail = async (id: number) => (await t.call<ProductDetail>('GET', `/api/product/info/${id}`, { token })).body.data;

describe('registration by range', () => {
  it('numbers the steel stamps alongside the codes from steelStampPrefix', async () => {
    const res = await add({ range: { prefix: 'SP', start: 9, end: 11, width: 3, steelStampPrefix: 'GS-2024-' } });
    expect(res.body).toMatchObject({ code: 0, data: { count: 3, codes: ['SP009', 'SP010', 'SP011'] } });
    const rows = (await t.call<PageResult<ProductRow>>('POST', '/api/product/listPage', { token, body: { code: 'SP' } })).body.data.list;
    expect(rows.map((r) => [r.code, r.steelStamp])).toEqual([['SP009', 'GS-2024-009'], ['SP010', 'GS-2024-010'], ['SP011', 'GS-2024-011']]);
  });

  it('refuses one steel stamp or one valve for the whole range, registering nothing', async () => {
    expect((await add({ range: { prefix: 'ONE', start: 1, end: 3 }, steelStamp: 'GS-1' })).body)
      .toEqual({ code: -1, msg: '参数错误：按号段登记时不能填写同一个钢印号，请填写钢印号前缀（按号顺延）', data: null });
    expect((await add({ range: { prefix: 'ONE', start: 1, end: 3 }, valveNo: 'QF-1' })).body)
      .toEqual({ code: -1, msg: '参数错误：按号段登记时不能填写瓶阀编号，请登记后逐个更换瓶阀', data: null });
    expect(await t.db.selectFrom('cylinders').select('id').where('code', 'like', 'ONE%').execute()).toEqual([]);
  });
});

describe("a cylinder's trace (追溯记录)", () => {
  it('shows a valve change and a passed periodic inspection', async () => {
    await add({ code: 'TR1', valveNo: 'QF-1', manufactureDate: '2015-01-01' });
    const id = await idOf('TR1');
    expect((await t.call('POST', '/api/product/updateHickey', { token, body: { id, newValve: 'QF-2', reason: '漏气' } })).body.code).toBe(0);
    const on = addDays(today(), -1);
    const inspected = await t.call('POST', '/api/detect/record', { token, body: { cylinderId: id, inspectedOn: on, result: 1, reportNo: 'R-7' } });
    expect(inspected.body.code).toBe(0);

    const traces = (await detail(id)).traces;
    expect(traces.map((e) => e.action)).toEqual(['register', 'hickey', 'inspection']);
    expect(traces[1]).toMatchObject({ fromStatus: 2, toStatus: 2, operator: '管理员', detail: { oldValve: 'QF-1', newValve: 'QF-2', reason: '漏气' } });
    expect(traces[2]).toMatchObject({ fromStatus: 2, toStatus: 2, operator: '管理员', detail: { inspectedOn: on, nextDate: addYears(on, 5), reportNo: 'R-7' } });
  });
});
