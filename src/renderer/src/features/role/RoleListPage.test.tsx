import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RoleMenuNode, RoleRow } from '@shared/api/user';
import { http } from '@renderer/http/client';
import { clearToasts } from '@renderer/notify/toast';
import { fakeAdapter, ok } from '@renderer/test/fakeAdapter';
import { adminNav, renderScreen, storeSession } from '@renderer/test/renderApp';

const admin: RoleRow = { id: 1, roleName: '超级管理员', roleCode: 'admin', remark: null, menuNos: [], buttonKeys: [], userCount: 1, builtIn: true };
const keeper: RoleRow = { id: 3, roleName: '质检员', roleCode: 'qc', remark: '二车间', menuNos: ['storage', 'storage.query'], buttonKeys: ['stock:view'], userCount: 2, builtIn: false };
const REFUSAL = '角色 质检员 仍有 2 个用户，不能删除';

const button = (buttonKey: string, buttonName: string, checked = false) => ({ buttonKey, buttonName, checked });
const node = (menuNo: string, menuName: string, o: Partial<RoleMenuNode> = {}): RoleMenuNode =>
  ({ menuNo, menuName, menuUrl: null, hidden: 0, checked: false, buttonList: [], children: [], ...o });

/** The tree as getRoleMenuList answers it; `held` marks a role's grants. */
function tree(held: { menus: string[]; buttons: string[] } = { menus: [], buttons: [] }): RoleMenuNode[] {
  const mark = (n: RoleMenuNode): RoleMenuNode => ({
    ...n, checked: held.menus.includes(n.menuNo),
    buttonList: n.buttonList.map((b) => ({ ...b, checked: held.buttons.includes(b.buttonKey) })), children: n.children.map(mark),
  });
  return [
    node('home', '首页', { menuUrl: '/main/home', buttonList: [button('home:view', '查看')] }),
    node('product', '产品中心', {
      children: [
        node('product.product', '气瓶档案', { buttonList: [button('product:view', '查看'), button('product:add', '新增')] }),
        node('product.detect', '定期检验', { buttonList: [button('detect:view', '查看')] }),
      ],
    }),
    node('storage', '仓储中心', { children: [node('storage.query', '库存查询', { buttonList: [button('stock:view', '查看'), button('stock:export', '导出')] })] }),
  ].map(mark);
}
const ALL = { menus: ['home', 'product', 'product.product', 'product.detect', 'storage', 'storage.query'], buttons: ['home:view', 'product:view', 'product:add', 'detect:view', 'stock:view', 'stock:export'] };

function serve() {
  const adapter = fakeAdapter((c) => {
    if (c.url === '/role/list') return ok([admin, keeper]);
    if (c.url === '/role/getRoleMenuList') {
      const roleId = (JSON.parse(c.data as string) as { roleId?: number }).roleId;
      return ok(roleId === 1 ? tree(ALL) : roleId === 3 ? tree({ menus: keeper.menuNos, buttons: keeper.buttonKeys }) : tree());
    }
    if (c.url === '/role/delete/3') return { data: { code: -1, msg: REFUSAL, data: null } };
    if (c.url === '/role/saveRole') return ok({ id: 9 });
    return ok(null);
  });
  http.setAdapter(adapter);
  return adapter;
}
const bodies = (adapter: ReturnType<typeof serve>, url: string) => adapter.calls.filter((c) => c.url === url).map((c) => JSON.parse((c.data as string | undefined) ?? 'null'));

afterEach(() => (http.setAdapter(undefined), clearToasts()));
const SCREEN_LOAD = { timeout: 15_000 };

async function openDialog(buttonName: string, index = 0) {
  await screen.findByText('质检员', undefined, SCREEN_LOAD);
  await userEvent.click(screen.getAllByRole('button', { name: buttonName })[index]!);
  const dialog = await screen.findByRole('dialog');
  await within(dialog).findByRole('checkbox', { name: '气瓶档案' });
  return dialog;
}

