import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AxiosError } from 'axios';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { HouseholdCopyRow, HouseholdRow } from '@shared/api/household';
import { REPLAYED_HEADER, REPLAYED_YES, STATION_AT_HEADER } from '@shared/api/offline';
import { offlineDb, resetOfflineDbForTests } from '@renderer/features/offline/db';
import { replayQueue } from '@renderer/features/offline/queue';
import { http } from '@renderer/http/client';
import { connectivity } from '@renderer/stations/connectivity';
import { makeStore } from '@renderer/store';
import { fakeAdapter, ok } from '@renderer/test/fakeAdapter';
import { storeSession } from '@renderer/test/renderApp';
import FieldDeliverPage from './FieldDeliverPage';
import { saveHouseholdCopy } from './householdCopy';

const USER: HouseholdRow = {
  id: 3, kind: 'resident', nameMasked: '张**', phoneMasked: '138****1234', idNoMasked: null, address: '东城区幸福里 3 号',
  customerId: 7, customerName: '东城供应站', status: 1, openHazards: 1, openMajor: 1, lastCheckAt: '2026-11-01 10:00:00', remark: null, createdAt: '2026-11-01 08:00:00',
};
/** Each wait as long as a loaded CI machine may need (a Dexie read or write and a render behind each step). */
const LOAD = { timeout: 15_000 };
const REFUSAL = '用户 张** 有未整改的重大隐患（胶管），拒绝配送：请先整改';

function serve() {
  const adapter = fakeAdapter((c) => {
    if (c.url === '/household/brief/3') return ok(USER);
    if (c.url === '/household/deliver') {
      const { code } = JSON.parse(String(c.data)) as { code: string };
      if (code === 'HH1') return { data: { code: -1, msg: REFUSAL } };
      return ok({ id: 1, code, deliveredAt: '2026-11-28 10:00:00', repeated: false, message: `气瓶 ${code} 已配送给 张**` });
    }
    return ok(null);
  });
  http.setAdapter(adapter);
  return adapter;
}

const mount = (id = 3) => render(
  <Provider store={makeStore()}>
    <MemoryRouter initialEntries={[`/field/household/${id}/deliver`]}>
      <Routes><Route path="/field/household/:id/deliver" element={<FieldDeliverPage />} /></Routes>
    </MemoryRouter>
  </Provider>,
);
const scan = async (text: string) => userEvent.type(await screen.findByPlaceholderText('请扫描条码', {}, LOAD), `${text}{Enter}`);

describe('配送到户 in the field app', () => {
  it("shows the user masked with the open hazard, keeps the server's refusal on screen, and lists an accepted delivery", async () => {
    storeSession();
    const adapter = serve();
    mount();
    expect(await screen.findByText('张** · 138****1234')).toBeInTheDocument();
    expect(screen.getByText('重大隐患 1 项未整改')).toBeInTheDocument();
    await scan('HH1');
    expect(await screen.findByTestId('deliver-refusal')).toHaveTextContent(REFUSAL);
    // The QR code of the cylinder's public page names it too.
    await scan('https://plant.example/q/HH2-abcdefghijklmnop');
    expect(await screen.findByRole('list', { name: '已配送' })).toHaveTextContent('HH2');
    expect(screen.queryByTestId('deliver-refusal')).not.toBeInTheDocument();
    const sent = adapter.calls.filter((c) => c.url === '/household/deliver').map((c) => JSON.parse(String(c.data)) as Record<string, unknown>);
    expect(sent.map((b) => [b.householdId, b.code])).toEqual([[3, 'HH1'], [3, 'HH2']]);
    expect(new Set(sent.map((b) => b.scanId)).size).toBe(2);
  });
});

