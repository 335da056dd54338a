import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { RollbackPreview } from '../../src/shared/api/production';
import { plantTimeZone } from '../../src/server/db/database';
import { addYears, today } from '../../src/server/lib/dates';
import { buildTestApp, type TestApp } from './app-helper';
import { createGas } from './master-data-helper';

/**
 * trace_daily (migration 0012) is kept in step with the trace by a trigger: what it holds must equal what
 * the trace says, counted here independently from cylinder_traces, and what a rebuild from the whole trace
 * gives, after fills, failed inspections, re-weighs and a rollback.
 */
let t: TestApp;
let token: string;
let lpg: number;
let n2: number;
let purity: number;
const TODAY = today();
const WS = { 'x-workstation': 'qa-bench' };
const post = (path: string, body: unknown) => t.call('POST', path, { token, body, headers: WS });

beforeAll(async () => {
  t = await buildTestApp();
  token = (await t.login()).token;
  lpg = await createGas(t, token, {
    materialName: '液化石油气', code: 'LPGD', category: 'liquefied', reweighRequired: true, targetNetWeight: 14.5, weightTolerance: 0.5,
  });
  n2 = await createGas(t, token, { materialName: '氮气', code: 'N2D' });
  expect((await post('/api/produce/saveTestProject', { materialId: n2, projects: [{ projectName: '纯度', standardMin: 99.99, unit: '%', required: true }] })).body.code).toBe(0);
  purity = (await t.db.selectFrom('test_projects').select('id').where('material_id', '=', n2).executeTakeFirstOrThrow()).id;
});
afterAll(async () => { await t?.close(); });

async function cylinder(code: string, materialId: number, specification: string): Promise<void> {
  const res = await t.call('POST', '/api/product/addProduct', {
    token, body: { code, materialId, specification, manufactureDate: addYears(TODAY, -1), nextInspectionDate: addYears(TODAY, 2), tareWeight: 15 },
  });
  expect(res.body.code, res.body.msg).toBe(0);
}
const ok = async (path: string, body: unknown) => {
  const res = await post(path, body);
  expect(res.body.code, `${path}: ${res.body.msg}`).toBe(0);
};

type Row = { action: string; material_id: number; specification: string; reason: string; n: number; quantity: number };
/** The summary, slots and days folded, zero rows left out. */
async function summary(): Promise<Row[]> {
  const { rows } = await sql<Row>`select action, material_id, specification, reason, sum(n)::int as n, sum(quantity)::float8 as quantity
    from trace_daily where material_id in (${lpg}, ${n2}) group by 1, 2, 3, 4 having sum(n) <> 0 order by 1, 2, 3, 4`.execute(t.db);
  return rows;
}

describe('trace_daily', () => {
  it('counts what the trace holds, takes back a rolled-back event, and equals a rebuild from the whole trace', async () => {
    await cylinder('TD1', lpg, 'YSP-15');
    await cylinder('TD2', lpg, 'YSP-15');
    await cylinder('TD3', n2, '40L');
    for (const code of ['TD1', 'TD2']) {
      await ok('/api/produce/addPicking', { code });
      await ok('/api/produce/filling', { code, materialId: lpg, lotNo: 'LOT-D', filledWeight: code === 'TD1' ? 14.6 : 14.2 });
    }
    await ok('/api/produce/addPicking', { code: 'TD3' });
    await ok('/api/produce/filling', { code: 'TD3', materialId: n2, lotNo: 'LOT-N', filledPressure: 15 });
    await ok('/api/produce/testResult', { code: 'TD3', items: [{ projectId: purity, value: 99.5 }] });
    // TD2's fill is undone: it is no longer a fill of today.
    const preview = await post('/api/produce/rollbackCheck', { code: 'TD2' });
    await ok('/api/produce/rollbackSave', { code: 'TD2', traceId: (preview.body.data as RollbackPreview).traceId, reason: '扫错' });

    // Independently, from the trace itself.
    const { rows: fromTrace } = await sql<{ action: string; n: number }>`select t.action, count(*)::int as n
      from cylinder_traces t join cylinders c on c.id = t.cylinder_id
      where c.code in ('TD1', 'TD2', 'TD3') and t.reverted_by_id is null and t.action not in ('rollback')
      group by 1 order by 1`.execute(t.db);
    const rows = await summary();
    const byAction = (action: string) => rows.filter((r) => r.action === action).reduce((s, r) => s + r.n, 0);
    for (const { action, n } of fromTrace) expect(byAction(action), action).toBe(n);
    expect(byAction('fill')).toBe(2);
    expect(rows.find((r) => r.action === 'fill' && r.material_id === lpg)).toMatchObject({ specification: 'YSP-15', n: 1, quantity: 14.6 });
    expect(rows.find((r) => r.action === 'testFailItem')).toMatchObject({ material_id: n2, specification: '40L', reason: '纯度', n: 1 });

    await sql`select trace_daily_rebuild()`.execute(t.db);
    expect(await summary()).toEqual(rows);
  });

  it('keys a day by the plant calendar (the session speaks the server process time zone)', async () => {
    const { rows } = await sql<{ zone: string }>`select current_setting('TimeZone') as zone`.execute(t.db);
    expect(rows[0]!.zone).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    const days = await sql<{ day: string }>`select distinct to_char(day, 'YYYY-MM-DD') as day from trace_daily where material_id = ${lpg}`.execute(t.db);
    expect(days.rows.map((d) => d.day)).toEqual([TODAY]);
  });

  it('a plant in Shanghai counts a fill at 23:30 UTC on the next day', async () => {
    expect(plantTimeZone('Bad zone; drop')).toEqual({});
    const db = new pg.Client({ connectionString: inject('pgAdminUrl'), ...plantTimeZone('Asia/Shanghai') });
    await db.connect();
    try {
      const { rows } = await db.query<{ day: string }>(`select to_char('2026-11-24T23:30:00Z'::timestamptz::date, 'YYYY-MM-DD') as day`);
      expect(rows[0]!.day).toBe('2026-11-25');
    } finally {
      await db.end();
    }
  });
});
