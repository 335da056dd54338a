import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MenuAdminNode, MenuOption } from '@shared/api/menu';
import { http } from '@renderer/http/client';
import { clearToasts } from '@renderer/notify/toast';
import { fakeAdapter, ok } from '@renderer/test/fakeAdapter';
import { adminNav, renderApp, storeSession } from '@renderer/test/renderApp';

const menu = (id: number, menuNo: string, menuName: string, o: Partial<MenuAdminNode> = {}): MenuAdminNode => ({
  id, menuNo, menuName, menuIcon: null, menuUrl: null, menuLink: null, target: null, hidden: 0, menuColor: null, parentNo: null, sort: id * 10,
  buttonList: [], builtIn: false, lockedKeys: [], roleCount: 0, children: [], ...o,
});
const cylinders = menu(2, 'product.product', '气瓶档案', {
  parentNo: 'product', menuUrl: '/product/product', builtIn: true, lockedKeys: ['product:view', 'product:add'], roleCount: 1,
  buttonList: [{ buttonKey: 'product:view', buttonName: '查看' }, { buttonKey: 'product:add', buttonName: '新增' }],
});
const report = menu(3, 'product.report', '产品报表', { parentNo: 'product', menuUrl: '/product/report', buttonList: [{ buttonKey: 'productReport:view', buttonName: '查看' }] });
const product = menu(1, 'product', '产品中心', { menuIcon: 'Inventory', builtIn: true, children: [cylinders, report] });
const portal = menu(4, 'portal', '集团门户', { menuLink: 'https://example.com/portal', target: '_blank', hidden: 1 });
const TREE = [product, portal];
const LIST: MenuOption[] = [product, cylinders, report, portal].map(({ id, menuNo, menuName, parentNo, menuUrl }) => ({ id, menuNo, menuName, parentNo, menuUrl }));
const REFUSAL = '菜单 产品报表 已被 2 个角色使用，不能删除';

function serve() {
  const adapter = fakeAdapter((c) => {
    if (c.url === '/menu/treeList') return ok(TREE);
    if (c.url === '/menu/listMenu') return ok(LIST);
    if (c.url === '/menu/delete/3') return { data: { code: -1, msg: REFUSAL, data: null } };
    if (c.url === '/menu/save') return ok({ id: 9 });
    return ok(null);
  });
  http.setAdapter(adapter);
  return adapter;
}
const bodies = (adapter: ReturnType<typeof serve>, url: string) => adapter.calls.filter((c) => c.url === url).map((c) => JSON.parse(c.data as string));

afterEach(() => (http.setAdapter(undefined), clearToasts()));
const SCREEN_LOAD = { timeout: 15_000 };

/** The table row of a menu (the side menu shows some names too). */
const rowOf = (name: string) => within(screen.getByRole('table', { name: '菜单管理' })).getByText(name).closest('tr')!;
async function openFromRow(rowName: string, action: string) {
  await screen.findByText('气瓶档案', undefined, SCREEN_LOAD);
  await userEvent.click(within(rowOf(rowName)).getByRole('button', { name: action }));
  return screen.findByRole('dialog');
}

