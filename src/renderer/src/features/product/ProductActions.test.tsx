import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ProductDetail } from '@shared/api/product';
import { productionApi } from '@renderer/features/production/productionApi';
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
/** The same cylinder after a fill and a failed test (made at the stations, or on another PC). */
const later: ProductDetail = {
  ...detail,
  traces: [
    ...detail.traces,
    { id: 3, fromStatus: 3, toStatus: 4, action: 'fill', operator: '李四', at: '2026-01-02T09:00:00Z', detail: null },
    { id: 4, fromStatus: 4, toStatus: 1, action: 'testFail', operator: '王五', at: '2026-01-02T10:00:00Z', detail: null },
  ],
};

async function open(extra: Parameters<typeof serveProducts>[1] = () => undefined) {
  storeSession();
  const adapter = serveProducts([productRow(1, 'QP001'), productRow(2, 'QP002')], extra);
  renderApp('/product/product');
  await screen.findByText('QP002', undefined, SCREEN_LOAD);
  return adapter;
}
async function openWithStore(extra: Parameters<typeof serveProducts>[1]) {
  storeSession();
  serveProducts([productRow(1, 'QP001'), productRow(2, 'QP002')], extra);
  const view = renderApp('/product/product');
  await screen.findByText('QP002', undefined, SCREEN_LOAD);
  return view;
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
    expect(events[1]).toHaveTextContent('在库 → 已领瓶 · 领瓶 · 张三');
    expect(screen.getByText('气瓶详情 QP001')).toBeInTheDocument();
    expect(screen.getByText('追溯记录（2 条）')).toBeInTheDocument();
    expect(within(timeline.parentElement!).getByText('GS1')).toBeInTheDocument();
    expect(within(timeline.parentElement!).getByText('QF-1')).toBeInTheDocument();
    expect(within(timeline.parentElement!).getByText('自有')).toBeInTheDocument();
  });

  it('详情 names every action as 追溯查询 does and follows actions made elsewhere', async () => {
    let current = detail;
    const { store } = await openWithStore((c) => (c.url === '/product/info/1' ? ok(current) : c.url === '/produce/updateTestById' ? ok(null) : undefined));
    await userEvent.click(screen.getAllByRole('button', { name: '详情' })[0]!);
    expect(await screen.findByText('追溯记录（2 条）')).toBeInTheDocument();

    // Open, it follows an action that writes the trace only (a corrected test record, from 检验管理).
    current = later;
    await store.dispatch(productionApi.endpoints.updateTest.initiate({ id: 9, items: [], reason: '更正' }));
    expect(await screen.findByText('追溯记录（4 条）')).toBeInTheDocument();
    const events = within(screen.getByRole('list', { name: '追溯记录' })).getAllByRole('listitem');
    expect(events.map((e) => e.textContent?.split(' · ').slice(-2).join(' · '))).toEqual(['登记 · 管理员', '领瓶 · 张三', '充装 · 李四', '检验不合格 · 王五']);

    // Opened again, it asks afresh (another PC may have acted meanwhile).
    await userEvent.click(within(screen.getByRole('dialog', { name: '气瓶详情 QP001' })).getByRole('button', { name: '关闭' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /^气瓶详情/ })).not.toBeInTheDocument());
    current = { ...later, traces: [...later.traces, { id: 5, fromStatus: 1, toStatus: 0, action: 'scrap', operator: '王五', at: '2026-01-03T08:00:00Z', detail: null }] };
    await userEvent.click(screen.getAllByRole('button', { name: '详情' })[0]!);
    expect(await screen.findByText('追溯记录（5 条）')).toBeInTheDocument();
  });

  it('offers 删除 (and 报废) only for a cylinder that is not scrapped', async () => {
    storeSession();
    serveProducts([productRow(1, 'QP001'), productRow(2, 'QP002', 0)]);
    renderApp('/product/product');
    const scrapped = (await screen.findByText('QP002', undefined, SCREEN_LOAD)).closest('[role="row"]') as HTMLElement;
    const inStock = screen.getByText('QP001').closest('[role="row"]') as HTMLElement;
    expect(within(scrapped).queryByRole('button', { name: '删除' })).not.toBeInTheDocument();
    expect(within(scrapped).queryByRole('button', { name: '报废' })).not.toBeInTheDocument();
    expect(within(inStock).getByRole('button', { name: '删除' })).toBeInTheDocument();
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