/** Issue 37: a delivery to a household with no network, judged on the device's copy of the serving station's users. */
describe('配送到户 offline', { timeout: 60_000 }, () => {
  const day = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  const row = (id: number, over: Partial<HouseholdCopyRow>): HouseholdCopyRow => ({
    id, kind: 'resident', nameMasked: '张**', phoneMasked: '138****1234', address: '东城区幸福里 3 号', customerId: 7, customerName: '东城供应站',
    status: 1, openMajor: 0, majorItems: [], lastCheckAt: `${day(new Date())} 08:00:00`, ...over,
  });
  const COPY = [row(3, {}), row(4, { nameMasked: '李*', openMajor: 1, majorItems: ['胶管'] }), row(5, { nameMasked: '王**', lastCheckAt: '2020-01-02 08:00:00' })];

  /** The server: up for the copy, then away; it records the deliveries it took. */
  function server() {
    const state = { down: false, delivered: [] as { body: Record<string, unknown>; headers: Record<string, unknown> }[] };
    http.setAdapter(fakeAdapter((c) => {
      if (state.down) throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, c);
      if (c.url === '/household/fieldCopy') {
        const { after = 0, size = 500 } = JSON.parse(String(c.data)) as { after?: number; size?: number };
        const rest = COPY.filter((u) => u.id > after);
        return ok({ list: rest.slice(0, size), more: rest.length > size, rules: { householdRefuseMajorHazard: true, householdCheckMaxDays: 365 } });
      }
      if (c.url === '/household/deliver') {
        const body = JSON.parse(String(c.data)) as Record<string, unknown>;
        state.delivered.push({ body, headers: { ...(c.headers as Record<string, unknown>) } });
        return ok({ id: 9, code: body.code, deliveredAt: '2026-11-29 10:00:00', repeated: false, message: `气瓶 ${String(body.code)} 已配送给 张**` });
      }
      return ok(null);
    }));
    return state;
  }

  afterEach(async () => {
    http.setAdapter(undefined);
    connectivity.reset();
    await resetOfflineDbForTests();
  });

  it('keeps a delivery judged on the copy, refuses the same cylinder twice, and replays it with its station time', async () => {
    storeSession();
    await resetOfflineDbForTests();
    const net = server();
    const info = await saveHouseholdCopy(7, '东城供应站');
    expect(info).toMatchObject({ users: 3, truncated: false, rules: { householdRefuseMajorHazard: true, householdCheckMaxDays: 365 } });
    net.down = true;
    connectivity.lost();
    mount(3);
    // No server: the user shown from the copy, masked.
    expect(await screen.findByText('张** · 138****1234', {}, LOAD)).toBeInTheDocument();
    const before = Date.now();
    await scan('HH7');
    const list = await screen.findByRole('list', { name: '已配送' }, LOAD);
    expect(list).toHaveTextContent('HH7');
    expect(within(list).getByText('待同步')).toBeInTheDocument();
    expect(await screen.findByText('已暂存（离线）：HH7，联网后自动同步', {}, LOAD)).toBeInTheDocument();
    await scan('HH7');
    expect(await screen.findByTestId('deliver-refusal', {}, LOAD)).toHaveTextContent('气瓶 HH7 已配送到户（用户 张**），回收后才能再次配送');

    const kept = await offlineDb().queue.toArray();
    expect(kept).toEqual([expect.objectContaining({ station: 'field', url: '/household/deliver', code: 'HH7', note: '张**', body: { householdId: 3, code: 'HH7', scanId: expect.any(String) } })]);
    expect(Date.parse(kept[0]!.at)).toBeGreaterThanOrEqual(before - 1000);

    // Back online: the kept delivery goes with X-Replayed and its station time, and leaves the queue.
    net.down = false;
    connectivity.answered();
    expect((await replayQueue()).map((o) => o.kind)).toEqual(['done']);
    expect(net.delivered).toHaveLength(1);
    expect(net.delivered[0]!.body).toEqual(kept[0]!.body);
    expect(net.delivered[0]!.headers[REPLAYED_HEADER]).toBe(REPLAYED_YES);
    expect(net.delivered[0]!.headers[STATION_AT_HEADER]).toBe(kept[0]!.at);
    expect(await offlineDb().queue.count()).toBe(0);
  });

  it('refuses offline, in the server\'s words, a user with an open major hazard, one checked too long ago, and one not kept', async () => {
    storeSession();
    await resetOfflineDbForTests();
    const net = server();
    await saveHouseholdCopy(7, '东城供应站');
    net.down = true;
    connectivity.lost();
    const refusalOf = async (id: number) => {
      const view = mount(id);
      await scan('HH8');
      const text = (await screen.findByTestId('deliver-refusal', {}, LOAD)).textContent;
      view.unmount();
      return text;
    };
    expect(await refusalOf(4)).toBe('用户 李* 有未整改的重大隐患（胶管），拒绝配送：请先整改');
    expect(await refusalOf(5)).toBe('用户 王** 最近一次入户安检在 2020-01-02，已超过 365 天，拒绝配送：请重新安检');
    expect(await refusalOf(6)).toBe('本机没有该用户的离线资料，不能离线配送：请联网后配送，或先保存其服务站的用户');
    expect(await offlineDb().queue.count()).toBe(0);
  });
});
