import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ENUMS } from '@shared/api/enum';
import { http } from '@renderer/http/client';
import { clearToasts, getToasts } from '@renderer/notify/toast';
import { fakeAdapter, ok, type FakeReply } from '@renderer/test/fakeAdapter';
import { renderApp, storeSession } from '@renderer/test/renderApp';

const SCREEN_LOAD = { timeout: 15_000 };
/** The server's answer once an administrator took the key away: HTTP 403 with the refusal in words. */
const forbidden = (msg: string): FakeReply => ({ status: 403, data: { code: 403, msg, data: null } });

function serve(refuse: (url: string) => FakeReply | undefined) {
  const adapter = fakeAdapter((c) => {
    const own = refuse(c.url ?? '');
    if (own) return own;
    if (c.url === '/enum/dropDown/gasCategory') return ok(ENUMS.gasCategory);
    if (c.url?.endsWith('History') || c.url === '/produce/listProduce' || c.url === '/material/listPage') return ok({ list: [], total: 0 });
    return ok(null);
  });
  http.setAdapter(adapter);
  return adapter;
}

afterEach(() => (http.setAdapter(undefined), clearToasts()));

describe('a permission taken away mid-shift', { timeout: 60_000 }, () => {
  it('a scan refused with 403 shows the refusal in the station, which stays open for the next scan', async () => {
    storeSession();
    serve((url) => (url === '/produce/addPicking' ? forbidden('没有权限：领瓶（充装管理）') : undefined));
    const { router } = renderApp('/produce/produce');
    const scanField = await screen.findByPlaceholderText('请扫描气瓶条码', undefined, SCREEN_LOAD);
    await userEvent.type(scanField, 'GP0001{Enter}');
    await waitFor(() => expect(screen.getByTestId('verdict')).toHaveAttribute('data-kind', 'refused'));
    expect(within(screen.getByTestId('verdict')).getByTestId('verdict-title')).toHaveTextContent('没有权限：领瓶（充装管理）');
    expect(router.state.location.pathname).toBe('/produce/produce');
    expect(scanField).toBeVisible();
    await waitFor(() => expect(scanField).toHaveFocus());
  });

  it('a save refused with 403 says so in a toast and keeps the dialog with what was typed', async () => {
    storeSession();
    serve((url) => (url === '/material/save' ? forbidden('没有权限：新增（介质管理）') : undefined));
    const { router } = renderApp('/product/materialMng');
    await userEvent.click(await screen.findByRole('button', { name: '新增' }, SCREEN_LOAD));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText(/^介质名称/), '工业氧');
    await userEvent.type(within(dialog).getByLabelText(/^介质编码/), 'O2');
    await userEvent.click(within(dialog).getByRole('combobox', { name: /^介质类别/ }));
    await userEvent.click(await screen.findByRole('option', { name: '压缩气体' }));
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(getToasts().map((m) => m.message)).toContain('没有权限：新增（介质管理）'));
    expect(router.state.location.pathname).toBe('/product/materialMng');
    expect(within(screen.getByRole('dialog')).getByLabelText(/^介质名称/)).toHaveValue('工业氧');
  });

  it('a screen that cannot load its data (403) is still the 403 page', async () => {
    storeSession();
    serve((url) => (url === '/material/listPage' ? forbidden('没有权限：查看（介质管理）') : undefined));
    const { router } = renderApp('/product/materialMng');
    await waitFor(() => expect(router.state.location.pathname).toBe('/403'), SCREEN_LOAD);
  });
});
