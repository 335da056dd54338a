import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AxiosError, type InternalAxiosRequestConfig } from 'axios';
import { REPLAYED_HEADER, REPLAYED_YES } from '@shared/api/offline';
import type { LabelContent } from '@shared/api/setting';
import type { LabelJob } from '@shared/devices';
import { resolvePlaceholders } from '@shared/label/placeholders';
import { resetBeepForTests } from '@renderer/components/ScanInput/beep';
import { http } from '@renderer/http/client';
import { fakeAdapter, ok, type FakeReply } from '@renderer/test/fakeAdapter';
import { stubAudio } from '@renderer/test/fakeAudio';
import { renderApp, storeSession } from '@renderer/test/renderApp';
import { LPG, N2, refusal, result } from '@renderer/stations/testData';
import { resetOfflineDbForTests } from '@renderer/features/offline/db';
import { stopSyncForTests } from '@renderer/features/offline/sync';
import { connectivity } from '@renderer/stations/connectivity';
import { clearPrintLogForTests } from './printLog';
import { REPRINT, stopReprintsForTests } from './reprints';

const SCREEN_LOAD = { timeout: 30_000 };
/** The sync loop waits 2 s after a round without an answer before it tries again. */
const DRAIN = { timeout: 25_000 };
const TEMPLATE: LabelContent = {
  width: 60, height: 40, dpi: 203, direction: 0, lang: 'zpl', details: [
    { type: 'FONT', x: 2, y: 2, fontSize: 3, content: '{cylinder.gasName} {lastFill.pressure|—}MPa' },
    { type: 'BARCODE', x: 2, y: 7, size: 8, content: '{cylinder.code}' },
    { type: 'QRCODE', x: 45, y: 20, size: 7.5, content: '{cylinder.qrUrl}' },
  ],
};
const facts = (code: string) => ({
  code, id: Number(code.slice(2)), status: 3, materialId: 4, materialName: '氮气', nextInspectionDate: '2030-01-01', lifeEnd: null, ownerOk: true, vacuumNeeded: false,
});

/**
 * A server that can go away and keeps what it recorded by scanId; the label's data says whether a kept scan
 * was recorded, as the real one does. GP0303 is refused when replayed (scrapped elsewhere meanwhile).
 */
function server() {
  const state = { down: false, recorded: new Map<string, number>() };
  const adapter = fakeAdapter(async (c: InternalAxiosRequestConfig): Promise<FakeReply> => {
    if (state.down) throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, c);
    const body = typeof c.data === 'string' ? (JSON.parse(c.data) as Record<string, unknown>) : {};
    if (c.url === '/offline/facts') return ok({ cursor: 2, reset: false, more: false, cylinders: body.cursor ? [] : ['GP0301', 'GP0302', 'GP0303'].map(facts) });
    if (c.url === '/material/dropDown') return ok([LPG, N2]);
    if (c.url === '/label/template/9') return ok({ id: 9, name: '充装标签', version: 1, enabled: 1, dataSource: 'CYLINDER', content: TEMPLATE });
    if (c.url === '/label/cylinderData') {
      const code = String(body.code);
      return ok({
        cylinder: { code, gasName: '氮气', qrUrl: `https://plant.example/q/${code}-abcdefghijklmnop` }, lastFill: { pressure: 15 },
        ...(body.scanId ? { scanRecorded: state.recorded.has(String(body.scanId)) } : {}),
      });
    }
    if (c.url === '/produce/fillingScan') return ok({ cylinder: { code: body.code }, allowed: true, reasons: [] });
    if (c.url === '/produce/filling') {
      const code = String(body.code);
      // The real server records a refused replay as a 待处理异常 and names it: only then does the station let the scan go.
      if (code === 'GP0303') {
        const why = `气瓶 ${code} 当前状态为已报废，不能充装`;
        return c.headers?.[REPLAYED_HEADER] === REPLAYED_YES ? { data: { code: -1, msg: why, data: { exceptionId: 7 } } } : refusal(why);
      }
      state.recorded.set(String(body.scanId), 1);
      return ok(result(code, 3, 4, `气瓶 ${code} 充装成功`, { action: 'fill' }));
    }
    return ok(null);
  });
  http.setAdapter(adapter);
  return { adapter, state };
}

/** What the printer was sent: each job's texts and codes with the placeholders filled. */
const printed = (job: LabelJob) => job.details.map((d) => `${d.type}:${resolvePlaceholders(d.content, job.data)}`);

