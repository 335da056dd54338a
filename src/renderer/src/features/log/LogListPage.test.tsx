import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LogDetail, LogRow } from '@shared/api/log';
import { http } from '@renderer/http/client';
import { clearToasts } from '@renderer/notify/toast';
import { fakeAdapter, ok } from '@renderer/test/fakeAdapter';
import { adminNav, renderApp, storeSession } from '@renderer/test/renderApp';
import { logQuery } from './LogListPage';

const saved: LogRow = {
  id: 7, userId: 1, userName: '管理员', ip: '10.1.2.3', method: 'POST', path: '/api/user/save', module: 'user', moduleName: '用户',
  operation: '新增用户', summary: '新增用户（首次登录须修改密码）', code: 0, durationMs: 35, requestId: 'req-7', createdAt: '2026-03-01 09:15:00',
};
const refused: LogRow = {
  ...saved, id: 8, path: '/api/role/delete/3', module: 'role', moduleName: '角色', operation: '删除角色', summary: '删除角色（仍有用户时拒绝）', code: -1, requestId: 'req-8',
};
/** A row of a path no route serves any more. */
const old: LogRow = { ...saved, id: 9, path: '/api/zzmod/thing', module: 'zzmod', moduleName: 'zzmod', operation: null, summary: null, requestId: 'req-9' };
const detail: LogDetail = { ...saved, params: { body: { username: 'zhang', password: '***', roleIds: [2] } } };

function serve() {
  const adapter = fakeAdapter((c) => {
    if (c.url === '/log/listPage') return ok({ list: [saved, refused, old], total: 3 });
    if (c.url === '/userlogsetting/getLogModular') return ok([{ module: 'user', moduleName: '用户' }, { module: 'role', moduleName: '角色' }]);
    if (c.url === '/log/info/7') return ok(detail);
    if (c.url === '/log/export') return { data: new Blob(['x']), headers: {} };
    return ok(null);
  });
  http.setAdapter(adapter);
  return adapter;
}
const bodies = (adapter: ReturnType<typeof serve>, url: string) => adapter.calls.filter((c) => c.url === url).map((c) => JSON.parse(c.data as string));

afterEach(() => (http.setAdapter(undefined), clearToasts()));
const SCREEN_LOAD = { timeout: 15_000 };

describe('操作日志', { timeout: 30_000 }, () => {
  it('lists the newest entries with their operation and result, and searches with the filters', async () => {
    storeSession();
    const adapter = serve();
    renderApp('/Setting/Log');
    expect(await screen.findByText('新增用户', undefined, SCREEN_LOAD)).toBeInTheDocument();
    // 操作 in words, not the API's description or path; an old row of a path gone says nothing made up.
    const operations = screen.getAllByRole('gridcell').filter((c) => c.getAttribute('data-field') === 'operation').map((c) => c.textContent);
    expect(operations).toEqual(['新增用户', '删除角色', '—']);
    expect(screen.queryByText('新增用户（首次登录须修改密码）')).not.toBeInTheDocument();
    expect(screen.getAllByText('成功')).toHaveLength(2);
    expect(screen.getByText('失败 -1')).toBeInTheDocument();
    expect(screen.getByText('/api/role/delete/3')).toBeInTheDocument();
    expect(bodies(adapter, '/log/listPage')[0]).toEqual({ page: 1, size: 15 });

    await userEvent.type(screen.getByLabelText('操作人'), ' 管理 ');
    await userEvent.type(screen.getByLabelText('接口路径'), '/api/role');
    await userEvent.click(screen.getByRole('combobox', { name: '模块' }));
    await userEvent.click(await screen.findByRole('option', { name: '角色' }));
    await userEvent.click(screen.getByRole('combobox', { name: '结果' }));
    await userEvent.click(await screen.findByRole('option', { name: '失败' }));
    await userEvent.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() => expect(bodies(adapter, '/log/listPage').at(-1)).toEqual({ page: 1, size: 15, userName: '管理', path: '/api/role', module: 'role', result: 'failure' }));

    await userEvent.click(screen.getByRole('button', { name: '导出' }));
    await waitFor(() => expect(bodies(adapter, '/log/export')).toEqual([{ userName: '管理', path: '/api/role', module: 'role', result: 'failure' }]));
    expect(adapter.calls.find((c) => c.url === '/log/export')!.responseType).toBe('blob');
  });

  it('sends the time range as start and end', () => {
    expect(logQuery({ range: ['2026-03-01 00:00:00', '2026-03-02 23:59:59'], userName: '', result: '' }))
      .toEqual({ start: '2026-03-01 00:00:00', end: '2026-03-02 23:59:59' });
    expect(logQuery({ range: [null, '2026-03-02 08:00:00'] })).toEqual({ end: '2026-03-02 08:00:00' });
  });

  it('opens the details of a clicked row with the parameters as JSON, the password masked', async () => {
    storeSession();
    const adapter = serve();
    renderApp('/Setting/Log');
    await userEvent.click(await screen.findByText('新增用户', undefined, SCREEN_LOAD));
    const drawer = await screen.findByRole('dialog', { name: '操作日志详情' });
    expect(await within(drawer).findByText('req-7')).toBeInTheDocument();
    expect(within(drawer).getByText('10.1.2.3')).toBeInTheDocument();
    expect(within(drawer).getByText('35 ms')).toBeInTheDocument();
    const params = within(drawer).getByLabelText('请求参数');
    expect(params.textContent).toBe(JSON.stringify(detail.params, null, 2));
    expect(params.textContent).toContain('"password": "***"');
    expect(adapter.calls.some((c) => c.url === '/log/info/7')).toBe(true);
    await userEvent.click(within(drawer).getByRole('button', { name: '关闭' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '操作日志详情' })).not.toBeInTheDocument());
    await userEvent.click(screen.getAllByRole('button', { name: '详情' })[0]!);
    expect(await screen.findByRole('dialog', { name: '操作日志详情' })).toBeInTheDocument();
  });

  it('offers 导出 only to a user holding log:export', async () => {
    storeSession({ ...adminNav(), promise: ['home:view', 'log:view'] }, '查看员');
    serve();
    renderApp('/Setting/Log');
    await screen.findByText('新增用户', undefined, SCREEN_LOAD);
    expect(screen.queryByRole('button', { name: '导出' })).not.toBeInTheDocument();
  });
});
