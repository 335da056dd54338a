import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { WarehouseRow } from '@shared/api/warehouse';
import { ENUMS } from '@shared/api/enum';
import { http } from '@renderer/http/client';
import { clearToasts } from '@renderer/notify/toast';
import { fakeAdapter, ok } from '@renderer/test/fakeAdapter';
import { renderApp, storeSession } from '@renderer/test/renderApp';

// The kit seen through a screen built on it (仓库管理): what every list screen inherits.
const store1: WarehouseRow = { id: 3, warehouseName: '一号空瓶库', warehouseCode: 'K1', kind: 'empty', address: null, keeper: null, remark: null, createdAt: '2026-01-01 00:00:00' };

function serve() {
  const adapter = fakeAdapter((c) => {
    if (c.url === '/wdwarehouse/listPage') return ok({ list: [{ ...store1 }], total: 1 });
    if (c.url === '/enum/dropDown/warehouseKind') return ok(ENUMS.warehouseKind);
    if (c.url === '/product/listPage') return ok({ list: [], total: 0 });
    if (c.url === '/product/statusCount' || c.url === '/enterprise/list' || c.method === 'get') return ok([]);
    return ok({ id: 4 });
  });
  http.setAdapter(adapter);
  return adapter;
}
const listBodies = (adapter: ReturnType<typeof serve>) => adapter.calls.filter((c) => c.url === '/wdwarehouse/listPage').map((c) => JSON.parse(c.data as string));
const SCREEN_LOAD = { timeout: 15_000 };

afterEach(() => (http.setAdapter(undefined), clearToasts()));

async function openNew() {
  await userEvent.click(await screen.findByRole('button', { name: '新增' }, SCREEN_LOAD));
  return screen.findByRole('dialog');
}

describe('list-page kit', { timeout: 30_000 }, () => {
  it('keeps the filters and the applied search when the user switches tabs and comes back', async () => {
    storeSession();
    const adapter = serve();
    const { router } = renderApp('/storage/warehouse');
    await screen.findByText('一号空瓶库', undefined, SCREEN_LOAD);
    await userEvent.type(screen.getByLabelText('仓库编码'), 'K1');
    await userEvent.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() => expect(listBodies(adapter).at(-1)).toEqual({ page: 1, size: 15, warehouseCode: 'K1' }));
    await router.navigate('/product/product');
    await screen.findByRole('tab', { name: /^全部/ }, SCREEN_LOAD);
    await router.navigate('/storage/warehouse');
    expect(await screen.findByLabelText('仓库编码', undefined, SCREEN_LOAD)).toHaveValue('K1');
    expect(listBodies(adapter).at(-1)).toEqual({ page: 1, size: 15, warehouseCode: 'K1' });
  });

  it('a dialog focuses its first field, and Enter in a single-line field saves', async () => {
    storeSession();
    const adapter = serve();
    renderApp('/storage/warehouse');
    const dialog = await openNew();
    await waitFor(() => expect(within(dialog).getByLabelText(/^仓库名称/)).toHaveFocus());
    await userEvent.keyboard('成品一库');
    await userEvent.type(within(dialog).getByLabelText(/^仓库编码/), 'C1');
    await userEvent.click(within(dialog).getByRole('combobox', { name: /^仓库类型/ }));
    await userEvent.click(await screen.findByRole('option', { name: '成品库' }));
    await userEvent.type(within(dialog).getByLabelText(/^库管员/), '李四{Enter}');
    await waitFor(() => expect(adapter.calls.filter((c) => c.url === '/wdwarehouse/saveAndEditWare')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('Esc on a changed form asks before discarding; on an untouched one it just closes', async () => {
    storeSession();
    serve();
    renderApp('/storage/warehouse');
    let dialog = await openNew();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    dialog = await openNew();
    await userEvent.type(within(dialog).getByLabelText(/^仓库名称/), '半填的库');
    await userEvent.keyboard('{Escape}');
    const ask = await screen.findByRole('dialog', { name: '放弃未保存的内容？' });
    await userEvent.click(within(ask).getByRole('button', { name: '继续编辑' }));
    expect(within(screen.getByRole('dialog')).getByLabelText(/^仓库名称/)).toHaveValue('半填的库');
    await userEvent.keyboard('{Escape}');
    await userEvent.click(within(await screen.findByRole('dialog', { name: '放弃未保存的内容？' })).getByRole('button', { name: '放弃' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
