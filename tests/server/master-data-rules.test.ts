import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MaterialOption } from '../../src/shared/api/material';
import type { InspectionItemRow } from '../../src/shared/api/inspectionItem';
import { buildTestApp, type TestApp } from './app-helper';
import { createEnterprise, createGas, createWarehouse } from './master-data-helper';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await buildTestApp();
  token = (await t.login()).token;
});
afterAll(async () => { await t?.close(); });

const post = (url: string, body: unknown) => t.call<{ id: number }>('POST', url, { token, body });

describe('codes are unique regardless of letter case', () => {
  it('a gas, a warehouse, a customer and a cylinder code differing only in case are refused', async () => {
    const gas = await createGas(t, token, { materialName: '氮气', code: 'N2' });
    expect((await post('/api/material/save', { materialName: '小写氮气', code: 'n2', category: 'compressed' })).body)
      .toEqual({ code: -1, msg: '介质编码已存在：N2', data: null });
    await createWarehouse(t, token, { warehouseCode: 'KP01' });
    expect((await post('/api/wdwarehouse/saveAndEditWare', { warehouseName: '另一库', warehouseCode: 'kp01', kind: 'empty' })).body)
      .toEqual({ code: -1, msg: '仓库编码已存在：KP01', data: null });
    await createEnterprise(t, token, { enterpriseName: '甲客户', enterpriseCode: 'KH01' });
    expect((await post('/api/enterprise/save', { type: '2', enterpriseName: '乙客户', enterpriseCode: 'kh01' })).body)
      .toEqual({ code: -1, msg: '企业编码已存在：KH01', data: null });
    expect((await post('/api/product/addProduct', { code: 'QP01', materialId: gas })).body.code).toBe(0);
    expect((await post('/api/product/addProduct', { code: 'qp01', materialId: gas })).body)
      .toEqual({ code: -1, msg: '气瓶编码已存在：QP01', data: null });
    expect((await post('/api/product/addProduct', { range: { prefix: 'qp', start: 1, end: 2, width: 2 }, materialId: gas })).body)
      .toEqual({ code: -1, msg: '气瓶编码已存在：QP01', data: null });
  });

  it('two customers (or two suppliers) of the same name are refused; a customer and a supplier may share it', async () => {
    await createEnterprise(t, token, { type: '2', enterpriseName: 'ABC 气体', enterpriseCode: 'NAME1' });
    expect((await post('/api/enterprise/save', { type: '2', enterpriseName: 'abc 气体', enterpriseCode: 'NAME2' })).body)
      .toEqual({ code: -1, msg: '已有同名客户：abc 气体', data: null });
    const supplier = await createEnterprise(t, token, { type: '1', enterpriseName: 'ABC 气体', enterpriseCode: 'NAME3' });
    expect((await post('/api/enterprise/save', { type: '1', enterpriseName: 'ABC 气体', enterpriseCode: 'NAME4' })).body)
      .toEqual({ code: -1, msg: '已有同名供应商：ABC 气体', data: null });
    // Saving one under its own name is an edit.
    expect((await post('/api/enterprise/save', { id: supplier, type: '1', enterpriseName: 'ABC 气体', enterpriseCode: 'NAME3', contact: '王' })).body.code).toBe(0);
  });
});

describe('gas dropdown', () => {
  it('leaves a stopped gas out unless includeDisabled=true', async () => {
    const stopped = await createGas(t, token, { materialName: '停用氪气', code: 'KR_OFF' });
    expect((await post('/api/material/startOrStop', { id: stopped, status: 0 })).body.code).toBe(0);
    const options = async (query = '') => (await t.call<MaterialOption[]>('GET', `/api/material/dropDown${query}`, { token })).body.data;
    expect((await options()).map((o) => o.code)).not.toContain('KR_OFF');
    expect((await options('?includeDisabled=false')).map((o) => o.code)).not.toContain('KR_OFF');
    expect((await options('?includeDisabled=true')).find((o) => o.code === 'KR_OFF')).toMatchObject({ materialName: '停用氪气', status: 0 });
    expect((await options('?includeDisabled=true')).map((o) => o.code)).toContain('N2');
  });
});

describe('inspection items', () => {
  it('an item left out of the list is retired, kept in the table, and its name may be used again', async () => {
    const gas = await createGas(t, token, { materialName: '氧气', code: 'O2' });
    const save = async (projects: unknown[]) => {
      const res = await t.call<InspectionItemRow[]>('POST', '/api/produce/saveTestProject', { token, body: { materialId: gas, projects } });
      expect(res.body, res.body.msg).toMatchObject({ code: 0 });
      return res.body.data;
    };
    const listed = async () => (await t.call<InspectionItemRow[]>('POST', '/api/produce/queryTestProject', { token, body: { materialId: gas } })).body.data;
    const [purity, water] = await save([{ projectName: '纯度', standardMin: 99.5, unit: '%' }, { projectName: '水分', standardMax: 10, unit: 'ppm' }]);
    await save([{ id: purity!.id, projectName: '纯度', standardMin: 99.5, unit: '%' }]);
    expect((await listed()).map((p) => p.projectName)).toEqual(['纯度']);
    const kept = await t.db.selectFrom('test_projects').select(['project_name', 'retired_at']).where('id', '=', water!.id).executeTakeFirstOrThrow();
    expect(kept.project_name).toBe('水分');
    expect(kept.retired_at).toBeInstanceOf(Date);
    // A retired item cannot be edited back through the list: it no longer belongs to the gas's items.
    const stale = await t.call('POST', '/api/produce/saveTestProject', { token, body: { materialId: gas, projects: [{ id: water!.id, projectName: '水分' }] } });
    expect(stale.body).toMatchObject({ code: -1, msg: `参数错误：检验项目 ${water!.id} 不属于该介质` });

    const again = await save([{ id: purity!.id, projectName: '纯度', standardMin: 99.5, unit: '%' }, { projectName: '水分', standardMax: 5, unit: 'ppm' }]);
    expect(again.map((p) => [p.projectName, p.standardMax])).toEqual([['纯度', null], ['水分', 5]]);
    expect(again[1]!.id).not.toBe(water!.id);
    const rows = await t.db.selectFrom('test_projects').select(['id', 'retired_at']).where('material_id', '=', gas).where('project_name', '=', '水分').orderBy('id').execute();
    expect(rows.map((r) => r.retired_at === null)).toEqual([false, true]);
  });
});
