import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckCount, DeliveryCount, DeliveryRow, ProductAnalysis } from '../../src/shared/api/quality';
import type { PageResult } from '../../src/shared/api/schema';
import { addDays, today } from '../../src/server/lib/dates';
import { buildTestApp, createLimitedUser, type TestApp } from './app-helper';
import { Plant } from './quality-helper';

/**
 * The quality center's figures against a trace made of real scans. What each figure must be is counted here
 * from the script itself (who did what to which cylinder), not read back from trace_daily.
 */
let t: TestApp;
let token: string;
let plant: Plant;
let acme: number;
let beta: number;
let adminId: number;
let inspectorId: number;
/** The day of the script's events, and the period the reports are asked for: set once the events are in. */
let TODAY: string;
let period: { from: string; to: string };

type Check = { code: string; gas: 'n2' | 'lpg'; by: 'admin' | 'insp'; fail?: Array<'纯度' | '水分'> };
/** The script: who inspected what (N2 Q*, LPG L*), who re-weighed what, what was shipped where. */
const TESTS: Check[] = [
  { code: 'QA1', gas: 'n2', by: 'admin' }, { code: 'QA2', gas: 'n2', by: 'admin' }, { code: 'QA3', gas: 'n2', by: 'insp' },
  { code: 'QA4', gas: 'n2', by: 'insp', fail: ['纯度'] }, { code: 'QA5', gas: 'n2', by: 'admin', fail: ['纯度', '水分'] },
  { code: 'QA6', gas: 'n2', by: 'admin' },
  { code: 'QL1', gas: 'lpg', by: 'admin' }, { code: 'QL2', gas: 'lpg', by: 'admin' }, { code: 'QL3', gas: 'lpg', by: 'admin' }, { code: 'QL4', gas: 'lpg', by: 'admin' },
];
/** LPG gross weights (tare 15, target 14.5 ± 0.5): pass, 超重, 欠重, pass. */
const REWEIGHS = [
  { code: 'QL1', gross: 29.5, by: 'admin' as const }, { code: 'QL2', gross: 30.5, by: 'insp' as const },
  { code: 'QL3', gross: 28.5, by: 'admin' as const }, { code: 'QL4', gross: 29.6, by: 'insp' as const },
];
const SHIP_A = [{ code: 'QA1', gas: 'n2' as const }, { code: 'QA2', gas: 'n2' as const }, { code: 'QL1', gas: 'lpg' as const }];
const SHIP_B = [{ code: 'QA3', gas: 'n2' as const }, { code: 'QA6', gas: 'n2' as const }, { code: 'QL4', gas: 'lpg' as const }];
const RECOVERED = ['QA1'];
const ANALYSES = [{ code: 'QA4', decision: 2, reason: '复检合格' }, { code: 'QA5', decision: 0, reason: '纯度不达标报废' }];

beforeAll(async () => {
  // The server stamps the events with its clock and the reports count them per day: a script that runs across
  // midnight would split them over two days (a CI run that began at 23:55 counted none), so it starts after.
  const toMidnight = new Date(new Date().setHours(24, 0, 0, 0)).getTime() - Date.now();
  if (toMidnight < 3 * 60_000) await new Promise((r) => setTimeout(r, toMidnight + 1000));
  t = await buildTestApp();
  token = (await t.login()).token;
  plant = new Plant(t, token, 'Q');
  await plant.setup();
  acme = await plant.customer('甲气体用户');
  beta = await plant.customer('乙气体用户');
  const insp = await createLimitedUser(t, token, 'qainsp', ['produce:view', 'inspect:view', 'inspect:test', 'produce:metage']);
  inspectorId = insp.id;
  adminId = (await t.db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow()).id;
  const inspToken = (await t.login(insp.username, insp.password)).token;
  const as = (by: 'admin' | 'insp') => (by === 'admin' ? token : inspToken);
  for (const c of TESTS) {
    await plant.cylinder(c.code, c.gas);
    await plant.fill(c.code, c.gas, c.gas === 'n2' ? 'QLOT-N2' : 'QLOT-LPG');
    await plant.test(c.code, c.gas, c.fail, as(c.by));
  }
  for (const r of REWEIGHS) await plant.reweigh(r.code, r.gross, as(r.by));
  for (const a of ANALYSES) await plant.ok('/api/trace/productAnalyse', a);
  for (const { code } of [...SHIP_A, ...SHIP_B]) await plant.stockIn(code);
  await plant.ship(acme, SHIP_A);
  await plant.ship(beta, SHIP_B);
  for (const code of RECOVERED) await plant.recover(code);
  TODAY = today();
  period = { from: addDays(TODAY, -3), to: TODAY };
}, 300_000);
afterAll(async () => { await t?.close(); });

