import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AxiosError } from 'axios';
import { REPLAYED_HEADER, REPLAYED_YES } from '@shared/api/offline';
import type { ScanOutResult } from '@shared/api/storage';
import { resetBeepForTests } from '@renderer/components/ScanInput/beep';
import { http } from '@renderer/http/client';
import { ok } from '@renderer/test/fakeAdapter';
import { renderApp, storeSession } from '@renderer/test/renderApp';
import { result } from '@renderer/stations/testData';
import { line, orderRow, outOrder, serveStorage } from '@renderer/features/storage/testData';
import { offlineDb, resetOfflineDbForTests } from './db';
import { stopSyncForTests } from './sync';

const SCREEN_LOAD = { timeout: 15_000 };
const DRAIN = { timeout: 20_000 };
const scanField = () => screen.getByPlaceholderText('请扫描气瓶条码');
const verdict = () => screen.getByTestId('verdict');
const header = () => screen.getByTestId('station-header');
async function scan(code: string) {
  await userEvent.type(scanField(), `${code}{Enter}`);
}
const facts = (code: string, extra: Record<string, unknown> = {}) => ({
  code, id: Number(code.slice(2)), status: 7, materialId: 3, specification: 'YSP-15', nextInspectionDate: '2030-01-01', ...extra,
});

beforeEach(async () => {
  await resetOfflineDbForTests();
});
afterEach(async () => {
  await stopSyncForTests();
  http.setAdapter(undefined);
  vi.unstubAllGlobals();
  resetBeepForTests();
});

describe('出库扫描 offline', { timeout: 90_000 }, () => {
  it('counts offline scans against the order kept on this PC: a full line refuses the next cylinder; the kept ones replay in scan order', async () => {
    storeSession();
    // One line of 2 LPG YSP-15, one scanned already: room for one more.
    let order = outOrder({ lines: [line(51, 1, 2)], count: 1, quantity: 2 });
    const state = { down: false };
    const scanned: string[] = [];
    const adapter = serveStorage((c) => {
      if (state.down) throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, c);
      if (c.url === '/offline/facts') return ok({ cursor: 1, more: false, cylinders: [facts('GP0201'), facts('GP0202'), facts('GP0203', { status: 2 })] });
      if (c.url === '/storageOrder/outStockListPage') return ok({ list: [orderRow({ ...order, lines: undefined } as never)], total: 1 });
      if (c.url === '/storageOrder/getOutOrderInfo') return ok(order);
      if (c.url === '/storageOrder/scanOutStock') {
        const { code } = JSON.parse(c.data as string) as { code: string };
        scanned.push(code);
        const lines = order.lines.map((l) => ({ ...l, scanned: l.scanned + 1 }));
        order = { ...order, lines, count: order.count + 1 };
        return ok({ ...result(code, 7, 8, `气瓶 ${code} 已扫入出库单 ${order.orderNo}`, { action: 'outboundScan' }), lines } satisfies ScanOutResult);
      }
      return undefined;
    });
    renderApp('/storage/outbound');
    expect(await screen.findByText('CK202603010001', undefined, SCREEN_LOAD)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '扫码' }));
    await screen.findByTestId('out-order-header');
    await waitFor(async () => expect(await offlineDb().facts.count()).toBe(3), DRAIN);
    await waitFor(async () => expect(await offlineDb().orders.get(41)).toBeTruthy());

    state.down = true;
    await scan('GP0201');
    await waitFor(() => expect(verdict()).toHaveAttribute('data-kind', 'queued'));
    await waitFor(() => expect(within(header()).getByTestId('waiting')).toHaveTextContent('待同步 1'));
    // The line is full with the kept scan: refused at the station, as the server would.
    await scan('GP0202');
    await waitFor(() => expect(verdict()).toHaveAttribute('data-kind', 'refused'));
    expect(verdict()).toHaveTextContent('出库单 CK202603010001 的明细已扫满：「液化石油气 YSP-15」2/2，气瓶 GP0202 不能再扫入');
    // Not 待出库: refused with the status.
    await scan('GP0203');
    await waitFor(() => expect(verdict()).toHaveTextContent('气瓶 GP0203 当前状态为「在库(2)」，不能出库扫描（应为「待出库(7)」）'));
    expect(within(header()).getByTestId('waiting')).toHaveTextContent('待同步 1');

    state.down = false;
    await waitFor(() => expect(scanned).toEqual(['GP0201']), DRAIN);
    await waitFor(() => expect(within(header()).getByTestId('waiting')).toHaveTextContent('待同步 0'));
    const replayed = adapter.calls.filter((c) => c.url === '/storageOrder/scanOutStock' && c.headers[REPLAYED_HEADER] === REPLAYED_YES);
    expect(replayed.map((c) => JSON.parse(c.data as string) as unknown)).toEqual([{ orderId: 41, code: 'GP0201', scanId: expect.any(String) }]);
    // The screen refreshes from the server after the replay.
    await waitFor(() => expect(screen.getAllByTestId('line-progress').map((e) => e.textContent)).toEqual(['2 / 2']));
  });
});
