import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReweighPreview, RollbackPreview, ScanPreview, ScanResult, InspectionPreview, InspectionRecord, TraceInfo } from '../../src/shared/api/production';
import type { StatusCount } from '../../src/shared/api/product';
import { addDays, addYears, today } from '../../src/server/lib/dates';
import { cappedCount } from '../../src/server/lib/paging';
import { buildTestApp, createLimitedUser, type TestApp } from './app-helper';
import { createEnterprise, createGas, forceStatus, upload, stationTime } from './master-data-helper';

let t: TestApp;
let token: string;
let n2: number;
let lpg: number;
let h2: number;
let purity: number;
let moisture: number;
let looks: number;
const TODAY = today();
/** Fill times lie in the past whatever the hour the suite runs (an end in the future is refused). */
const YESTERDAY = addDays(TODAY, -1);
const p2 = (n: number) => String(n).padStart(2, '0');
/**
 * A fill time `seconds` from now as a station types it (the server's local time, to the second). A fill's times lie
 * after the cylinder's previous event (its pick, just made) and within 单次充装最长时长 of the scan.
 */
const typed = stationTime;

beforeAll(async () => {
  t = await buildTestApp();
  token = (await t.login()).token;
  n2 = await createGas(t, token, { materialName: '氮气', code: 'N2' });
  lpg = await createGas(t, token, {
    materialName: '液化石油气', code: 'LPG', category: 'liquefied', flammable: true, reweighRequired: true, targetNetWeight: 14.5, weightTolerance: 0.5,
  });
  h2 = await createGas(t, token, { materialName: '氢气', code: 'H2', flammable: true });
  const projects = await t.call('POST', '/api/produce/saveTestProject', {
    token,
    body: {
      materialId: n2, projects: [
        { projectName: '纯度', standardMin: 99.99, unit: '%', required: true },
        { projectName: '水分', standardMax: 10, unit: 'ppm', required: true },
        { projectName: '外观', standardText: '无损伤', required: false },
      ],
    },
  });
  expect(projects.body.code, projects.body.msg).toBe(0);
  const rows = await t.db.selectFrom('test_projects').select(['id', 'project_name']).where('material_id', '=', n2).execute();
  const idOf = (name: string) => rows.find((r) => r.project_name === name)!.id;
  [purity, moisture, looks] = [idOf('纯度'), idOf('水分'), idOf('外观')];
});
afterAll(async () => { await t?.close(); });

const WS = { 'x-workstation': encodeURIComponent('充装一号台') };
const post = <T = ScanResult>(path: string, body: unknown, as = token) => t.call<T>('POST', path, { token: as, body, headers: WS });