/** The sheet's rows from the first, each as its cells from column A (empty rows as []). */
const cells = (sheet: ExcelJS.Worksheet): unknown[][] =>
  Array.from(sheet.getSheetValues().slice(1), (r) => (Array.isArray(r) ? Array.from(r.slice(1)) : []));
const post = <T>(path: string, body: unknown, as = token) => t.call<T>('POST', path, { token: as, body });
const ok = async <T>(path: string, body: unknown): Promise<T> => {
  const res = await post<T>(path, body);
  expect(res.body.code, res.body.msg).toBe(0);
  return res.body.data;
};

describe('customer quality', () => {
  it('deliveryCount: cylinders shipped and recovered per customer and per day, with totals', async () => {
    const data = await ok<DeliveryCount>('/api/qualityCenter/deliveryCount', period);
    const shipped = (list: typeof SHIP_A) => list.length;
    expect(data).toMatchObject({ delivered: shipped(SHIP_A) + shipped(SHIP_B), recovered: RECOVERED.length, customers: 2 });
    expect(data.byCustomer).toEqual(expect.arrayContaining([
      { id: acme, name: '甲气体用户', delivered: SHIP_A.length, recovered: 1 },
      { id: beta, name: '乙气体用户', delivered: SHIP_B.length, recovered: 0 },
    ]));
    expect(data.byPeriod).toEqual([{ period: TODAY, delivered: 6, recovered: 1 }]);
    const months = await ok<DeliveryCount>('/api/qualityCenter/deliveryCount', { ...period, bucket: 'month' });
    expect(months.byPeriod).toEqual([{ period: TODAY.slice(0, 7), delivered: 6, recovered: 1 }]);
    // Filters: one customer; one gas (LPG went one to each).
    expect((await ok<DeliveryCount>('/api/qualityCenter/deliveryCount', { ...period, customerId: beta })).delivered).toBe(SHIP_B.length);
    const lpg = await ok<DeliveryCount>('/api/qualityCenter/deliveryCount', { ...period, materialId: plant.lpg });
    expect(lpg.delivered).toBe([...SHIP_A, ...SHIP_B].filter((c) => c.gas === 'lpg').length);
    // A period before anything happened.
    expect(await ok<DeliveryCount>('/api/qualityCenter/deliveryCount', { from: '2020-01-01', to: '2020-01-31' }))
      .toEqual({ delivered: 0, recovered: 0, customers: 0, byCustomer: [], byPeriod: [] });
  });

  it('deliveryDetailList: each delivered cylinder with its order, last fill, inspection and re-weigh, paginated', async () => {
    const all = await ok<PageResult<DeliveryRow>>('/api/qualityCenter/deliveryDetailList', { ...period, size: 4 });
    expect(all.total).toBe(6);
    expect(all.list).toHaveLength(4);
    const page2 = await ok<PageResult<DeliveryRow>>('/api/qualityCenter/deliveryDetailList', { ...period, size: 4, page: 2 });
    expect(new Set([...all.list, ...page2.list].map((r) => r.code))).toEqual(new Set([...SHIP_A, ...SHIP_B].map((c) => c.code)));

    const acmeRows = await ok<PageResult<DeliveryRow>>('/api/qualityCenter/deliveryDetailList', { ...period, customerId: acme });
    expect(acmeRows.total).toBe(3);
    expect(acmeRows.list.map((r) => r.code).sort()).toEqual(SHIP_A.map((c) => c.code).sort());
    const l1 = acmeRows.list.find((r) => r.code === 'QL1')!;
    expect(l1).toMatchObject({
      customerName: '甲气体用户', lotNo: 'QLOT-LPG', filledWeight: 14.5, testResult: 1, reweighNet: 14.5, reweighPassed: true,
    });
    expect(l1.orderNo).toMatch(/^CK/);
    const lpgRows = await ok<PageResult<DeliveryRow>>('/api/qualityCenter/deliveryDetailList', { ...period, materialId: plant.lpg });
    expect({ total: lpgRows.total, codes: lpgRows.list.map((r) => r.code).sort() }).toEqual({ total: 2, codes: ['QL1', 'QL4'] });
    expect(acmeRows.list.find((r) => r.code === 'QA1')).toMatchObject({ lotNo: 'QLOT-N2', filledPressure: 15, testResult: 1, reweighNet: null });
  });

  it('deliveryExport: the filter in the first line, the figures, then the detail rows', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/qualityCenter/deliveryExport', headers: { authorization: `Bearer ${token}` },
      payload: { ...period, customerId: acme } });
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(String(sheet.getCell('A1').value)).toBe(`筛选条件：期间 ${period.from} 至 ${period.to}；介质：全部；客户：甲气体用户；操作员：全部`);
    const values = cells(sheet);
    const at = values.findIndex((r) => r[0] === '合计');
    expect(values[at + 2]).toEqual([3, 1, 1]);
    const detail = values.findIndex((r) => String(r[0] ?? '').startsWith('发货明细'));
    expect(values.slice(detail + 2).map((r) => r[3]).sort()).toEqual(SHIP_A.map((c) => c.code).sort());
  });
});

