import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FillingRow, ScanPreview, ScanResult, SuspensionState, TraceInfo } from '../../src/shared/api/production';
import type { PageResult } from '../../src/shared/api/schema';
import { addYears, today } from '../../src/server/lib/dates';
import { buildTestApp, createLimitedUser, type TestApp } from './app-helper';
import { createGas, stationTime } from './master-data-helper';

/** Issue 34 on the server: the scan-first fill (FillPreview), the cycle's record, interrupted fills, 停止充装. */
let t: TestApp;
let token: string;
let lpg: number;
let n2: number;
const TODAY = today();

beforeAll(async () => {
  t = await buildTestApp();
  token = (await t.login()).token;
  lpg = await createGas(t, token, {
    materialName: '液化石油气', code: 'LPG', category: 'liquefied', reweighRequired: true, targetNetWeight: 14.5, weightTolerance: 0.5,
  });
  n2 = await createGas(t, token, { materialName: '氮气', code: 'N2' });
  // LPG is flammable by name; the vacuum rule is not what these tests are about.
  await t.call('POST', '/api/setting/rule/save', { token, body: { vacuumBeforeFlammableFirstFill: false, fillMaxMinutes: 45 } });
});
afterAll(async () => { await t?.close(); });

const WS = (name = '充装一号台') => ({ 'x-workstation': encodeURIComponent(name) });
const post = <T = ScanResult>(path: string, body: unknown, o: { as?: string; ws?: string } = {}) =>
  t.call<T>('POST', path, { token: o.as ?? token, body, headers: WS(o.ws) });

