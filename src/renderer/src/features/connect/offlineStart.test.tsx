import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AxiosError } from 'axios';
import type { ConnectionState } from '@shared/connection';
import { http } from '@renderer/http/client';
import { fakeAdapter } from '@renderer/test/fakeAdapter';
import { renderApp, storeSession } from '@renderer/test/renderApp';
import { connectivity } from '@renderer/stations/connectivity';
import { offlineDb, resetOfflineDbForTests, writeMeta } from '@renderer/features/offline/db';
import { FACTS_SCOPE, FACTS_SYNCED_AT, stopSyncForTests } from '@renderer/features/offline/sync';

const SERVER = 'http://10.0.0.2:8080';
const SCREEN_LOAD = { timeout: 15_000 };

/** The desktop shell's window.api with a plant server that does not answer (the line to it is cut). */
function desktopWithoutServer() {
  const state: ConnectionState = { serverUrl: SERVER, standalone: false, lanAccess: false, port: null, activeUrl: SERVER, standaloneError: null };
  window.api = {
    settingsGetConnection: vi.fn(async () => ({ ...state })),
    settingsGetServerUrl: vi.fn(async () => SERVER),
    settingsProbeServer: vi.fn(async (url: string) => ({ ok: false, url, reason: '连接超时（5 秒内没有响应）' })),
    windowMaximize: vi.fn(async () => {}),
    on: vi.fn(() => () => {}),
  } as unknown as typeof window.api;
  // Every call of the page gets no answer either.
  const adapter = fakeAdapter(async (c) => {
    throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, c);
  });
  http.setAdapter(adapter);
  return adapter;
}

/** A local copy filled by an earlier day's feed: one cylinder in stock, due for inspection in 2030. */
async function copyOnThisPc() {
  await offlineDb().facts.put({ code: 'GP0101', id: 101, status: 2, materialId: 3, nextInspectionDate: '2030-01-01', lifeEnd: null, ownerOk: true, vacuumNeeded: false });
  await writeMeta(FACTS_SCOPE, JSON.stringify(null));
  await writeMeta(FACTS_SYNCED_AT, Date.now() - 3600_000);
}

beforeEach(async () => {
  await resetOfflineDbForTests();
  connectivity.reset();
});
afterEach(async () => {
  await stopSyncForTests();
  delete window.api;
  http.setAdapter(undefined);
  connectivity.reset();
});

describe('the desktop app started without its server', () => {
  it('offers 离线工作 on a PC with a local copy: the stations open offline and a scan is kept (已暂存)', async () => {
    storeSession();
    desktopWithoutServer();
    await copyOnThisPc();
    renderApp('/produce/produce');
    expect(await screen.findByRole('heading', { name: '无法连接服务器' })).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: '离线工作' }));

    await userEvent.click(await screen.findByRole('tab', { name: '领瓶' }, SCREEN_LOAD));
    const header = await screen.findByTestId('station-header');
    expect(within(header).getByTestId('connection')).toHaveTextContent(/离线（自 \d\d:\d\d）/);
    await userEvent.type(screen.getByPlaceholderText('请扫描气瓶条码'), 'GP0101{Enter}');
    await waitFor(() => expect(screen.getByTestId('verdict')).toHaveAttribute('data-kind', 'queued'));
    expect(screen.getByTestId('verdict')).toHaveTextContent('GP0101 已暂存，待同步');
    expect(await offlineDb().queue.count()).toBe(1);
  });

  it('offers no 离线工作 where the PC has no local copy: only 重试 and 服务器设置', async () => {
    storeSession();
    desktopWithoutServer();
    renderApp('/produce/produce');
    expect(await screen.findByRole('heading', { name: '无法连接服务器' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '重试' })).toBeInTheDocument();
    // The copy is looked up once the screen is up: give it the time it takes, then it is still not offered.
    await new Promise((done) => setTimeout(done, 300));
    expect(screen.queryByRole('button', { name: '离线工作' })).not.toBeInTheDocument();
  });
});
