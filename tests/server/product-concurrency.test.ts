import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { StatusCount } from '../../src/shared/api/product';
import { buildTestApp, type TestApp } from './app-helper';
import { createGas } from './master-data-helper';

let t: TestApp;
let token: string;
let gas: number;

beforeAll(async () => {
  t = await buildTestApp();
  token = (await t.login()).token;
  gas = await createGas(t, token);
});
afterAll(async () => { await t?.close(); });

const add = (body: Record<string, unknown>) => t.call('POST', '/api/product/addProduct', { token, body: { materialId: gas, ...body } });

describe('cylinders under concurrent calls', () => {
  it('two overlapping ranges at once: one registers, the other registers nothing and names a taken code', async () => {
    const [a, b] = await Promise.all([
      add({ range: { prefix: 'CC', start: 1, end: 300, width: 4 } }),
      add({ range: { prefix: 'CC', start: 200, end: 500, width: 4 } }),
    ]);
    const codes = [a.body.code, b.body.code].sort();
    expect(codes).toEqual([-1, 0]);
    const loser = a.body.code === -1 ? a.body : b.body;
    expect(loser.msg).toMatch(/^气瓶编码已存在：CC0\d{3}/);
    const n = Number((await t.db.selectFrom('cylinders').select((eb) => eb.fn.countAll().as('n')).where('code', 'like', 'CC%').executeTakeFirstOrThrow()).n);
    expect([300, 301]).toContain(n);
  });

  it('two scraps of one cylinder at once: exactly one wins, one trace event', async () => {
    await add({ code: 'RACE1' });
    const { id } = await t.db.selectFrom('cylinders').select('id').where('code', '=', 'RACE1').executeTakeFirstOrThrow();
    const results = await Promise.all([1, 2, 3].map((i) => t.call('POST', '/api/product/scrap', { token, body: { id, reason: `原因${i}` } })));
    expect(results.map((r) => r.body.code).sort()).toEqual([-1, -1, 0]);
    expect(results.filter((r) => r.body.code === -1).map((r) => r.body.msg)).toEqual(['气瓶 RACE1 已报废', '气瓶 RACE1 已报废']);
    const scraps = await t.db.selectFrom('cylinder_traces').select('id').where('cylinder_id', '=', id).where('action', '=', 'scrap').execute();
    expect(scraps).toHaveLength(1);
  });

  it('keeps the status counters equal to the cylinders after concurrent changes', async () => {
    await add({ range: { prefix: 'CNT', start: 1, end: 40 } });
    const ids = (await t.db.selectFrom('cylinders').select('id').where('code', 'like', 'CNT%').execute()).map((r) => r.id);
    await Promise.all(ids.slice(0, 20).map((id) => t.call('POST', '/api/product/scrap', { token, body: { id, reason: '批量报废' } })));
    await Promise.all(ids.slice(20, 25).map((id) => t.call('POST', '/api/product/delAllProcess', { token, body: { id } })));
    const counted = (await t.call<StatusCount[]>('GET', '/api/product/statusCount', { token })).body.data;
    const { rows } = await sql<{ status: number; n: number }>`select status, count(*)::int as n from cylinders group by status`.execute(t.db);
    const actual = Object.fromEntries(rows.map((r) => [r.status, r.n]));
    expect(counted).toHaveLength(14);
    for (const c of counted) expect(c.count, `status ${c.status}`).toBe(actual[c.status] ?? 0);
  });
});
