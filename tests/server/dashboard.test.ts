import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AtCustomers, FillsByDay, OutputBySpec, PassRates, StatusesNow, StockByWarehouse } from '../../src/shared/api/dashboard';
import type { RollbackPreview } from '../../src/shared/api/production';
import { addDays, addYears, today } from '../../src/server/lib/dates';
import { buildTestApp, createLimitedUser, type TestApp } from './app-helper';
import { createEnterprise, createGas, createWarehouse } from './master-data-helper';

/**
 * The home dashboard's figures (issue 21, item 1) against a seeded trace: a fill, an inspection and a
 * rolled-back fill driven through the API today, and events of the past 400 days inserted straight into
 * cylinder_traces (the trigger keeps trace_daily). Each expected figure is computed here from
 * cylinder_traces and cylinders themselves, in JS, not from trace_daily or the summaries.
 */
let t: TestApp;
let token: string;
let lpg: number;
let n2: number;
let w1: number;
let w2: number;
let c1: number;
let c2: number;
const TODAY = today();
const WS = { 'x-workstation': 'dash' };
const ids: Record<string, number> = {};

const get = async <T>(path: string, tok = token) => t.call<T>('GET', `/api/homePage/${path}`, { token: tok });
const data = async <T>(path: string): Promise<T> => {
  const res = await get<T>(path);
  expect(res.body.code, `${path}: ${res.body.msg}`).toBe(0);
  return res.body.data;
};
const ok = async (path: string, body: unknown) => {
  const res = await t.call('POST', path, { token, body, headers: WS });
  expect(res.body.code, `${path}: ${res.body.msg}`).toBe(0);
  return res.body.data;
};

