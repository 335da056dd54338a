import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataSourceContent } from '../../src/shared/api/dataSource';
import { buildTestApp, type TestApp } from './app-helper';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await buildTestApp();
  admin = (await t.login()).token;
});
afterAll(async () => { await t?.close(); });

const save = (body: unknown) => t.call<DataSourceContent>('POST', '/api/dataSource/contentConfig/saveContent', { token: admin, body });
const own = async (dataSource: string) =>
  (await t.call<DataSourceContent>('POST', '/api/dataSource/contentConfig/getContent', { token: admin, body: { dataSource } })).body.data.fields
    .filter((f) => f.id !== undefined).map((f) => [f.contentKey, f.contentName, f.type]);

describe('contentConfig/saveContent (记录建模: a data source\'s own fields as a whole)', () => {
  it('replaces the own fields: renames kept ones, removes missing ones, adds new ones; getContent shows them after the built-in fields', async () => {
    const first = await save({ dataSource: 'LOT', fields: [
      { contentKey: 'extra.batchTemp', contentName: '批次温度', type: 'number' },
      { contentKey: 'extra.checker', contentName: '复核人', type: 'text' },
    ] });
    expect(first.body.code).toBe(0);
    expect(first.body.data.fields.map((f) => f.contentKey)).toEqual(expect.arrayContaining(['lot.lotNo', 'extra.batchTemp', 'extra.checker']));
    const second = await save({ dataSource: 'LOT', fields: [
      { contentKey: 'extra.batchTemp', contentName: '环境温度', type: 'number' },
      { contentKey: 'extra.sealImage', contentName: '批次印章', type: 'image' },
    ] });
    expect(second.body.code).toBe(0);
    expect(await own('LOT')).toEqual([['extra.batchTemp', '环境温度', 'number'], ['extra.sealImage', '批次印章', 'image']]);
    // Another data source is untouched.
    expect(await own('CYLINDER')).toEqual([]);
  });

  it('refuses a built-in key, a repeated key and bad input with code -1 naming the problem, changing nothing', async () => {
    const before = await own('LOT');
    const builtIn = await save({ dataSource: 'LOT', fields: [{ contentKey: 'lot.lotNo', contentName: '批号', type: 'text' }] });
    expect(builtIn.body).toMatchObject({ code: -1, msg: expect.stringContaining('lot.lotNo') });
    const twice = await save({ dataSource: 'LOT', fields: [
      { contentKey: 'extra.a', contentName: '甲', type: 'text' }, { contentKey: 'EXTRA.A', contentName: '乙', type: 'text' },
    ] });
    expect(twice.body).toMatchObject({ code: -1, msg: expect.stringContaining('重复') });
    for (const bad of [
      { dataSource: 'SALARY', fields: [] },
      { dataSource: 'LOT', fields: [{ contentKey: 'a\u0000b', contentName: '甲', type: 'text' }] },
      { dataSource: 'LOT', fields: [{ contentKey: 'extra.list', contentName: '列表', type: 'list' }] },
      { dataSource: 'LOT', fields: Array.from({ length: 101 }, (_, i) => ({ contentKey: `f${i}`, contentName: '字段', type: 'text' })) },
    ]) {
      const res = await save(bad);
      expect(res.body.code).toBe(-1);
      expect(res.body.msg).toMatch(/[\u4e00-\u9fff]/);
    }
    expect(await own('LOT')).toEqual(before);
  });
});
