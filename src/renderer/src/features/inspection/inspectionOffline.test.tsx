import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AxiosError, type InternalAxiosRequestConfig } from 'axios';
import { REPLAYED_HEADER, REPLAYED_YES, type FactsGas } from '@shared/api/offline';
import type { InspectionItemRef, InspectionPreview } from '@shared/api/production';
import { http } from '@renderer/http/client';
import { fakeAdapter, ok, type FakeReply } from '@renderer/test/fakeAdapter';
import { renderApp, storeSession } from '@renderer/test/renderApp';
import { bodies, brief, LPG, result, UUID } from '@renderer/stations/testData';
import { connectivity } from '@renderer/stations/connectivity';
import { offlineDb, readMeta, resetOfflineDbForTests } from '@renderer/features/offline/db';
import { FACTS_GASES, stopSyncForTests } from '@renderer/features/offline/sync';

const SCREEN_LOAD = { timeout: 15_000 };
/** The loop waits 2 s after a round without an answer before it tries again. */
const DRAIN = { timeout: 20_000 };

const projects: InspectionItemRef[] = [
  { id: 1, projectName: '纯度', method: null, standardMin: 99.9, standardMax: null, standardText: null, unit: '%', required: true },
  { id: 2, projectName: '水分', method: null, standardMin: null, standardMax: 10, standardText: null, unit: 'ppm', required: true },
  { id: 3, projectName: '外观', method: null, standardMin: null, standardMax: null, standardText: '无油污、无变形', unit: null, required: true },
];
const gas: FactsGas = { id: 3, materialName: '液化石油气', flammable: true, designLifeYears: 8, extendedLifeYears: null, targetNetWeight: 14.5, tolerance: 0.5, projects };

const facts = (code: string, status: number) => ({
  code, id: Number(code.slice(2)), status, scrapped: false, materialId: 3, materialName: '液化石油气', specification: 'YSP-15', tareWeight: 15.2,
  nextInspectionDate: '2030-01-01', lifeEnd: null, ownerOk: true, vacuumNeeded: false,
});

/** A server that can go away (every call then fails as a lost connection); it keeps the first answer of a scanId. */
function server(opts: { preview?: InspectionPreview } = {}) {
  const state = { down: false, downAt: null as string | null, acted: new Map<string, string>() };
  const adapter = fakeAdapter(async (c: InternalAxiosRequestConfig): Promise<FakeReply> => {
    if (state.down || state.downAt === c.url) throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, c);
    const body = typeof c.data === 'string' ? (JSON.parse(c.data) as Record<string, unknown>) : {};
    if (c.url === '/offline/facts') {
      return ok({
        cursor: 't.2', reset: !body.cursor, more: false, removed: [], gases: [gas],
        cylinders: body.cursor ? [] : [facts('GP0101', 4), facts('GP0102', 4), facts('GP0103', 2)],
      });
    }
    if (c.url === '/produce/testScan' && opts.preview) return ok(opts.preview);
    if (c.url === '/produce/testResult') {
      const code = String(body.code);
      const first = !state.acted.has(String(body.scanId));
      if (first) state.acted.set(String(body.scanId), code);
      return ok(result(code, 4, 5, `气瓶 ${code} 检验合格`, { action: 'testPass', repeated: !first }));
    }
    if (c.url === '/material/dropDown') return ok([LPG]);
    if (c.url === '/produce/todayCount') return ok({ count: 0, by: 'workstation' });
    return ok(null);
  });
  http.setAdapter(adapter);
  return { adapter, state };
}

const verdict = () => screen.getByTestId('verdict');
const header = () => screen.getByTestId('station-header');
async function scan(code: string) {
  await userEvent.type(await screen.findByPlaceholderText('请扫描气瓶条码', undefined, SCREEN_LOAD), `${code}{Enter}`);
}
/** The copy is filled once the feed has answered: the cylinders and the gases with their projects. */
async function copyFilled() {
  await waitFor(async () => {
    expect(await offlineDb().facts.count()).toBe(3);
    expect(await readMeta<FactsGas[]>(FACTS_GASES)).toEqual([gas]);
  }, DRAIN);
}
async function fillIn(form: HTMLElement, purity: string) {
  await userEvent.type(within(form).getByLabelText(/^纯度（%）/), purity);
  await userEvent.type(within(form).getByLabelText(/^水分（ppm）/), '5');
  await userEvent.click(within(within(form).getByRole('radiogroup', { name: '外观' })).getByRole('radio', { name: '合格' }));
  await userEvent.click(within(form).getByRole('button', { name: '提交' }));
}
const statusInCopy = async (code: string) => (await offlineDb().facts.get(code))?.status;
const replays = (adapter: { calls: InternalAxiosRequestConfig[] }) =>
  adapter.calls.filter((c) => c.url === '/produce/testResult' && c.headers?.[REPLAYED_HEADER] === REPLAYED_YES);

beforeEach(async () => {
  await resetOfflineDbForTests();
  connectivity.reset();
});

afterEach(async () => {
  await stopSyncForTests();
  http.setAdapter(undefined);
});

