import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ProductDetail } from '@shared/api/product';
import { http } from '@renderer/http/client';
import { ok } from '@renderer/test/fakeAdapter';
import { renderApp, storeSession } from '@renderer/test/renderApp';
import { bodyOf, productRow, SCREEN_LOAD, serveProducts } from './productTestServer';

afterEach(() => http.setAdapter(undefined));

const detail: ProductDetail = {
  ...productRow(1, 'QP001'), scrapReason: null, scrappedAt: null, scrappedBy: null,
  traces: [
    { id: 1, fromStatus: null, toStatus: 2, action: 'register', operator: '管理员', at: '2026-01-01T08:00:00Z', detail: null },
    { id: 2, fromStatus: 2, toStatus: 3, action: 'pick', operator: '张三', at: '2026-01-02T08:00:00Z', detail: null },
  ],
};

async function open(extra: Parameters<typeof serveProducts>[1] = () => undefined) {
  storeSession();
  const adapter = serveProducts([productRow(1, 'QP001'), productRow(2, 'QP002')], extra);
  renderApp('/product/product');
  await screen.findByText('QP002', undefined, SCREEN_LOAD);
  return adapter;
}
const saveIn = async (dialog: HTMLElement, name = '保存') => {
  await waitFor(() => expect(within(dialog).getByRole('button', { name })).toBeEnabled(), { timeout: 3000 });
  await userEvent.click(within(dialog).getByRole('button', { name }));
};

describe('气瓶档案 row actions', { timeout: 60_000 }, () => {
  it('详情 shows the cylinder fields and its trace timeline', async () => {
    await open((c) => (c.url === '/product/info/1' ? ok(detail) : undefined));
    await userEvent.click(screen.getAllByRole('button', { name: '详情' })[0]!);
    const timeline = await screen.findByRole('list', { name: '追溯记录' });
    const events = within(timeline).getAllByRole('listitem');
    expect(events).toHaveLength(2);
    expect(events[0]).toHaveTextContent('在库 · 登记 · 管理员');
    expect(events[1]).toHaveTextContent('在库 → 已领瓶 · pick · 张三');
    expect(screen.getByText('气瓶详情 QP001')).toBeInTheDocument();
    expect(within(timeline.parentElement!).getByText('GS1')).toBeInTheDocument();
    expect(within(timeline.parentElement!).getByText('QF-1')).toBeInTheDocument();
  });

  it('更换瓶阀 lists the valve history of the cylinder and records a replacement', async () => {
    const adapter = await open((c) => c.url === '/product/listHickeyHistory'
      ? ok({ list: [{ id: 5, cylinderId: 2, code: 'QP002', oldValve: 'QF-0', newValve: 'QF-1', changedOn: '2025-05-01', reason: '漏气', operator: '管理员', createdAt: '2025-05-01T00:00:00Z' }], total: 1 })
      : undefined);
    await userEvent.click(screen.getAllByRole('button', { name: '更换瓶阀' })[1]!);
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('漏气')).toBeInTheDocument();
    expect(bodyOf(adapter.calls.find((c) => c.url === '/product/listHickeyHistory')!)).toMatchObject({ cylinderId: 2 });
    await userEvent.type(within(dialog).getByLabelText(/新瓶阀/), 'QF-9');
    await userEvent.type(within(dialog).getByLabelText(/更换原因/), '阀杆损坏');
    await saveIn(dialog);
    await waitFor(() => expect(adapter.calls.some((c) => c.url === '/product/updateHickey')).toBe(true));
    expect(bodyOf(adapter.calls.find((c) => c.url === '/product/updateHickey')!)).toEqual({ id: 2, newValve: 'QF-9', changedOn: null, reason: '阀杆损坏' });
  });

  it('删除 asks first, then calls delAllProcess and refreshes the counts', async () => {
    const adapter = await open();
    await userEvent.click(screen.getAllByRole('button', { name: '删除' })[1]!);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/确定删除气瓶 QP002 吗/)).toBeInTheDocument();
    expect(adapter.calls.some((c) => c.url === '/product/delAllProcess')).toBe(false);
    const counts = adapter.calls.filter((c) => c.url === '/product/statusCount').length;
    await saveIn(dialog, '确定');
    await waitFor(() => expect(adapter.calls.some((c) => c.url === '/product/delAllProcess')).toBe(true));
    expect(bodyOf(adapter.calls.find((c) => c.url === '/product/delAllProcess')!)).toEqual({ id: 2 });
    await waitFor(() => expect(adapter.calls.filter((c) => c.url === '/product/statusCount').length).toBeGreaterThan(counts));
  });

  it('导出 posts the applied filters and asks for a file', async () => {
    const adapter = await open((c) => (c.url === '/product/export' ? { data: new Blob(['x']), headers: {} } : undefined));
    await userEvent.type(screen.getByLabelText('气瓶编码'), 'QP');
    await userEvent.click(screen.getByRole('button', { name: '查询' }));
    await userEvent.click(screen.getByRole('tab', { name: '在库 (2)' }));
    await userEvent.click(screen.getByRole('button', { name: '导出' }));
    await waitFor(() => expect(adapter.calls.some((c) => c.url === '/product/export')).toBe(true));
    const call = adapter.calls.find((c) => c.url === '/product/export')!;
    expect(bodyOf(call)).toEqual({ code: 'QP', status: 2 });
    expect(call.responseType).toBe('blob');
  });
});