describe('factory quality', () => {
  const tally = (rows: Check[]) => ({ testPass: rows.filter((r) => !r.fail).length, testFail: rows.filter((r) => r.fail).length });
  const weighs = (rows: typeof REWEIGHS) => ({
    reweighPass: rows.filter((r) => Math.abs(r.gross - 15 - 14.5) <= 0.5).length, reweighFail: rows.filter((r) => Math.abs(r.gross - 15 - 14.5) > 0.5).length,
  });
  const pct = (a: number, b: number) => (a + b === 0 ? null : Math.round((1000 * a) / (a + b)) / 10);

  it('checkCount: inspections and re-weighs per gas and per operator, with pass rates', async () => {
    const data = await ok<CheckCount>('/api/qualityCenter/checkCount', period);
    const total = { ...tally(TESTS), ...weighs(REWEIGHS) };
    expect(data.total).toEqual({ ...total, testRate: pct(total.testPass, total.testFail), reweighRate: pct(total.reweighPass, total.reweighFail) });
    const n2 = tally(TESTS.filter((c) => c.gas === 'n2'));
    expect(data.byGas.find((g) => g.id === plant.n2)).toMatchObject({ ...n2, reweighPass: 0, reweighFail: 0, testRate: pct(n2.testPass, n2.testFail), reweighRate: null });
    for (const [id, by] of [[adminId, 'admin'], [inspectorId, 'insp']] as const) {
      const expected = { ...tally(TESTS.filter((c) => c.by === by)), ...weighs(REWEIGHS.filter((r) => r.by === by)) };
      expect(data.byOperator.find((o) => o.id === id), by).toMatchObject(expected);
    }
    expect(data.byOperator.find((o) => o.id === inspectorId)!.name).toBe('用户 qainsp');
    // Operator filter: the inspector's checks only.
    const insp = await ok<CheckCount>('/api/qualityCenter/checkCount', { ...period, operatorId: inspectorId });
    expect(insp.total).toMatchObject({ ...tally(TESTS.filter((c) => c.by === 'insp')), ...weighs(REWEIGHS.filter((r) => r.by === 'insp')) });
  });

  it('productAnalysis: failure reasons, analysis decisions and checks over time', async () => {
    const data = await ok<ProductAnalysis>('/api/qualityCenter/productAnalysis', period);
    const items = TESTS.flatMap((c) => c.fail ?? []);
    expect(data.reasons).toEqual(expect.arrayContaining([
      { kind: 'test', reason: '纯度', n: items.filter((i) => i === '纯度').length },
      { kind: 'test', reason: '水分', n: items.filter((i) => i === '水分').length },
      { kind: 'reweigh', reason: '超重', n: 1 }, { kind: 'reweigh', reason: '欠重', n: 1 },
    ]));
    expect(data.reasons).toHaveLength(4);
    expect(data.decisions).toEqual(expect.arrayContaining(ANALYSES.map((a) => ({ decision: a.decision, reason: a.reason, n: 1 }))));
    expect(data.byPeriod).toEqual([{
      period: TODAY, ...tally(TESTS), ...weighs(REWEIGHS), toStock: 1, toFilling: 0, scrapped: 1,
    }]);
  });

  it('productAnalysis names a failed re-weigh 超重 / 欠重 in the reader\'s language (items keep the plant\'s names)', async () => {
    const res = await t.call<ProductAnalysis>('POST', '/api/qualityCenter/productAnalysis', { token, body: period, headers: { 'accept-language': 'en' } });
    expect(res.body.data.reasons).toEqual(expect.arrayContaining([
      { kind: 'reweigh', reason: 'Overweight', n: 1 }, { kind: 'reweigh', reason: 'Underweight', n: 1 }, { kind: 'test', reason: '纯度', n: 2 },
    ]));
  });

  it('factoryExport: the figures under the filter line', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/qualityCenter/factoryExport', headers: { authorization: `Bearer ${token}` }, payload: period });
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const values = cells(book.worksheets[0]!);
    expect(values[0]![0]).toBe(`筛选条件：期间 ${period.from} 至 ${period.to}；介质：全部；操作员：全部`);
    const at = values.findIndex((r) => r[0] === '合计');
    expect(values[at + 2]!.slice(0, 3)).toEqual(['合计', 8, 2]);
  });
});

