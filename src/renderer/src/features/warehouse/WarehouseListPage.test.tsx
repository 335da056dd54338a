import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { WarehouseRow } from '@shared/api/warehouse';
import { ENUMS } from '@shared/api/enum';
import { http } from '@renderer/http/client';
import { clearToasts } from '@renderer/notify/toast';
import { fakeAdapter, ok } from '@renderer/test/fakeAdapter';
import { adminNav, renderScreen, storeSession } from '@renderer/test/renderApp';

const store1: WarehouseRow = { id: 3, warehouseName: '一号空瓶库', warehouseCode: 'K1', kind: 'empty', address: '厂区东', keeper: '张三', remark: null, createdAt: '2026-01-01T00:00:00Z' };
const REFUSAL = '仓库 一号空瓶库 中还有 12 个气瓶，不能删除';

function serve() {
  const adapter = fakeAdapter((c) => {
    if (c.url === '/wdwarehouse/listPage') return ok({ list: [store1], total: 1 });
    if (c.url === '/enum/dropDown/warehouseKind') return ok(ENUMS.warehouseKind);
    if (c.url === '/wdwarehouse/deleteById') return { data: { code: -1, msg: REFUSAL, data: null } };
    return ok({ id: 4 });
  });
  http.setAdapter(adapter);
  return adapter;
}
const bodies = (adapter: ReturnType<typeof serve>, url: string) => adapter.calls.filter((c) => c.url === url).map((c) => JSON.parse(c.data as string));

afterEach(() => (http.setAdapter(undefined), clearToasts()));
const SCREEN_LOAD = { timeout: 15_000 };

describe('仓库管理', { timeout: 30_000 }, () => {
  it('lists the first page with the kind filter', async () => {
    storeSession();
    const adapter = serve();
    renderScreen('/storage/warehouse');
    expect(await screen.findByText('一号空瓶库', undefined, SCREEN_LOAD)).toBeInTheDocument();
    expect(screen.getByText('空瓶库')).toBeInTheDocument();
    expect(bodies(adapter, '/wdwarehouse/listPage')[0]).toEqual({ page: 1, size: 15 });
    await userEvent.click(screen.getByRole('combobox', { name: '仓库类型' }));
    await userEvent.click(await screen.findByRole('option', { name: '成品库' }));
    await userEvent.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() => expect(bodies(adapter, '/wdwarehouse/listPage').at(-1)).toEqual({ page: 1, size: 15, kind: 'finished' }));
  });

  it('refuses a warehouse without name, code and kind, then saves one', async () => {
    storeSession();
    const adapter = serve();
    renderScreen('/storage/warehouse');
    await screen.findByText('一号空瓶库', undefined, SCREEN_LOAD);
    await userEvent.click(screen.getByRole('button', { name: '新增' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByText('请输入仓库名称')).toBeInTheDocument();
    expect(within(dialog).getByText('请输入仓库编码')).toBeInTheDocument();
    expect(within(dialog).getByText('请选择仓库类型')).toBeInTheDocument();
    expect(adapter.calls.some((c) => c.url === '/wdwarehouse/saveAndEditWare')).toBe(false);

    await userEvent.type(within(dialog).getByLabelText(/^仓库名称/), '成品一库');
    await userEvent.type(within(dialog).getByLabelText(/^仓库编码/), 'C1');
    await userEvent.click(within(dialog).getByRole('combobox', { name: /^仓库类型/ }));
    await userEvent.click(await screen.findByRole('option', { name: '成品库' }));
    await userEvent.type(within(dialog).getByLabelText(/^库管员/), '李四');
    // 保存 stays loading for a second after the refused click.
    await waitFor(() => expect(within(dialog).getByRole('button', { name: '保存' })).toBeEnabled());
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(bodies(adapter, '/wdwarehouse/saveAndEditWare')).toEqual([
      { warehouseName: '成品一库', warehouseCode: 'C1', kind: 'finished', address: null, keeper: '李四', remark: null },
    ]));
  });

  it('shows the server refusal with the cylinder count when deleting a warehouse that holds cylinders', async () => {
    storeSession();
    const adapter = serve();
    renderScreen('/storage/warehouse');
    await screen.findByText('一号空瓶库', undefined, SCREEN_LOAD);
    await userEvent.click(screen.getByRole('button', { name: '删除' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText(REFUSAL)).toBeInTheDocument();
    expect(bodies(adapter, '/wdwarehouse/deleteById')).toEqual([{ id: 3 }]);
  });

  it('hides 新增, 编辑 and 删除 from a user holding only warehouse:view', async () => {
    storeSession({ ...adminNav(), promise: ['home:view', 'warehouse:view'] }, '查看员');
    serve();
    renderScreen('/storage/warehouse');
    await screen.findByText('一号空瓶库', undefined, SCREEN_LOAD);
    for (const name of ['新增', '编辑', '删除']) expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
  });
});
