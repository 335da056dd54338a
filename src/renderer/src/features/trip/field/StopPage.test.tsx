import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AxiosError, type InternalAxiosRequestConfig } from 'axios';
import type { TripManifest } from '@shared/api/trip';
import { resetBeepForTests } from '@renderer/components/ScanInput/beep';
import { offlineDb, stopSyncForTests } from '@renderer/features/offline';
import { resetOfflineDbForTests } from '@renderer/features/offline/db';
import { http } from '@renderer/http/client';
import { connectivity } from '@renderer/stations/connectivity';
import { fakeAdapter, ok, type FakeReply } from '@renderer/test/fakeAdapter';
import { renderApp, storeSession } from '@renderer/test/renderApp';
import { askReceipt, proofAct } from './acts';
import { forgetKeptTripsForTests, keepManifest, keptTrip } from './tripStore';

const LOAD = { timeout: 15_000 };

const cylinder = (code: string, stopId: number) => ({
  cylinderId: Number(code.slice(1)), code, stopId, orderNo: stopId === 11 ? 'CK001' : 'CK002', materialName: '液化石油气', specification: 'YSP-15', outcome: 'onBoard', reason: null,
});
const stop = (id: number, seq: number, customerName: string, holdings: string[]) => ({
  id, seq, customerId: id * 10, customerName, address: `${customerName}地址`, contact: null, phone: null, status: 0,
  orderNos: [id === 11 ? 'CK001' : 'CK002'], receiverName: null, provedAt: null, holdings,
});
const manifest = (): TripManifest => ({
  trip: {
    id: 1, tripNo: 'TR20261128-001', vehicleId: 1, plate: '沪A12345', driverId: 1, driverName: '张师傅', escortId: null, escortName: null,
    planDate: '2026-11-28', status: 1, stopCount: 2, loaded: 3, delivered: 0, departedAt: '2026-11-28T08:00:00Z', closedAt: null, remark: null,
    createdAt: '2026-11-28T07:00:00Z',
  },
  stops: [stop(11, 1, '甲客户', ['E1']), stop(12, 2, '乙客户', ['E2'])],
  cylinders: [cylinder('C1', 11), cylinder('C2', 11), cylinder('C3', 12)],
  pickups: [],
  at: '2026-11-28T08:00:00Z',
});

/** A server that can go away; it records the trip calls it took. */
function server() {
  const state = { down: false, calls: [] as { url: string; body: Record<string, unknown> }[] };
  http.setAdapter(fakeAdapter(async (c: InternalAxiosRequestConfig): Promise<FakeReply> => {
    if (state.down) throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, c);
    const url = c.url ?? '';
    if (url.startsWith('/trip/')) state.calls.push({ url, body: JSON.parse(String(c.data ?? '{}')) as Record<string, unknown> });
    if (url === '/trip/proof') return ok({ stopId: 11, receiptToken: 'RCPT-1', repeated: false });
    if (url === '/trip/deliver') {
      const code = (JSON.parse(String(c.data)) as { code: string }).code;
      return ok({ code, fromStatus: 9, toStatus: 9, message: `气瓶 ${code} 已交付给「甲客户」`, repeated: false });
    }
    return ok(null);
  }));
  return state;
}

const scanField = () => screen.findByLabelText('扫描交付的气瓶', {}, LOAD);
const feedback = () => screen.getAllByRole('status').find((el) => el.hasAttribute('data-kind'))!;
async function scan(field: HTMLElement, code: string) {
  await userEvent.type(field, `${code}{Enter}`);
}
const outcomeOf = (code: string) => within(screen.getByTestId('expected')).getByText(code).closest('li')!.getAttribute('data-outcome');

beforeEach(async () => {
  await resetOfflineDbForTests();
  await keepManifest(manifest());
  storeSession();
});
afterEach(async () => {
  await stopSyncForTests();
  http.setAdapter(undefined);
  resetBeepForTests();
});

