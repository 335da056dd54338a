import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from '@renderer/http/client';
import { clearToasts } from '@renderer/notify/toast';
import { productRow, SCREEN_LOAD, serveProducts } from '@renderer/features/product/productTestServer';
import { renderApp, storeSession } from '@renderer/test/renderApp';

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:test/lot');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => (http.setAdapter(undefined), clearToasts()));

describe('气瓶档案 产品合格证', { timeout: 30_000 }, () => {
  it('asks the lot number, then shows the lot\'s 产品合格证 in the preview drawer', async () => {
    storeSession();
    const adapter = serveProducts([productRow(1, 'GP0001')], (c) => (c.url === '/report/printReprot'
      ? { data: new Blob(['%PDF-1.7'], { type: 'application/pdf' }), headers: { 'content-type': 'application/pdf' } }
      : undefined));
    renderApp('/product/product');
    await userEvent.click(await screen.findByRole('button', { name: '产品合格证' }, SCREEN_LOAD));
    const ask = await screen.findByRole('dialog', { name: '打印产品合格证' });
    await userEvent.click(within(ask).getByRole('button', { name: '打印' }));
    expect(await within(ask).findByText('请输入充装批号')).toBeInTheDocument();
    expect(adapter.calls.some((c) => c.url === '/report/printReprot')).toBe(false);
    await userEvent.type(within(ask).getByLabelText(/^充装批号/), 'L20261101');
    // The button stays loading for a second after the refused click.
    await waitFor(() => expect(within(ask).getByRole('button', { name: '打印' })).toBeEnabled());
    await userEvent.click(within(ask).getByRole('button', { name: '打印' }));
    const drawer = await screen.findByRole('dialog', { name: '产品合格证 L20261101' });
    expect(await within(drawer).findByTitle('产品合格证 L20261101')).toHaveAttribute('src', 'blob:test/lot');
    await waitFor(() => expect(adapter.calls.filter((c) => c.url === '/report/printReprot').map((c) => JSON.parse(c.data as string) as unknown))
      .toEqual([{ reportKey: 'GRAIN_FORMULA_PACKAGE_GP_PROCESS_RECORD', lotNo: 'L20261101' }]));
  });
});
