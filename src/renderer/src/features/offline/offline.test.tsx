import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AxiosError, type InternalAxiosRequestConfig } from 'axios';
import { REPLAYED_HEADER, REPLAYED_YES, STATION_AT_HEADER } from '@shared/api/offline';
import { QUEUED_TONES, resetBeepForTests } from '@renderer/components/ScanInput/beep';
import { http } from '@renderer/http/client';
import { fakeAdapter, ok, type FakeReply } from '@renderer/test/fakeAdapter';
import { stubAudio } from '@renderer/test/fakeAudio';
import { renderApp, storeSession } from '@renderer/test/renderApp';
import { bodies, LPG, N2, refusal, result, UUID } from '@renderer/stations/testData';
import { offlineDb, resetOfflineDbForTests } from './db';
import { stopSyncForTests } from './sync';
import { connectivity } from '@renderer/stations/connectivity';

const SCREEN_LOAD = { timeout: 15_000 };
/** The loop waits 2 s after a round without an answer before it tries again. */
const DRAIN = { timeout: 20_000 };

const future = '2030-01-01';
const facts = (code: string, extra: Record<string, unknown> = {}) => ({
  code, id: Number(code.slice(2)), status: 2, materialId: 3, nextInspectionDate: future, lifeEnd: null, ownerOk: true, vacuumNeeded: false, ...extra,
});

/**
 * A server that can go away: while `down`, every call fails as a lost connection. It keeps the first
 * answer of each scanId (as the real one does) and counts what it acted on. A replay it refuses it records as a
 * 待处理异常 and names it in the answer (as the real one does), unless `records` says it could not.
 */
function server(opts: { refuse?: (code: string) => string | null; actBeforeLoss?: boolean; records?: () => boolean } = {}) {
  const state = { down: false, acted: new Map<string, string>(), loseNextAnswer: false, replaysHeld: null as Promise<void> | null };
  const adapter = fakeAdapter(async (c: InternalAxiosRequestConfig): Promise<FakeReply> => {
    if (state.down) throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, c);
    const body = typeof c.data === 'string' ? (JSON.parse(c.data) as Record<string, unknown>) : {};
    if (c.url === '/offline/facts') {
      return ok({ cursor: 2, reset: false, more: false, cylinders: body.cursor ? [] : [facts('GP0101'), facts('GP0102', { nextInspectionDate: '2020-01-01' }), facts('GP0103')] });
    }
    if (c.url === '/produce/addPicking') {
      if (state.replaysHeld && c.headers?.[REPLAYED_HEADER] === REPLAYED_YES) await state.replaysHeld;
      const code = String(body.code);
      const why = opts.refuse?.(code);
      if (why && c.headers?.[REPLAYED_HEADER] === REPLAYED_YES && (opts.records?.() ?? true)) return { data: { code: -1, msg: why, data: { exceptionId: 41 } } };
      if (why) return refusal(why);
      const first = !state.acted.has(String(body.scanId));
      if (first) state.acted.set(String(body.scanId), code);
      if (state.loseNextAnswer) {
        state.loseNextAnswer = false;
        throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, c);
      }
      return ok(first ? result(code, 2, 3, `气瓶 ${code} 已领瓶`) : result(code, 3, 3, `气瓶 ${code} 已领瓶，无需重复操作`, { repeated: true, traceId: null }));
    }
    if (c.url === '/material/dropDown') return ok([LPG, N2]);
    if (c.url === '/produce/todayCount') return ok({ count: state.acted.size, by: 'workstation' });
    return ok(null);
  });
  http.setAdapter(adapter);
  return { adapter, state };
}

const scanField = () => screen.getByPlaceholderText('请扫描气瓶条码');
const verdict = () => screen.getByTestId('verdict');
const header = () => screen.getByTestId('station-header');
async function scan(code: string) {
  await userEvent.type(scanField(), `${code}{Enter}`);
}
async function openPick() {
  await userEvent.click(await screen.findByRole('tab', { name: '领瓶' }, SCREEN_LOAD));
}
/** The local copy is filled once the feed has answered (what the station checks offline). */
async function copyFilled() {
  await waitFor(async () => expect(await offlineDb().facts.count()).toBe(3), DRAIN);
}
/** Signed in at the 领瓶 station of a server that can go away, once the local copy is filled. */
async function pickWithCopy(opts: Parameters<typeof server>[0] = {}) {
  storeSession();
  const running = server(opts);
  renderApp('/produce/produce');
  await openPick();
  await copyFilled();
  return running;
}
const replays = (adapter: { calls: InternalAxiosRequestConfig[] }) =>
  adapter.calls.filter((c) => c.url === '/produce/addPicking' && c.headers?.[REPLAYED_HEADER] === REPLAYED_YES);

