import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AreaNode } from '../../src/shared/api/area';
import type { EnumEntry } from '../../src/shared/api/enum';
import { buildTestApp, type TestApp } from './app-helper';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await buildTestApp();
  token = (await t.login()).token;
});
afterAll(async () => { await t?.close(); });

const dropDown = async (name: string) => (await t.call<EnumEntry[]>('GET', `/api/enum/dropDown/${name}`, { token })).body;

describe('enumerations', () => {
  it('serves the status codes 0–13, reserved ones as their number', async () => {
    const { data } = await dropDown('productStatus');
    expect(data.map((e) => e.code)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
    expect(data[0]).toEqual({ name: '报废', code: 0 });
    expect(data[2]).toEqual({ name: '在库', code: 2 });
    expect(data.slice(11)).toEqual([{ name: '11', code: 11 }, { name: '12', code: 12 }, { name: '13', code: 13 }]);
  });

  it('serves the enumerations of SPEC sections 3 and 4', async () => {
    expect((await dropDown('receiptType')).data.map((e) => e.code)).toEqual(['spaceRk', 'productRK', 'productCK', 'pickCk']);
    expect((await dropDown('enabledFlag')).data).toEqual([{ name: '启用', code: 1 }, { name: '停用', code: 0 }]);
    expect((await dropDown('yesNo')).data.map((e) => e.code)).toEqual([1, 0]);
    expect((await dropDown('approvalResult')).data).toEqual([{ name: '同意', code: '通过' }, { name: '拒绝', code: '拒绝' }]);
    expect((await dropDown('inspectionResult')).data.map((e) => e.name)).toEqual(['合格', '不合格']);
    expect((await dropDown('periodUnit')).data.map((e) => e.name)).toEqual(['年', '月', '天']);
    expect((await dropDown('comparisonOperator')).data.map((e) => e.name)).toEqual(['等于', '大于', '大于等于', '小于', '小于等于', '不等于']);
    expect((await dropDown('messageRead')).data.map((e) => e.code)).toEqual([1, 0]);
    expect((await dropDown('outboundStatus')).data.map((e) => e.name)).toEqual(['出库完成', '出库待扫描']);
    expect((await dropDown('gasCategory')).data.map((e) => e.code)).toEqual(['compressed', 'liquefied', 'dissolved', 'mixture', 'cryogenic']);
    expect((await dropDown('warehouseKind')).data.map((e) => e.code)).toEqual(['empty', 'finished']);
  });

  it('refuses an unknown name with -1', async () => {
    expect(await dropDown('nope')).toEqual({ code: -1, msg: '枚举不存在：nope', data: null });
    expect(await dropDown('constructor')).toMatchObject({ code: -1 });
  });

  it('needs a signed-in caller', async () => {
    expect((await t.call('GET', '/api/enum/dropDown/yesNo')).status).toBe(401);
  });
});

describe('area divisions (GB/T 2260)', () => {
  it('serves province → city → district with codes and names', async () => {
    const { body } = await t.call<AreaNode[]>('GET', '/api/area/getAreaInfoAllList', { token });
    expect(body.code).toBe(0);
    expect(body.data.length).toBeGreaterThanOrEqual(31);
    const beijing = body.data.find((p) => p.code === '110000')!;
    expect(beijing.name).toBe('北京市');
    const city = beijing.children![0]!;
    expect(city).toMatchObject({ code: '110100', name: '北京市' });
    expect(city.children).toContainEqual({ code: '110105', name: '朝阳区' });
    const hebei = body.data.find((p) => p.code === '130000')!;
    expect(hebei.name).toBe('河北省');
    const shijiazhuang = hebei.children!.find((c) => c.code === '130100')!;
    expect(shijiazhuang.name).toBe('石家庄市');
    expect(shijiazhuang.children).toContainEqual({ code: '130102', name: '长安区' });
  });
});
