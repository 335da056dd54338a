import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExceptionRow } from '../../src/shared/api/offline';
import type { InspectionPreview, ReweighPreview, ScanResult } from '../../src/shared/api/production';
import { addYears, today } from '../../src/server/lib/dates';
import { buildTestApp, createLimitedUser, type TestApp } from './app-helper';
import { createGas } from './master-data-helper';

/**
 * Issue 31 item 4: the scan that loses to another (two fillers on one cylinder at once) is told who did the step
 * and when, and that its own measured value was not recorded; 检验 and 复秤 answer a second scan of a cylinder
 * they already passed as done (已处理过), as 领瓶 and 回收 do, not with a refusal.
 */
let t: TestApp;
let token: string;
let n2: number;
let lpg: number;
const fillers: { token: string; name: string }[] = [];
const TODAY = today();

beforeAll(async () => {
  t = await buildTestApp();
  token = (await t.login()).token;
  n2 = await createGas(t, token, { materialName: '氮气', code: 'N2' });
  lpg = await createGas(t, token, {
    materialName: '液化石油气', code: 'LPG', category: 'liquefied', flammable: false, reweighRequired: true, targetNetWeight: 14.5, weightTolerance: 0.5,
  });
  for (const name of ['zhang', 'li']) {
    const u = await createLimitedUser(t, token, name, ['produce:picking', 'produce:filling', 'inspect:test', 'produce:metage']);
    fillers.push({ token: (await t.login(u.username, u.password)).token, name: `用户 ${name}` });
  }
});
afterAll(async () => { await t?.close(); });

const post = <T = ScanResult>(path: string, body: unknown, as = token, headers: Record<string, string> = {}) =>
  t.call<T>('POST', path, { token: as, body, headers: { 'x-workstation': encodeURIComponent('充装一号台'), ...headers } });
const p2 = (n: number) => String(n).padStart(2, '0');
const hhmm = (d: Date) => `${p2(d.getHours())}:${p2(d.getMinutes())}`;