async function picked(code: string, materialId = lpg): Promise<number> {
  const res = await t.call('POST', '/api/product/addProduct', {
    token, body: { code, materialId, manufactureDate: addYears(TODAY, -2), nextInspectionDate: addYears(TODAY, 1), tareWeight: 15.2 },
  });
  expect(res.body.code, res.body.msg).toBe(0);
  const pick = await post('/api/produce/addPicking', { code });
  expect(pick.body.code, pick.body.msg).toBe(0);
  return (await t.db.selectFrom('cylinders').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
}
const statusOf = async (code: string) => (await t.db.selectFrom('cylinders').select('status').where('code', '=', code).executeTakeFirstOrThrow()).status;
const scan = (code: string, materialId = lpg, ws?: string) => post<ScanPreview>('/api/produce/fillingScan', { code, materialId }, { ws });
const typed = stationTime;

describe('the scan-first fill', () => {
  it('fillingScan answers what the scale cycle needs: tare, the gas target and tolerance, 单次充装最长时长', async () => {
    await picked('FC-PREVIEW');
    const res = await scan('FC-PREVIEW');
    expect(res.body.code, res.body.msg).toBe(0);
    expect(res.body.data).toMatchObject({
      allowed: true, reasons: [],
      fill: { tareKg: 15.2, targetNetKg: 14.5, toleranceKg: 0.5, maxMinutes: 45, interrupted: null, suspended: null },
    });
  });

  it('the fill records the scale and when the permission was granted and released; the history shows them', async () => {
    await picked('FC-RECORD');
    const grantedAt = typed(1);
    const releasedAt = typed(50);
    const res = await post('/api/produce/filling', {
      code: 'FC-RECORD', materialId: lpg, filledWeight: 14.4, source: 'scale', scale: 'A12-1', startedAt: typed(2), endedAt: typed(49), grantedAt, releasedAt,
    });
    expect(res.body.code, res.body.msg).toBe(0);
    const record = await t.db.selectFrom('filling_records').selectAll().where('id', '=', res.body.data.recordId!).executeTakeFirstOrThrow();
    expect(record.scale).toBe('A12-1');
    expect(record.granted_at).toBeInstanceOf(Date);
    expect(record.released_at!.getTime() - record.granted_at!.getTime()).toBe(49_000);
    const history = await t.call<PageResult<FillingRow>>('POST', '/api/produce/fillingHistory', { token, body: { code: 'FC-RECORD' } });
    expect(history.body.data.list[0]).toMatchObject({ scale: 'A12-1', grantedAt: expect.stringContaining(grantedAt.slice(0, 16)) });
    // A release before the grant is refused, not stored.
    await picked('FC-BADTIMES');
    const bad = await post('/api/produce/filling', { code: 'FC-BADTIMES', materialId: lpg, filledWeight: 14.4, source: 'scale', grantedAt: typed(30), releasedAt: typed(1) });
    expect(bad.body).toMatchObject({ code: -1, msg: '参数错误：充装许可结束早于开始' });
  });
});

describe('interrupted fills', () => {
  it('are recorded with the weight reached and why; the cylinder stays 已领瓶 and the next scan must decide', async () => {
    await picked('FC-INT');
    const scanId = randomUUID();
    const body = {
      code: 'FC-INT', scanId, materialId: lpg, reason: 'cancelled', netKg: 6.3, scale: 'A12-1', startedAt: typed(1), endedAt: typed(20), grantedAt: typed(1), releasedAt: typed(20),
    };
    const res = await post('/api/produce/fillInterrupted', body);
    expect(res.body.code, res.body.msg).toBe(0);
    expect(res.body.data).toMatchObject({ action: 'fillInterrupted', fromStatus: 3, toStatus: 3, repeated: false });
    expect(await statusOf('FC-INT')).toBe(3);
    // The same scanId again: the first answer, nothing written again.
    const again = await post('/api/produce/fillInterrupted', body);
    expect(again.body.data).toEqual(res.body.data);
    expect(await t.db.selectFrom('fill_interruptions').select('id').where('trace_id', '=', res.body.data.traceId!).execute()).toHaveLength(1);

    // The cylinder's history shows it: reason, weight, times, scale.
    const info = await t.call<TraceInfo>('POST', '/api/trace/getInfo', { token, body: { code: 'FC-INT' } });
    const event = info.body.data.events.find((e) => e.action === 'fillInterrupted')!;
    expect(event).toMatchObject({ actionName: '充装中断', workstation: '充装一号台' });
    expect(event.detail).toMatchObject({ reason: 'cancelled', reasonText: '操作人员取消', netKg: 6.3, scale: 'A12-1', startedAt: body.startedAt });

    // The scan refuses until decided, saying why; the fill is refused too.
    const preview = await scan('FC-INT');
    expect(preview.body.data.allowed).toBe(false);
    expect(preview.body.data.reasons).toEqual(['气瓶 FC-INT 上次充装中断（操作人员取消，已充装 6.3 kg），请选择重新充装或转待分析']);
    expect(preview.body.data.fill!.interrupted).toMatchObject({ reason: 'cancelled', netKg: 6.3, workstation: '充装一号台', operator: '管理员' });
    const fill = await post('/api/produce/filling', { code: 'FC-INT', materialId: lpg, filledWeight: 14.4, source: 'scale' });
    expect(fill.body).toMatchObject({ code: -1, msg: expect.stringContaining('上次充装中断') });
    // A second interruption while one is open is refused.
    const second = await post('/api/produce/fillInterrupted', { code: 'FC-INT', materialId: lpg, reason: 'timeout' });
    expect(second.body).toMatchObject({ code: -1, msg: expect.stringContaining('已有未处理的充装中断') });

    // Refill: the interruption closes, the cylinder stays 3, the next scan fills.
    const decided = await post('/api/produce/fillDecision', { code: 'FC-INT', decision: 'refill' });
    expect(decided.body.data).toMatchObject({ action: 'fillRefill', fromStatus: 3, toStatus: 3 });
    const closed = await t.db.selectFrom('fill_interruptions').selectAll().where('cylinder_id', '=', decided.body.data.cylinderId).executeTakeFirstOrThrow();
    expect(closed).toMatchObject({ decision: 'refill', closed_by: '管理员' });
    expect(Number(closed.decision_trace_id)).toBe(decided.body.data.traceId);
    expect((await scan('FC-INT')).body.data).toMatchObject({ allowed: true, fill: { interrupted: null } });
    expect((await post('/api/produce/fillDecision', { code: 'FC-INT', decision: 'refill' })).body).toMatchObject({ code: -1, msg: '气瓶 FC-INT 没有待处理的充装中断' });
    expect((await post('/api/produce/filling', { code: 'FC-INT', materialId: lpg, filledWeight: 14.4, source: 'scale' })).body.code).toBe(0);
  });

  it('the decision 待分析 closes it and sends the cylinder to analyze (1)', async () => {
    await picked('FC-TOANALYSIS');
    expect((await post('/api/produce/fillInterrupted', { code: 'FC-TOANALYSIS', materialId: lpg, reason: 'scaleSilent', netKg: 3 })).body.code).toBe(0);
    const res = await post('/api/produce/fillDecision', { code: 'FC-TOANALYSIS', decision: 'analysis', remark: '阀门异常' });
    expect(res.body.data).toMatchObject({ action: 'fillToAnalysis', toStatus: 1 });
    expect(await statusOf('FC-TOANALYSIS')).toBe(1);
    expect(await t.db.selectFrom('fill_interruptions').select('decision').where('cylinder_id', '=', res.body.data.cylinderId).executeTakeFirstOrThrow())
      .toEqual({ decision: 'analysis' });
  });

  it('an overfill sends the cylinder to 待分析 at once, with the weight; nothing is left to decide', async () => {
    await picked('FC-OVER');
    const res = await post('/api/produce/fillInterrupted', { code: 'FC-OVER', materialId: lpg, reason: 'overfill', netKg: 15.3, scale: 'A12-1' });
    expect(res.body.data).toMatchObject({ action: 'fillOverfill', fromStatus: 3, toStatus: 1, message: '气瓶 FC-OVER 超装，转待分析：已充装 15.3 kg' });
    expect(await statusOf('FC-OVER')).toBe(1);
    const row = await t.db.selectFrom('fill_interruptions').selectAll().where('cylinder_id', '=', res.body.data.cylinderId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ reason: 'overfill', decision: 'overfill', net_kg: '15.300' });
    expect(row.closed_at).not.toBeNull();
  });

  it('bad input is code -1, never 500: a reason outside the list, a cylinder not picked', async () => {
    const wrong = await post('/api/produce/fillInterrupted', { code: 'FC-OVER', materialId: lpg, reason: 'bored' });
    expect(wrong.status).toBe(200);
    expect(wrong.body.code).toBe(-1);
    const notPicked = await post('/api/produce/fillInterrupted', { code: 'FC-OVER', materialId: lpg, reason: 'cancelled' });
    expect(notPicked.body).toMatchObject({ code: -1, msg: expect.stringContaining('不能记录充装中断') });
    expect((await post('/api/produce/fillDecision', { code: 'FC-OVER', decision: 'later' })).body.code).toBe(-1);
  });
});

