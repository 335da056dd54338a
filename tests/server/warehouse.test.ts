import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TokenData } from '../../src/shared/api/auth';
import type { PageResult } from '../../src/shared/api/schema';
import type { WarehouseOption, WarehouseRow } from '../../src/shared/api/warehouse';
import { buildTestApp, createLimitedUser, type TestApp } from './app-helper';
import { createGas, createWarehouse } from './master-data-helper';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await buildTestApp();
  token = (await t.login()).token;
});
afterAll(async () => { await t?.close(); });

const save = (body: Record<string, unknown>, as = token) => t.call<{ id: number }>('POST', '/api/wdwarehouse/saveAndEditWare', { token: as, body });

describe('warehouses', () => {
  it('creates, edits, lists and offers warehouses', async () => {
    const id = await createWarehouse(t, token, { warehouseName: '空瓶库', warehouseCode: 'KP01', kind: 'empty', keeper: '李四' });
    await createWarehouse(t, token, { warehouseName: '成品库', warehouseCode: 'CP01', kind: 'finished' });
    expect((await save({ id, warehouseName: '空瓶一号库', warehouseCode: 'KP01', kind: 'empty', address: '厂区东' })).body.code).toBe(0);
    const page = await t.call<PageResult<WarehouseRow>>('POST', '/api/wdwarehouse/listPage', { token, body: { kind: 'empty' } });
    expect(page.body.data).toMatchObject({ total: 1, list: [{ id, warehouseName: '空瓶一号库', warehouseCode: 'KP01', address: '厂区东', keeper: null }] });
    const options = await t.call<WarehouseOption[]>('GET', '/api/wdwarehouse/getWareList?kind=finished', { token });
    expect(options.body.data).toEqual([expect.objectContaining({ warehouseCode: 'CP01', warehouseName: '成品库', kind: 'finished' })]);
    expect((await t.call('POST', '/api/wdwarehouse/listPage', { token, body: { sidx: 'keeper' } })).body.msg).toBe('参数错误：排序字段取值无效');
  });

  it('refuses a duplicate code and invalid input, naming the field, writing nothing', async () => {
    await createWarehouse(t, token, { warehouseCode: 'DUP1' });
    expect((await save({ warehouseName: '重复', warehouseCode: 'DUP1', kind: 'empty' })).body)
      .toEqual({ code: -1, msg: '仓库编码已存在：DUP1', data: null });
    const bad = await save({ warehouseName: '坏', warehouseCode: 'B1', kind: 'cold' });
    expect(bad.body).toMatchObject({ code: -1, msg: '参数错误：仓库类型取值无效' });
    expect((await save({ warehouseName: '', warehouseCode: 'B1', kind: 'empty' })).body.msg).toContain('仓库名称');
    expect(await t.db.selectFrom('warehouses').select('id').where('warehouse_code', '=', 'B1').executeTakeFirst()).toBeUndefined();
  });

  it('refuses to delete a warehouse holding cylinders, saying how many; scrapped ones do not count', async () => {
    const wid = await createWarehouse(t, token, { warehouseName: '待删库', warehouseCode: 'DEL1' });
    const gas = await createGas(t, token);
    const add = await t.call('POST', '/api/product/addProduct', {
      token, body: { range: { prefix: 'WH', start: 1, end: 3 }, materialId: gas, warehouseId: wid },
    });
    expect(add.body.code).toBe(0);
    expect((await t.call('POST', '/api/wdwarehouse/deleteById', { token, body: { id: wid } })).body)
      .toEqual({ code: -1, msg: '仓库 待删库 中还有 3 个气瓶，不能删除', data: null });
    const ids = (await t.db.selectFrom('cylinders').select('id').where('warehouse_id', '=', wid).execute()).map((r) => r.id);
    for (const id of ids) {
      expect((await t.call('POST', '/api/product/scrap', { token, body: { id, reason: '腐蚀' } })).body.code).toBe(0);
    }
    expect((await t.call('POST', '/api/wdwarehouse/deleteById', { token, body: { id: wid } })).body.code).toBe(0);
    expect(await t.db.selectFrom('warehouses').select('id').where('id', '=', wid).executeTakeFirst()).toBeUndefined();
    expect((await t.call('POST', '/api/wdwarehouse/deleteById', { token, body: { id: wid } })).body.code).toBe(-1);
  });

  it('counts as its cylinders only what it holds: one picked from it is in the workshop, and still keeps it from being deleted', async () => {
    const wid = await createWarehouse(t, token, { warehouseName: '领出库', warehouseCode: 'DEL2' });
    const gas = await createGas(t, token);
    const add = await t.call('POST', '/api/product/addProduct', { token, body: { code: 'WHP-1', materialId: gas, nextInspectionDate: '2099-01-01', warehouseId: wid } });
    expect(add.body.code, add.body.msg).toBe(0);
    const picked = await t.call('POST', '/api/produce/addPicking', { token, body: { code: 'WHP-1' } });
    expect(picked.body.code, picked.body.msg).toBe(0);
    expect((await t.call('POST', '/api/wdwarehouse/deleteById', { token, body: { id: wid } })).body)
      .toEqual({ code: -1, msg: '仓库 领出库 还有 1 个领出或已扫入出库单的气瓶（退回领瓶、移出时回到该仓库），不能删除', data: null });
  });

  it('refuses callers without the keys', async () => {
    const user = await createLimitedUser(t, token, 'storeman', ['warehouse:view']);
    const limited = (await t.call<TokenData>('POST', '/api/home/login', { body: { username: user.username, password: user.password } })).body.data.token;
    expect((await t.call('POST', '/api/wdwarehouse/listPage', { token: limited, body: {} })).body.code).toBe(0);
    expect((await save({ warehouseName: '越权', warehouseCode: 'NOPE', kind: 'empty' }, limited)).status).toBe(403);
    expect((await t.call('POST', '/api/wdwarehouse/deleteById', { token: limited, body: { id: 1 } })).status).toBe(403);
    expect(await t.db.selectFrom('warehouses').select('id').where('warehouse_code', '=', 'NOPE').executeTakeFirst()).toBeUndefined();
  });
});
