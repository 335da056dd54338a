import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TokenData } from '../../src/shared/api/auth';
import type { EnterpriseOption, EnterpriseRow } from '../../src/shared/api/enterprise';
import type { PageResult } from '../../src/shared/api/schema';
import { buildTestApp, createLimitedUser, type TestApp } from './app-helper';
import { createEnterprise, createGas } from './master-data-helper';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await buildTestApp();
  token = (await t.login()).token;
});
afterAll(async () => { await t?.close(); });

const save = (body: Record<string, unknown>, as = token) => t.call<{ id: number }>('POST', '/api/enterprise/save', { token: as, body });
const count = async () => Number((await t.db.selectFrom('enterprises').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

describe('customers and suppliers', () => {
  it('saves a customer with its GB/T 2260 area and reads it back with the area names', async () => {
    const { body } = await save({
      type: '2', enterpriseName: '北京朝阳医院', enterpriseCode: 'KH0001', creditCode: '12110000400688888X', contact: '王医生',
      phone: '010-85231000', provinceCode: '110000', cityCode: '110100', districtCode: '110105', address: '工体南路 8 号',
    });
    expect(body.code).toBe(0);
    const info = (await t.call<EnterpriseRow>('GET', `/api/enterprise/info/${body.data.id}`, { token })).body.data;
    expect(info).toMatchObject({
      type: '2', enterpriseName: '北京朝阳医院', enterpriseCode: 'KH0001', provinceName: '北京市', cityName: '北京市', districtName: '朝阳区',
    });
  });

  it('lists customers (type 2) and suppliers (type 1) apart, paged and for the selector', async () => {
    await createEnterprise(t, token, { type: '1', enterpriseName: '杭州钢瓶厂', enterpriseCode: 'GY0001' });
    await createEnterprise(t, token, { type: '2', enterpriseName: '上海焊接厂', enterpriseCode: 'KH0002' });
    const customers = (await t.call<PageResult<EnterpriseRow>>('POST', '/api/enterprise/listPage', { token, body: { type: '2', sidx: 'enterpriseCode', order: 'asc' } })).body.data;
    expect(customers.total).toBe(2);
    expect(customers.list.map((e) => e.enterpriseCode)).toEqual(['KH0001', 'KH0002']);
    const suppliers = (await t.call<EnterpriseOption[]>('POST', '/api/enterprise/list', { token, body: { type: '1' } })).body.data;
    expect(suppliers).toEqual([expect.objectContaining({ enterpriseName: '杭州钢瓶厂', enterpriseCode: 'GY0001', type: '1' })]);
    const byName = (await t.call<EnterpriseOption[]>('POST', '/api/enterprise/list', { token, body: { enterpriseName: '焊接' } })).body.data;
    expect(byName.map((e) => e.enterpriseCode)).toEqual(['KH0002']);
    const report = (await t.call<EnterpriseRow[]>('POST', '/api/enterprise/list/report', { token, body: { type: '2' } })).body.data;
    expect(report.map((e) => e.enterpriseCode)).toEqual(['KH0001', 'KH0002']);
  });

  it('refuses a duplicate code and invalid input naming the field; nothing written', async () => {
    expect((await save({ type: '2', enterpriseName: '重复', enterpriseCode: 'KH0001' })).body)
      .toEqual({ code: -1, msg: '企业编码已存在：KH0001', data: null });
    const before = await count();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ type: '3', enterpriseName: 'x', enterpriseCode: 'X1' }, '类型'],
      [{ type: '2', enterpriseCode: 'X1' }, '企业名称'],
      [{ type: '2', enterpriseName: 'x', enterpriseCode: 'X 1' }, '企业编码'],
      [{ type: '2', enterpriseName: 'x', enterpriseCode: 'X1', creditCode: '123' }, '统一社会信用代码'],
      [{ type: '2', enterpriseName: 'x', enterpriseCode: 'X1', phone: 'call me' }, '电话'],
      [{ type: '2', enterpriseName: 'x', enterpriseCode: 'X1', provinceCode: '990000' }, '省不存在'],
      [{ type: '2', enterpriseName: 'x', enterpriseCode: 'X1', provinceCode: '110000', cityCode: '130100' }, '市不属于所选省份'],
      [{ type: '2', enterpriseName: 'x', enterpriseCode: 'X1', provinceCode: '130000', cityCode: '130100', districtCode: '110105' }, '区不属于所选城市'],
    ];
    for (const [body, field] of cases) {
      const res = await save(body);
      expect(res.body.code, JSON.stringify(body)).toBe(-1);
      expect(res.body.msg, JSON.stringify(body)).toContain(field);
    }
    expect(await count()).toBe(before);
  });

  it('refuses to delete an enterprise linked to cylinders, and to turn such a customer into a supplier', async () => {
    const owner = await createEnterprise(t, token, { type: '2', enterpriseName: '有瓶客户', enterpriseCode: 'KH0900' });
    const gas = await createGas(t, token);
    expect((await t.call('POST', '/api/product/addProduct', { token, body: { code: 'OWNED1', materialId: gas, ownerType: 2, ownerEnterpriseId: owner } })).body.code).toBe(0);
    expect((await t.call('POST', '/api/enterprise/delete', { token, body: { id: owner } })).body)
      .toEqual({ code: -1, msg: '企业 有瓶客户 关联 1 个气瓶，不能删除', data: null });
    expect((await save({ id: owner, type: '1', enterpriseName: '有瓶客户', enterpriseCode: 'KH0900' })).body.msg)
      .toBe('企业 有瓶客户 已关联气瓶，不能修改类型');
    const free = await createEnterprise(t, token, { enterpriseCode: 'KH0901' });
    expect((await t.call('POST', '/api/enterprise/delete', { token, body: { id: free } })).body.code).toBe(0);
    expect(await t.db.selectFrom('enterprises').select('id').where('id', '=', free).executeTakeFirst()).toBeUndefined();
  });

  it('refuses callers without the keys', async () => {
    const user = await createLimitedUser(t, token, 'entviewer', ['enterprise:view', 'enterprise:add']);
    const limited = (await t.call<TokenData>('POST', '/api/home/login', { body: { username: user.username, password: user.password } })).body.data.token;
    const id = (await t.db.selectFrom('enterprises').select('id').where('enterprise_code', '=', 'KH0001').executeTakeFirstOrThrow()).id;
    expect((await save({ id, type: '2', enterpriseName: '改名', enterpriseCode: 'KH0001' }, limited)).status).toBe(403);
    expect((await t.call('POST', '/api/enterprise/delete', { token: limited, body: { id } })).status).toBe(403);
    expect((await t.call('POST', '/api/enterprise/export', { token: limited, body: {} })).status).toBe(403);
    expect((await t.call('POST', '/api/enterprise/importEnterprise', { token: limited })).status).toBe(403);
    expect((await t.db.selectFrom('enterprises').select('enterprise_name').where('id', '=', id).executeTakeFirstOrThrow()).enterprise_name).toBe('北京朝阳医院');
  });
});