describe('角色管理', { timeout: 30_000 }, () => {
  it('lists the roles with code, remark and user count, marking the built-in one', async () => {
    storeSession();
    serve();
    renderScreen('/Setting/Role');
    const table = await screen.findByRole('table', { name: '角色管理' }, SCREEN_LOAD);
    await within(table).findByText('质检员');
    for (const head of ['名称', '编码', '备注', '用户数']) expect(within(table).getByRole('columnheader', { name: head })).toBeInTheDocument();
    const row = within(table).getByText('质检员').closest('tr')!;
    expect(within(row).getByText('qc')).toBeInTheDocument();
    expect(within(row).getByText('二车间')).toBeInTheDocument();
    expect(within(row).getByText('2')).toBeInTheDocument();
    const adminRow = within(table).getByText('超级管理员').closest('tr')!;
    expect(within(adminRow).getByText('内置')).toBeInTheDocument();
    // The built-in role is never deleted: no 删除 on its row.
    expect(within(adminRow).queryByRole('button', { name: '删除' })).not.toBeInTheDocument();
    expect(within(row).getByRole('button', { name: '删除' })).toBeInTheDocument();
  });

  it('creates a role from one tree: a button checks its screen, a group toggles all, unchecking a screen clears its buttons', async () => {
    storeSession();
    const adapter = serve();
    renderScreen('/Setting/Role');
    await screen.findByText('质检员', undefined, SCREEN_LOAD);
    await userEvent.click(screen.getByRole('button', { name: '新增' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByRole('checkbox', { name: '气瓶档案' });
    expect(bodies(adapter, '/role/getRoleMenuList')).toEqual([{}]);
    const box = (name: string) => within(dialog).getByRole('checkbox', { name });

    await userEvent.click(box('气瓶档案 新增'));
    expect(box('气瓶档案')).toBeChecked();
    expect(box('产品中心')).toBePartiallyChecked();
    await userEvent.click(box('气瓶档案'));
    expect(box('气瓶档案 新增')).not.toBeChecked();
    expect(box('产品中心')).not.toBeChecked();
    expect(box('产品中心')).not.toBePartiallyChecked();
    // Checking a screen grants its 查看 too, or the holders could not open it.
    await userEvent.click(box('气瓶档案'));
    expect(box('气瓶档案 查看')).toBeChecked();
    expect(box('气瓶档案 新增')).not.toBeChecked();
    await userEvent.click(box('气瓶档案'));
    expect(box('气瓶档案 查看')).not.toBeChecked();

    await userEvent.click(box('仓储中心'));
    expect(box('库存查询')).toBeChecked();
    expect(box('库存查询 导出')).toBeChecked();
    expect(box('仓储中心')).toBeChecked();
    await userEvent.click(box('库存查询 导出'));
    expect(box('仓储中心')).toBePartiallyChecked();
    await userEvent.click(box('首页 查看'));

    await userEvent.type(within(dialog).getByLabelText(/^角色名称/), '库管员');
    await userEvent.type(within(dialog).getByLabelText(/^角色编码/), 'keeper');
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(bodies(adapter, '/role/saveRole')).toEqual([{
      roleName: '库管员', roleCode: 'keeper', remark: null, menuNos: ['home', 'storage', 'storage.query'], buttonKeys: ['home:view', 'stock:view'],
    }]));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('edits a role with its tree as loaded and changed, through editRole', async () => {
    storeSession();
    const adapter = serve();
    renderScreen('/Setting/Role');
    const dialog = await openDialog('编辑', 1);
    expect(bodies(adapter, '/role/getRoleMenuList')).toEqual([{ roleId: 3 }]);
    expect(within(dialog).getByLabelText(/^角色名称/)).toHaveValue('质检员');
    expect(within(dialog).getByRole('checkbox', { name: '库存查询 查看' })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: '仓储中心' })).toBePartiallyChecked();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: '产品中心' }));
    await userEvent.clear(within(dialog).getByLabelText(/^备注/));
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(bodies(adapter, '/role/editRole')).toEqual([{
      id: 3, roleName: '质检员', roleCode: 'qc', remark: null,
      menuNos: ['product', 'product.product', 'product.detect', 'storage', 'storage.query'],
      buttonKeys: ['product:view', 'product:add', 'detect:view', 'stock:view'],
    }]));
  });

  it('shows the built-in role’s tree read-only with a note and sends it back unchanged when renamed', async () => {
    storeSession();
    const adapter = serve();
    renderScreen('/Setting/Role');
    const dialog = await openDialog('编辑', 0);
    expect(within(dialog).getByText('超级管理员拥有全部权限，不能修改其权限')).toBeInTheDocument();
    for (const name of ['产品中心', '气瓶档案', '气瓶档案 新增', '首页 查看']) {
      expect(within(dialog).getByRole('checkbox', { name })).toBeDisabled();
      expect(within(dialog).getByRole('checkbox', { name })).toBeChecked();
    }
    expect(within(dialog).getByLabelText(/^角色编码/)).toBeDisabled();
    const name = within(dialog).getByLabelText(/^角色名称/);
    await userEvent.clear(name);
    await userEvent.type(name, '系统管理员');
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(bodies(adapter, '/role/editRole')).toEqual([{
      id: 1, roleName: '系统管理员', roleCode: 'admin', remark: null, menuNos: ALL.menus, buttonKeys: ALL.buttons,
    }]));
  });

  it('asks before deleting and shows the server’s refusal', async () => {
    storeSession();
    const adapter = serve();
    renderScreen('/Setting/Role');
    await screen.findByText('质检员', undefined, SCREEN_LOAD);
    await userEvent.click(screen.getByRole('button', { name: '删除' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/确定删除“质检员”吗/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText(REFUSAL)).toBeInTheDocument();
    expect(adapter.calls.filter((c) => c.url === '/role/delete/3')).toHaveLength(1);
  });

  it('hides 新增, 编辑 and 删除 from a user holding only role:view', async () => {
    storeSession({ ...adminNav(), promise: ['home:view', 'role:view'] }, '查看员');
    serve();
    renderScreen('/Setting/Role');
    await screen.findByText('质检员', undefined, SCREEN_LOAD);
    for (const name of ['新增', '编辑', '删除']) expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
  });
});