describe('a stop in the field app', { timeout: 60_000 }, () => {
  it('refuses on the device, in the server\'s words, a cylinder of another stop or not on the trip, sending nothing', async () => {
    const state = server();
    renderApp('/field/trip/1/stop/11');
    const field = await scanField();
    await scan(field, 'C3');
    await waitFor(() => expect(feedback()).toHaveTextContent('气瓶 C3 是第 2 站「乙客户」的，不能交给第 1 站「甲客户」'));
    expect(feedback()).toHaveAttribute('data-kind', 'refused');
    await scan(field, 'X9');
    await waitFor(() => expect(feedback()).toHaveTextContent('气瓶 X9 不在本车次的装车清单上，不能交付'));
    expect(state.calls).toEqual([]);
    // Online, an allowed one goes to the server and the list shows it delivered.
    await scan(field, 'C1');
    await waitFor(() => expect(feedback()).toHaveTextContent('气瓶 C1 已交付给「甲客户」'));
    expect(state.calls.map((c) => c.url)).toEqual(['/trip/deliver']);
    await waitFor(() => expect(outcomeOf('C1')).toBe('delivered'));
    // Handed over already: nothing sent again.
    await scan(field, 'C1');
    await waitFor(() => expect(feedback()).toHaveTextContent('气瓶 C1 已交付给「甲客户」'));
    expect(feedback()).toHaveAttribute('data-kind', 'refused');
    expect(state.calls).toHaveLength(1);
  });

  /** The stop opened with the server away, C1 handed over: kept, and shown delivered on the copy. */
  async function deliverC1Offline(): Promise<ReturnType<typeof server>> {
    const state = server();
    state.down = true;
    renderApp('/field/trip/1/stop/11');
    const field = await scanField();
    connectivity.lost();
    await scan(field, 'C1');
    await waitFor(() => expect(feedback()).toHaveTextContent('已暂存（离线）：C1，联网后自动同步'));
    await waitFor(() => expect(outcomeOf('C1')).toBe('delivered'));
    return state;
  }

  it('offline, keeps each act in the stations\' queue (station field, its scanId and time) and shows it on the copy at once', async () => {
    const state = await deliverC1Offline();

    // Take back: an empty of this customer, and one the records have elsewhere (强制回收).
    await userEvent.click(screen.getByRole('button', { name: '回收空瓶' }));
    const pickup = await screen.findByLabelText('扫描收回的空瓶');
    await scan(pickup, 'E1');
    await waitFor(() => expect(within(screen.getByTestId('pickups')).getByText('E1')).toBeInTheDocument());
    expect(screen.queryByTestId('scan-warning')).toBeNull();
    await scan(pickup, 'E2');
    expect(await screen.findByTestId('scan-warning')).toHaveTextContent('强制回收：气瓶 E2 不在「甲客户」的持瓶记录中，差异将被记录');
    await waitFor(() => expect(within(screen.getByTestId('pickups')).getByText('E2').closest('li')).toHaveTextContent('强制回收'));
    // The counter follows the queue (its live summary), a moment after the list shows the act.
    await waitFor(() => expect(screen.getByTestId('waiting')).toHaveTextContent('待同步 3'));

    const queue = await offlineDb().queue.orderBy('seq').toArray();
    expect(queue.map((q) => [q.station, q.url, q.code])).toEqual([['field', '/trip/deliver', 'C1'], ['field', '/trip/pickup', 'E1'], ['field', '/trip/pickup', 'E2']]);
    for (const q of queue) {
      expect(q.body).toMatchObject({ stopId: 11, code: q.code, scanId: q.scanId });
      expect(q.scanId).toMatch(/^[0-9a-f-]{36}$/);
      expect(Date.parse(q.at)).not.toBeNaN();
    }
    expect(state.calls).toEqual([]);
    const kept = await keptTrip(1);
    expect(kept?.pickups).toEqual([{ stopId: 11, code: 'E1', forced: false }, { stopId: 11, code: 'E2', forced: true }]);
  });

  it('checks the proof: a receiver, a reason for each cylinder left on board (the server\'s words)', async () => {
    server();
    renderApp('/field/trip/1/stop/11');
    await scanField();
    await userEvent.click(screen.getByRole('button', { name: '签收' }));
    await userEvent.click(await screen.findByRole('button', { name: '提交签收' }));
    expect(await screen.findByTestId('proof-problem')).toHaveTextContent('请填写签收人');

    await userEvent.type(screen.getByLabelText('签收人'), '王五');
    await userEvent.click(screen.getByRole('button', { name: '提交签收' }));
    await waitFor(() => expect(screen.getByTestId('proof-problem')).toHaveTextContent('第 1 站「甲客户」还有 2 只气瓶既未交付也未说明差异原因：C1、C2'));

    // With a reason for one, the other is still named; no call was made.
    await userEvent.click(screen.getByLabelText('C1 的差异原因'));
    await userEvent.click(await screen.findByRole('option', { name: '客户拒收' }));
    await userEvent.click(screen.getByRole('button', { name: '提交签收' }));
    await waitFor(() => expect(screen.getByTestId('proof-problem')).toHaveTextContent('还有 1 只气瓶既未交付也未说明差异原因：C2'));
    await userEvent.click(screen.getByLabelText('C2 的差异原因'));
    await userEvent.click(await screen.findByRole('option', { name: '气瓶损坏' }));
    await userEvent.click(screen.getByRole('button', { name: '提交签收' }));
    await waitFor(() => expect(screen.getByTestId('proof-problem')).toHaveTextContent('请签收人签名'));
    expect(await offlineDb().queue.count()).toBe(0);
  });

  it('keeps each act as a small record beside the saved manifest: the copy read again after a restart shows it; 保存离线 again takes the server\'s', async () => {
    await deliverC1Offline();
    // The manifest as saved is not rewritten by the act; the act is a record of its own, written with the queued call.
    expect((await offlineDb().trips.get(1))?.cylinders.find((c) => c.code === 'C1')?.outcome).toBe('onBoard');
    expect(await offlineDb().tripActs.toArray()).toEqual([{ tripId: 1, key: 'd:C1', kind: 'deliver', code: 'C1' }]);
    // The app opened again (nothing in memory): the copy read from the device shows the act.
    forgetKeptTripsForTests();
    expect((await keptTrip(1))?.cylinders.map((c) => [c.code, c.outcome])).toEqual([['C1', 'delivered'], ['C2', 'onBoard'], ['C3', 'onBoard']]);
    // Saved again from the server (nothing waiting): the server's manifest is the copy, the device's delivery record goes.
    await offlineDb().queue.clear();
    await keepManifest(manifest());
    expect(await offlineDb().tripActs.count()).toBe(0);
    expect((await keptTrip(1))?.cylinders.find((c) => c.code === 'C1')?.outcome).toBe('onBoard');
    await waitFor(() => expect(outcomeOf('C1')).toBe('onBoard'));
  });

  it('keeps a proof taken offline with its body apart from the copy, and asks its receipt again with the same scanId once online', async () => {
    const state = server();
    state.down = true;
    connectivity.lost();
    const t = (key: string) => key;
    const trip = (await keptTrip(1))!;
    const form = { receiverName: '王五', signature: 'data:image/png;base64,AAAA', photo: 'data:image/jpeg;base64,BBBB', position: null, reasons: { C1: 'refused', C2: 'damaged' }, remark: '' };
    expect((await proofAct(t as never, trip, trip.stops[0]!, form)).kind).toBe('queued');
    const [queued] = await offlineDb().queue.toArray();
    expect(queued).toMatchObject({ station: 'field', url: '/trip/proof', body: { stopId: 11, receiverName: '王五', photo: form.photo } });
    // The copy shows the stop signed and the reasons; it holds the proof's scanId, not its photo.
    const kept = (await keptTrip(1))!;
    expect(kept.stops[0]).toMatchObject({ status: 1, receiverName: '王五' });
    expect(kept.cylinders.filter((c) => c.stopId === 11).map((c) => c.reason)).toEqual(['refused', 'damaged']);
    expect(kept.proofs[11]).toEqual({ scanId: queued!.scanId, receiptToken: null, at: expect.any(String) });
    expect(JSON.stringify(kept)).not.toContain('BBBB');
    expect((await offlineDb().proofBodies.get(queued!.scanId))?.body).toEqual(queued!.body);

    // Still waiting in the queue: no receipt is asked for. Once sent, the same call (same scanId) gives the receipt.
    state.down = false;
    connectivity.answered();
    expect(await askReceipt(kept, 11)).toBeNull();
    await offlineDb().queue.clear();
    expect(await askReceipt(kept, 11)).toBe('RCPT-1');
    expect(state.calls).toEqual([{ url: '/trip/proof', body: queued!.body }]);
    expect((await keptTrip(1))!.proofs[11]?.receiptToken).toBe('RCPT-1');
    expect(await offlineDb().proofBodies.count()).toBe(0);
  });
});
