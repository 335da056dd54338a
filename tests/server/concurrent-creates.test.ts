import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './app-helper';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await buildTestApp();
  token = (await t.login()).token;
});
afterAll(async () => { await t?.close(); });

/**
 * Ten saves of one code at once all pass the "already exists?" check before any commits; the database's
 * unique index then refuses all but one. Every loser must get the same answer as the check, never a 500.
 */
async function race(url: string, bodies: Array<Record<string, unknown>>) {
  const results = await Promise.all(bodies.map((body) => t.call('POST', url, { token, body })));
  expect(results.map((r) => r.status)).toEqual(bodies.map(() => 200));
  const won = results.filter((r) => r.body.code === 0);
  const lost = results.filter((r) => r.body.code !== 0);
  expect(won).toHaveLength(1);
  return lost.map((r) => r.body);
}

it('one of ten concurrent roles with the same code is created; the others are told it exists', async () => {
  const lost = await race('/api/role/saveRole', Array.from({ length: 10 }, (_, i) => ({ roleName: `并发角色 ${i}`, roleCode: 'race_role' })));
  expect(lost).toEqual(Array(9).fill({ code: -1, msg: '角色编码已存在：race_role', data: null }));
  expect(await t.db.selectFrom('roles').select('id').where('role_code', '=', 'race_role').execute()).toHaveLength(1);
});

it('one of ten concurrent users with the same user name is created; the others are told it exists', async () => {
  const lost = await race('/api/user/save', Array.from({ length: 10 }, (_, i) => ({ username: 'race_user', name: `并发 ${i}`, password: 'Passw0rd!x' })));
  expect(lost).toEqual(Array(9).fill({ code: -1, msg: '用户名已存在：race_user', data: null }));
  expect(await t.db.selectFrom('users').select('id').where('username', '=', 'race_user').execute()).toHaveLength(1);
});

it('codes that differ only in letter case race the same way (gas, warehouse, customer)', async () => {
  const spellings = ['ar', 'AR', 'Ar', 'aR', 'ar', 'AR'];
  const gases = await race('/api/material/save', spellings.map((code) => ({ materialName: '氩气', code, category: 'compressed' })));
  for (const body of gases) expect(body).toMatchObject({ code: -1, msg: expect.stringMatching(/^介质编码已存在：ar$/i) });
  const stores = await race('/api/wdwarehouse/saveAndEditWare', spellings.map((code) => ({ warehouseName: '库', warehouseCode: `w${code}`, kind: 'empty' })));
  for (const body of stores) expect(body).toMatchObject({ code: -1, msg: expect.stringMatching(/^仓库编码已存在：war$/i) });
  const customers = await race('/api/enterprise/save', spellings.map((code, i) => ({ type: '2', enterpriseName: `客户 ${i}`, enterpriseCode: `k${code}` })));
  for (const body of customers) expect(body).toMatchObject({ code: -1, msg: expect.stringMatching(/^企业编码已存在：kar$/i) });
});
