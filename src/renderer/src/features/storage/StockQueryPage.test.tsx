import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CustomerHoldingRow, HoldingRow, StockRow } from '@shared/api/storage';
import { http } from '@renderer/http/client';
import { ok } from '@renderer/test/fakeAdapter';
import { renderApp, storeSession } from '@renderer/test/renderApp';
import { bodies } from '@renderer/stations/testData';
import { serveStorage } from './testData';

const SCREEN_LOAD = { timeout: 15_000 };

const stock: StockRow[] = [
  { place: 'warehouse', warehouseId: 5, warehouseName: '成品一库', materialId: 3, materialName: '液化石油气', status: 7, count: 120 },
  { place: 'order', warehouseId: null, warehouseName: null, materialId: 3, materialName: '液化石油气', status: 8, count: 6 },
  { place: 'warehouse', warehouseId: 4, warehouseName: '空瓶一库', materialId: 4, materialName: '氮气', status: 2, count: 35 },
  { place: 'customer', warehouseId: null, warehouseName: null, materialId: 3, materialName: '液化石油气', status: 9, count: 300 },
  { place: 'workshop', warehouseId: null, warehouseName: null, materialId: 4, materialName: '氮气', status: 3, count: 2 },
];
const holder: CustomerHoldingRow = { customerId: 7, customerName: '华东气体', customerCode: 'C001', count: 42, overdue: 3, oldestSince: '2025-10-01T08:00:00Z' };
const held: HoldingRow = {
  cylinderId: 101, code: 'GP0101', materialName: '液化石油气', specification: 'YSP-15', customerId: 7, customerName: '华东气体', since: '2025-10-01T08:00:00Z', days: 150,
};

afterEach(() => http.setAdapter(undefined));

describe('库存查询 /storage/query', { timeout: 60_000 }, () => {
  it('counts the stock by where it is × gas × status with the totals (a picked cylinder in the workshop, not its warehouse), and filters by status', async () => {
    storeSession();
    const adapter = serveStorage((c) => (c.url === '/stock/summary' ? ok(stock) : undefined));
    renderApp('/storage/query');
    const table = await screen.findByTestId('stock-table', undefined, SCREEN_LOAD);
    await waitFor(() => expect(within(table).getAllByTestId('stock-row')).toHaveLength(5));
    const heads = within(table).getAllByRole('columnheader').map((h) => h.textContent);
    expect(heads).toEqual(['所在位置', '介质', '在库', '已领瓶', '待出库', '已扫描', '已出库', '合计']);
    const rows = within(table).getAllByTestId('stock-row').map((r) => within(r).getAllByRole('cell').map((c) => c.textContent));
    expect(rows).toEqual([
      ['成品一库', '液化石油气', '', '', '120', '', '', '120'],
      ['空瓶一库', '氮气', '35', '', '', '', '', '35'],
      ['充装车间', '氮气', '', '2', '', '', '', '2'],
      ['出库单（待发货）', '液化石油气', '', '', '', '6', '', '6'],
      ['客户处', '液化石油气', '', '', '', '', '300', '300'],
    ]);
    expect(within(within(table).getByTestId('stock-total')).getAllByRole('cell').map((c) => c.textContent)).toEqual(['合计', '35', '2', '120', '6', '300', '463']);

    await userEvent.click(screen.getByRole('combobox', { name: '气瓶状态' }));
    await userEvent.click(await screen.findByRole('option', { name: '待出库' }));
    await userEvent.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() => expect(bodies(adapter, '/stock/summary').at(-1)).toEqual({ status: 7 }));
  });

  it('客户持瓶 uses the long-out days; a customer opens its cylinders, 只看超期 sends the days', async () => {
    storeSession();
    const adapter = serveStorage((c) => {
      if (c.url === '/stock/customerHoldings') return ok({ list: [holder], total: 1 });
      if (c.url === '/stock/holdings') return ok({ list: [held], total: 1 });
      return undefined;
    });
    renderApp('/storage/query');
    await userEvent.click(await screen.findByRole('tab', { name: '客户持瓶' }, SCREEN_LOAD));
    const customer = await screen.findByRole('button', { name: '华东气体' });
    expect(bodies(adapter, '/stock/customerHoldings')[0]).toEqual({ page: 1, size: 15, days: 90 });
    const days = screen.getByLabelText('超期天数');
    await userEvent.clear(days);
    await userEvent.type(days, '120');
    await waitFor(() => expect(bodies(adapter, '/stock/customerHoldings').at(-1)).toEqual({ page: 1, size: 15, days: 120 }));

    await userEvent.click(customer);
    expect(await screen.findByRole('tab', { name: '持瓶明细' })).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(bodies(adapter, '/stock/holdings').at(-1)).toEqual({ page: 1, size: 15, customerId: 7 }));
    const holdings = screen.getByTestId('holdings-table');
    expect(await within(holdings).findByText('GP0101')).toBeInTheDocument();
    expect(within(holdings).getByText('150')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('switch', { name: '只看超期（120 天）' }));
    await userEvent.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() => expect(bodies(adapter, '/stock/holdings').at(-1)).toEqual({ page: 1, size: 15, customerId: 7, overDays: 120 }));
    expect(screen.getByRole('button', { name: '导出' })).toBeInTheDocument();
  });
});