async function cylinder(code: string, materialId = n2): Promise<number> {
  const res = await post('/api/product/addProduct', { code, materialId, manufactureDate: addYears(TODAY, -2), nextInspectionDate: addYears(TODAY, 1), tareWeight: 15 });
  expect(res.body.code, res.body.msg).toBe(0);
  return (await t.db.selectFrom('cylinders').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
}
const eventAt = async (id: number, action: string) =>
  new Date((await t.db.selectFrom('cylinder_traces').select('at').where('cylinder_id', '=', id).where('action', '=', action).executeTakeFirstOrThrow()).at);

describe('the loser of a contested scan', () => {
  it('two fillers fill one cylinder at once: one is recorded, the other is told who filled it and when, its value not recorded', async () => {
    const id = await cylinder('C-FILL');
    expect((await post('/api/produce/addPicking', { code: 'C-FILL' })).body.code).toBe(0);
    const pressures = [15.1, 16.2];
    const answers = await Promise.all(fillers.map((f, i) =>
      post('/api/produce/filling', { code: 'C-FILL', scanId: randomUUID(), materialId: n2, filledPressure: pressures[i] }, f.token)));
    for (const a of answers) expect(a.body.code, a.body.msg).toBe(0);
    const won = answers.findIndex((a) => !a.body.data.repeated);
    const lost = 1 - won;
    expect(answers[lost]!.body.data).toMatchObject({ repeated: true, traceId: null, doneBy: fillers[won]!.name });
    expect(answers[lost]!.body.data.message).toBe(
      `气瓶 C-FILL 已由 ${fillers[won]!.name} 于 ${hhmm(await eventAt(id, 'fill'))} 充装，无需重复操作；本次扫描的充装压力（${pressures[lost]} MPa）未记录`,
    );
    const records = await t.db.selectFrom('filling_records').select(['filled_pressure', 'operator']).where('cylinder_id', '=', id).execute();
    expect(records.map((r) => [Number(r.filled_pressure), r.operator])).toEqual([[pressures[won], fillers[won]!.name]]);
  });

  it('a second submit at 检验 names who inspected it and that this result was not recorded', async () => {
    const id = await cylinder('C-TEST');
    await post('/api/produce/addPicking', { code: 'C-TEST' });
    await post('/api/produce/filling', { code: 'C-TEST', materialId: n2, filledPressure: 15 });
    expect((await post('/api/produce/testResult', { code: 'C-TEST', items: [], result: 1 }, fillers[0]!.token)).body.data.repeated).toBe(false);
    const again = await post('/api/produce/testResult', { code: 'C-TEST', items: [], result: 0 }, fillers[1]!.token);
    expect(again.body.data).toMatchObject({ repeated: true, doneBy: fillers[0]!.name });
    expect(again.body.data.message).toBe(`气瓶 C-TEST 已由 ${fillers[0]!.name} 于 ${hhmm(await eventAt(id, 'testPass'))} 检验合格，无需重复操作；本次扫描的检验结果未记录`);
  });

  it('a replayed fill that lost is kept in 待处理异常 for a supervisor, with the value that was not recorded', async () => {
    await cylinder('C-REPLAY');
    await post('/api/produce/addPicking', { code: 'C-REPLAY' });
    expect((await post('/api/produce/filling', { code: 'C-REPLAY', materialId: n2, filledPressure: 15 }, fillers[0]!.token)).body.code).toBe(0);
    const scanId = randomUUID();
    const replayed = await post('/api/produce/filling', { code: 'C-REPLAY', scanId, materialId: n2, filledPressure: 14.2 }, fillers[1]!.token, {
      'x-replayed': '1', 'x-station-at': new Date().toISOString(),
    });
    expect(replayed.body.data.repeated).toBe(true);
    const rows = await post<{ list: ExceptionRow[] }>('/api/offline/exception/listPage', { page: 1, size: 10 }, fillers[1]!.token);
    expect(rows.body.data.list.find((r) => r.scanId === scanId)).toMatchObject({
      kind: 'notice', code: 'C-REPLAY', operator: fillers[1]!.name, message: expect.stringMatching(/已由 用户 zhang 于 \d\d:\d\d 充装.*本次扫描的充装压力（14.2 MPa）未记录/),
    });
  });
});

describe('检验 and 复秤 answer a second scan as done, not refused', () => {
  it('testScan of an inspected cylinder (or one that failed there) says who did it; one not yet filled is still refused', async () => {
    const id = await cylinder('C-SCAN-T');
    await post('/api/produce/addPicking', { code: 'C-SCAN-T' });
    await post('/api/produce/filling', { code: 'C-SCAN-T', materialId: n2, filledPressure: 15 });
    expect((await post<InspectionPreview>('/api/produce/testScan', { code: 'C-SCAN-T' })).body.data).toMatchObject({ allowed: true });
    await post('/api/produce/testResult', { code: 'C-SCAN-T', items: [], result: 1 }, fillers[0]!.token);
    const second = await post<InspectionPreview>('/api/produce/testScan', { code: 'C-SCAN-T' }, fillers[1]!.token);
    expect(second.body).toMatchObject({ code: 0, data: { allowed: false, repeated: true, reasons: [] } });
    expect(second.body.data.message).toBe(`气瓶 C-SCAN-T 已由 ${fillers[0]!.name} 于 ${hhmm(await eventAt(id, 'testPass'))} 检验合格，无需重复操作`);
    // Failed at 检验 (now 待分析): done there too.
    await cylinder('C-SCAN-F');
    await post('/api/produce/addPicking', { code: 'C-SCAN-F' });
    await post('/api/produce/filling', { code: 'C-SCAN-F', materialId: n2, filledPressure: 15 });
    await post('/api/produce/testResult', { code: 'C-SCAN-F', items: [], result: 0 });
    expect((await post<InspectionPreview>('/api/produce/testScan', { code: 'C-SCAN-F' })).body.data)
      .toMatchObject({ repeated: true, message: expect.stringMatching(/^气瓶 C-SCAN-F 已由 管理员 于 \d\d:\d\d 检验不合格，无需重复操作$/) });
    // Not yet filled: a refusal, as before.
    await cylinder('C-SCAN-T2');
    const early = await post<InspectionPreview>('/api/produce/testScan', { code: 'C-SCAN-T2' });
    expect(early.body.data).toMatchObject({ allowed: false, reasons: [expect.stringContaining('不能检验')] });
    expect(early.body.data.repeated).toBeUndefined();
  });

  it('metageScan of a re-weighed cylinder says who re-weighed it and when', async () => {
    const id = await cylinder('C-SCAN-M', lpg);
    await post('/api/produce/addPicking', { code: 'C-SCAN-M' });
    await post('/api/produce/filling', { code: 'C-SCAN-M', materialId: lpg, filledWeight: 14.5 });
    await post('/api/produce/testResult', { code: 'C-SCAN-M', items: [], result: 1 });
    expect((await post('/api/produce/metage', { code: 'C-SCAN-M', grossWeight: 29.6, source: 'scale' }, fillers[1]!.token)).body.data.toStatus).toBe(6);
    const second = await post<ReweighPreview>('/api/produce/metageScan', { code: 'C-SCAN-M' }, fillers[0]!.token);
    expect(second.body).toMatchObject({ code: 0, data: { allowed: false, repeated: true, reasons: [], targetNetWeight: 14.5 } });
    expect(second.body.data.message).toBe(`气瓶 C-SCAN-M 已由 ${fillers[1]!.name} 于 ${hhmm(await eventAt(id, 'reweighPass'))} 复秤合格，无需重复操作`);
    // And the re-weigh itself sent again: the weight of this scan not recorded.
    const again = await post('/api/produce/metage', { code: 'C-SCAN-M', grossWeight: 30.1, source: 'scale' }, fillers[0]!.token);
    expect(again.body.data.message).toContain('；本次扫描的毛重（30.1 kg）未记录');
  });
});
