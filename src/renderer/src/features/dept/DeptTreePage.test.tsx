import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from '@renderer/http/client';
import { clearToasts } from '@renderer/notify/toast';
import { adminNav, renderScreen, storeSession } from '@renderer/test/renderApp';
import { bodies, serveDepts } from './testData';

afterEach(() => (http.setAdapter(undefined), clearToasts()));
const SCREEN_LOAD = { timeout: 15_000 };

/** The table row showing a department. */
const row = (name: string) => screen.getByRole('row', { name: new RegExp(`^(展开 |收起 )?${name}`) });
const names = () => screen.getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell')[0]!.textContent);

describe('组织架构', { timeout: 30_000 }, () => {
  it('shows the tree with leader, phone, order and user count, and folds a branch', async () => {
    storeSession();
    serveDepts();
    renderScreen('/Setting/framework');
    await screen.findByText('充装班', undefined, SCREEN_LOAD);
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['部门名称', '负责人', '联系电话', '排序', '用户数', '操作']);
    expect(names()).toEqual(['总部', '生产部', '充装班', '销售部']);
    expect(within(row('总部')).getAllByRole('cell').map((c) => c.textContent).slice(0, 5)).toEqual(['总部', '张总', '0571-1000', '1', '1']);
    expect(within(row('充装班')).getAllByRole('cell')[4]).toHaveTextContent('4');

    await userEvent.click(screen.getByRole('button', { name: '收起 生产部' }));
    expect(names()).toEqual(['总部', '生产部', '销售部']);
    await userEvent.click(screen.getByRole('button', { name: '收起 总部' }));
    expect(names()).toEqual(['总部', '销售部']);
    await userEvent.click(screen.getByRole('button', { name: '展开 总部' }));
    expect(names()).toEqual(['总部', '生产部', '销售部']);
    await userEvent.click(screen.getByRole('button', { name: '全部展开' }));
    expect(names()).toEqual(['总部', '生产部', '充装班', '销售部']);
  });

  it('adds a top-level department and a sub-department under a row', async () => {
    storeSession();
    const adapter = serveDepts();
    renderScreen('/Setting/framework');
    await screen.findByText('充装班', undefined, SCREEN_LOAD);
    await userEvent.click(screen.getByRole('button', { name: '新增' }));
    let dialog = await screen.findByRole('dialog', { name: '新增部门' });
    await userEvent.type(within(dialog).getByLabelText(/^部门名称/), ' 质检部 ');
    await userEvent.type(within(dialog).getByLabelText(/^负责人/), '王五');
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(bodies(adapter, '/dept/save')).toEqual([{ deptName: '质检部', parentId: null, leader: '王五', phone: null, sort: 0 }]));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await userEvent.click(within(row('生产部')).getByRole('button', { name: '新增下级' }));
    dialog = await screen.findByRole('dialog', { name: '新增下级部门：生产部' });
    expect(within(dialog).getByRole('combobox', { name: '上级部门' })).toHaveTextContent('生产部');
    await userEvent.type(within(dialog).getByLabelText(/^部门名称/), '维修班');
    await userEvent.type(within(dialog).getByLabelText(/^联系电话/), 'abc');
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByText('联系电话只能包含数字、空格和 + - ( )，3 到 32 位')).toBeInTheDocument();
    await userEvent.clear(within(dialog).getByLabelText(/^联系电话/));
    // 保存 stays loading for a second after each click (SPEC 9).
    await waitFor(() => expect(within(dialog).getByRole('button', { name: '保存' })).toBeEnabled(), { timeout: 3000 });
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(bodies(adapter, '/dept/save')[1]).toEqual({ deptName: '维修班', parentId: 2, leader: null, phone: null, sort: 0 }));
  });

  it('edits a department, offering no parent inside its own branch', async () => {
    storeSession();
    const adapter = serveDepts();
    renderScreen('/Setting/framework');
    await screen.findByText('充装班', undefined, SCREEN_LOAD);
    await userEvent.click(within(row('生产部')).getByRole('button', { name: '编辑' }));
    const dialog = await screen.findByRole('dialog', { name: '编辑部门' });
    expect(within(dialog).getByLabelText(/^部门名称/)).toHaveValue('生产部');
    await userEvent.click(within(dialog).getByRole('combobox', { name: '上级部门' }));
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).toEqual(['无（顶级部门）', '总部', '销售部']);
    await userEvent.click(screen.getByRole('option', { name: '销售部' }));
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(bodies(adapter, '/dept/edit')).toEqual([{ id: 2, deptName: '生产部', parentId: 4, leader: '李工', phone: null, sort: 1 }]));
  });

  it('deletes after confirmation; a refusal is the server\'s message', async () => {
    storeSession();
    const adapter = serveDepts((url) => (url === '/dept/delete/2' ? { data: { code: -1, msg: '请先删除下级部门', data: null } } : undefined));
    renderScreen('/Setting/framework');
    await screen.findByText('充装班', undefined, SCREEN_LOAD);
    await userEvent.click(within(row('销售部')).getByRole('button', { name: '删除' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('确定删除“销售部”吗？');
    expect(adapter.calls.some((c) => c.url === '/dept/delete/4')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(adapter.calls.some((c) => c.url === '/dept/delete/4')).toBe(true));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await userEvent.click(within(row('生产部')).getByRole('button', { name: '删除' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('请先删除下级部门')).toBeInTheDocument();
  });

  it('offers no 新增, 新增下级, 编辑 or 删除 to a viewer', async () => {
    storeSession({ ...adminNav(), promise: ['home:view', 'dept:view'] }, '查看员');
    serveDepts();
    renderScreen('/Setting/framework');
    await screen.findByText('充装班', undefined, SCREEN_LOAD);
    for (const name of ['新增', '新增下级', '编辑', '删除']) expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
  });
});