describe('检验 while the server is away', { timeout: 90_000 }, () => {
  it('checks the scan on the local copy, shows the form from the copy\'s projects, keeps 提交 as the testResult call and moves the copy as the server will', async () => {
    storeSession();
    const { adapter, state } = server();
    renderApp('/produce/inspect');
    await copyFilled();

    state.down = true;
    await scan('GP0101');
    const form = await screen.findByRole('form', { name: '检验 GP0101' });
    expect(screen.getByTestId('local-form')).toHaveTextContent('服务器暂时无法连接：按本机资料检验');
    expect(within(form).getByText('标准：≥ 99.9 %')).toBeInTheDocument();
    expect(within(form).getByText('液化石油气 · YSP-15')).toBeInTheDocument();
    await fillIn(form, '99.95');
    await waitFor(() => expect(verdict()).toHaveAttribute('data-kind', 'queued'));
    expect(verdict()).toHaveTextContent('GP0101 已暂存，待同步');
    expect(verdict()).toHaveTextContent('本机判定：检验合格');
    await waitFor(() => expect(within(header()).getByTestId('waiting')).toHaveTextContent('待同步 1'));
    await waitFor(() => expect(screen.queryByRole('form')).not.toBeInTheDocument());
    const [kept] = await offlineDb().queue.toArray();
    expect(kept).toMatchObject({ station: 'inspect', code: 'GP0101', url: '/produce/testResult', operator: '管理员' });
    expect(kept!.body).toEqual({
      code: 'GP0101', scanId: kept!.scanId, remark: null,
      items: [{ projectId: 1, value: 99.95 }, { projectId: 2, value: 5 }, { projectId: 3, passed: true }],
    });
    expect(kept!.scanId).toMatch(UUID);
    expect(await statusInCopy('GP0101')).toBe(5);

    // A required project out of its standard: kept all the same (the server records the failure), the copy says 待分析.
    await scan('GP0102');
    await fillIn(await screen.findByRole('form', { name: '检验 GP0102' }), '99.5');
    await waitFor(() => expect(verdict()).toHaveTextContent('GP0102 已暂存，待同步'));
    expect(verdict()).toHaveTextContent('本机判定：检验不合格，转待分析：纯度 99.5%（标准 ≥99.9%）');
    await waitFor(() => expect(within(header()).getByTestId('waiting')).toHaveTextContent('待同步 2'));
    expect(await statusInCopy('GP0102')).toBe(1);

    // Kept already: told so, no form, not kept twice.
    await scan('GP0101');
    await waitFor(() => expect(verdict()).toHaveTextContent('气瓶 GP0101 已暂存在本机，待同步'));
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    // Unknown to the copy: refused, never let through.
    await scan('GP0999');
    await waitFor(() => expect(verdict()).toHaveTextContent('气瓶 GP0999 不在本机的离线资料中'));
    expect(verdict()).toHaveAttribute('data-kind', 'refused');
    // In the wrong status: refused with the reason, as online.
    await scan('GP0103');
    await waitFor(() => expect(verdict()).toHaveTextContent('GP0103 不能检验'));
    expect(verdict()).toHaveTextContent('气瓶 GP0103 当前状态为「在库(2)」，不能检验（应为「已充装(4)」）');
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(await offlineDb().queue.count()).toBe(2);
    expect(state.acted.size).toBe(0);

    // Back: the sync loop sends both as they were kept, each once (tries while away got no answer).
    const whileAway = adapter.calls.length;
    state.down = false;
    await waitFor(() => expect(within(header()).getByTestId('waiting')).toHaveTextContent('待同步 0'), DRAIN);
    const answered = replays({ calls: adapter.calls.slice(whileAway) }).map((c) => JSON.parse(c.data as string) as Record<string, unknown>);
    expect(answered.map((b) => b.code)).toEqual(['GP0101', 'GP0102']);
    expect(answered[0]).toEqual(kept!.body);
    expect([...state.acted.values()]).toEqual(['GP0101', 'GP0102']);
  });

  it('a testResult that gets no answer (the form came from the server) is kept with its scanId and the copy moved', async () => {
    storeSession();
    const preview: InspectionPreview = { cylinder: brief('GP0101', 4), allowed: true, reasons: [], projects };
    const { adapter, state } = server({ preview });
    renderApp('/produce/inspect');
    await copyFilled();

    state.downAt = '/produce/testResult';
    await scan('GP0101');
    const form = await screen.findByRole('form', { name: '检验 GP0101' });
    expect(screen.queryByTestId('local-form')).not.toBeInTheDocument();
    await fillIn(form, '99.95');
    await waitFor(() => expect(verdict()).toHaveAttribute('data-kind', 'queued'));
    await waitFor(() => expect(within(header()).getByTestId('waiting')).toHaveTextContent('待同步 1'));
    const [sent] = bodies(adapter, '/produce/testResult');
    const [kept] = await offlineDb().queue.toArray();
    // The very call that got no answer: same body, same scanId.
    expect(kept!.body).toEqual(sent);
    expect(await statusInCopy('GP0101')).toBe(5);
  });
});