/** A cylinder in stock, fit to fill (inspection not due, young, own); extra fields override. */
async function cylinder(code: string, extra: Record<string, unknown> = {}): Promise<number> {
  const res = await t.call('POST', '/api/product/addProduct', {
    token, body: { code, materialId: n2, manufactureDate: addYears(TODAY, -2), nextInspectionDate: addYears(TODAY, 1), tareWeight: 15, ...extra },
  });
  expect(res.body.code, res.body.msg).toBe(0);
  return (await t.db.selectFrom('cylinders').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
}
const statusOf = async (code: string) => (await t.db.selectFrom('cylinders').select('status').where('code', '=', code).executeTakeFirstOrThrow()).status;
const events = (code: string) => t.db.selectFrom('cylinder_traces as e').innerJoin('cylinders as c', 'c.id', 'e.cylinder_id')
  .select(['e.id', 'e.seq', 'e.action', 'e.from_status', 'e.to_status', 'e.operator', 'e.workstation', 'e.scan_id', 'e.reverted_by_id', 'e.reverts_id'])
  .where('c.code', '=', code).orderBy('e.seq').execute();

const pick = (code: string, extra: Record<string, unknown> = {}) => post('/api/produce/addPicking', { code, ...extra });
const fill = (code: string, extra: Record<string, unknown> = {}) => post('/api/produce/filling', { code, materialId: n2, lotNo: 'L20261123', filledPressure: 15, ...extra });
const passTest = (code: string) => post('/api/produce/testResult', {
  code, items: [{ projectId: purity, value: 99.995 }, { projectId: moisture, value: 3 }, { projectId: looks, passed: true }],
});

describe('the production loop', () => {
  it('pick → fill → inspect: each step one event with user and workstation, records written, counters follow', async () => {
    await cylinder('LOOP1');
    const before = await counts();
    const picked = await pick('LOOP1');
    expect(picked.body).toMatchObject({ code: 0, data: { code: 'LOOP1', fromStatus: 2, toStatus: 3, repeated: false, action: 'pick' } });
    const filled = await fill('LOOP1', { startedAt: typed(1), endedAt: typed(60) });
    expect(filled.body.data).toMatchObject({ fromStatus: 3, toStatus: 4, recordId: expect.any(Number) });
    const tested = await passTest('LOOP1');
    expect(tested.body.data).toMatchObject({ fromStatus: 4, toStatus: 5, action: 'testPass', message: '气瓶 LOOP1 检验合格' });

    const trace = await events('LOOP1');
    expect(trace.map((e) => [e.seq, e.action, e.from_status, e.to_status])).toEqual([
      [1, 'register', null, 2], [2, 'pick', 2, 3], [3, 'fill', 3, 4], [4, 'testPass', 4, 5],
    ]);
    expect(trace.slice(1).every((e) => e.operator === '管理员' && e.workstation === '充装一号台')).toBe(true);
    const record = await t.db.selectFrom('filling_records').selectAll().where('id', '=', filled.body.data.recordId!).executeTakeFirstOrThrow();
    expect(record).toMatchObject({ lot_no: 'L20261123', source: 'manual', trace_id: filled.body.data.traceId, workstation: '充装一号台' });
    const after = await counts();
    expect(after[2]! - before[2]!).toBe(-1);
    expect(after[5]! - before[5]!).toBe(1);
    const test = await t.call<InspectionRecord>('GET', `/api/produce/getTestInfoByTraceId/${tested.body.data.traceId}`, { token });
    expect(test.body.data.items.map((i) => [i.projectName, i.passed, i.standard])).toEqual([
      ['纯度', true, '≥99.99%'], ['水分', true, '≤10ppm'], ['外观', true, '无损伤'],
    ]);
  });

  it('refuses a scan in the wrong status, naming the cylinder, its status and the expected one; unknown codes say so', async () => {
    await cylinder('WRONG1');
    expect((await fill('WRONG1')).body).toEqual({ code: -1, msg: '气瓶 WRONG1 当前状态为「在库(2)」，不能充装（应为「已领瓶(3)」）', data: null });
    expect((await pick('NOSUCH')).body).toMatchObject({ code: -1, msg: '气瓶编码不存在：NOSUCH' });
    expect(await statusOf('WRONG1')).toBe(2);
  });

  it('a repeated scan into the step it is in changes nothing and says it was done', async () => {
    await cylinder('REPEAT1');
    await pick('REPEAT1');
    const again = await pick('REPEAT1');
    // Who did it and when (the one who scans again may not be the one who did it).
    expect(again.body).toMatchObject({ code: 0, data: { repeated: true, traceId: null, doneBy: '管理员', message: expect.stringMatching(/^气瓶 REPEAT1 已由 管理员 于 \d\d:\d\d 领瓶，无需重复操作$/) } });
    expect((await events('REPEAT1')).map((e) => e.action)).toEqual(['register', 'pick']);
  });

  it('a retried scanId returns the first answer without acting again; a refused one may be retried', async () => {
    await cylinder('SCANID1');
    const scanId = randomUUID();
    const first = await pick('SCANID1', { scanId });
    const retry = await pick('SCANID1', { scanId });
    expect(retry.body).toEqual(first.body);
    expect((await events('SCANID1')).filter((e) => e.action === 'pick')).toHaveLength(1);
    expect((await events('SCANID1')).at(-1)!.scan_id).toBe(scanId);
    // The same scanId for another action is refused.
    expect((await post('/api/produce/returnPicking', { code: 'SCANID1', scanId })).body).toMatchObject({ code: -1, msg: '该扫描编号已用于另一项操作' });
    // The same scanId with another cylinder's code is refused, never answered with the first cylinder's success.
    await cylinder('SCANID2');
    expect((await pick('SCANID2', { scanId })).body).toEqual({ code: -1, msg: '该扫描编号已用于另一个气瓶（SCANID1），请重新扫码', data: null });
    expect(await statusOf('SCANID2')).toBe(2);
    // A refused scan leaves nothing behind: its scanId can act later.
    const refusedId = randomUUID();
    expect((await fill('SCANID1', { scanId: refusedId, materialId: lpg })).body.code).toBe(-1);
    expect((await fill('SCANID1', { scanId: refusedId })).body.data).toMatchObject({ toStatus: 4, repeated: false });
  });

  it('50 parallel picks of one cylinder: exactly one acts, the others answer done, the trace holds one pick', async () => {
    await cylinder('RACE1');
    const answers = await Promise.all(Array.from({ length: 50 }, () => pick('RACE1')));
    expect(answers.every((a) => a.body.code === 0)).toBe(true);
    expect(answers.filter((a) => !a.body.data.repeated)).toHaveLength(1);
    expect((await events('RACE1')).filter((e) => e.action === 'pick')).toHaveLength(1);
    expect(await statusOf('RACE1')).toBe(3);
  });

  it('refuses filling times that do not exist or run backwards, and records real ones', async () => {
    await cylinder('TIME1');
    await pick('TIME1');
    expect((await fill('TIME1', { startedAt: '2026-02-30 08:00:00' })).body.msg).toBe('参数错误：开始时间不是有效时间（1900–2199 年内真实存在的日期和时刻）');
    expect((await fill('TIME1', { startedAt: `${TODAY} 24:00` })).body.msg).toContain('开始时间不是有效时间');
    expect((await fill('TIME1', { startedAt: `${YESTERDAY} 08:10:00`, endedAt: `${YESTERDAY} 08:00:00` })).body.msg).toBe('参数错误：结束时间早于开始时间');
    // Times as a station types them are the server's local time.
    const [startedAt, endedAt] = [typed(1), typed(90)];
    const ok = await fill('TIME1', { startedAt, endedAt });
    expect(ok.body.code, ok.body.msg).toBe(0);
    const rec = await t.db.selectFrom('filling_records').select(['started_at', 'ended_at']).where('id', '=', ok.body.data.recordId!).executeTakeFirstOrThrow();
    const asTyped = (d: Date) => `${d.getFullYear()}-${p2(d.getMonth() + 1)}-${p2(d.getDate())} ${p2(d.getHours())}:${p2(d.getMinutes())}:${p2(d.getSeconds())}`;
    expect([asTyped(rec.started_at!), asTyped(rec.ended_at!)]).toEqual([startedAt, endedAt]);
  });

  it('return picking: 3 → 2', async () => {
    await cylinder('RET1');
    await pick('RET1');
    expect((await post('/api/produce/returnPicking', { code: 'RET1', reason: '阀门漏气' })).body.data).toMatchObject({ fromStatus: 3, toStatus: 2 });
    expect((await post('/api/produce/returnPicking', { code: 'RET1' })).body.data).toMatchObject({ repeated: true });
  });
});

describe('the fill gate', () => {
  it('refuses each reason on its own at picking and at filling, listing every reason', async () => {
    // A customer later re-filed as a supplier: its cylinders are no longer filled on its behalf.
    const owner = await createEnterprise(t, token, { type: '2', enterpriseName: '原委托客户', enterpriseCode: 'GATE-SUP' });
    await cylinder('G-OVERDUE', { nextInspectionDate: addDays(TODAY, -1) });
    await cylinder('G-OLD', { manufactureDate: addYears(TODAY, -31), designLifeYears: 30 });
    await cylinder('G-OWNER', { ownerType: 2, ownerEnterpriseId: owner });
    await t.db.updateTable('enterprises').set({ type: 1 }).where('id', '=', owner).execute();
    const cases: Array<[string, string]> = [
      ['G-OVERDUE', `气瓶 G-OVERDUE 超期未检：下次检验日期 ${addDays(TODAY, -1)} 已过`],
      ['G-OLD', '气瓶 G-OLD 已超过设计使用年限 30 年'],
      ['G-OWNER', '气瓶 G-OWNER 不是本单位气瓶，也不属于委托充装的客户'],
    ];
    for (const [code, message] of cases) {
      const res = await pick(code);
      expect(res.body.code, code).toBe(-1);
      expect(res.body.msg).toContain(message);
      expect(await statusOf(code)).toBe(2);
    }
    // Wrong medium: picked for another gas.
    await cylinder('G-MEDIUM');
    expect((await pick('G-MEDIUM', { materialId: lpg })).body.msg).toContain('气瓶 G-MEDIUM 登记介质为 氮气，不能充装 液化石油气');
    // All reasons at once, in the preview too.
    await cylinder('G-ALL', { nextInspectionDate: addDays(TODAY, -1), manufactureDate: addYears(TODAY, -31), designLifeYears: 30 });
    const preview = await post<ScanPreview>('/api/produce/fillingScan', { code: 'G-ALL', materialId: lpg });
    expect(preview.body.data.allowed).toBe(false);
    expect(preview.body.data.reasons).toHaveLength(5); // status, overdue, life, medium, vacuum (LPG is flammable)
  });

  it('a flammable gas on its first fill needs a vacuum record; after vacuum handling it may be filled', async () => {
    await cylinder('G-H2', { materialId: h2 });
    const refused = await pick('G-H2');
    expect(refused.body.msg).toContain('抽真空');
    // An analyze cylinder (1) gets its vacuum handling → stock, with the record the gate looks for.
    const id = (await t.db.selectFrom('cylinders').select('id').where('code', '=', 'G-H2').executeTakeFirstOrThrow()).id;
    await forceStatus(t, id, 1);
    const vac = await post('/api/trace/vacuumHandle', { code: 'G-H2', pressure: -0.09, remark: '首次充装前' });
    expect(vac.body.data).toMatchObject({ fromStatus: 1, toStatus: 2, recordId: expect.any(Number) });
    expect((await pick('G-H2')).body.data).toMatchObject({ toStatus: 3 });
    expect((await post('/api/produce/filling', { code: 'G-H2', materialId: h2, filledPressure: 15 })).body.data).toMatchObject({ toStatus: 4 });
  });

  it('a new LPG cylinder in stock (2) is vacuumed where it stands (2 → 2, the value kept) and can then be picked and filled', async () => {
    await cylinder('NEW-LPG', { materialId: lpg });
    expect((await pick('NEW-LPG')).body.msg).toBe('气瓶 NEW-LPG 首次充装可燃气体 液化石油气，需先抽真空处理');
    // The vacuum reached is required.
    expect((await post('/api/produce/vacuum', { code: 'NEW-LPG' })).body).toMatchObject({ code: -1, msg: expect.stringContaining('真空度') });
    const vac = await post('/api/produce/vacuum', { code: 'NEW-LPG', pressure: -0.0955 });
    expect(vac.body).toMatchObject({ code: 0, data: { fromStatus: 2, toStatus: 2, action: 'vacuum', message: '气瓶 NEW-LPG 抽真空完成：真空度 -0.0955 MPa' } });
    const record = await t.db.selectFrom('vacuum_records').select(['pressure', 'workstation']).where('id', '=', vac.body.data.recordId!).executeTakeFirstOrThrow();
    expect(record).toEqual({ pressure: '-0.0955', workstation: '充装一号台' });
    // The trace shows the value; a second scan is a repeat, not a second record.
    const info = await post<TraceInfo>('/api/trace/getInfo', { code: 'NEW-LPG' });
    expect(info.body.data.events.at(-1)).toMatchObject({ action: 'vacuum', actionName: '抽真空', detail: { pressure: -0.0955 } });
    expect((await post('/api/produce/vacuum', { code: 'NEW-LPG', pressure: -0.09 })).body.data).toMatchObject({ repeated: true });
    expect(await t.db.selectFrom('vacuum_records as v').innerJoin('cylinders as c', 'c.id', 'v.cylinder_id').select('v.id').where('c.code', '=', 'NEW-LPG').execute()).toHaveLength(1);
    expect((await pick('NEW-LPG')).body.data).toMatchObject({ fromStatus: 2, toStatus: 3 });
    // A rollback of the pick, then of the vacuum: the gate asks for vacuum again.
    await post('/api/produce/returnPicking', { code: 'NEW-LPG' });
    const check = await post<RollbackPreview>('/api/produce/rollbackCheck', { code: 'NEW-LPG' });
    expect(check.body.data).toMatchObject({ action: 'returnPick' });
  });

  it('after a periodic inspection, an LPG cylinder is refused at picking naming the vacuum until it is vacuumed again', async () => {
    const id = await cylinder('INSP-LPG', { materialId: lpg });
    await post('/api/produce/vacuum', { code: 'INSP-LPG', pressure: -0.09 });
    await pick('INSP-LPG');
    expect((await post('/api/produce/filling', { code: 'INSP-LPG', materialId: lpg, filledWeight: 14.6 })).body.data).toMatchObject({ toStatus: 4 });
    // Back to stock, filled before the inspection (the fill dated in the past), then inspected.
    await t.db.updateTable('cylinders').set({ last_filled_at: sql`now() - interval '30 days'` }).where('id', '=', id).execute();
    await forceStatus(t, id, 2);
    const inspected = await t.call('POST', '/api/detect/record', { token, body: { cylinderId: id, inspectedOn: TODAY, result: 1, reportNo: 'R1' } });
    expect(inspected.body.code, inspected.body.msg).toBe(0);
    expect((await pick('INSP-LPG')).body.msg).toBe(`气瓶 INSP-LPG 定期检验（${TODAY}）后首次充装可燃气体 液化石油气，需先抽真空处理`);
    expect((await post('/api/produce/vacuum', { code: 'INSP-LPG', pressure: -0.092 })).body.data).toMatchObject({ fromStatus: 2, toStatus: 2, repeated: false });
    expect((await pick('INSP-LPG')).body.data).toMatchObject({ toStatus: 3 });
  });
});

describe('the fill record', () => {
  const lpgFill = (code: string, extra: Record<string, unknown> = {}, as = token) =>
    post('/api/produce/filling', { code, materialId: lpg, lotNo: 'L1', ...extra }, as);
  async function pickedLpg(code: string) {
    await cylinder(code, { materialId: lpg });
    await post('/api/produce/vacuum', { code, pressure: -0.09 });
    expect((await pick(code)).body.code).toBe(0);
  }

  it('a fill without its measured quantity is refused: net weight for a liquefied gas, pressure for a compressed one', async () => {
    await pickedLpg('FQ1');
    expect((await lpgFill('FQ1')).body).toEqual({
      code: -1, msg: '气瓶 FQ1 没有充装量：液化石油气 按重量充装，请读取充装秤或手工录入充装量（kg）', data: null,
    });
    expect((await lpgFill('FQ1', { filledWeight: 0, source: 'scale' })).body.msg).toBe('气瓶 FQ1 的充装量必须大于 0 kg');
    // A pressure does not stand in for the weight of a liquefied gas.
    expect((await lpgFill('FQ1', { filledPressure: 1.2 })).body.code).toBe(-1);
    expect(await statusOf('FQ1')).toBe(3);
    await cylinder('FQ2');
    await pick('FQ2');
    expect((await post('/api/produce/filling', { code: 'FQ2', materialId: n2 })).body.msg)
      .toBe('气瓶 FQ2 没有充装压力：氮气 按压力充装，请填写充装后压力（MPa）');
    expect(await statusOf('FQ2')).toBe(2 + 1);
  });

  it('a scale weight is recorded as read; a typed one needs produce:manualWeight and is marked manual, and fixed for a rack when said so', async () => {
    await pickedLpg('FQ3');
    const scale = await lpgFill('FQ3', { filledWeight: 14.62, source: 'scale' });
    const rec = (id: number) => t.db.selectFrom('filling_records').select(['filled_weight', 'source', 'value_fixed']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(await rec(scale.body.data.recordId!)).toEqual({ filled_weight: '14.620', source: 'scale', value_fixed: false });

    await pickedLpg('FQ4');
    const filler = await createLimitedUser(t, token, 'filler', ['produce:view', 'produce:filling']);
    const fillerToken = (await t.login(filler.username, filler.password)).token;
    expect((await lpgFill('FQ4', { filledWeight: 14.5, source: 'manual' }, fillerToken)).status).toBe(403);
    expect((await lpgFill('FQ4', { filledWeight: 14.5 }, fillerToken)).status).toBe(403);
    expect(await statusOf('FQ4')).toBe(3);
    // The filler may still fill from the scale.
    expect((await lpgFill('FQ4', { filledWeight: 14.5, source: 'scale' }, fillerToken)).body.code).toBe(0);

    await pickedLpg('FQ5');
    const typed = await lpgFill('FQ5', { filledWeight: 14.4, source: 'manual', fixedValue: true });
    expect(await rec(typed.body.data.recordId!)).toEqual({ filled_weight: '14.400', source: 'manual', value_fixed: true });
    const history = await post<{ list: Array<{ code: string; source: string; fixedValue: boolean }> }>('/api/produce/fillingHistory', { code: 'FQ5' });
    expect(history.body.data.list).toMatchObject([{ code: 'FQ5', source: 'manual', fixedValue: true }]);
    const info = await post<TraceInfo>('/api/trace/getInfo', { code: 'FQ5' });
    expect(info.body.data.events.at(-1)).toMatchObject({ action: 'fill', detail: { filledWeight: 14.4, source: 'manual', fixedValue: true } });
  });

  it('今日完成 counts what this workstation (or, without one, this user) did today, undone steps not counted', async () => {
    const count = async (action: string, headers: Record<string, string> = WS) =>
      (await t.call<{ count: number; by: string }>('GET', `/api/produce/todayCount?action=${action}`, { token, headers })).body.data;
    const before = await count('pick');
    await cylinder('CNT1');
    await cylinder('CNT2');
    await pick('CNT1');
    await pick('CNT2');
    expect(await count('pick')).toEqual({ count: before.count + 2, by: 'workstation' });
    const traceId = (await post<RollbackPreview>('/api/produce/rollbackCheck', { code: 'CNT2' })).body.data.traceId!;
    await post('/api/produce/rollbackSave', { code: 'CNT2', traceId, reason: '扫错' });
    expect((await count('pick')).count).toBe(before.count + 1);
    // Another workstation has done none; without a workstation the user's own count is given.
    expect(await count('pick', { 'x-workstation': 'other-bench' })).toEqual({ count: 0, by: 'workstation' });
    expect((await count('pick', {})).by).toBe('operator');
    expect((await t.call('GET', '/api/produce/todayCount?action=drop', { token })).body.code).toBe(-1);
  });
});

describe('inspection after filling', () => {
  async function filled(code: string) {
    await cylinder(code);
    await pick(code);
    await fill(code);
  }

  it('a required project out of its standard → analyze (1) with the failed items', async () => {
    await filled('TF1');
    const preview = await post<InspectionPreview>('/api/produce/testScan', { code: 'TF1' });
    expect(preview.body.data).toMatchObject({ allowed: true, projects: [{ projectName: '纯度' }, { projectName: '水分' }, { projectName: '外观' }] });
    const res = await post('/api/produce/testResult', { code: 'TF1', items: [{ projectId: purity, value: 99.5 }, { projectId: moisture, value: 3 }] });
    expect(res.body.data).toMatchObject({ action: 'testFail', toStatus: 1, failedItems: ['纯度 99.5%（标准 ≥99.99%）'] });
    expect(await statusOf('TF1')).toBe(1);
  });

  it('a missing required project or a foreign project is refused and changes nothing', async () => {
    await filled('TF2');
    expect((await post('/api/produce/testResult', { code: 'TF2', items: [{ projectId: purity, value: 99.999 }] })).body.msg)
      .toBe('气瓶 TF2 的检验项目未填写：「水分」');
    expect(await statusOf('TF2')).toBe(4);
  });

  it('corrections keep the old values in the trace and may not change the verdict', async () => {
    await filled('TC1');
    const tested = await passTest('TC1');
    const record = (await t.call<InspectionRecord>('GET', `/api/produce/getTestInfoByTraceId/${tested.body.data.traceId}`, { token })).body.data;
    const fixed = await post<InspectionRecord>('/api/produce/updateTestById', {
      id: record.id, reason: '录入错误', items: [{ projectId: purity, value: 99.998 }, { projectId: moisture, value: 2 }, { projectId: looks, passed: true }],
    });
    expect(fixed.body.data.items[0]).toMatchObject({ value: 99.998 });
    const correction = (await events('TC1')).at(-1)!;
    expect(correction).toMatchObject({ action: 'testCorrection', from_status: 5, to_status: 5 });
    const flip = await post('/api/produce/updateTestById', {
      id: record.id, reason: '改判', items: [{ projectId: purity, value: 90 }, { projectId: moisture, value: 2 }],
    });
    expect(flip.body.msg).toContain('请先回退该检验');
  });
});

describe('test results by spreadsheet', () => {
  async function sheet(rows: Array<[string, string, number | string, string]>): Promise<Buffer> {
    const book = new ExcelJS.Workbook();
    const ws = book.addWorksheet('检验结果');
    ws.addRow(['气瓶编码', '检验项目', '检测值', '是否合格', '备注']);
    for (const r of rows) ws.addRow(r);
    return Buffer.from(await book.xlsx.writeBuffer());
  }
  async function filledFor(code: string) {
    await cylinder(code);
    await pick(code);
    await fill(code);
  }

  it('imports all or nothing with a row report, through the same rules as the station; exports one row per project', async () => {
    await filledFor('IMP1');
    await filledFor('IMP2');
    await cylinder('IMP3'); // in stock: not testable
    const bad = await sheet([
      ['IMP1', '纯度', 99.995, ''], ['IMP1', '水分', 3, ''],
      ['IMP2', '纯度', 'abc', ''], ['IMP3', '纯度', 99.99, ''], ['IMP1', '颜色', '', '合格'],
    ]);
    const refused = await upload(t, '/api/produce/importTest', token, '检验.xlsx', bad);
    expect(refused.body.code).toBe(-1);
    expect(refused.body.msg).toContain('第 4 行：检测值不是数字：abc');
    expect(refused.body.msg).toContain('第 5 行：气瓶 IMP3 当前状态为「在库(2)」，不能检验');
    expect(refused.body.msg).toContain('第 6 行：检验项目「颜色」不是气瓶 IMP1 介质的项目');
    expect(await statusOf('IMP1')).toBe(4);

    const good = await sheet([['IMP1', '纯度', 99.995, ''], ['IMP1', '水分', 3, ''], ['IMP2', '纯度', 99.0, ''], ['IMP2', '水分', 1, '']]);
    const dry = await upload(t, '/api/produce/importTest?dryRun=true', token, '检验.xlsx', good);
    expect(dry.body).toMatchObject({ code: 0, data: { rows: 2, imported: 0 } });
    expect(await statusOf('IMP1')).toBe(4);
    const done = await upload(t, '/api/produce/importTest', token, '检验.xlsx', good);
    expect(done.body).toMatchObject({ code: 0, data: { rows: 2, imported: 2 } });
    expect(await statusOf('IMP1')).toBe(5);
    expect(await statusOf('IMP2')).toBe(1); // purity 99.0 below 99.99

    const exported = await t.app.inject({ method: 'POST', url: '/api/produce/exportTestList', headers: { authorization: `Bearer ${token}` }, payload: { code: 'IMP' } });
    expect(exported.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    const values = book.worksheets[0]!.getSheetValues().slice(2).map((r) => (r as unknown[]).slice(1, 9));
    expect(values).toContainEqual(['IMP2', '氮气', '不合格', '纯度', 99, '%', '≥99.99%', '不合格']);
    expect(values).toHaveLength(4);
  });
});

describe('re-weighing', () => {
  async function inspected(code: string) {
    await cylinder(code, { materialId: lpg, tareWeight: 15.2 });
    const id = (await t.db.selectFrom('cylinders').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
    await forceStatus(t, id, 5);
  }

  it('within tolerance → 6; out of tolerance → 1 with the deviation; the preview and checkWeight compute the same', async () => {
    await inspected('RW1');
    const preview = await post<ReweighPreview>('/api/produce/metageScan', { code: 'RW1' });
    expect(preview.body.data).toMatchObject({ allowed: true, targetNetWeight: 14.5, tolerance: 0.5, tareWeight: 15.2 });
    const verdict = await t.call('GET', `/api/produce/checkWeight/${preview.body.data.cylinder.id}?grossWeight=29.9`, { token });
    expect(verdict.body.data).toEqual({ net: 14.7, target: 14.5, tolerance: 0.5, deviation: 0.2, passed: true });
    const ok = await post('/api/produce/metage', { code: 'RW1', grossWeight: 29.9, source: 'scale', scale: '/dev/ttyUSB0' });
    expect(ok.body.data).toMatchObject({ toStatus: 6, action: 'reweighPass', net: 14.7, deviation: 0.2 });

    await inspected('RW2');
    const over = await post('/api/produce/metage', { code: 'RW2', grossWeight: 30.5, source: 'scale' });
    expect(over.body.data).toMatchObject({ toStatus: 1, action: 'reweighFail', deviation: 0.8 });
    expect(over.body.data.message).toContain('偏差 +0.8 kg');
  });

  it('a retried scanId answers the first answer, its event and record named, the record written once', async () => {
    await inspected('RW5');
    const scanId = randomUUID();
    const first = await post('/api/produce/metage', { code: 'RW5', scanId, grossWeight: 29.8, source: 'scale' });
    expect(first.body.data).toMatchObject({ toStatus: 6, repeated: false, net: 14.6 });
    const { traceId, recordId } = first.body.data;
    const rec = await t.db.selectFrom('weighing_records').select(['trace_id', 'cylinder_id']).where('id', '=', recordId!).executeTakeFirstOrThrow();
    const event = (await events('RW5')).at(-1)!;
    expect({ id: event.id, scanId: event.scan_id, action: event.action }).toEqual({ id: traceId, scanId, action: 'reweighPass' });
    expect(Number(rec.trace_id)).toBe(traceId);
    const retry = await post('/api/produce/metage', { code: 'RW5', scanId, grossWeight: 29.8, source: 'scale' });
    expect(retry.body).toEqual(first.body);
    const records = await t.db.selectFrom('weighing_records').select('id').where('cylinder_id', '=', rec.cylinder_id).execute();
    expect(records).toHaveLength(1);
  });

  it('a typed weight needs produce:manualWeight and is marked manual', async () => {
    await inspected('RW3');
    const clerk = await createLimitedUser(t, token, 'weigher', ['produce:view', 'produce:metage']);
    const clerkToken = (await t.login(clerk.username, clerk.password)).token;
    const refused = await post('/api/produce/metage', { code: 'RW3', grossWeight: 29.7, source: 'manual' }, clerkToken);
    expect(refused.status).toBe(403);
    expect(await statusOf('RW3')).toBe(5);
    const typed = await post('/api/produce/metage', { code: 'RW3', grossWeight: 29.7, source: 'manual' });
    const rec = await t.db.selectFrom('weighing_records').select(['source', 'net_weight']).where('id', '=', typed.body.data.recordId!).executeTakeFirstOrThrow();
    expect(rec).toEqual({ source: 'manual', net_weight: '14.500' });
  });

  it('a gas without re-weighing is refused with the reason', async () => {
    await cylinder('RW4');
    const id = (await t.db.selectFrom('cylinders').select('id').where('code', '=', 'RW4').executeTakeFirstOrThrow()).id;
    await forceStatus(t, id, 5);
    expect((await post('/api/produce/metage', { code: 'RW4', grossWeight: 60, source: 'scale' })).body.msg).toContain('介质 氮气 不需要复秤');
  });
});

describe('analysis, vacuum, scrap', () => {
  it('analysis decides 2, 3 (through the gate) or 0 (scrap), with the reason', async () => {
    for (const [code, decision] of [['AN2', 2], ['AN3', 3], ['AN0', 0]] as const) {
      const id = await cylinder(code);
      await forceStatus(t, id, 1);
      const res = await post('/api/trace/productAnalyse', { code, decision, reason: '复检合格' });
      expect(res.body.data, code).toMatchObject({ fromStatus: 1, toStatus: decision });
    }
    const scrapped = await t.db.selectFrom('cylinders').select(['scrap_reason', 'scrapped_by']).where('code', '=', 'AN0').executeTakeFirstOrThrow();
    expect(scrapped).toEqual({ scrap_reason: '分析处理：复检合格', scrapped_by: '管理员' });
    const notAnalyze = await post('/api/trace/productAnalyse', { code: 'AN2', decision: 2, reason: 'x' });
    expect(notAnalyze.body.data).toMatchObject({ repeated: true });
  });

  it('vacuum handling is allowed from recovery (10), analyze (1) and stock (2) only, and needs the vacuum reached', async () => {
    const id = await cylinder('VAC1');
    expect((await post('/api/trace/vacuumHandle', { code: 'VAC1' })).body).toMatchObject({ code: -1, msg: '参数错误：真空度（MPa）不能为空' });
    await pick('VAC1');
    expect((await post('/api/trace/vacuumHandle', { code: 'VAC1', pressure: -0.09 })).body.msg)
      .toBe('气瓶 VAC1 当前状态为「已领瓶(3)」，不能抽真空（应为「已回收(10)」或「待分析(1)」或「在库(2)」）');
    await forceStatus(t, id, 10);
    expect((await post('/api/trace/vacuumHandle', { code: 'VAC1', pressure: 0.0006 })).body.data).toMatchObject({ fromStatus: 10, toStatus: 2 });
  });

  it('scrap goes through the engine: a scrapped cylinder is refused every step', async () => {
    const id = await cylinder('SCR1');
    expect((await t.call('POST', '/api/product/scrap', { token, body: { id, reason: '腐蚀' } })).body.code).toBe(0);
    expect((await pick('SCR1')).body.msg).toBe('气瓶 SCR1 当前状态为「报废(0)」，不能领瓶（应为「在库(2)」）');
    expect((await events('SCR1')).at(-1)).toMatchObject({ action: 'scrap', from_status: 2, to_status: 0 });
  });
});

describe('rollback', () => {
  it('undoes the newest transition, then the one before, never the registration; records are marked, not deleted', async () => {
    await cylinder('RB1');
    await pick('RB1');
    const filled = await fill('RB1');
    const check = await post<RollbackPreview>('/api/produce/rollbackCheck', { code: 'RB1' });
    expect(check.body.data).toMatchObject({ allowed: true, action: 'fill', actionName: '充装', toStatus: 3 });
    const traceId = check.body.data.traceId!;
    expect((await post('/api/produce/rollbackSave', { code: 'RB1', traceId, reason: '' })).body.code).toBe(-1);
    const undo = await post('/api/produce/rollbackSave', { code: 'RB1', traceId, reason: '扫错气瓶' });
    expect(undo.body.data).toMatchObject({ action: 'rollback', fromStatus: 4, toStatus: 3 });
    const rec = await t.db.selectFrom('filling_records').select('reverted_at').where('id', '=', filled.body.data.recordId!).executeTakeFirstOrThrow();
    expect(rec.reverted_at).not.toBeNull();
    expect((await t.db.selectFrom('cylinders').select('last_filled_at').where('code', '=', 'RB1').executeTakeFirstOrThrow()).last_filled_at).toBeNull();

    const trace = await events('RB1');
    const fillEvent = trace.find((e) => e.action === 'fill')!;
    const rollbackEvent = trace.find((e) => e.action === 'rollback')!;
    expect(fillEvent.reverted_by_id).toBe(rollbackEvent.id);
    expect(rollbackEvent.reverts_id).toBe(fillEvent.id);

    // The same request again (no scanId) names the fill, which is undone already: nothing more is undone.
    const twice = await post('/api/produce/rollbackSave', { code: 'RB1', traceId, reason: '扫错气瓶' });
    expect(twice.body).toMatchObject({ code: -1, msg: '气瓶 RB1 要回退的流转「充装」已被回退，未回退任何流转；请重新查询后再回退（当前最新流转为「领瓶」）' });
    expect(await statusOf('RB1')).toBe(3);
    // Again, naming the pick: the pick before it.
    const pickId = (await post<RollbackPreview>('/api/produce/rollbackCheck', { code: 'RB1' })).body.data.traceId!;
    expect((await post('/api/produce/rollbackSave', { code: 'RB1', traceId: pickId, reason: '不需要充装' })).body.data).toMatchObject({ fromStatus: 3, toStatus: 2 });
    // Again: only the registration is left, which is not undone (it is deleted while unused).
    const registration = (await events('RB1'))[0]!.id;
    const third = await post('/api/produce/rollbackSave', { code: 'RB1', traceId: registration, reason: '再退' });
    expect(third.body.msg).toBe('气瓶 RB1 的最新流转是「登记」，不能回退（登记有误请删除气瓶）');
    // It can be filled again: the undone fill does not count.
    await pick('RB1');
    expect((await fill('RB1')).body.data).toMatchObject({ toStatus: 4, repeated: false });
  });

  it('a scrap is not undone', async () => {
    const id = await cylinder('RB2');
    await t.call('POST', '/api/product/scrap', { token, body: { id, reason: '裂纹' } });
    const scrapEvent = (await events('RB2')).at(-1)!.id;
    expect((await post('/api/produce/rollbackSave', { code: 'RB2', traceId: scrapEvent, reason: '误报废' })).body.msg).toBe('气瓶 RB2 的最新流转是「报废」，不能回退');
  });

  it('parallel rollbacks naming one transition undo it once', async () => {
    await cylinder('RB3');
    await pick('RB3');
    await fill('RB3');
    const traceId = (await post<RollbackPreview>('/api/produce/rollbackCheck', { code: 'RB3' })).body.data.traceId!;
    const answers = await Promise.all(Array.from({ length: 8 }, () => post('/api/produce/rollbackSave', { code: 'RB3', traceId, reason: '扫错' })));
    expect(answers.filter((a) => a.body.code === 0)).toHaveLength(1);
    expect(await statusOf('RB3')).toBe(3);
    expect((await events('RB3')).filter((e) => e.action === 'rollback')).toHaveLength(1);
  });
});

describe('what the database itself guarantees', () => {
  it('refuses a status change outside the engine and any change or delete of a movement event', async () => {
    const id = await cylinder('DB1');
    await pick('DB1');
    await expect(t.db.updateTable('cylinders').set({ status: 7 }).where('id', '=', id).execute()).rejects.toThrow(/transition engine/);
    const [register, picked] = await events('DB1');
    await expect(t.db.updateTable('cylinder_traces').set({ operator: 'x' }).where('id', '=', picked!.id).execute()).rejects.toThrow(/append-only/);
    await expect(t.db.deleteFrom('cylinder_traces').where('id', '=', picked!.id).execute()).rejects.toThrow(/append-only/);
    await expect(t.db.deleteFrom('cylinders').where('id', '=', id).execute()).rejects.toThrow();
    expect(register!.action).toBe('register');
  });

  it('removing a cylinder registered by mistake is recorded', async () => {
    const id = await cylinder('DB2');
    expect((await t.call('POST', '/api/product/delAllProcess', { token, body: { id }, headers: WS })).body.code).toBe(0);
    const removal = await t.db.selectFrom('cylinder_removals').select(['code', 'operator', 'workstation']).where('cylinder_id', '=', id).executeTakeFirstOrThrow();
    expect(removal).toEqual({ code: 'DB2', operator: '管理员', workstation: '充装一号台' });
  });

  it('the status counters stay exact under parallel scans of different cylinders', async () => {
    const codes = Array.from({ length: 40 }, (_, i) => `PAR${i}`);
    for (const code of codes) await cylinder(code);
    await Promise.all(codes.map((code) => pick(code)));
    const counted = await counts();
    const actual = await t.db.selectFrom('cylinders').select(['status', sql<string>`count(*)`.as('n')]).groupBy('status').execute();
    for (const row of actual) expect(counted[row.status], `status ${row.status}`).toBe(Number(row.n));
  });
});

describe('the trace screen calls', () => {
  it('getInfo shows the timeline with user, workstation and notes; listCycleInfo one loop per standing fill', async () => {
    await cylinder('TR1');
    await pick('TR1');
    await fill('TR1');
    const info = await post<TraceInfo>('/api/trace/getInfo', { code: 'TR1' });
    expect(info.body.data.cylinder).toMatchObject({ code: 'TR1', status: 4, cycles: 1 });
    const fillEvent = info.body.data.events.find((e) => e.action === 'fill')!;
    expect(fillEvent).toMatchObject({ actionName: '充装', operator: '管理员', workstation: '充装一号台', recordType: 'filling' });
    const note = await post<{ id: number }>('/api/trace/saveOrEdit', { traceId: fillEvent.id, note: '压力偏低，已复核' });
    expect(note.body.code).toBe(0);
    const again = await post<TraceInfo>('/api/trace/getInfo', { code: 'TR1' });
    expect(again.body.data.events.find((e) => e.id === fillEvent.id)!.notes).toMatchObject([{ note: '压力偏低，已复核', operator: '管理员' }]);
    const loops = await post<unknown[]>('/api/produce/listCycleInfo', { code: 'TR1' });
    expect(loops.body.data).toMatchObject([{ no: 1, lotNo: 'L20261123', materialName: '氮气' }]);
  });
});

describe('inspection intervals', () => {
  it('a changed interval recomputes the next-inspection dates that followed it, not the ones set by hand', async () => {
    const gas = await createGas(t, token, { materialName: '二氧化碳', code: 'CO2-INT', inspectionIntervalYears: 3 });
    await cylinder('INT1', { materialId: gas, lastInspectionDate: '2025-03-01', nextInspectionDate: undefined });
    await cylinder('INT2', { materialId: gas, lastInspectionDate: '2025-03-01', nextInspectionDate: '2027-01-01' });
    const next = async (code: string) => (await t.db.selectFrom('cylinders').select(sql<string>`to_char(next_inspection_date, 'YYYY-MM-DD')`.as('d'))
      .where('code', '=', code).executeTakeFirstOrThrow()).d;
    expect(await next('INT1')).toBe('2028-03-01');
    const saved = await t.call('POST', '/api/material/save', {
      token, body: { id: gas, materialName: '二氧化碳', code: 'CO2-INT', category: 'compressed', inspectionIntervalYears: 5 },
    });
    expect(saved.body.code, saved.body.msg).toBe(0);
    expect(await next('INT1')).toBe('2030-03-01');
    expect(await next('INT2')).toBe('2027-01-01');
  });

  it('list totals over ever-growing records count only so far', async () => {
    const all = Number((await t.db.selectFrom('cylinder_traces').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
    expect(all).toBeGreaterThan(5);
    expect(await cappedCount(t.db, t.db.selectFrom('cylinder_traces').selectAll(), 5)).toBe(5);
    expect(await cappedCount(t.db, t.db.selectFrom('cylinder_traces').selectAll(), all + 10)).toBe(all);
  });

  it('LPG gases default to 8 years of life extendable to 12', async () => {
    const row = await t.db.selectFrom('materials').select(['design_life_years', 'extended_life_years']).where('id', '=', lpg).executeTakeFirstOrThrow();
    expect(row).toEqual({ design_life_years: 8, extended_life_years: 12 });
  });
});

async function counts(): Promise<Record<number, number>> {
  const res = await t.call<StatusCount[]>('GET', '/api/product/statusCount', { token });
  return Object.fromEntries(res.body.data.map((c) => [c.status, c.count]));
}
