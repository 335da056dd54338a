import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from '@renderer/http/client';
import { clearToasts } from '@renderer/notify/toast';
import { adminNav, renderApp, storeSession } from '@renderer/test/renderApp';
import { bodies, serveEnterprises } from './testData';

afterEach(() => (http.setAdapter(undefined), clearToasts()));
const SCREEN_LOAD = { timeout: 15_000 };
const REPORT = '导入失败，未导入任何数据：共 3 行，其中 2 行有误\n第 2 行：企业编码重复：HZGT\n第 4 行：联系电话格式不正确';

describe('客户与供应商', { timeout: 30_000 }, () => {
  it('lists customers first, then suppliers, with the filters', async () => {
    storeSession();
    const adapter = serveEnterprises();
    renderApp('/Setting/ComeEnterprise');
    expect(await screen.findByText('杭州钢铁厂', undefined, SCREEN_LOAD)).toBeInTheDocument();
    expect(screen.getByText('浙江省 杭州市 西湖区')).toBeInTheDocument();
    expect(bodies(adapter, '/enterprise/listPage')[0]).toEqual({ page: 1, size: 15, type: '2' });
    await userEvent.click(screen.getByRole('tab', { name: '供应商' }));
    await waitFor(() => expect(bodies(adapter, '/enterprise/listPage').at(-1)).toEqual({ page: 1, size: 15, type: '1' }));
    await userEvent.type(screen.getByLabelText('企业名称'), ' 钢铁 ');
    await userEvent.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() => expect(bodies(adapter, '/enterprise/listPage').at(-1)).toEqual({ page: 1, size: 15, type: '1', enterpriseName: '钢铁' }));
    await userEvent.click(screen.getByRole('button', { name: '导出' }));
    await waitFor(() => expect(bodies(adapter, '/enterprise/export')).toEqual([{ type: '1', enterpriseName: '钢铁' }]));
  });

  it('imports through the same dialog as the cylinders: choose the file, see the row report, nothing imported', async () => {
    storeSession();
    const adapter = serveEnterprises((url) => (url === '/enterprise/importEnterprise' ? { data: { code: -1, msg: REPORT, data: null } } : undefined));
    renderApp('/Setting/ComeEnterprise');
    await screen.findByText('杭州钢铁厂', undefined, SCREEN_LOAD);
    await userEvent.click(screen.getByRole('button', { name: '导入' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('button', { name: '下载模板' })).toBeInTheDocument();
    const file = new File([new Uint8Array([80, 75, 3, 4])], '客户.xlsx', { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
    await userEvent.upload(within(dialog).getByTestId('import-input'), file);
    // Choosing the file checks it at once (a dry run) and shows every bad row.
    const report = await within(dialog).findByRole('alert');
    expect(report).toHaveTextContent('第 2 行：企业编码重复：HZGT');
    expect(report).toHaveTextContent('第 4 行：联系电话格式不正确');
    const sent = adapter.calls.find((c) => c.url === '/enterprise/importEnterprise');
    expect(sent?.params).toMatchObject({ dryRun: true });
    expect(((sent?.data as FormData).get('file') as File).name).toBe('客户.xlsx');
  });

  it('deletes after confirmation and opens the edit page for 编辑', async () => {
    storeSession();
    const adapter = serveEnterprises();
    const { router } = renderApp('/Setting/ComeEnterprise');
    await screen.findByText('杭州钢铁厂', undefined, SCREEN_LOAD);
    await userEvent.click(screen.getByRole('button', { name: '删除' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(bodies(adapter, '/enterprise/delete')).toEqual([{ id: 5 }]));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: '编辑' }));
    await waitFor(() => expect(router.state.location.pathname + router.state.location.search).toBe('/Setting/addEnter?id=5'));
  });

  it('hides the change buttons from a user holding only enterprise:view', async () => {
    storeSession({ ...adminNav(), promise: ['home:view', 'enterprise:view'] }, '查看员');
    serveEnterprises();
    renderApp('/Setting/ComeEnterprise');
    await screen.findByText('杭州钢铁厂', undefined, SCREEN_LOAD);
    for (const name of ['新增', '编辑', '删除', '导入', '下载模板', '导出']) expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
  });
});
