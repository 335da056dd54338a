import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { HouseholdRow } from '@shared/api/household';
import { http } from '@renderer/http/client';
import { makeStore } from '@renderer/store';
import { fakeAdapter, ok } from '@renderer/test/fakeAdapter';
import { storeSession } from '@renderer/test/renderApp';
import FieldDeliverPage from './FieldDeliverPage';

const USER: HouseholdRow = {
  id: 3, kind: 'resident', nameMasked: '张**', phoneMasked: '138****1234', idNoMasked: null, address: '东城区幸福里 3 号',
  customerId: 7, customerName: '东城供应站', status: 1, openHazards: 1, openMajor: 1, lastCheckAt: '2026-11-01 10:00:00', remark: null, createdAt: '2026-11-01 08:00:00',
};
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

const mount = () => render(
  <Provider store={makeStore()}>
    <MemoryRouter initialEntries={['/field/household/3/deliver']}>
      <Routes><Route path="/field/household/:id/deliver" element={<FieldDeliverPage />} /></Routes>
    </MemoryRouter>
  </Provider>,
);
const scan = async (text: string) => userEvent.type(await screen.findByPlaceholderText('请扫描条码'), `${text}{Enter}`);

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
