import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from '@renderer/http/client';
import { clearToasts, getToasts } from '@renderer/notify/toast';
import { adminNav, renderScreen, storeSession } from '@renderer/test/renderApp';
import { bodies, serveUsers } from './testData';

afterEach(() => (http.setAdapter(undefined), clearToasts()));

/** The first visit loads the lazy screen (DataGrid included), which takes seconds on a busy machine. */
const SCREEN_LOAD = { timeout: 15_000 };
const withKeys = (keys: string[]) => storeSession({ ...adminNav(), promise: ['home:view', 'user:view', ...keys] }, '查看员');

describe('用户管理', { timeout: 30_000 }, () => {
  it('asks the server for the first page of 15 and lists the users with phone, department and lock', async () => {
    storeSession();
    const adapter = serveUsers();
    renderScreen('/Setting/user');
    expect(await screen.findByText('viewer', undefined, SCREEN_LOAD)).toBeInTheDocument();
    const call = adapter.calls.find((c) => c.url === '/user/pageList');
    expect(call?.params).toMatchObject({ page: 1, size: 15 });
    expect(screen.getByRole('columnheader', { name: '电话' })).toBeInTheDocument();
    expect(screen.getByText('0571-2222')).toBeInTheDocument();
    expect(screen.getByText('充装班')).toBeInTheDocument();
    // Only the locked user carries the chip and the unlock button.
    expect(screen.getAllByText('已锁定')).toHaveLength(1);
    expect(screen.getAllByRole('button', { name: '解除锁定' })).toHaveLength(1);
  });

  it('filters by department, sub-departments indented under their parent', async () => {
    storeSession();
    const adapter = serveUsers();
    renderScreen('/Setting/user');
    await screen.findByText('viewer', undefined, SCREEN_LOAD);
    await userEvent.click(screen.getByRole('combobox', { name: '部门' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['全部', '总部', '\u3000生产部', '\u3000\u3000充装班', '销售部']);
    await userEvent.click(options[2]!);
    await userEvent.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() => expect(adapter.calls.filter((c) => c.url === '/user/pageList').at(-1)?.params).toMatchObject({ page: 1, deptId: 2 }));
  });

  it('disables a user after confirmation, enables one at once, and lifts a lock', async () => {
    storeSession();
    const adapter = serveUsers();
    renderScreen('/Setting/user');
    await screen.findByText('viewer', undefined, SCREEN_LOAD);
    const viewerSwitch = screen.getByRole('switch', { name: '启用：viewer' });
    expect(viewerSwitch).toBeChecked();
    await userEvent.click(viewerSwitch);
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('确定停用用户“查看员”吗？');
    expect(bodies(adapter, '/user/updateStatus')).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(bodies(adapter, '/user/updateStatus')).toEqual([{ id: 2, status: 0 }]));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await userEvent.click(screen.getByRole('switch', { name: '启用：retired' }));
    await waitFor(() => expect(bodies(adapter, '/user/updateStatus')).toEqual([{ id: 2, status: 0 }, { id: 3, status: 1 }]));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: '解除锁定' }));
    await waitFor(() => expect(bodies(adapter, '/user/unlock')).toEqual([{ id: 2 }]));
    await waitFor(() => expect(getToasts().map((m) => m.message)).toContain('已解除锁定'));
  });

  it('opens the user form for 新增 and 编辑', async () => {
    storeSession();
    serveUsers();
    const { router } = renderScreen('/Setting/user');
    await screen.findByText('viewer', undefined, SCREEN_LOAD);
    await userEvent.click(screen.getAllByRole('button', { name: '编辑' })[1]!);
    await waitFor(() => expect(router.state.location.pathname + router.state.location.search).toBe('/Setting/AddUser?id=2'), SCREEN_LOAD);
    // The router's location changes at once; the form's lazy screen is shown later (a transition keeps the
    // list on screen meanwhile): going back before it is there raced that transition on a loaded machine.
    expect(await screen.findByRole('heading', { name: '编辑用户' }, SCREEN_LOAD)).toBeVisible();
    await router.navigate('/Setting/user');
    await waitFor(() => expect(screen.queryByRole('heading', { name: '编辑用户' })).not.toBeInTheDocument(), SCREEN_LOAD);
    await userEvent.click(await screen.findByRole('button', { name: '新增' }, SCREEN_LOAD));
    await waitFor(() => expect(router.state.location.pathname + router.state.location.search).toBe('/Setting/AddUser'), SCREEN_LOAD);
    expect(await screen.findByRole('heading', { name: '新增用户' }, SCREEN_LOAD)).toBeVisible();
  });

  it('lets a user holding user:resetPassword reset a password through adminResetPassWd', async () => {
    storeSession();
    const adapter = serveUsers();
    renderScreen('/Setting/user');
    await screen.findByText('viewer', undefined, SCREEN_LOAD);
    const buttons = await screen.findAllByRole('button', { name: '重置密码' });
    await userEvent.click(buttons[1]!);
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('新密码'), 'Viewer@999');
    await userEvent.type(within(dialog).getByLabelText('确认新密码'), 'Viewer@999');
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(adapter.calls.some((c) => c.url === '/home/adminResetPassWd/2')).toBe(true));
    const call = adapter.calls.find((c) => c.url === '/home/adminResetPassWd/2');
    expect(JSON.parse(call?.data as string)).toEqual({ newPassword: 'Viewer@999' });
  });

  it('shows no 重置密码, 编辑, 新增 or 解除锁定 button and a read-only switch to a user lacking the keys', async () => {
    withKeys([]);
    serveUsers();
    renderScreen('/Setting/user');
    await screen.findByText('viewer', undefined, SCREEN_LOAD);
    for (const name of ['重置密码', '编辑', '新增', '解除锁定']) expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    expect(screen.getByRole('switch', { name: '启用：viewer' })).toBeDisabled();
  });
});
