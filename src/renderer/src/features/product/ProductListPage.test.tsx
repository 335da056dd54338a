import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from '@renderer/http/client';
import { LANGUAGE_STORAGE_KEY } from '@renderer/i18n/i18n';
import { adminNav, renderScreen, storeSession } from '@renderer/test/renderApp';
import { bodyOf, productRow, SCREEN_LOAD, serveProducts } from './productTestServer';

afterEach(() => (http.setAdapter(undefined), localStorage.removeItem(LANGUAGE_STORAGE_KEY)));

const fleet = () => [productRow(1, 'QP001'), productRow(2, 'QP002'), productRow(3, 'QP003'), productRow(4, 'OLD01', 0), productRow(5, 'ODD01', 12)];
const listCalls = (adapter: ReturnType<typeof serveProducts>) => adapter.calls.filter((c) => c.url === '/product/listPage').map(bodyOf);

describe('气瓶档案', { timeout: 60_000 }, () => {
  it('shows the status tabs with their counts (11–13 only when non-zero) and filters the list by the chosen tab', async () => {
    storeSession();
    const adapter = serveProducts(fleet());
    renderScreen('/product/product');
    expect(await screen.findByRole('tab', { name: '全部 (5)' }, SCREEN_LOAD)).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: '在库 (3)' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: '报废 (1)' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: '已回收 (0)' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: '12 (1)' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: /^11 / })).not.toBeInTheDocument();
    await screen.findByText('QP003');

    await userEvent.click(screen.getByRole('tab', { name: '报废 (1)' }));
    expect(await screen.findByText('OLD01')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('QP001')).not.toBeInTheDocument());
    expect(listCalls(adapter).at(-1)).toMatchObject({ page: 1, status: 0 });
  });

  it('所在位置 says where the server places each cylinder: the warehouse holding it, the workshop, the customer', async () => {
    storeSession();
    serveProducts([productRow(1, 'QP001'), productRow(2, 'PK001', 3), { ...productRow(3, 'CU001', 9), locationName: '甲客户' }]);
    renderScreen('/product/product');
    const row = async (code: string) => (await screen.findByText(code, undefined, SCREEN_LOAD)).closest('[role="row"]') as HTMLElement;
    expect(within(await row('QP001')).getByText('仓库：空瓶库')).toBeInTheDocument();
    expect(within(await row('PK001')).getByText('充装车间')).toBeInTheDocument();
    expect(within(await row('CU001')).getByText('客户处：甲客户')).toBeInTheDocument();
  });

  it('sends the filter bar values with the list request', async () => {
    storeSession();
    const adapter = serveProducts(fleet());
    renderScreen('/product/product');
    await screen.findByText('QP003', undefined, SCREEN_LOAD);
    await userEvent.type(screen.getByLabelText('气瓶编码'), ' QP00 ');
    await userEvent.type(screen.getByLabelText('钢印号'), 'GS');
    await userEvent.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() => expect(screen.queryByText('OLD01')).not.toBeInTheDocument());
    const body = listCalls(adapter).at(-1);
    expect(body).toMatchObject({ page: 1, code: 'QP00', steelStamp: 'GS' });
    expect(body).not.toHaveProperty('status');
  });

  it('scraps a cylinder with a reason, then the list and the tab counts follow', async () => {
    storeSession();
    const adapter = serveProducts(fleet());
    renderScreen('/product/product');
    await screen.findByText('QP003', undefined, SCREEN_LOAD);
    expect(screen.getByRole('tab', { name: '在库 (3)' })).toBeInTheDocument();
    await userEvent.click(screen.getAllByRole('button', { name: '报废' })[0]!);
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByText('请输入报废原因')).toBeInTheDocument();
    expect(adapter.calls.some((c) => c.url === '/product/scrap')).toBe(false);

    await userEvent.type(within(dialog).getByLabelText(/报废原因/), '瓶体严重腐蚀');
    // 保存 stays loading for a second after a click.
    await waitFor(() => expect(within(dialog).getByRole('button', { name: '保存' })).toBeEnabled(), { timeout: 3000 });
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(adapter.calls.some((c) => c.url === '/product/scrap')).toBe(true));
    expect(bodyOf(adapter.calls.find((c) => c.url === '/product/scrap')!)).toEqual({ id: 1, reason: '瓶体严重腐蚀' });
    expect(await screen.findByRole('tab', { name: '在库 (2)' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: '报废 (2)' })).toBeInTheDocument();
  });

  it('hides every action button from a user holding only product:view', async () => {
    storeSession({ ...adminNav(), promise: ['home:view', 'product:view'] }, '查看员');
    serveProducts(fleet());
    renderScreen('/product/product');
    await screen.findByText('QP003', undefined, SCREEN_LOAD);
    for (const name of ['新增', '导入', '导出', '报废', '更换瓶阀', '删除']) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
    expect(screen.getAllByRole('button', { name: '详情' }).length).toBeGreaterThan(0);
  });

  it('shows the buttons to an administrator', async () => {
    storeSession();
    serveProducts(fleet());
    renderScreen('/product/product');
    await screen.findByText('QP003', undefined, SCREEN_LOAD);
    for (const name of ['新增', '导入', '导出']) expect(screen.getByRole('button', { name })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: '更换瓶阀' }).length).toBeGreaterThan(0);
    expect(screen.getAllByRole('button', { name: '删除' }).length).toBeGreaterThan(0);
  });

  it('offers 11–13 as status filters only while some cylinder has them, and no 报废 on a scrapped cylinder', async () => {
    storeSession();
    serveProducts(fleet());
    renderScreen('/product/product');
    await screen.findByText('OLD01', undefined, SCREEN_LOAD);
    await userEvent.click(screen.getByRole('combobox', { name: '状态' }));
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).toContain('12');
    expect(options).not.toContain('11');
    expect(options).toContain('在库');
    await userEvent.keyboard('{Escape}');
    const scrapped = screen.getByText('OLD01').closest('[role="row"]') as HTMLElement;
    expect(within(scrapped).queryByRole('button', { name: '报废' })).not.toBeInTheDocument();
    expect(within(screen.getByText('QP001').closest('[role="row"]') as HTMLElement).getByRole('button', { name: '报废' })).toBeInTheDocument();
  });

  it('shows the status tabs in English when English is chosen', async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'en');
    storeSession();
    serveProducts(fleet());
    renderScreen('/product/product');
    expect(await screen.findByRole('tab', { name: 'In stock (3)' }, SCREEN_LOAD)).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Scrapped (1)' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'All (5)' })).toBeInTheDocument();
  });
});
