import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExceptionRow, RefusedReplayData } from '../../src/shared/api/offline';
import type { ScanResult, TraceInfo } from '../../src/shared/api/production';
import { addDays, addYears, today } from '../../src/server/lib/dates';
import { buildTestApp, createLimitedUser, type TestApp } from './app-helper';
import { createGas } from './master-data-helper';

/**
 * Issue 31 item 3: the times a scan brings from a station's clock (a kept scan's X-Station-At, a fill's start and
 * end) are taken only within the plant's bounds (系统规则 离线补传最长时限, 单次充装最长时长, never before the
 * cylinder's previous event); outside them the scan is refused, or kept with the server's time and the claim
 * flagged for a supervisor. The fill gate judges by the server's date whatever the station says.
 */

/** The 待处理异常 a refused replay's answer names (its `data`). */
const exceptionIdOf = (res: { body: { data: unknown } }) => (res.body.data as RefusedReplayData).exceptionId;
let t: TestApp;
let token: string;
let n2: number;
let filler: { id: number; token: string; name: string };
const TODAY = today();

beforeAll(async () => {
  t = await buildTestApp();
  token = (await t.login()).token;
  n2 = await createGas(t, token, { materialName: '氮气', code: 'N2' });
  const u = await createLimitedUser(t, token, 'filler1', ['produce:picking', 'produce:filling']);
  filler = { id: u.id, token: (await t.login(u.username, u.password)).token, name: '用户 filler1' };
});
afterAll(async () => { await t?.close(); });

const WS = { 'x-workstation': encodeURIComponent('充装一号台') };
const post = <T = ScanResult>(path: string, body: unknown, headers: Record<string, string> = WS, as = filler.token) =>
  t.call<T>('POST', path, { token: as, body, headers });
const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000);
const replay = (minutes: number) => ({ ...WS, 'x-replayed': '1', 'x-station-at': ago(minutes).toISOString() });
const p2 = (n: number) => String(n).padStart(2, '0');
/** 'yyyy-MM-dd HH:mm:ss' in the server's zone, as a station types a time. */
const local = (d: Date) => `${d.getFullYear()}-${p2(d.getMonth() + 1)}-${p2(d.getDate())} ${p2(d.getHours())}:${p2(d.getMinutes())}:${p2(d.getSeconds())}`;

