import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LogInterface, LogRow, LogSetRow } from '@shared/api/log';
import { http } from '@renderer/http/client';
import { clearToasts } from '@renderer/notify/toast';
import { fakeAdapter, ok } from '@renderer/test/fakeAdapter';
import { adminNav, renderScreen, storeSession } from '@renderer/test/renderApp';

const setting: LogSetRow = {
  id: 5, method: 'POST', logUrl: '/api/role/saveRole', logName: '新增角色', module: 'role', moduleName: '角色', logged: 0, keptParams: ['roleName', 'roleCode'],
  remark: '太频繁', createdAt: '2026-03-01 10:00:00',
};
const interfaces: LogInterface[] = [
  { method: 'POST', logUrl: '/api/role/saveRole', summary: '新增角色', module: 'role', moduleName: '角色', read: false },
  { method: 'POST', logUrl: '/api/user/save', summary: '新增用户', module: 'user', moduleName: '用户', read: false },
  { method: 'GET', logUrl: '/api/userlogsetting/deleteById/:id', summary: '删除接口日志设置', module: 'userlogsetting', moduleName: '接口日志设置', read: false },
];
const logRow: LogRow = {
  id: 70, userId: 1, userName: '管理员', ip: '10.0.0.1', method: 'POST', path: '/api/role/saveRole', module: 'role', moduleName: '角色', operation: '新增角色', summary: '新增角色',
  code: 0, durationMs: 12, requestId: 'r70', createdAt: '2026-03-02 08:00:00',
};

function serve() {
  const adapter = fakeAdapter((c) => {
    if (c.url === '/userlogsetting/listLogSet') return ok({ list: [setting], total: 1 });
    if (c.url === '/userlogsetting/getLogModular') return ok([{ module: 'role', moduleName: '角色' }, { module: 'user', moduleName: '用户' }]);
    if (c.url === '/userlogsetting/getLogInterfaceList') return ok(interfaces);
    if (c.url === '/userlogsetting/getParamsByLogUrl') {
      return ok([{ name: 'username', title: '用户名', in: 'body' }, { name: 'password', title: '密码', in: 'body' }, { name: 'name', title: '姓名', in: 'body' }]);
    }
    if (c.url === '/userlogsetting/listLogByLogSet') return ok({ list: [logRow], total: 1 });
    if (c.url === '/userlogsetting/saveOrEditLogSet') return ok({ id: 6 });
    return ok(null);
  });
  http.setAdapter(adapter);
  return adapter;
}
const bodies = (adapter: ReturnType<typeof serve>, url: string) => adapter.calls.filter((c) => c.url === url).map((c) => JSON.parse(c.data as string));
const count = (adapter: ReturnType<typeof serve>, url: string) => adapter.calls.filter((c) => c.url === url).length;

afterEach(() => (http.setAdapter(undefined), clearToasts()));
const SCREEN_LOAD = { timeout: 15_000 };

