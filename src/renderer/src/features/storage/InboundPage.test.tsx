import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InStockResult, RecoverResult } from '@shared/api/storage';
import { OK_TONE, REFUSED_TONE, resetBeepForTests } from '@renderer/components/ScanInput/beep';
import { http } from '@renderer/http/client';
import { ok } from '@renderer/test/fakeAdapter';
import { renderApp, storeSession } from '@renderer/test/renderApp';
import { stubAudio } from '@renderer/test/fakeAudio';
import { bodies, refusal, result, UUID } from '@renderer/stations/testData';
import { itemRow, orderRow, serveStorage } from './testData';

const SCREEN_LOAD = { timeout: 15_000 };
const scanField = () => screen.getByPlaceholderText('请扫描气瓶条码');
const verdict = () => screen.getByTestId('verdict');
async function scan(code: string) {
  await userEvent.type(scanField(), `${code}{Enter}`);
}
async function choose(combobox: string, option: string) {
  await userEvent.click(screen.getByRole('combobox', { name: combobox }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

afterEach(() => {
  http.setAdapter(undefined);
  vi.unstubAllGlobals();
  resetBeepForTests();
});

describe('入库管理 /storage/inbound — 入库', { timeout: 60_000 }, () => {
  it('creates the order with the first scan, sends its id with the next, shows a refusal red and audible, then 完成入库 starts anew', async () => {
    const tones = stubAudio();
    storeSession();
    const REFUSAL = '气瓶 GP0002 当前状态为“在库”，成品入库需要“已复秤”';
    const order = { id: 31, orderNo: 'RK202603010001', type: 'productRK', status: 0, count: 1 };
    const adapter = serveStorage((c) => {
      if (c.url === '/storageOrder/getProductList') return ok({ list: [itemRow(1, 'GP0001')], total: 1 });
      if (c.url !== '/storageOrder/inStock') return undefined;
      const body = JSON.parse(c.data as string) as { code?: string; complete?: boolean };
      if (body.complete) return ok({ order: { ...order, status: 1 }, scan: null } satisfies InStockResult);
      if (body.code === 'GP0002') return refusal(REFUSAL);
      return ok({ order, scan: result('GP0001', 6, 7, '气瓶 GP0001 已成品入库', { action: 'stockInProduct' }) } satisfies InStockResult);
    });
    renderApp('/storage/inbound');
    expect(await screen.findByRole('tab', { name: '入库' }, SCREEN_LOAD)).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByTestId('in-order')).toHaveTextContent('扫描第一个气瓶时自动新建入库单');

    // Without a warehouse the station refuses before calling the server.
    await scan('GP0000');
    await waitFor(() => expect(verdict()).toHaveTextContent('请先选择仓库'));
    expect(adapter.calls.some((c) => c.url === '/storageOrder/inStock')).toBe(false);

    await choose('入库类型', '成品入库');
    // Only warehouses of the type's kind are offered.
    await userEvent.click(screen.getByRole('combobox', { name: '仓库' }));
    const listbox = await screen.findByRole('listbox');
    expect(within(listbox).queryByRole('option', { name: '空瓶一库' })).not.toBeInTheDocument();
    await userEvent.click(within(listbox).getByRole('option', { name: '成品一库' }));

    await scan('GP0001');
    await waitFor(() => expect(verdict()).toHaveAttribute('data-kind', 'ok'));
    expect(within(verdict()).getByTestId('verdict-title')).toHaveTextContent('气瓶 GP0001 已成品入库');
    expect(screen.getByTestId('in-order')).toHaveTextContent('当前入库单：RK202603010001（已入库 1 瓶）');
    expect(await screen.findByText('GP0001', { selector: '[role=gridcell] *, [role=gridcell]' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: '入库类型' })).toHaveAttribute('aria-disabled', 'true');

    await scan('GP0002');
    await waitFor(() => expect(verdict()).toHaveAttribute('data-kind', 'refused'));
    const title = within(verdict()).getByTestId('verdict-title');
    expect(title).toHaveTextContent(REFUSAL);
    expect(getComputedStyle(title).color).toBe('rgb(211, 47, 47)');
    expect(screen.getByTestId('shift-count')).toHaveTextContent('今日完成1瓶');

    const sent = bodies(adapter, '/storageOrder/inStock');
    expect(sent[0]).toEqual({ type: 'productRK', warehouseId: 5, code: 'GP0001', scanId: expect.stringMatching(UUID) });
    expect(sent[1]).toEqual({ id: 31, type: 'productRK', warehouseId: 5, code: 'GP0002', scanId: expect.stringMatching(UUID) });
    expect(sent[1]!.scanId).not.toBe(sent[0]!.scanId);
    expect(tones).toEqual([REFUSED_TONE, REFUSED_TONE, OK_TONE, REFUSED_TONE, REFUSED_TONE]);

    await userEvent.click(screen.getByRole('button', { name: '完成入库' }));
    await waitFor(() => expect(bodies(adapter, '/storageOrder/inStock').at(-1)).toEqual({ id: 31, complete: true }));
    expect(await screen.findByText('入库单 RK202603010001 已完成，共 1 瓶')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('in-order')).toHaveTextContent('扫描第一个气瓶时自动新建入库单'));
    expect(screen.getByRole('button', { name: '完成入库' })).toBeDisabled();
  });
});

describe('入库管理 — 回收', { timeout: 60_000 }, () => {
  it('shows a recovery that differs from the system record as an amber warning, and sends the returning customer', async () => {
    storeSession();
    const recovered: RecoverResult = {
      ...result('GP0009', 2, 10, '气瓶 GP0009 已回收；注意：系统记录该瓶在仓库「成品一库」，状态在库', { action: 'recover' }),
      discrepancy: '系统记录该瓶在仓库「成品一库」，状态在库', customerName: '华东气体',
    };
    const adapter = serveStorage((c) => (c.url === '/storageOrder/scanHandel' ? ok(recovered) : undefined));
    renderApp('/storage/inbound');
    await userEvent.click(await screen.findByRole('tab', { name: '回收' }, SCREEN_LOAD));
    await choose('退瓶客户', '华东气体（C001）');
    await scan('GP0009');
    await waitFor(() => expect(verdict()).toHaveAttribute('data-kind', 'warning'));
    expect(verdict()).toHaveTextContent('有差异');
    const warning = within(verdict()).getByTestId('verdict-warning');
    expect(warning).toHaveTextContent('已回收，但系统记录该瓶在仓库「成品一库」，状态在库');
    // Amber (warning.dark), not the refusal's red.
    expect(getComputedStyle(warning).color).toBe('rgb(230, 81, 0)');
    // It is recovered all the same: counted.
    expect(screen.getByTestId('shift-count')).toHaveTextContent('今日完成1瓶');
    expect(bodies(adapter, '/storageOrder/scanHandel')).toEqual([{ code: 'GP0009', scanId: expect.stringMatching(UUID), customerId: 7 }]);
  });

  it('a recovery that matches shows green without a warning', async () => {
    storeSession();
    serveStorage((c) => (c.url === '/storageOrder/scanHandel'
      ? ok({ ...result('GP0010', 9, 10, '气瓶 GP0010 回收成功（华东气体）', { action: 'recover' }), discrepancy: null, customerName: '华东气体' })
      : undefined));
    renderApp('/storage/inbound');
    await userEvent.click(await screen.findByRole('tab', { name: '回收' }, SCREEN_LOAD));
    await scan('GP0010');
    await waitFor(() => expect(verdict()).toHaveAttribute('data-kind', 'ok'));
    expect(screen.queryByTestId('verdict-warning')).not.toBeInTheDocument();
  });
});

describe('入库管理 — lists', { timeout: 60_000 }, () => {
  it('lists the stock-in orders, deletes one after confirming, and continues an open one at the station', async () => {
    storeSession();
    const adapter = serveStorage((c) => {
      if (c.url === '/storageOrder/inStockListPage') return ok({ list: [orderRow({ count: 0 })], total: 1 });
      if (c.url === '/storageOrder/deleteById/31') return refusal('入库单 RK202603010001 上有气瓶，不能删除');
      return undefined;
    });
    renderApp('/storage/inbound');
    await userEvent.click(await screen.findByRole('tab', { name: '入库单' }, SCREEN_LOAD));
    expect(await screen.findByText('RK202603010001')).toBeInTheDocument();
    expect(screen.getByText('入库中')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '删除' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('入库单 RK202603010001 上有气瓶，不能删除')).toBeInTheDocument();
    expect(adapter.calls.filter((c) => c.url === '/storageOrder/deleteById/31')).toHaveLength(1);

    await userEvent.click(screen.getByRole('button', { name: '继续入库' }));
    expect(await screen.findByTestId('in-order')).toHaveTextContent('当前入库单：RK202603010001');
    expect(screen.getByRole('combobox', { name: '入库类型' })).toHaveTextContent('成品入库');
    expect(screen.getByRole('combobox', { name: '仓库' })).toHaveTextContent('成品一库');
  });

  it('回收记录 can list the discrepancies only', async () => {
    storeSession();
    const adapter = serveStorage();
    renderApp('/storage/inbound');
    await userEvent.click(await screen.findByRole('tab', { name: '回收记录' }, SCREEN_LOAD));
    await waitFor(() => expect(bodies(adapter, '/storageOrder/recoveryList')).toHaveLength(1));
    await userEvent.click(screen.getByRole('switch', { name: '仅看异常' }));
    await userEvent.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() => expect(bodies(adapter, '/storageOrder/recoveryList').at(-1)).toEqual({ page: 1, size: 15, discrepancy: true }));
  });
});