beforeEach(async () => {
  await resetOfflineDbForTests();
});

afterEach(async () => {
  await stopSyncForTests();
  http.setAdapter(undefined);
  vi.unstubAllGlobals();
  resetBeepForTests();
});

describe('stations offline — 领瓶', { timeout: 90_000 }, () => {
  it('keeps a scan the local copy allows (已暂存, its own tone, 待同步 1), refuses what the copy refuses or does not know, and replays by itself once the server answers', async () => {
    const tones = stubAudio();
    const { adapter, state } = await pickWithCopy();
    expect(within(header()).getByTestId('connection')).toHaveTextContent('在线');

    state.down = true;
    await scan('GP0101');
    await waitFor(() => expect(verdict()).toHaveAttribute('data-kind', 'queued'));
    expect(verdict()).toHaveTextContent('已暂存');
    expect(verdict()).toHaveTextContent('GP0101 已暂存，待同步');
    expect(tones.slice(-2)).toEqual([...QUEUED_TONES]);
    await waitFor(() => expect(within(header()).getByTestId('waiting')).toHaveTextContent('待同步 1'));
    expect(within(header()).getByTestId('connection')).toHaveTextContent(/离线（自 \d\d:\d\d）/);

    // Overdue for inspection: refused offline with the reason, as the server would.
    await scan('GP0102');
    await waitFor(() => expect(verdict()).toHaveAttribute('data-kind', 'refused'));
    expect(verdict()).toHaveTextContent('GP0102 不能领瓶');
    expect(verdict()).toHaveTextContent('气瓶 GP0102 超期未检：下次检验日期 2020-01-01 已过');
    // Unknown to the copy: refused, never let through.
    await scan('GP0999');
    await waitFor(() => expect(verdict()).toHaveTextContent('气瓶 GP0999 不在本机的离线资料中'));
    expect(verdict()).toHaveAttribute('data-kind', 'refused');
    // Scanned again while kept: told so, not kept twice.
    await scan('GP0101');
    await waitFor(() => expect(verdict()).toHaveTextContent('气瓶 GP0101 已暂存在本机，待同步'));
    expect(within(header()).getByTestId('waiting')).toHaveTextContent('待同步 1');
    const [kept] = await offlineDb().queue.toArray();
    expect(kept).toMatchObject({ station: 'pick', code: 'GP0101', url: '/produce/addPicking', operator: '管理员', userName: '管理员' });
    expect(kept!.scanId).toMatch(UUID);

    state.down = false;
    // The count reaches 0 while the chip still says 同步中 (the round ends after the last delete): both awaited.
    await waitFor(() => {
      expect(within(header()).getByTestId('waiting')).toHaveTextContent('待同步 0');
      expect(within(header()).getByTestId('connection')).toHaveTextContent('在线');
    }, DRAIN);
    const [replayed] = replays(adapter);
    expect(JSON.parse(replayed!.data as string)).toEqual({ code: 'GP0101', scanId: kept!.scanId });
    expect(replayed!.headers[STATION_AT_HEADER]).toBe(kept!.at);
    expect([...state.acted.values()]).toEqual(['GP0101']);
  });

  it('a scan whose answer was lost in flight (the server acted, the station never heard) is kept and replayed with its scanId, acting once', async () => {
    const { adapter, state } = await pickWithCopy();
    state.loseNextAnswer = true;
    await scan('GP0103');
    await waitFor(() => expect(verdict()).toHaveAttribute('data-kind', 'queued'));
    await waitFor(() => expect(replays(adapter)).toHaveLength(1), DRAIN);
    await waitFor(() => expect(within(header()).getByTestId('waiting')).toHaveTextContent('待同步 0'));
    const sent = bodies(adapter, '/produce/addPicking');
    expect(sent).toHaveLength(2);
    expect(sent[1]).toEqual(sent[0]);
    expect(replays(adapter)).toHaveLength(1);
    // The server acted once: the replay got the first answer back.
    expect(state.acted.size).toBe(1);
  });

  it('back online, a cylinder with a scan still waiting on this PC goes behind it (never ahead of it to the server); others go straight', async () => {
    const { adapter, state } = await pickWithCopy();
    state.down = true;
    await scan('GP0101');
    await waitFor(() => expect(verdict()).toHaveAttribute('data-kind', 'queued'));
    // The server is back and has answered, but the queue has not been sent yet.
    let release = () => {};
    state.replaysHeld = new Promise<void>((done) => { release = done; });
    state.down = false;
    connectivity.answered();
    const online = () => adapter.calls.filter((c) => c.url === '/produce/addPicking' && c.headers?.[REPLAYED_HEADER] !== REPLAYED_YES)
      .map((c) => JSON.parse(c.data as string).code as string);
    const before = online().length;
    await scan('GP0101');
    await waitFor(() => expect(verdict()).toHaveTextContent('气瓶 GP0101 已暂存在本机，待同步'));
    expect(online()).toHaveLength(before);
    // Another cylinder has nothing waiting: straight to the server.
    await scan('GP0103');
    await waitFor(() => expect(verdict()).toHaveAttribute('data-kind', 'ok'));
    expect(online().slice(before)).toEqual(['GP0103']);
    // The kept scan of GP0101 waits on this PC (the counter follows the queue within SUMMARY_DELAY_MS): only then is
    // 待同步 0 below the queue drained, not a counter yet to count it.
    await waitFor(() => expect(within(header()).getByTestId('waiting')).toHaveTextContent('待同步 1'));
    release();
    await waitFor(() => expect(within(header()).getByTestId('waiting')).toHaveTextContent('待同步 0'), DRAIN);
    // The kept scan acted once, in order.
    expect([...state.acted.values()].sort()).toEqual(['GP0101', 'GP0103']);
  });

  it('a kept scan the server refuses on replay is recorded there, in its answer: the station sends no second call', async () => {
    let scrapped = false;
    const { adapter, state } = await pickWithCopy({ refuse: (code) => (scrapped && code === 'GP0101' ? '气瓶 GP0101 已报废' : null) });
    state.down = true;
    await scan('GP0101');
    await waitFor(() => expect(within(header()).getByTestId('waiting')).toHaveTextContent('待同步 1'));
    // Scrapped on another PC meanwhile.
    scrapped = true;
    state.down = false;
    await waitFor(() => expect(replays(adapter)).toHaveLength(1), DRAIN);
    await waitFor(() => expect(within(header()).getByTestId('waiting')).toHaveTextContent('待同步 0'), DRAIN);
    expect(adapter.calls.filter((c) => c.url?.startsWith('/offline/exception'))
      .map((c) => c.url)).not.toContain('/offline/exception/add');
    expect(await offlineDb().queue.count()).toBe(0);
  });

  it('a refusal the server did not record (its answer names no 待处理异常) keeps the scan, sent again until it is', async () => {
    let recorded = false;
    const { adapter, state } = await pickWithCopy({ refuse: (code) => (code === 'GP0101' ? '数据库连接中断，请稍后重试' : null), records: () => recorded });
    state.down = true;
    await scan('GP0101');
    await waitFor(() => expect(verdict()).toHaveAttribute('data-kind', 'queued'));
    state.down = false;
    await waitFor(() => expect(replays(adapter).length).toBeGreaterThanOrEqual(1), DRAIN);
    expect(await offlineDb().queue.count()).toBe(1);
    expect((await offlineDb().queue.toArray())[0]).toMatchObject({ code: 'GP0101', lastError: '数据库连接中断，请稍后重试' });
    expect(within(header()).getByTestId('waiting')).toHaveTextContent('待同步 1');
    recorded = true;
    await waitFor(() => expect(within(header()).getByTestId('waiting')).toHaveTextContent('待同步 0'), DRAIN);
    expect(await offlineDb().queue.count()).toBe(0);
  });

  it('without a local copy (the feed never answered) a lost answer stays 未确认 with 重试, as before', async () => {
    storeSession();
    const adapter = fakeAdapter(async (c) => {
      if (c.url === '/produce/addPicking') throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, c);
      if (c.url === '/material/dropDown') return ok([LPG]);
      return ok(null);
    });
    http.setAdapter(adapter);
    renderApp('/produce/produce');
    await openPick();
    await scan('GP0101');
    await waitFor(() => expect(verdict()).toHaveAttribute('data-kind', 'lost'));
    expect(screen.getByRole('button', { name: '重试' })).toBeInTheDocument();
    expect(await offlineDb().queue.count()).toBe(0);
  });
});
