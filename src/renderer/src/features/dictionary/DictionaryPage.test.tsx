import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DictEntryRow, DictTypeRow } from '@shared/api/dictionary';
import { http } from '@renderer/http/client';
import { clearToasts } from '@renderer/notify/toast';
import { fakeAdapter, ok } from '@renderer/test/fakeAdapter';
import { adminNav, renderScreen, storeSession } from '@renderer/test/renderApp';

const SCREEN_LOAD = { timeout: 15_000 };
const spec: DictTypeRow = { id: 1, typeCode: 'specification', typeName: '气瓶规格', remark: null, builtIn: true, entryCount: 2 };
const color: DictTypeRow = { id: 9, typeCode: 'color', typeName: '瓶身颜色', remark: null, builtIn: false, entryCount: 0 };
const entries: DictEntryRow[] = [
  { id: 11, typeId: 1, dataName: '40升', dataValue: '40L', sort: 1, status: 1, remark: null },
  { id: 12, typeId: 1, dataName: '8升', dataValue: '8L', sort: 2, status: 0, remark: '停产' },
];

function serve() {
  const adapter = fakeAdapter((c) => {
    if (c.url === '/dataSource/selectTypePage') return ok({ list: [spec, color], total: 2 });
    if (c.url === '/dataSource/selectListPage') return ok(c.params?.typeId === 1 ? { list: entries, total: 2 } : { list: [], total: 0 });
    if (c.url === '/dataSource/saveDataSource') return ok({ id: 20 });
    return ok(null);
  });
  http.setAdapter(adapter);
  return adapter;
}
const bodies = (adapter: ReturnType<typeof serve>, url: string) => adapter.calls.filter((c) => c.url === url).map((c) => JSON.parse(c.data as string));
const typesPane = () => screen.getByTestId('dictionary-types');

afterEach(() => (http.setAdapter(undefined), clearToasts()));

describe('数据字典', { timeout: 30_000 }, () => {
  it('lists the types, searches them, and shows the entries of the one clicked', async () => {
    storeSession();
    const adapter = serve();
    renderScreen('/Setting/dictionary');
    expect(await screen.findByText('气瓶规格', undefined, SCREEN_LOAD)).toBeInTheDocument();
    expect(screen.getByText('请选择左侧的字典类型')).toBeInTheDocument();
    expect(adapter.calls.find((c) => c.url === '/dataSource/selectTypePage')?.params).toMatchObject({ page: 1, size: 15 });

    await userEvent.type(within(typesPane()).getByLabelText('类型名称或编码'), 'spec{Enter}');
    await waitFor(() => expect(adapter.calls.filter((c) => c.url === '/dataSource/selectTypePage').at(-1)?.params).toMatchObject({ page: 1, size: 15, keyword: 'spec' }));

    await userEvent.click(screen.getByText('气瓶规格'));
    const pane = await screen.findByTestId('dictionary-entries');
    expect(within(pane).getByText('气瓶规格（specification）的条目')).toBeInTheDocument();
    expect(await within(pane).findByText('40升')).toBeInTheDocument();
    expect(within(pane).getByText('停用')).toBeInTheDocument();
    expect(adapter.calls.find((c) => c.url === '/dataSource/selectListPage')?.params).toMatchObject({ page: 1, size: 15, typeId: 1 });
  });

  it('adds an entry to the chosen type and refreshes the suggestions the forms offer', async () => {
    storeSession();
    const adapter = serve();
    renderScreen('/Setting/dictionary');
    await userEvent.click(await screen.findByText('气瓶规格', undefined, SCREEN_LOAD));
    const pane = await screen.findByTestId('dictionary-entries');
    await within(pane).findByText('40升');
    await userEvent.click(within(pane).getByRole('button', { name: '新增条目' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByText('请输入名称')).toBeInTheDocument();
    expect(within(dialog).getByText('请输入值')).toBeInTheDocument();

    await userEvent.type(within(dialog).getByLabelText(/^名称/), '50升');
    await userEvent.type(within(dialog).getByLabelText(/^值/), '50L');
    await userEvent.clear(within(dialog).getByLabelText(/^排序/));
    await userEvent.type(within(dialog).getByLabelText(/^排序/), '3');
    await waitFor(() => expect(within(dialog).getByRole('button', { name: '保存' })).toBeEnabled());
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(bodies(adapter, '/dataSource/saveDataSource')).toEqual([
      { kind: 'entry', typeId: 1, dataName: '50升', dataValue: '50L', sort: 3, status: 1, remark: null },
    ]));
    await waitFor(() => expect(adapter.calls.some((c) => c.url === '/dataSource/getDataSource/specification')).toBe(true));
  });

  it('keeps a built-in type: its code cannot be edited and it offers no 删除', async () => {
    storeSession();
    const adapter = serve();
    renderScreen('/Setting/dictionary');
    await screen.findByText('气瓶规格', undefined, SCREEN_LOAD);
    // Only the custom type's row has 删除.
    expect(within(typesPane()).getAllByRole('button', { name: '删除' })).toHaveLength(1);
    await userEvent.click(within(typesPane()).getAllByRole('button', { name: '编辑' })[0]!);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText(/^类型编码/)).toBeDisabled();
    await userEvent.clear(within(dialog).getByLabelText(/^类型名称/));
    await userEvent.type(within(dialog).getByLabelText(/^类型名称/), '规格型号');
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(bodies(adapter, '/dataSource/saveDataSource')).toEqual([
      { kind: 'type', id: 1, typeCode: 'specification', typeName: '规格型号', remark: null },
    ]));
  });

  it('deletes a custom type after asking', async () => {
    storeSession();
    const adapter = serve();
    renderScreen('/Setting/dictionary');
    await screen.findByText('瓶身颜色', undefined, SCREEN_LOAD);
    await userEvent.click(within(typesPane()).getByRole('button', { name: '删除' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('确定删除字典类型“瓶身颜色”及其全部条目吗？删除后不能恢复。')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(bodies(adapter, '/dataSource/delType')).toEqual([{ id: 9, kind: 'type' }]));
  });

  it('shows no 新增, 编辑 or 删除 to a user holding only dictionary:view', async () => {
    storeSession({ ...adminNav(), promise: ['home:view', 'dictionary:view'] }, '查看员');
    serve();
    renderScreen('/Setting/dictionary');
    await userEvent.click(await screen.findByText('气瓶规格', undefined, SCREEN_LOAD));
    await within(await screen.findByTestId('dictionary-entries')).findByText('40升');
    for (const name of ['新增', '新增条目', '编辑', '删除']) expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
  });
});
