import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEPTS } from '@renderer/features/dept/testData';
import { result } from '@renderer/stations/testData';
import { ROLES } from '@renderer/features/user/testData';
import { http } from '@renderer/http/client';
import { api } from '@renderer/store/api';
import { fakeAdapter, ok } from '@renderer/test/fakeAdapter';
import { renderApp, storeSession } from '@renderer/test/renderApp';

const SCREEN_LOAD = { timeout: 15_000 };

function serve() {
  const adapter = fakeAdapter((c) => {
    if (c.url === '/dept/getListDept') return ok(DEPTS);
    if (c.url === '/role/dropDown') return ok(ROLES);
    if (c.url === '/material/listPage') return ok({ list: [], total: 0 });
    if (c.url === '/produce/addPicking') return ok(result('GP0001', 2, 3, '气瓶 GP0001 已领瓶'));
    if (c.url?.endsWith('History') || c.url === '/produce/listProduce') return ok({ list: [], total: 0 });
    return ok(null);
  });
  http.setAdapter(adapter);
  return adapter;
}

const tabs = () => screen.getByRole('tablist', { name: '已打开页面' });
const openTab = (name: string) => userEvent.click(within(tabs()).getByRole('tab', { name }));
const closeTab = (name: string) => userEvent.click(within(tabs()).getByRole('button', { name: `关闭 ${name}` }));
const UNSAVED = '该页面有未保存的修改，确定关闭吗？';

/** /Setting/AddUser opened from home, its 姓名 typed in. */
async function halfFilledNewUser() {
  const { router } = renderApp('/main/home');
  await screen.findByTestId('greeting', undefined, SCREEN_LOAD);
  await router.navigate('/Setting/AddUser');
  await userEvent.type(await screen.findByLabelText(/^姓名/, undefined, SCREEN_LOAD), '张三');
  return router;
}

afterEach(() => http.setAdapter(undefined));

describe('open tabs keep their screens (keep-alive)', { timeout: 60_000 }, () => {
  it('a half-filled 新增用户 is there again after a switch to another tab and back', async () => {
    storeSession();
    serve();
    await halfFilledNewUser();
    await openTab('首页');
    expect(await screen.findByTestId('greeting')).toBeVisible();
    expect(screen.queryByRole('textbox', { name: /^姓名/ })).not.toBeInTheDocument();

    await openTab('新增用户');
    expect(await screen.findByRole('textbox', { name: /^姓名/ })).toHaveValue('张三');
  });

  it('the 新增 dialog of a list screen covers its screen only, and stays open with what was typed', async () => {
    storeSession();
    serve();
    renderApp('/product/materialMng');
    await userEvent.click(await screen.findByRole('button', { name: '新增' }, SCREEN_LOAD));
    await userEvent.type(within(await screen.findByRole('dialog')).getByLabelText(/^介质名称/), '工业氧');
    // The open tabs stay usable beside the dialog.
    await openTab('首页');
    expect(await screen.findByTestId('greeting')).toBeVisible();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await openTab('介质管理');
    expect(within(await screen.findByRole('dialog')).getByLabelText(/^介质名称/)).toHaveValue('工业氧');
    // What was typed there counts as unsaved: closing the tab asks.
    await closeTab('介质管理');
    expect(await screen.findByRole('dialog', { name: '确认关闭' })).toHaveTextContent(UNSAVED);
  });

  it('closing a tab with unsaved changes asks first, shown or not; 取消 keeps it, 确定 closes it', async () => {
    storeSession();
    serve();
    const router = await halfFilledNewUser();
    await closeTab('新增用户');
    const ask = await screen.findByRole('dialog', { name: '确认关闭' });
    expect(ask).toHaveTextContent(UNSAVED);
    await userEvent.click(within(ask).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '确认关闭' })).not.toBeInTheDocument());
    expect(screen.getByRole('textbox', { name: /^姓名/ })).toHaveValue('张三');
    expect(router.state.location.pathname).toBe('/Setting/AddUser');

    // Hidden behind another tab it still asks.
    await openTab('首页');
    await closeTab('新增用户');
    await userEvent.click(within(await screen.findByRole('dialog', { name: '确认关闭' })).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(within(tabs()).queryByRole('tab', { name: '新增用户' })).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/main/home');

    // Opened again it is a new, empty form.
    await router.navigate('/Setting/AddUser');
    expect(await screen.findByRole('textbox', { name: /^姓名/ }, SCREEN_LOAD)).toHaveValue('');
  });

  it('a tab without changes closes at once', async () => {
    storeSession();
    serve();
    const { router } = renderApp('/Setting/AddUser');
    await screen.findByRole('textbox', { name: /^姓名/ }, SCREEN_LOAD);
    await closeTab('新增用户');
    await waitFor(() => expect(router.state.location.pathname).toBe('/main/home'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('a hidden station neither keeps the focus nor takes it back; shown again, its scan field has it and its scans', async () => {
    storeSession();
    serve();
    const { router } = renderApp('/produce/produce');
    const scanField = await screen.findByPlaceholderText('请扫描气瓶条码', undefined, SCREEN_LOAD);
    await waitFor(() => expect(scanField).toHaveFocus());
    await userEvent.type(scanField, 'GP0001{Enter}');
    await waitFor(() => expect(screen.getByTestId('verdict')).toHaveAttribute('data-kind', 'ok'));

    await router.navigate('/Setting/AddUser');
    const account = await screen.findByRole('textbox', { name: /^账号/ }, SCREEN_LOAD);
    await waitFor(() => expect(account).toHaveFocus());
    expect(scanField).not.toBeVisible();
    // What a keyboard-wedge scanner types now goes to the shown screen.
    await userEvent.keyboard('GP0002');
    expect(account).toHaveValue('GP0002');
    expect(scanField).toHaveValue('');

    await openTab('充装管理');
    await waitFor(() => expect(scanField).toHaveFocus());
    expect(screen.getByTestId('verdict')).toHaveTextContent('气瓶 GP0001 已领瓶');
  });

  it('a hidden screen does not fetch again; shown again it does', async () => {
    storeSession();
    const adapter = serve();
    const { router, store } = renderApp('/product/materialMng');
    await screen.findByRole('button', { name: '新增' }, SCREEN_LOAD);
    const lists = () => adapter.calls.filter((c) => c.url === '/material/listPage').length;
    await waitFor(() => expect(lists()).toBe(1));
    await router.navigate('/main/home');
    await screen.findByTestId('greeting');
    const files = () => adapter.calls.filter((c) => c.url === '/file/listShared').length;
    await waitFor(() => expect(files()).toBe(1));
    // Both made stale at once: the shown home screen fetches again, the hidden list does not.
    store.dispatch(api.util.invalidateTags(['Material', 'File']));
    await waitFor(() => expect(files()).toBe(2));
    expect(lists()).toBe(1);

    await openTab('介质管理');
    await waitFor(() => expect(lists()).toBe(2));
  });
});