/** A cylinder registered and picked `hours` ago (its events moved back past the append-only guard). */
async function picked(code: string, hours = 0): Promise<number> {
  const res = await post('/api/product/addProduct', {
    code, materialId: n2, manufactureDate: addYears(TODAY, -2), nextInspectionDate: addYears(TODAY, 1),
  }, WS, token);
  expect(res.body.code, res.body.msg).toBe(0);
  expect((await post('/api/produce/addPicking', { code }, WS, token)).body.code).toBe(0);
  const id = (await t.db.selectFrom('cylinders').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
  if (hours) {
    await t.db.transaction().execute(async (trx) => {
      await sql`set local session_replication_role = replica`.execute(trx);
      await sql`update cylinder_traces set at = at - make_interval(hours => ${hours}) where cylinder_id = ${id}`.execute(trx);
    });
  }
  return id;
}
const fillBody = (code: string, extra: Record<string, unknown> = {}) => ({ code, scanId: randomUUID(), materialId: n2, filledPressure: 15, ...extra });
const fillEvent = (id: number) => t.db.selectFrom('cylinder_traces').selectAll().where('cylinder_id', '=', id).where('action', '=', 'fill').executeTakeFirst();
const fillRecord = (id: number) => t.db.selectFrom('filling_records').select(['started_at', 'ended_at']).where('cylinder_id', '=', id).executeTakeFirst();
const statusOf = async (id: number) => (await t.db.selectFrom('cylinders').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
const saveRules = (rules: Record<string, unknown>) => post('/api/setting/rule/save', rules, WS, token);

describe('fill times', () => {
  it('a fill dated 1990 (before the cylinder was registered) from an ordinary filler is refused and records nothing', async () => {
    const id = await picked('T-1990');
    const res = await post('/api/produce/filling', fillBody('T-1990', { startedAt: '1990-01-01 08:00:00', endedAt: '1990-01-01 08:10:00' }));
    expect(res.body).toMatchObject({ code: -1, msg: expect.stringMatching(/T-1990 的充装时间 1990-01-01 08:00:00.*早于它的上一次操作（领瓶/) });
    // Nor one that ends after its own scan.
    const later = await post('/api/produce/filling', fillBody('T-1990', { startedAt: local(ago(5)), endedAt: local(ago(-60)) }));
    expect(later.body).toMatchObject({ code: -1, msg: expect.stringContaining('晚于本次扫描') });
    expect(await fillRecord(id)).toBeUndefined();
    expect(await statusOf(id)).toBe(3);
  });

  it('a fill lasts at most 单次充装最长时长: a 3-hour fill is refused under the default 120 minutes, recorded as sent under 240', async () => {
    const id = await picked('T-LONG', 4);
    const body = { startedAt: local(ago(180)), endedAt: local(ago(2)) };
    const refused = await post('/api/produce/filling', fillBody('T-LONG', body));
    expect(refused.body).toMatchObject({ code: -1, msg: expect.stringContaining('超出单次充装最长时长（120 分钟）') });
    expect((await saveRules({ fillMaxMinutes: 0 })).body.code).toBe(-1);
    expect((await saveRules({ fillMaxMinutes: 240 })).body.code).toBe(0);
    try {
      const done = await post('/api/produce/filling', fillBody('T-LONG', body));
      expect(done.body.code, done.body.msg).toBe(0);
      expect(done.body.data.timeFlag).toBeUndefined();
      const record = await fillRecord(id);
      expect(local(record!.started_at!)).toBe(body.startedAt);
      expect(local(record!.ended_at!)).toBe(body.endedAt);
    } finally {
      await t.db.deleteFrom('system_rules').where('rule_key', '<>', 'fillerCertRequired').execute();
    }
  });
});

describe('a kept scan\'s station time', () => {
  it('a real fill made offline 10 hours ago is recorded with its station time and fill times, unflagged', async () => {
    const id = await picked('T-10H', 11);
    const stationAt = ago(600);
    const res = await post('/api/produce/filling', fillBody('T-10H', { startedAt: local(ago(605)), endedAt: local(ago(601)) }),
      { ...WS, 'x-replayed': '1', 'x-station-at': stationAt.toISOString() });
    expect(res.body.code, res.body.msg).toBe(0);
    expect(res.body.data.timeFlag).toBeUndefined();
    const ev = await fillEvent(id);
    expect(ev).toMatchObject({ replayed: true, time_flag: null });
    expect(new Date(ev!.station_at!).toISOString()).toBe(stationAt.toISOString());
    expect(await fillRecord(id)).toMatchObject({ started_at: expect.any(Date), ended_at: expect.any(Date) });
  });

  it('older than 离线补传最长时限 (24 h): kept with the server\'s time, the claim flagged on the trace and for a supervisor', async () => {
    const id = await picked('T-30H', 48);
    const body = fillBody('T-30H', { startedAt: local(ago(1805)), endedAt: local(ago(1801)) });
    const res = await post('/api/produce/filling', body, replay(1800));
    expect(res.body.code, res.body.msg).toBe(0);
    expect(res.body.data.timeFlag).toMatch(/工位时间 .* 超出离线补传最长时限（24 小时）.*工位记录的充装时间 .* 未写入充装记录；以服务器时间为准/);
    expect(await statusOf(id)).toBe(4);
    const ev = await fillEvent(id);
    expect(ev!.time_flag).toBe(res.body.data.timeFlag);
    expect(new Date(ev!.at).getTime()).toBeGreaterThan(Date.now() - 60_000);
    // The station's fill times stay out of the record (they are named in the flag).
    expect(await fillRecord(id)).toEqual({ started_at: null, ended_at: null });
    const trace = await post<TraceInfo>('/api/trace/getInfo', { code: 'T-30H' }, WS, token);
    expect(trace.body.data.events.find((e) => e.action === 'fill')).toMatchObject({ timeFlag: res.body.data.timeFlag, replayed: true });
    // In 待处理异常, as a notice the supervisor acknowledges (忽略); there is nothing to scan again.
    const list = await post<{ list: ExceptionRow[] }>('/api/offline/exception/listPage', { page: 1, size: 10 }, WS, token);
    const notice = list.body.data.list.find((r) => r.scanId === body.scanId)!;
    expect(notice).toMatchObject({ kind: 'notice', code: 'T-30H', station: 'fill', operator: filler.name, message: expect.stringContaining('超出离线补传最长时限') });
    const rescan = await post('/api/offline/exception/resolve', { id: notice.id, action: 'rescan', reason: '补录' }, WS, token);
    expect(rescan.body).toMatchObject({ code: -1, msg: expect.stringContaining('只能忽略') });
    expect((await post('/api/offline/exception/resolve', { id: notice.id, action: 'dismiss', reason: '停电 30 小时，已核对' }, WS, token)).body.code).toBe(0);
  });

  it('before the cylinder\'s previous event: refused beyond the clock allowance (recorded for a supervisor), flagged within it', async () => {
    const id = await picked('T-PREV');
    const body = fillBody('T-PREV');
    const refused = await post('/api/produce/filling', body, replay(30));
    expect(refused.body).toMatchObject({ code: -1, msg: expect.stringMatching(/T-PREV 的扫描时间 .* 早于它的上一次操作（领瓶 .*）/), data: { exceptionId: expect.any(Number) } });
    expect(await statusOf(id)).toBe(3);
    expect(await fillEvent(id)).toBeUndefined();

    const id2 = await picked('T-DRIFT');
    const drift = await post('/api/produce/filling', fillBody('T-DRIFT'), replay(5));
    expect(drift.body.code, drift.body.msg).toBe(0);
    expect(drift.body.data.timeFlag).toMatch(/早于上一次操作（领瓶 .*），工作站时钟可能不准/);
    expect((await fillEvent(id2))!.time_flag).toBe(drift.body.data.timeFlag);

    // The supervisor's 重新扫描 records the refused one at the server's time, flagged, with both names.
    const done = await post<ExceptionRow>('/api/offline/exception/resolve', { id: exceptionIdOf(refused), action: 'rescan', reason: '工作站时钟慢半小时' }, WS, token);
    expect(done.body.code, done.body.msg).toBe(0);
    expect(await statusOf(id)).toBe(4);
    expect(await fillEvent(id)).toMatchObject({ operator: filler.name, operator_id: filler.id, entered_by: '管理员', scan_id: body.scanId, time_flag: expect.stringContaining('早于上一次操作') });
  });

  it('the fill gate judges by the server\'s date: a replay dated before the cylinder fell due is still refused 超期未检', async () => {
    const id = await picked('T-GATE', 72);
    await t.db.updateTable('cylinders').set({ next_inspection_date: addDays(TODAY, -1) }).where('id', '=', id).execute();
    const res = await post('/api/produce/filling', fillBody('T-GATE'), replay(48 * 60));
    expect(res.body).toMatchObject({ code: -1, msg: expect.stringContaining('超期未检') });
    expect(await statusOf(id)).toBe(3);
  });
});