describe('接口日志设置', { timeout: 30_000 }, () => {
  it('lists the settings with their API, whether they log, and the parameters they keep', async () => {
    storeSession();
    const adapter = serve();
    renderScreen('/Setting/InterfaceLogSettings');
    expect(await screen.findByText('POST /api/role/saveRole', undefined, SCREEN_LOAD)).toBeInTheDocument();
    expect(screen.getByText('否')).toBeInTheDocument();
    expect(screen.getByText('roleName、roleCode')).toBeInTheDocument();
    expect(screen.getByText('太频繁')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('combobox', { name: '模块' }));
    await userEvent.click(await screen.findByRole('option', { name: '用户' }));
    await userEvent.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() => expect(bodies(adapter, '/userlogsetting/listLogSet').at(-1)).toEqual({ page: 1, size: 15, module: 'user' }));
  });

  it('adds a setting: an API is required, found by typing; its parameters are offered; the list reloads', async () => {
    storeSession();
    const adapter = serve();
    renderScreen('/Setting/InterfaceLogSettings');
    await screen.findByText('POST /api/role/saveRole', undefined, SCREEN_LOAD);
    await userEvent.click(screen.getByRole('button', { name: '新增' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByText('请选择接口')).toBeInTheDocument();
    expect(count(adapter, '/userlogsetting/saveOrEditLogSet')).toBe(0);

    await userEvent.type(within(dialog).getByRole('combobox', { name: /^接口/ }), 'user/save');
    await userEvent.click(await screen.findByRole('option', { name: 'POST /api/user/save — 新增用户' }));
    await waitFor(() => expect(bodies(adapter, '/userlogsetting/getParamsByLogUrl').at(-1)).toEqual({ method: 'POST', logUrl: '/api/user/save' }));
    await userEvent.click(within(dialog).getByRole('combobox', { name: '保留参数' }));
    await userEvent.click(await screen.findByRole('option', { name: 'username（用户名）' }));
    await userEvent.click(await screen.findByRole('option', { name: 'password（密码）' }));
    await userEvent.keyboard('{Escape}');
    await userEvent.click(within(dialog).getByRole('switch', { name: '记录日志' }));
    await userEvent.type(within(dialog).getByLabelText('备注'), '只记用户名');
    const lists = count(adapter, '/userlogsetting/listLogSet');
    await waitFor(() => expect(within(dialog).getByRole('button', { name: '保存' })).toBeEnabled());
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(bodies(adapter, '/userlogsetting/saveOrEditLogSet')).toEqual([
      { method: 'POST', logUrl: '/api/user/save', logName: null, logged: 0, keptParams: ['username', 'password'], remark: '只记用户名' },
    ]));
    await waitFor(() => expect(count(adapter, '/userlogsetting/listLogSet')).toBeGreaterThan(lists));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('edits a setting with its values filled in', async () => {
    storeSession();
    const adapter = serve();
    renderScreen('/Setting/InterfaceLogSettings');
    await screen.findByText('POST /api/role/saveRole', undefined, SCREEN_LOAD);
    await userEvent.click(screen.getByRole('button', { name: '编辑' }));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(within(dialog).getByRole('combobox', { name: /^接口/ })).toHaveValue('POST /api/role/saveRole — 新增角色'));
    expect(within(dialog).getByRole('switch', { name: '记录日志' })).not.toBeChecked();
    await userEvent.click(within(dialog).getByRole('switch', { name: '记录日志' }));
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(bodies(adapter, '/userlogsetting/saveOrEditLogSet')).toEqual([
      { id: 5, method: 'POST', logUrl: '/api/role/saveRole', logName: '新增角色', logged: 1, keptParams: ['roleName', 'roleCode'], remark: '太频繁' },
    ]));
  });

  it('deletes after asking, and shows the log of a setting in a drawer', async () => {
    storeSession();
    const adapter = serve();
    renderScreen('/Setting/InterfaceLogSettings');
    await screen.findByText('POST /api/role/saveRole', undefined, SCREEN_LOAD);
    await userEvent.click(screen.getByRole('button', { name: '查看日志' }));
    const drawer = await screen.findByRole('dialog', { name: '接口日志：POST /api/role/saveRole' });
    expect(await within(drawer).findByText('2026-03-02 08:00:00')).toBeInTheDocument();
    expect(bodies(adapter, '/userlogsetting/listLogByLogSet')[0]).toEqual({ page: 1, size: 15, id: 5 });
    await userEvent.click(within(drawer).getByRole('button', { name: '关闭' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    const lists = count(adapter, '/userlogsetting/listLogSet');
    await userEvent.click(screen.getByRole('button', { name: '删除' }));
    const confirm = await screen.findByRole('dialog');
    expect(count(adapter, '/userlogsetting/deleteById/5')).toBe(0);
    await userEvent.click(within(confirm).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(adapter.calls.find((c) => c.url === '/userlogsetting/deleteById/5')?.method).toBe('get'));
    await waitFor(() => expect(count(adapter, '/userlogsetting/listLogSet')).toBeGreaterThan(lists));
  });

  it('hides 新增, 编辑 and 删除 from a user holding only logSetting:view', async () => {
    storeSession({ ...adminNav(), promise: ['home:view', 'logSetting:view'] }, '查看员');
    serve();
    renderScreen('/Setting/InterfaceLogSettings');
    await screen.findByText('POST /api/role/saveRole', undefined, SCREEN_LOAD);
    for (const name of ['新增', '编辑', '删除', '查看日志']) expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
  });
});