let jobs: LabelJob[];
beforeEach(async () => {
  await resetOfflineDbForTests();
  await clearPrintLogForTests();
  connectivity.reset();
  Object.assign(REPRINT, { settleMs: 0, everyMs: 300 });
  jobs = [];
  // The desktop bridge: the Electron side that drives the label printer.
  window.api = {
    settingsGetServerUrl: async () => '', on: () => () => undefined,
    devicesPrintLabel: vi.fn(async (job: LabelJob) => (jobs.push(job), { printer: job.printer, bytes: 100 })),
  } as unknown as typeof window.api;
  // The 充装 station of this PC fills nitrogen: its local copy is of that gas from the start.
  localStorage.setItem('MATERIAL_WEIGHING', '4');
  localStorage.setItem('LABEL_PRINT_STATIONS', JSON.stringify({ fill: { enabled: true, templateId: 9, templateName: '充装标签', printer: 'tcp://10.0.0.9:9100', copies: 1 } }));
});
afterEach(async () => {
  await stopSyncForTests();
  await stopReprintsForTests();
  http.setAdapter(undefined);
  delete window.api;
  localStorage.clear();
  vi.unstubAllGlobals();
  resetBeepForTests();
});

describe('labels at a station offline', { timeout: 120_000 }, () => {
  it('prints the plain label and says 简易标签（离线） on screen and in the print log; back online the designed label follows for a recorded scan only', async () => {
    stubAudio();
    storeSession();
    const { state } = server();
    renderApp('/produce/produce');
    await userEvent.click(await screen.findByRole('tab', { name: '充装' }, SCREEN_LOAD));
    await waitFor(() => expect(screen.getByLabelText('充装介质')).toHaveTextContent('氮气'));
    await waitFor(() => expect(screen.getByTestId('station-header')).toHaveTextContent('本机资料 3 瓶'), DRAIN);
    const bar = () => screen.getByTestId('station-print');
    const fill = async (code: string) => {
      await userEvent.type(screen.getByLabelText('充装压力（MPa）'), '15');
      await userEvent.type(screen.getByPlaceholderText('请扫描气瓶条码'), `${code}{Enter}`);
    };

    // Online: the designed label, and 已打印标签.
    await fill('GP0301');
    await waitFor(() => expect(jobs).toHaveLength(1));
    expect(printed(jobs[0]!)).toEqual(['FONT:氮气 15MPa', 'BARCODE:GP0301', 'QRCODE:https://plant.example/q/GP0301-abcdefghijklmnop']);
    await waitFor(() => expect(bar()).toHaveTextContent('已打印标签：GP0301'));

    // The server away: the plain label (the code in its QR, marked), said as such — never 已打印标签.
    state.down = true;
    await fill('GP0302');
    await waitFor(() => expect(screen.getByTestId('verdict')).toHaveTextContent('GP0302 已暂存，待同步'));
    await waitFor(() => expect(jobs).toHaveLength(2));
    expect(printed(jobs[1]!)).toEqual(['QRCODE:GP0302', 'FONT:GP0302', 'FONT:氮气', 'FONT:2030-01-01', 'FONT:简易标签（离线）']);
    // On the roll and in the language of the station's label (60 × 40, ZPL), as this PC last saw it.
    expect(jobs[1]).toMatchObject({ width: 60, height: 40, printer: 'tcp://10.0.0.9:9100?lang=zpl' });
    await waitFor(() => expect(within(bar()).getByTestId('print-plain')).toHaveTextContent('已打印简易标签（离线）：GP0302'));
    expect(bar()).not.toHaveTextContent('已打印标签');
    await fill('GP0303');
    await waitFor(() => expect(jobs).toHaveLength(3));
    await waitFor(() => expect(within(bar()).getByTestId('reprints-pending')).toHaveTextContent('待补打设计标签 2 张'));

    // Back: the kept fills are sent again; GP0302's was recorded and gets its designed label, GP0303's was refused and gets none.
    state.down = false;
    await waitFor(() => expect(jobs).toHaveLength(4), DRAIN);
    expect(printed(jobs[3]!)).toEqual(['FONT:氮气 15MPa', 'BARCODE:GP0302', 'QRCODE:https://plant.example/q/GP0302-abcdefghijklmnop']);
    await waitFor(() => expect(within(bar()).queryByTestId('reprints-pending')).not.toBeInTheDocument(), DRAIN);
    expect(jobs).toHaveLength(4);

    await userEvent.click(within(bar()).getByRole('button', { name: '打印记录' }));
    const rows = within(await screen.findByTestId('print-log')).getAllByRole('row').slice(1).map((r) => [...r.querySelectorAll('td')].slice(2).map((td) => td.textContent));
    expect(rows).toEqual([
      ['GP0302', '设计标签（补打）', '已打印'],
      ['GP0303', '简易标签（离线）', '已打印；未补打（服务器未记录该次扫描，见待处理异常）'],
      ['GP0302', '简易标签（离线）', expect.stringMatching(/^已打印；已补打设计标签（\d\d:\d\d:\d\d）$/)],
      ['GP0301', '设计标签', '已打印'],
    ]);
  });
});