describe('bad input', () => {
  it('is refused with code -1 and a message, never a 500', async () => {
    const refused = async (body: unknown, msg: RegExp | string) => {
      const res = await post('/api/qualityCenter/checkCount', body);
      expect(res.status).toBe(200);
      expect(res.body.code).toBe(-1);
      if (typeof msg === 'string') expect(res.body.msg).toBe(msg); else expect(res.body.msg).toMatch(msg);
    };
    await refused({ from: TODAY, to: addDays(TODAY, -1) }, '开始日期不能晚于结束日期');
    await refused({ from: '2024-01-01', to: '2025-01-02' }, '统计区间不能超过 366 天');
    await refused({ from: '2024-02-30', to: '2024-03-01' }, /开始日期/);
    await refused({ from: TODAY, to: TODAY, materialId: 99_999_999_999 }, /介质/);
    await refused({ from: TODAY }, /结束日期/);
    expect((await post('/api/qualityCenter/checkCount', { from: '2024-01-01', to: '2024-12-31' })).body.code).toBe(0);
  });

  it('an export needs its export key', async () => {
    const viewer = await createLimitedUser(t, token, 'qaviewer', ['qualityCustomer:view']);
    const vt = (await t.login(viewer.username, viewer.password)).token;
    expect((await post('/api/qualityCenter/deliveryCount', period, vt)).body.code).toBe(0);
    expect((await post('/api/qualityCenter/deliveryExport', period, vt)).status).toBe(403);
  });
});