describe('停止充装 (suspension)', () => {
  const state = (ws = '充装一号台', materialId?: number) => post<SuspensionState>('/api/produce/suspension', materialId ? { materialId } : {}, { ws });

  it('by station: that station is refused at 领瓶 and 充装 with the reason, another is not; resume lifts it', async () => {
    await picked('FC-S1');
    const res = await post<SuspensionState>('/api/produce/suspend', { scope: 'station', workstation: '充装一号台', reason: '秤检定到期' });
    expect(res.body.code, res.body.msg).toBe(0);
    expect(res.body.data.all).toEqual([expect.objectContaining({ scope: 'station', workstation: '充装一号台', reason: '秤检定到期', by: '管理员' })]);

    const preview = await scan('FC-S1');
    expect(preview.body.data.allowed).toBe(false);
    expect(preview.body.data.reasons[0]).toMatch(/^充装已暂停：秤检定到期（工位「充装一号台」/);
    expect(preview.body.data.fill!.suspended).toMatchObject({ scope: 'station', reason: '秤检定到期' });
    const fill = await post('/api/produce/filling', { code: 'FC-S1', materialId: lpg, filledWeight: 14.4, source: 'scale' });
    expect(fill.body).toMatchObject({ code: -1, msg: expect.stringContaining('充装已暂停：秤检定到期') });
    await t.call('POST', '/api/product/addProduct', {
      token, body: { code: 'FC-S2', materialId: lpg, manufactureDate: addYears(TODAY, -2), nextInspectionDate: addYears(TODAY, 1), tareWeight: 15 },
    });
    expect((await post('/api/produce/addPicking', { code: 'FC-S2' })).body).toMatchObject({ code: -1, msg: expect.stringContaining('充装已暂停：秤检定到期') });
    // Another station goes on.
    expect((await scan('FC-S1', lpg, '充装二号台')).body.data).toMatchObject({ allowed: true, fill: { suspended: null } });
    expect((await post('/api/produce/addPicking', { code: 'FC-S2' }, { ws: '充装二号台' })).body.code).toBe(0);
    // The poll: this station is suspended, the other is not.
    expect((await state()).body.data.suspended).toMatchObject({ scope: 'station', reason: '秤检定到期' });
    expect((await state('充装二号台')).body.data.suspended).toBeNull();

    // A repeated suspend updates the reason rather than stacking.
    await post('/api/produce/suspend', { scope: 'station', workstation: '充装一号台', reason: '秤检定到期，已送检' });
    const rows = await t.db.selectFrom('fill_suspensions').select('reason').where('lifted_at', 'is', null).execute();
    expect(rows).toEqual([{ reason: '秤检定到期，已送检' }]);
    expect((await state()).body.data.suspended!.reason).toBe('秤检定到期，已送检');

    const resumed = await post<SuspensionState>('/api/produce/resume', { scope: 'station', workstation: '充装一号台' });
    expect(resumed.body).toMatchObject({ code: 0, data: { suspended: null, all: [] } });
    expect((await state()).body.data.suspended).toBeNull();
    expect((await scan('FC-S1')).body.data.allowed).toBe(true);
    expect((await post('/api/produce/resume', { scope: 'station', workstation: '充装一号台' })).body)
      .toMatchObject({ code: -1, msg: '工位「充装一号台」当前没有停止充装，无需恢复' });
  });

  it('by gas and for the plant: every station refuses that gas, or everything, until resumed', async () => {
    await picked('FC-G1');
    await picked('FC-G2', n2);
    expect((await post('/api/produce/suspend', { scope: 'gas', materialId: lpg, reason: '气源质量待确认' })).body.code).toBe(0);
    expect((await scan('FC-G1', lpg, '任意工位')).body.data.reasons[0]).toMatch(/^充装已暂停：气源质量待确认（介质「液化石油气」/);
    expect((await scan('FC-G2', n2)).body.data.allowed).toBe(true);
    expect((await state('任意工位', lpg)).body.data.suspended).toMatchObject({ scope: 'gas', materialId: lpg, materialName: '液化石油气' });
    expect((await state('任意工位', n2)).body.data.suspended).toBeNull();

    expect((await post('/api/produce/suspend', { scope: 'plant', reason: '监管部门远程停止' })).body.code).toBe(0);
    // The plant's comes first.
    expect((await scan('FC-G2', n2)).body.data.reasons[0]).toMatch(/^充装已暂停：监管部门远程停止（全厂/);
    expect((await state('任意工位', lpg)).body.data).toMatchObject({ suspended: { scope: 'plant' }, all: [{ scope: 'gas' }, { scope: 'plant' }] });
    expect((await post('/api/produce/resume', { scope: 'plant' })).body.code).toBe(0);
    expect((await post('/api/produce/resume', { scope: 'gas', materialId: lpg })).body.code).toBe(0);
    expect((await state('任意工位', lpg)).body.data).toEqual({ suspended: null, all: [] });
  });

  it('suspend and resume are in the operation log and in 消息中心', async () => {
    await post('/api/produce/suspend', { scope: 'plant', reason: '停电检修' });
    await post('/api/produce/resume', { scope: 'plant' });
    const messages = await t.db.selectFrom('messages').select(['title', 'content']).where('kind', '=', 'fillSuspend').orderBy('id').execute();
    expect(messages.slice(-2)).toEqual([
      { title: '停止充装：全厂', content: '管理员停止充装（全厂）：停电检修' },
      { title: '恢复充装：全厂', content: '管理员恢复了充装（全厂；停止原因：停电检修）' },
    ]);
    const logged = await t.db.selectFrom('operation_logs').select('path').where('path', 'in', ['/api/produce/suspend', '/api/produce/resume']).execute();
    expect(logged.length).toBeGreaterThanOrEqual(2);
  });

  it('bad input is code -1 with a clear message, never 500; the keys are produce:suspend and produce:filling', async () => {
    expect((await post('/api/produce/suspend', { scope: 'station', reason: 'x' })).body).toMatchObject({ code: -1, msg: expect.stringContaining('工位名称') });
    expect((await post('/api/produce/suspend', { scope: 'gas', reason: 'x' })).body).toMatchObject({ code: -1, msg: expect.stringContaining('须选择介质') });
    expect((await post('/api/produce/suspend', { scope: 'gas', materialId: 999999, reason: 'x' })).body).toMatchObject({ code: -1, msg: '介质不存在：999999' });
    expect((await post('/api/produce/suspend', { scope: 'moon', reason: 'x' })).body.code).toBe(-1);
    expect((await post('/api/produce/suspend', { scope: 'plant', reason: '   ' })).body.code).toBe(-1);
    const filler = await createLimitedUser(t, token, 'fc_filler', ['produce:filling']);
    const fillerToken = (await t.login(filler.username, filler.password)).token;
    expect((await post('/api/produce/suspend', { scope: 'plant', reason: 'x' }, { as: fillerToken })).status).toBe(403);
    expect((await post<SuspensionState>('/api/produce/suspension', {}, { as: fillerToken })).body).toMatchObject({ code: 0, data: { suspended: null } });
  });
});
