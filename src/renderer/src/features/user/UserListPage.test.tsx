import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UserRow } from '@shared/api/user';
import { http } from '@renderer/http/client';
import { fakeAdapter, ok } from '@renderer/test/fakeAdapter';
import { adminNav, renderApp, storeSession } from '@renderer/test/renderApp';

const rows: UserRow[] = [
  { id: 1, username: 'admin', name: '管理员', deptId: null, deptName: null, status: 1, roleNames: ['超级管理员'], createdAt: '2025-01-01T00:00:00Z' },
  { id: 2, username: 'viewer', name: '查看员', deptId: null, deptName: null, status: 1, roleNames: [], createdAt: '2025-01-02T00:00:00Z' },
];

function serve() {
  const adapter = fakeAdapter((c) => (c.url === '/user/pageList' ? ok({ list: rows, total: 2 }) : ok(null)));
  http.setAdapter(adapter);
  return adapter;
}

afterEach(() => http.setAdapter(undefined));

/** The first visit loads the lazy screen (DataGrid included), which takes seconds on a busy machine. */
const SCREEN_LOAD = { timeout: 15_000 };

describe('用户管理', { timeout: 30_000 }, () => {
  it('asks the server for the first page of 15 and lists the users', async () => {
    storeSession();
    const adapter = serve();
    renderApp('/Setting/user');
    expect(await screen.findByText('viewer', undefined, SCREEN_LOAD)).toBeInTheDocument();
    const call = adapter.calls.find((c) => c.url === '/user/pageList');
    expect(call?.params).toMatchObject({ page: 1, size: 15 });
  });

  it('lets a user holding user:resetPassword reset a password through adminResetPassWd', async () => {
    storeSession();
    const adapter = serve();
    renderApp('/Setting/user');
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

  it('shows no 重置密码 button to a user lacking the key', async () => {
    const nav = adminNav();
    storeSession({ ...nav, promise: ['home:view', 'user:view'] }, '查看员');
    serve();
    renderApp('/Setting/user');
    await screen.findByText('viewer', undefined, SCREEN_LOAD);
    expect(screen.queryByRole('button', { name: '重置密码' })).not.toBeInTheDocument();
  });
});
