import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataSourceContent } from '../../src/shared/api/dataSource';
import { addYears, today } from '../../src/server/lib/dates';
import { cylinderData } from '../../src/server/modules/dataSource';
import { buildTestApp, type TestApp } from './app-helper';
import { Plant } from './quality-helper';

let t: TestApp;
let admin: string;
let plant: Plant;

beforeAll(async () => {
  t = await buildTestApp();
  admin = (await t.login()).token;
  plant = new Plant(t, admin, 'DS');
  await plant.setup();
});
afterAll(async () => { await t?.close(); });

describe('data sources (记录建模)', () => {
  it('names the fields a document or label may use, list items nested', async () => {
    const res = await t.call<DataSourceContent>('POST', '/api/dataSource/contentConfig/getContent', { token: admin, body: { dataSource: 'OUTBOUND_ORDER' } });
    expect(res.body.code).toBe(0);
    expect(res.body.data).toMatchObject({ kind: 'OUTBOUND_ORDER', name: '出库单' });
    const keys = res.body.data.fields.map((f) => f.contentKey);
    expect(keys).toEqual(expect.arrayContaining(['order.orderNo', 'customer.name', 'company.licenceNo', 'cylinders']));
    const cylinders = res.body.data.fields.find((f) => f.contentKey === 'cylinders')!;
    expect(cylinders.type).toBe('list');
    expect(cylinders.fields!.find((f) => f.contentKey === 'code')).toMatchObject({ contentName: '气瓶编码' });
    expect((await t.call('POST', '/api/dataSource/contentConfig/getContent', { token: admin, body: { dataSource: 'SALARY' } })).body.code).toBe(-1);
    // The dictionary keeps its path.
    expect((await t.call('GET', '/api/dataSource/getDataSource/specification', { token: admin })).body.code).toBe(0);
  });

  it('builds a cylinder with its last fill, inspection and re-weigh, design life and the plant', async () => {
    expect((await t.call('POST', '/api/company/save', { token: admin, body: { companyName: '测试气体厂', licenceNo: 'TS-001' } })).body.code).toBe(0);
    await plant.cylinder('DSLPG1', 'lpg');
    const blobs = t.app.blobs;
    const fresh = await cylinderData(t.db, blobs, 'DSLPG1');
    expect(fresh).toMatchObject({ lastFill: null, lastInspection: null, lastWeigh: null, company: { name: '测试气体厂', licenceNo: 'TS-001', logo: null } });
    expect(fresh.cylinder).toMatchObject({ code: 'DSLPG1', specification: 'YSP-15', statusName: '在库', tareWeight: 15 });
    // Made a year ago; the gas's design life (LPG: 8 years) ends 8 years after.
    expect(fresh.cylinder.designLifeUntil).toBe(addYears(addYears(today(), -1), 8));

    await plant.fill('DSLPG1', 'lpg', 'LOT-DS-1');
    await plant.test('DSLPG1', 'lpg');
    await plant.reweigh('DSLPG1', 30.1);
    const data = await cylinderData(t.db, blobs, 'DSLPG1');
    expect(data.lastFill).toMatchObject({ lotNo: 'LOT-DS-1', weight: 14.5, workstation: 'qa' });
    expect(data.lastInspection).toMatchObject({ resultName: '合格', items: [{ name: '外观', resultName: '合格' }] });
    expect(data.lastWeigh).toMatchObject({ gross: 30.1, resultName: expect.any(String) });
    expect(data.cylinder.statusName).not.toBe('在库');
    expect(data.printedAt).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    await expect(cylinderData(t.db, blobs, 'NOSUCH')).rejects.toThrow('气瓶不存在：NOSUCH');
  });
});