async function cylinder(code: string, materialId: number, specification: string, warehouseId: number, nextInspection: string) {
  await ok('/api/product/addProduct', {
    code, materialId, specification, warehouseId, manufactureDate: addYears(TODAY, -1), nextInspectionDate: nextInspection, tareWeight: 15,
  });
  ids[code] = (await t.db.selectFrom('cylinders').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
}

/** An event on a past day (noon, plant time), appended to the cylinder's trace as the engine would. */
async function pastEvent(code: string, action: string, daysAgo: number, detail: Record<string, unknown> = {}) {
  const id = ids[code]!;
  const at = `${addDays(TODAY, -daysAgo)} 12:00:00`;
  await sql`insert into cylinder_traces (cylinder_id, seq, from_status, to_status, action, operator_id, at, detail)
    values (${id}, (select coalesce(max(seq), 0) + 1 from cylinder_traces where cylinder_id = ${id}), 2, 2, ${action}, 1,
      ${at}::timestamp, ${JSON.stringify(detail)}::jsonb)`.execute(t.db);
}

/** Moves a cylinder to a customer (status 9) since `daysAgo`, as the outbound transition does. */
async function atCustomer(code: string, customer: number, daysAgo: number) {
  await t.db.transaction().execute(async (trx) => {
    await sql`select set_config('cylinder.transition', 'on', true)`.execute(trx);
    await sql`update cylinders set status = 9, location_enterprise_id = ${customer},
      located_since = now() - make_interval(days => ${daysAgo}) where id = ${ids[code]!}`.execute(trx);
  });
}

beforeAll(async () => {
  t = await buildTestApp();
  token = (await t.login()).token;
  lpg = await createGas(t, token, {
    materialName: '液化石油气', code: 'LPGH', category: 'liquefied', reweighRequired: true, targetNetWeight: 14.5, weightTolerance: 0.5,
  });
  n2 = await createGas(t, token, { materialName: '氮气', code: 'N2H' });
  w1 = await createWarehouse(t, token, { warehouseName: '空瓶一库', warehouseCode: 'WH1' });
  w2 = await createWarehouse(t, token, { warehouseName: '成品二库', warehouseCode: 'WH2', kind: 'finished' });
  c1 = await createEnterprise(t, token, { enterpriseName: '甲客户', enterpriseCode: 'KHA' });
  c2 = await createEnterprise(t, token, { enterpriseName: '乙客户', enterpriseCode: 'KHB' });
  for (let i = 1; i <= 6; i++) await cylinder(`L${i}`, lpg, i <= 4 ? 'YSP-15' : 'YSP-50', i % 2 ? w1 : w2, addDays(TODAY, (7 - i) * 10 - 25));
  for (let i = 1; i <= 4; i++) await cylinder(`N${i}`, n2, '40L', w1, addYears(TODAY, 2));

  // Today, through the API: L1 and L2 filled, L2's fill rolled back; N1 filled and its inspection failed.
  for (const [code, gas, q] of [['L1', lpg, { filledWeight: 14.6 }], ['L2', lpg, { filledWeight: 14.2 }], ['N1', n2, { filledPressure: 15 }]] as const) {
    await ok('/api/produce/addPicking', { code });
    await ok('/api/produce/filling', { code, materialId: gas, lotNo: 'LOT', ...q });
  }
  const preview = (await ok('/api/produce/rollbackCheck', { code: 'L2' })) as RollbackPreview;
  await ok('/api/produce/rollbackSave', { code: 'L2', traceId: preview.traceId, reason: '扫错' });
  await ok('/api/produce/saveTestProject', { materialId: n2, projects: [{ projectName: '纯度', standardMin: 99.99, unit: '%', required: true }] });
  const purity = (await t.db.selectFrom('test_projects').select('id').where('material_id', '=', n2).executeTakeFirstOrThrow()).id;
  await ok('/api/produce/testResult', { code: 'N1', items: [{ projectId: purity, value: 99.5 }] });

  // The past: a varied pattern over 400 days.
  for (let d = 1; d <= 400; d += 3) {
    const code = `L${(d % 6) + 1}`;
    await pastEvent(code, 'fill', d, { materialId: lpg, filledWeight: 14 + (d % 10) / 10 });
    if (d % 2) await pastEvent(`N${(d % 4) + 1}`, 'fill', d, { materialId: n2, filledPressure: 15 });
    await pastEvent(code, d % 5 ? 'testPass' : 'testFail', d);
    await pastEvent(code, d % 7 ? 'reweighPass' : 'reweighFail', d, { net: 14.5, deviation: d % 7 ? 0 : 0.8 });
  }
  await atCustomer('L5', c1, 200);
  await atCustomer('L6', c1, 3);
  await atCustomer('N4', c2, 120);
});
afterAll(async () => { await t?.close(); });

type Ev = { action: string; day: string; material: number; spec: string; kg: number };
/** The trace, independently: every live event with its plant day, gas (a fill's own) and filled kg. */
async function events(): Promise<Ev[]> {
  const { rows } = await sql<{ action: string; day: string; material: number; spec: string; detail: Record<string, unknown> | null }>`
    select t.action, to_char(t.at, 'YYYY-MM-DD') as day, c.material_id as material, coalesce(c.specification, '') as spec, t.detail
    from cylinder_traces t join cylinders c on c.id = t.cylinder_id where t.reverted_by_id is null`.execute(t.db);
  return rows.map((r) => ({
    action: r.action, day: r.day, spec: r.spec,
    material: r.action === 'fill' && r.detail?.materialId ? Number(r.detail.materialId) : r.material,
    kg: r.action === 'fill' && r.detail?.filledWeight !== undefined ? Number(r.detail.filledWeight) : 0,
  }));
}
const PERIODS = { today: 1, '7d': 7, '30d': 30 } as const;
const inDays = (e: Ev, days: number) => e.day > addDays(TODAY, -days) && e.day <= TODAY;
const monthsBack = (n: number) => { const [y, m] = TODAY.split('-').map(Number) as [number, number]; return new Date(Date.UTC(y, m - 1 - n, 1)).toISOString().slice(0, 7); };
const inYear = (e: Ev) => e.day.slice(0, 7) >= monthsBack(11) && e.day <= TODAY;

describe('home dashboard figures', () => {
  it('totalOutput: fills per day and gas for each period, per month for 12m (a rolled-back fill not counted)', async () => {
    const all = (await events()).filter((e) => e.action === 'fill');
    for (const [period, days] of Object.entries(PERIODS)) {
      const got = await data<FillsByDay>(`totalOutput?period=${period}`);
      expect(got.buckets).toHaveLength(days);
      expect(got.buckets.at(-1)).toBe(TODAY);
      for (const gas of [lpg, n2]) {
        const expected = got.buckets.map((b) => all.filter((e) => e.day === b && e.material === gas).length);
        expect(got.series.find((s) => s.materialId === gas)?.values ?? got.buckets.map(() => 0), `${period} ${gas}`).toEqual(expected);
      }
      expect(got.total).toBe(all.filter((e) => inDays(e, days)).length);
    }
    const today = await data<FillsByDay>('totalOutput?period=today');
    expect(today.series.find((s) => s.materialId === lpg)).toMatchObject({ materialName: '液化石油气', values: [1] });
    const year = await data<FillsByDay>('totalOutput?period=12m');
    expect(year.buckets).toEqual(Array.from({ length: 12 }, (_, i) => monthsBack(11 - i)));
    const lpgByMonth = year.buckets.map((m) => all.filter((e) => e.material === lpg && e.day.startsWith(m) && e.day <= TODAY).length);
    expect(year.series.find((s) => s.materialId === lpg)!.values).toEqual(lpgByMonth);
    expect(year.total).toBe(all.filter(inYear).length);
  });

  it('specTypeCount: fills and kilograms by gas and specification; no kilograms for a gas filled by pressure', async () => {
    const all = (await events()).filter((e) => e.action === 'fill' && inDays(e, 30));
    const got = await data<OutputBySpec>('specTypeCount?period=30d');
    const keys = [...new Set(all.map((e) => `${e.material}|${e.spec}`))];
    expect(got.rows).toHaveLength(keys.length);
    for (const key of keys) {
      const [m, spec] = key.split('|');
      const mine = all.filter((e) => `${e.material}|${e.spec}` === key);
      const row = got.rows.find((r) => r.materialId === Number(m) && r.specification === spec)!;
      expect(row.fills, key).toBe(mine.length);
      if (Number(m) === lpg) expect(row.kg).toBeCloseTo(mine.reduce((s, e) => s + e.kg, 0), 3);
      else expect(row.kg).toBeNull();
    }
  });

  it('passRateOutput: inspections and re-weighs passed and failed per bucket, and the rates', async () => {
    const all = await events();
    for (const period of ['7d', '30d', '12m'] as const) {
      const got = await data<PassRates>(`passRateOutput?period=${period}`);
      const of = (action: string, b: string) => all.filter((e) => e.action === action && (period === '12m' ? e.day.startsWith(b) && e.day <= TODAY : e.day === b)).length;
      expect(got.points).toEqual(got.buckets.map((b) => ({
        testPass: of('testPass', b), testFail: of('testFail', b), reweighPass: of('reweighPass', b), reweighFail: of('reweighFail', b),
      })));
      const pass = got.points.reduce((s, p) => s + p.testPass, 0);
      const fail = got.points.reduce((s, p) => s + p.testFail, 0);
      expect(fail, 'the pattern has failures in every period but today').toBeGreaterThan(0);
      expect(got.testRate).toBe(Math.round((pass * 1000) / (pass + fail)) / 10);
    }
    const today = await data<PassRates>('passRateOutput?period=today');
    expect(today.points).toEqual([{ testPass: 0, testFail: 1, reweighPass: 0, reweighFail: 0 }]);
    expect(today).toMatchObject({ testRate: 0, reweighRate: null });
  });

  it('storageOutput: what each warehouse holds by status (stock and finished stock), as the cylinders table says', async () => {
    const { rows } = await sql<{ warehouseId: number; status: number; count: number }>`select warehouse_id as "warehouseId", status, count(*)::int as count
      from cylinders where warehouse_id is not null and status in (2, 7) group by 1, 2 order by 1, 2`.execute(t.db);
    const got = await data<StockByWarehouse>('storageOutput');
    expect(got.rows.map(({ warehouseId, status, count }) => ({ warehouseId, status, count }))).toEqual(rows);
    expect(got.rows.find((r) => r.warehouseId === w2)?.warehouseName).toBe('成品二库');
    const { rows: [picked] } = await sql<{ n: number }>`select count(*)::int as n from cylinders where warehouse_id is not null and status = 4`.execute(t.db);
    expect(picked!.n, 'the pattern has filled cylinders picked from a warehouse').toBeGreaterThan(0);
    expect(got.rows.some((r) => r.status === 4), 'a filled cylinder is in the workshop, not its warehouse\'s stock').toBe(false);
  });

  it('getCustomerCount: cylinders at customers, those out longer than 长期在外天数, the largest holders', async () => {
    let got = await data<AtCustomers>('getCustomerCount');
    expect(got).toEqual({
      total: 3, longOut: 2, longOutDays: 90,
      top: [{ customerId: c1, customerName: '甲客户', count: 2 }, { customerId: c2, customerName: '乙客户', count: 1 }],
    });
    await ok('/api/setting/rule/save', { longOutDays: 150 });
    got = await data<AtCustomers>('getCustomerCount');
    expect(got).toMatchObject({ longOut: 1, longOutDays: 150 });
    // L5 comes back (9 → 10): 甲客户 holds one.
    await t.db.transaction().execute(async (trx) => {
      await sql`select set_config('cylinder.transition', 'on', true)`.execute(trx);
      await sql`update cylinders set status = 10, location_enterprise_id = null, located_since = null where id = ${ids.L5!}`.execute(trx);
    });
    got = await data<AtCustomers>('getCustomerCount');
    expect(got).toMatchObject({ total: 2, longOut: 0, top: [{ customerId: c1, count: 1 }, { customerId: c2, count: 1 }] });
  });

  it('keeps its summaries equal to a count of the cylinders from scratch', async () => {
    const folded = async () => (await sql<{ k: string; n: number }>`
      select 'w' || warehouse_id || ':' || status as k, sum(count)::int as n from cylinder_place_counts group by 1 having sum(count) <> 0
      union all select 'c' || customer_id, sum(count)::int from cylinder_customer_counts group by 1 having sum(count) <> 0
      union all select 'd' || due_on, sum(count)::int from cylinder_due_counts group by 1 having sum(count) <> 0 order by 1`.execute(t.db)).rows;
    const kept = await folded();
    await sql`select cylinder_place_counts_rebuild()`.execute(t.db);
    await sql`select cylinder_due_counts_rebuild()`.execute(t.db);
    expect(await folded()).toEqual(kept);
    expect(kept.length).toBeGreaterThan(3);
  });

  it('canUserOutput: the statuses now, inspections due within 30 days and overdue, analysis waiting, open outbound orders', async () => {
    const cyl = await t.db.selectFrom('cylinders').select(['status', sql<string>`to_char(next_inspection_date, 'YYYY-MM-DD')`.as('next')]).execute();
    const got = await data<StatusesNow>('canUserOutput');
    const statuses = [...new Set(cyl.map((c) => c.status))].sort((a, b) => a - b);
    expect(got.statuses).toEqual(statuses.map((s) => ({ status: s, count: cyl.filter((c) => c.status === s).length })));
    const live = cyl.filter((c) => c.status !== 0 && c.next !== null);
    expect(got.attention).toEqual({
      due: live.filter((c) => c.next <= addDays(TODAY, 30)).length,
      overdue: live.filter((c) => c.next < TODAY).length,
      analyze: cyl.filter((c) => c.status === 1).length,
      openOutbound: 0,
      dueDays: 30,
    });
    expect(got.attention.overdue).toBeGreaterThan(0);
    expect(got.attention.analyze).toBe(1);
    // A new outbound order is open until it is completed.
    await ok('/api/storageOrder/outStock', { type: 'productCK', customerId: c1, lines: [{ materialId: lpg, quantity: 2 }] });
    expect((await data<StatusesNow>('canUserOutput')).attention.openOutbound).toBe(1);
    // "Due" follows the rule the alerts warn by (检验到期提前提醒天数).
    await ok('/api/setting/rule/save', { inspectionDueDays: 200 });
    const wider = (await data<StatusesNow>('canUserOutput')).attention;
    expect({ due: wider.due, dueDays: wider.dueDays }).toEqual({ due: live.filter((c) => c.next <= addDays(TODAY, 200)).length, dueDays: 200 });
    expect(wider.due).toBeGreaterThan(got.attention.due);
    await ok('/api/setting/rule/save', { inspectionDueDays: 30 });
  });

  it('今日待办 counts due and overdue inspections from kept counts per date, which follow every change of a date or a scrap', async () => {
    const kept = async () => (await sql<{ d: string; n: number }>`select to_char(due_on, 'YYYY-MM-DD') as d, sum(count)::int as n
      from cylinder_due_counts group by 1 having sum(count) <> 0 order by 1`.execute(t.db)).rows;
    const counted = async () => (await sql<{ d: string; n: number }>`select to_char(next_inspection_date, 'YYYY-MM-DD') as d, count(*)::int as n
      from cylinders where status <> 0 and next_inspection_date is not null group by 1 order by 1`.execute(t.db)).rows;
    const attention = async () => (await data<StatusesNow>('canUserOutput')).attention;
    const same = async (step: string) => {
      const byDate = await counted();
      expect(await kept(), step).toEqual(byDate);
      const due = byDate.filter((r) => r.d <= addDays(TODAY, 30)).reduce((s, r) => s + r.n, 0);
      const overdue = byDate.filter((r) => r.d < TODAY).reduce((s, r) => s + r.n, 0);
      expect(await attention(), step).toMatchObject({ due, overdue });
      return { due, overdue };
    };
    const gasBody = { materialName: '待检气', code: 'DUEGAS', category: 'compressed', inspectionIntervalYears: 3 };
    const gas = await createGas(t, token, gasBody);
    const register = async (code: string, extra: Record<string, unknown>) => {
      await ok('/api/product/addProduct', { code, materialId: gas, ...extra });
      return (await t.db.selectFrom('cylinders').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
    };
    const start = await same('before');
    await register('DUE-1', { manufactureDate: addDays(addYears(TODAY, -3), 10) });
    const x2 = await register('DUE-2', { manufactureDate: addYears(TODAY, -2), nextInspectionDate: addDays(TODAY, 5) });
    const x3 = await register('DUE-3', { manufactureDate: addYears(TODAY, -4), nextInspectionDate: addDays(TODAY, -1) });
    expect(await same('registered')).toEqual({ due: start.due + 3, overdue: start.overdue + 1 });
    await ok('/api/detect/record', { cylinderId: x2, inspectedOn: TODAY, result: 1 });
    expect((await same('inspected')).due).toBe(start.due + 2);
    await ok('/api/material/save', { ...gasBody, id: gas, inspectionIntervalYears: 2 });
    expect(await same('a shorter interval')).toEqual({ due: start.due + 2, overdue: start.overdue + 2 });
    await ok('/api/product/scrap', { id: x3, reason: '腐蚀' });
    expect(await same('scrapped')).toEqual({ due: start.due + 1, overdue: start.overdue + 1 });
    const x4 = await register('DUE-4', { nextInspectionDate: addDays(TODAY, 3) });
    expect((await same('registered by mistake')).due).toBe(start.due + 2);
    await ok('/api/product/delAllProcess', { id: x4 });
    expect((await same('deleted')).due).toBe(start.due + 1);
  });

  it('refuses a period outside the list with a message, not a 500', async () => {
    const res = await get('totalOutput?period=year');
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(-1);
    expect(res.body.msg).toBe('参数错误：统计周期（today、7d、30d 或 12m）取值无效');
  });

  it('answers a card only to a holder of home:view and of its screen key', async () => {
    const signIn = async (name: string, keys: string[]) => {
      const u = await createLimitedUser(t, token, name, keys);
      return (await t.login(u.username, u.password)).token;
    };
    const noQuality = await signIn('dashnoq', ['home:view', 'product:view', 'produce:view', 'stock:view']);
    expect((await get('canUserOutput', noQuality)).body.code).toBe(0);
    const refused = await get('passRateOutput?period=7d', noQuality);
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toBe('没有权限：查看（出厂质量）');
    const noHome = await signIn('dashnohome', ['qualityFactory:view']);
    const noHomeRes = await get('passRateOutput?period=7d', noHome);
    expect(noHomeRes.status).toBe(403);
    expect(noHomeRes.body.msg).toBe('没有权限：查看（首页）');
    const both = await signIn('dashq', ['home:view', 'qualityFactory:view']);
    expect((await get('passRateOutput?period=7d', both)).body.code).toBe(0);
  });
});
