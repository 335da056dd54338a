import { afterEach, describe, expect, it } from 'vitest';
import { waitFor } from '@testing-library/react';
import { http } from '@renderer/http/client';
import { fakeAdapter, ok } from '@renderer/test/fakeAdapter';
import { renderApp, storeSession } from '@renderer/test/renderApp';
import { cylindersLink, dueLink, fillRecordsLink, holdingsLink, openOrdersLink, testRecordsLink } from './links';

/** Each list a dashboard figure opens reads the figure's filter from the address and asks for it. */
afterEach(() => http.setAdapter(undefined));
const LOAD = { timeout: 20_000 };

async function opens(link: string, url: string, expected: Record<string, unknown>) {
  storeSession();
  const adapter = fakeAdapter((c) => (c.url === '/product/statusCount' ? ok([]) : c.url?.endsWith('Page') || c.url?.endsWith('History') || c.url?.endsWith('holdings') ? ok({ list: [], total: 0 }) : ok(null)));
  http.setAdapter(adapter);
  renderApp(link);
  await waitFor(() => {
    const last = adapter.calls.filter((c) => c.url === url).at(-1);
    expect(last && JSON.parse(last.data as string)).toMatchObject(expected);
  }, LOAD);
}

describe('lists opened from a dashboard figure', { timeout: 60_000 }, () => {
  it('气瓶档案 by status and warehouse', () => opens(cylindersLink(2, 5), '/product/listPage', { status: 2, warehouseId: 5 }));
  it('定期检验 overdue only', () => opens(dueLink(30, true), '/detect/listPage', { days: 30, overdueOnly: true }));
  it('持瓶明细 of a customer', () => opens(holdingsLink(7), '/stock/holdings', { customerId: 7 }));
  it('充装记录 of a month and a gas', () => opens(fillRecordsLink('2026-10-01', '2026-10-31', 3), '/produce/fillingHistory', { dateFrom: '2026-10-01', dateTo: '2026-10-31', materialId: 3 }));
  it('检验记录 of a day', () => opens(testRecordsLink('2026-11-25', '2026-11-25'), '/produce/testHistory', { dateFrom: '2026-11-25', dateTo: '2026-11-25' }));
  it('出库单 still open', () => opens(openOrdersLink(), '/storageOrder/outStockListPage', { status: 0 }));
});