describe('菜单管理', { timeout: 30_000 }, () => {
  it('shows the menu tree with route or link, hidden flag and button count, folding a group', async () => {
    storeSession();
    serve();
    renderApp('/Setting/MenuMng');
    const table = await screen.findByRole('table', { name: '菜单管理' }, SCREEN_LOAD);
    await within(table).findByText('气瓶档案');
    for (const head of ['名称', '编号', '路由/链接', '隐藏', '排序', '按钮数']) expect(within(table).getByRole('columnheader', { name: head })).toBeInTheDocument();
    expect(within(rowOf('气瓶档案')).getAllByRole('cell').map((c) => c.textContent)).toEqual(
      ['气瓶档案内置', 'product.product', '/product/product', '否', '20', '2', '新增下级编辑'],
    );
    expect(within(rowOf('集团门户')).getAllByRole('cell').map((c) => c.textContent).slice(1, 6)).toEqual(['portal', 'https://example.com/portal', '是', '40', '0']);
    expect(within(rowOf('产品报表')).getByRole('button', { name: '删除' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '收起 产品中心' }));
    expect(screen.queryByText('气瓶档案')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '展开 产品中心' }));
    expect(screen.getByText('气瓶档案')).toBeInTheDocument();
  });

  it('adds a child menu with buttons under the row it was opened from', async () => {
    storeSession();
    const adapter = serve();
    renderApp('/Setting/MenuMng');
    const dialog = await openFromRow('产品中心', '新增下级');
    expect(within(dialog).getByText('新增 产品中心 的下级菜单')).toBeInTheDocument();
    expect(within(dialog).getByRole('combobox', { name: '上级菜单' })).toHaveTextContent('产品中心（product）');
    await userEvent.type(within(dialog).getByLabelText(/^菜单名称/), '质量报表');
    await userEvent.type(within(dialog).getByLabelText(/^菜单编号/), 'product.quality');
    await userEvent.type(within(dialog).getByLabelText(/^路由地址/), '/product/quality');
    await userEvent.type(within(dialog).getByLabelText(/^外部链接/), 'https://example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: '新增' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: '按钮权限 1' }), 'quality:view');
    await userEvent.type(within(dialog).getByRole('textbox', { name: '按钮名称 1' }), '查看');
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByText('路由地址与外部链接只能填一个')).toBeInTheDocument();
    expect(adapter.calls.some((c) => c.url === '/menu/save')).toBe(false);

    await userEvent.clear(within(dialog).getByLabelText(/^外部链接/));
    await waitFor(() => expect(within(dialog).getByRole('button', { name: '保存' })).toBeEnabled());
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(bodies(adapter, '/menu/save')).toEqual([{
      menuNo: 'product.quality', menuName: '质量报表', menuIcon: null, menuUrl: '/product/quality', menuLink: null, target: '_self', hidden: 0,
      menuColor: null, parentNo: 'product', buttonList: [{ buttonKey: 'quality:view', buttonName: '查看' }],
    }]));
  });

  it('edits a built-in menu: its number and own keys stay, other buttons come and go', async () => {
    storeSession();
    const adapter = serve();
    renderApp('/Setting/MenuMng');
    const dialog = await openFromRow('气瓶档案', '编辑');
    expect(within(dialog).getByLabelText(/^菜单编号/)).toBeDisabled();
    expect(within(dialog).getByText('内置菜单的按钮权限不能删除')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: '按钮权限 1' })).toBeDisabled();
    for (const del of within(dialog).getAllByRole('button', { name: '删除' })) expect(del).toBeDisabled();

    // It cannot become its own parent.
    await userEvent.click(within(dialog).getByRole('combobox', { name: '上级菜单' }));
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).toEqual(['无（顶级菜单）', '产品中心（product）', '\u3000产品报表（product.report）', '集团门户（portal）']);
    await userEvent.click(screen.getByRole('option', { name: '无（顶级菜单）' }));

    const name = within(dialog).getByRole('textbox', { name: '按钮名称 2' });
    await userEvent.clear(name);
    await userEvent.type(name, '登记');
    await userEvent.click(within(dialog).getByRole('button', { name: '新增' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: '按钮权限 3' }), 'product:add');
    await userEvent.type(within(dialog).getByRole('textbox', { name: '按钮名称 3' }), '重复');
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await screen.findByText('按钮权限重复：product:add')).toBeInTheDocument();
    expect(adapter.calls.some((c) => c.url === '/menu/save')).toBe(false);

    const key = within(dialog).getByRole('textbox', { name: '按钮权限 3' });
    await userEvent.clear(key);
    await userEvent.type(key, 'product:print');
    await waitFor(() => expect(within(dialog).getByRole('button', { name: '保存' })).toBeEnabled());
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(bodies(adapter, '/menu/save')).toEqual([{
      id: 2, menuNo: 'product.product', menuName: '气瓶档案', menuIcon: null, menuUrl: '/product/product', menuLink: null, target: '_self', hidden: 0,
      menuColor: null, sort: 20, parentNo: null,
      buttonList: [{ buttonKey: 'product:view', buttonName: '查看' }, { buttonKey: 'product:add', buttonName: '登记' }, { buttonKey: 'product:print', buttonName: '重复' }],
    }]));
  });

  it('asks before deleting and shows the server’s refusal', async () => {
    storeSession();
    const adapter = serve();
    renderApp('/Setting/MenuMng');
    await screen.findByText('产品报表', undefined, SCREEN_LOAD);
    await userEvent.click(within(rowOf('产品报表')).getByRole('button', { name: '删除' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText(REFUSAL)).toBeInTheDocument();
    expect(adapter.calls.filter((c) => c.url === '/menu/delete/3')).toHaveLength(1);
  });

  it('shows no 新增, 新增下级, 编辑 or 删除 to a user holding only menu:view', async () => {
    storeSession({ ...adminNav(), promise: ['home:view', 'menu:view'] }, '查看员');
    serve();
    renderApp('/Setting/MenuMng');
    await screen.findByText('气瓶档案', undefined, SCREEN_LOAD);
    for (const name of ['新增', '新增下级', '编辑', '删除']) expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
  });
});
