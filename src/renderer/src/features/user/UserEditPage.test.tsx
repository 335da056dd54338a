import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from '@renderer/http/client';
import { clearToasts, getToasts } from '@renderer/notify/toast';
import { adminNav, renderApp, storeSession } from '@renderer/test/renderApp';
import { bodies, serveUsers, VIEWER } from './testData';

afterEach(() => (http.setAdapter(undefined), clearToasts()));
const SCREEN_LOAD = { timeout: 15_000 };

const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}`));
const choose = async (label: string, option: string | RegExp) => {
  await userEvent.click(screen.getByRole('combobox', { name: label }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
};

describe('新增用户 / 编辑用户', { timeout: 30_000 }, () => {
  it('creates a user with department, roles and a password to change at the first sign-in, then goes back to the list', async () => {
    storeSession();
    const adapter = serveUsers();
    const { router } = renderApp('/Setting/AddUser');
    await screen.findByRole('button', { name: '保存' }, SCREEN_LOAD);
    expect(screen.getByRole('switch', { name: '首次登录须修改密码' })).toBeChecked();
    expect(screen.getByRole('switch', { name: '启用' })).toBeChecked();
    await userEvent.type(field('账号'), 'zhang3');
    await userEvent.type(field('姓名'), ' 张三 ');
    await userEvent.type(field('电话'), '138-0000-1111');
    await choose('部门', /充装班/);
    await userEvent.click(screen.getByRole('combobox', { name: '角色' }));
    await userEvent.click(await screen.findByRole('option', { name: '充装工' }));
    await userEvent.click(await screen.findByRole('option', { name: '超级管理员' }));
    await userEvent.keyboard('{Escape}');
    await userEvent.type(field('密码'), 'Gas-Plant-88');
    await userEvent.type(field('确认密码'), 'Gas-Plant-89');
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('两次输入的密码不一致')).toBeInTheDocument();
    expect(bodies(adapter, '/user/save')).toEqual([]);

    await userEvent.clear(field('确认密码'));
    await userEvent.type(field('确认密码'), 'Gas-Plant-88');
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(bodies(adapter, '/user/save')).toEqual([{
      username: 'zhang3', password: 'Gas-Plant-88', mustChangePassword: true, name: '张三', phone: '138-0000-1111', deptId: 3, roleIds: [5, 1], status: 1,
      // 气瓶充装作业人员证 (issue 34) left empty.
      fillerCertNo: null, fillerCertExpiry: null, fillerCertCategories: [],
    }]));
    await waitFor(() => expect(router.state.location.pathname).toBe('/Setting/user'));
    expect(getToasts().map((m) => m.message)).toContain('保存成功');
  });

  it('sends 首次登录须修改密码 off when turned off, and stays on the form when the server refuses the password', async () => {
    storeSession();
    const adapter = serveUsers((url) => (url === '/user/save' ? { data: { code: -1, msg: '密码过于常见或简单，请换一个', data: null } } : undefined));
    const { router } = renderApp('/Setting/AddUser');
    await screen.findByRole('button', { name: '保存' }, SCREEN_LOAD);
    await userEvent.type(field('账号'), 'station');
    await userEvent.type(field('姓名'), '工位');
    await userEvent.type(field('密码'), 'Abcd1234');
    await userEvent.type(field('确认密码'), 'Abcd1234');
    await userEvent.click(screen.getByRole('switch', { name: '首次登录须修改密码' }));
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(bodies(adapter, '/user/save')).toEqual([expect.objectContaining({ username: 'station', mustChangePassword: false, deptId: null, roleIds: [] })]));
    await waitFor(() => expect(getToasts().map((m) => m.message)).toContain('密码过于常见或简单，请换一个'));
    expect(router.state.location.pathname).toBe('/Setting/AddUser');
    expect(field('账号')).toHaveValue('station');
  });

  it('loads a user by id, keeps the account read-only, asks no password and saves through edit', async () => {
    storeSession();
    const adapter = serveUsers();
    const { router } = renderApp('/Setting/AddUser?id=2');
    await waitFor(() => expect(field('姓名')).toHaveValue('查看员'), SCREEN_LOAD);
    expect(field('账号')).toHaveValue('viewer');
    expect(field('账号')).toBeDisabled();
    expect(screen.queryByLabelText(/^密码/)).not.toBeInTheDocument();
    expect(screen.queryByRole('switch', { name: '首次登录须修改密码' })).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: '部门' })).toHaveTextContent('充装班');
    expect(screen.getByRole('combobox', { name: '角色' })).toHaveTextContent('充装工');
    await userEvent.clear(field('电话'));
    await userEvent.click(screen.getByRole('switch', { name: '启用' }));
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(bodies(adapter, '/user/edit')).toEqual([{
      id: 2, name: '查看员', phone: null, deptId: 3, roleIds: [5], status: 0, fillerCertNo: null, fillerCertExpiry: null, fillerCertCategories: [],
    }]));
    await waitFor(() => expect(router.state.location.pathname).toBe('/Setting/user'));
  });

  it('身份证号: checks the check digit before sending; a new user sends it', async () => {
    storeSession();
    const adapter = serveUsers();
    renderApp('/Setting/AddUser');
    await screen.findByRole('button', { name: '保存' }, SCREEN_LOAD);
    await userEvent.type(field('账号'), 'li4');
    await userEvent.type(field('姓名'), '李四');
    await userEvent.type(field('密码'), 'Gas-Plant-88');
    await userEvent.type(field('确认密码'), 'Gas-Plant-88');
    await userEvent.type(field('身份证号'), '330106198506157890');
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('身份证号校验位不正确')).toBeInTheDocument();
    await userEvent.clear(field('身份证号'));
    await userEvent.type(field('身份证号'), '3301061985');
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('身份证号应为 18 位（最后一位可为 X）')).toBeInTheDocument();
    expect(bodies(adapter, '/user/save')).toEqual([]);
    await userEvent.clear(field('身份证号'));
    await userEvent.type(field('身份证号'), '11010519491231002x');
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(bodies(adapter, '/user/save')).toEqual([expect.objectContaining({ username: 'li4', idNo: '11010519491231002X' })]));
  });

  it('身份证号 on file shows masked and, untouched, is left out of the edit (kept)', async () => {
    storeSession();
    const masked = '330***********7897';
    const adapter = serveUsers((url) => (url === '/user/detail/2' ? { data: { code: 0, msg: '', data: { ...VIEWER, idNoMasked: masked } } } : undefined));
    renderApp('/Setting/AddUser?id=2');
    await waitFor(() => expect(field('身份证号')).toHaveValue(masked), SCREEN_LOAD);
    expect(screen.getByText(`已登记 ${masked}；输入新的号码替换，清空则删除`)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(bodies(adapter, '/user/edit')).toHaveLength(1));
    expect(bodies(adapter, '/user/edit')[0]).not.toHaveProperty('idNo');
  });

  it('身份证号 on file: typing into the masked number starts a new one, which the edit sends', async () => {
    storeSession();
    const masked = '330***********7897';
    const adapter = serveUsers((url) => (url === '/user/detail/2' ? { data: { code: 0, msg: '', data: { ...VIEWER, idNoMasked: masked } } } : undefined));
    renderApp('/Setting/AddUser?id=2');
    await waitFor(() => expect(field('身份证号')).toHaveValue(masked), SCREEN_LOAD);
    await userEvent.type(field('身份证号'), '5');
    expect(field('身份证号')).toHaveValue('5');
    await userEvent.type(field('身份证号'), '00103198001011238');
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(bodies(adapter, '/user/edit')).toEqual([expect.objectContaining({ id: 2, idNo: '500103198001011238' })]));
  });

  it('身份证号 on file: deleting from the masked number clears it, and the edit sends ""', async () => {
    storeSession();
    const masked = '330***********7897';
    const adapter = serveUsers((url) => (url === '/user/detail/2' ? { data: { code: 0, msg: '', data: { ...VIEWER, idNoMasked: masked } } } : undefined));
    renderApp('/Setting/AddUser?id=2');
    await waitFor(() => expect(field('身份证号')).toHaveValue(masked), SCREEN_LOAD);
    await userEvent.type(field('身份证号'), '{Backspace}');
    expect(field('身份证号')).toHaveValue('');
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(bodies(adapter, '/user/edit')).toEqual([expect.objectContaining({ id: 2, idNo: '' })]));
  });

  it('keeps 启用 read-only for an editor without user:status', async () => {
    storeSession({ ...adminNav(), promise: ['home:view', 'user:view', 'user:edit'] }, '编辑员');
    serveUsers();
    renderApp('/Setting/AddUser?id=2');
    await waitFor(() => expect(field('姓名')).toHaveValue('查看员'), SCREEN_LOAD);
    expect(screen.getByRole('switch', { name: '启用' })).toBeDisabled();
  });
});
