import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CrewRow } from '@shared/api/transport';
import { http } from '@renderer/http/client';
import { clearToasts } from '@renderer/notify/toast';
import { fakeAdapter, ok } from '@renderer/test/fakeAdapter';
import { renderScreen, storeSession } from '@renderer/test/renderApp';
import { pickDay15 } from './testData';

const MASKED = '110***********002X';
const person = (row: Partial<CrewRow> & Pick<CrewRow, 'id' | 'name'>): CrewRow => ({
  kind: 'driver', idNoMasked: null, qualificationNo: 'Q-1', qualificationExpiry: '2027-01-01', qualificationDaysLeft: 200, phone: null,
  status: 1, remark: null, createdAt: '2026-01-01 08:00:00', ...row,
});
const ROWS = [
  person({ id: 1, name: '张三', idNoMasked: MASKED, qualificationNo: 'JSY-001', qualificationExpiry: '2026-08-01', qualificationDaysLeft: -20 }),
  person({ id: 2, name: '李四', kind: 'escort', qualificationNo: 'YYY-002', qualificationDaysLeft: 5, userId: 6, userName: 'lisi' }),
];

function serve() {
  const adapter = fakeAdapter((c) => {
    if (c.url === '/crew/listPage') return ok({ list: ROWS, total: ROWS.length });
    if (c.url === '/crew/save') return ok({ id: 9 });
    if (c.url === '/user/getAllUser') return ok([{ id: 5, name: 'zhangsan' }, { id: 6, name: 'lisi' }]);
    return ok(null);
  });
  http.setAdapter(adapter);
  return adapter;
}
const bodies = (adapter: ReturnType<typeof serve>, url: string) => adapter.calls.filter((c) => c.url === url).map((c) => JSON.parse(c.data as string));
const rowOf = (text: string) => screen.getByText(text).closest('[role="row"]') as HTMLElement;

afterEach(() => (http.setAdapter(undefined), clearToasts()));
const SCREEN_LOAD = { timeout: 15_000 };

describe('驾驶员与押运员 /Setting/Crew', { timeout: 30_000 }, () => {
  it('lists drivers and escorts with the ID number masked and 已过期 / 即将到期, and filters by kind', async () => {
    storeSession();
    const adapter = serve();
    renderScreen('/Setting/Crew');
    expect(await screen.findByText('张三', undefined, SCREEN_LOAD)).toBeInTheDocument();
    expect(within(rowOf('张三')).getByText(MASKED)).toBeInTheDocument();
    expect(within(rowOf('张三')).getByText('驾驶员')).toBeInTheDocument();
    expect(within(rowOf('张三')).getByText('已过期')).toBeInTheDocument();
    expect(within(rowOf('李四')).getByText('押运员')).toBeInTheDocument();
    expect(within(rowOf('李四')).getByText('即将到期')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('combobox', { name: '人员类别' }));
    await userEvent.click(await screen.findByRole('option', { name: '押运员' }));
    await userEvent.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() => expect(bodies(adapter, '/crew/listPage').at(-1)).toEqual({ page: 1, size: 15, kind: 'escort' }));
  });

  it('asks for name, qualification and expiry, refuses an ID number with a wrong check digit in Chinese, then saves an escort', async () => {
    storeSession();
    const adapter = serve();
    renderScreen('/Setting/Crew');
    await screen.findByText('张三', undefined, SCREEN_LOAD);
    await userEvent.click(screen.getByRole('button', { name: '新增' }));
    const dialog = await screen.findByRole('dialog', { name: '新增驾驶员或押运员' });
    await userEvent.type(within(dialog).getByLabelText(/^身份证号/), '110105194912310021');
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByText('请输入姓名')).toBeInTheDocument();
    expect(within(dialog).getByText('请输入从业资格证号')).toBeInTheDocument();
    expect(within(dialog).getByText('请选择从业资格证有效期至')).toBeInTheDocument();
    expect(within(dialog).getByText('身份证号校验位不正确')).toBeInTheDocument();
    expect(bodies(adapter, '/crew/save')).toEqual([]);

    await userEvent.type(within(dialog).getByLabelText(/^姓名/), '王五');
    await userEvent.click(within(dialog).getByRole('radio', { name: '押运员' }));
    await userEvent.clear(within(dialog).getByLabelText(/^身份证号/));
    await userEvent.type(within(dialog).getByLabelText(/^身份证号/), '11010519491231002x');
    await userEvent.type(within(dialog).getByLabelText(/^从业资格证号/), 'YYY-009');
    const expiry = await pickDay15(dialog, '从业资格证有效期至');
    await userEvent.type(within(dialog).getByLabelText(/^电话/), '电话');
    await waitFor(() => expect(within(dialog).getByRole('button', { name: '保存' })).toBeEnabled());
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByText('电话只能包含数字、空格和 + - ( )')).toBeInTheDocument();
    await userEvent.clear(within(dialog).getByLabelText(/^电话/));
    await waitFor(() => expect(within(dialog).getByRole('button', { name: '保存' })).toBeEnabled());
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(bodies(adapter, '/crew/save')).toEqual([{
      name: '王五', kind: 'escort', idNo: '11010519491231002X', qualificationNo: 'YYY-009', qualificationExpiry: expiry, phone: null, status: 1, remark: null,
    }]));
  });

  it('edits a person keeping the ID number on file (left out of the body) unless it is cleared', async () => {
    storeSession();
    const adapter = serve();
    renderScreen('/Setting/Crew');
    await screen.findByText('张三', undefined, SCREEN_LOAD);
    await userEvent.click(within(rowOf('张三')).getByRole('button', { name: '编辑' }));
    let dialog = await screen.findByRole('dialog', { name: '编辑驾驶员或押运员' });
    expect(within(dialog).getByLabelText(/^身份证号/)).toHaveValue(MASKED);
    await userEvent.type(within(dialog).getByLabelText(/^从业资格证号/), 'A');
    await waitFor(() => expect(within(dialog).getByRole('button', { name: '保存' })).toBeEnabled());
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(bodies(adapter, '/crew/save')).toHaveLength(1));
    expect(bodies(adapter, '/crew/save')[0]).toEqual({
      id: 1, name: '张三', kind: 'driver', qualificationNo: 'JSY-001A', qualificationExpiry: '2026-08-01', phone: null, status: 1, remark: null,
    });

    await waitFor(() => expect(screen.queryByRole('dialog', { name: '编辑驾驶员或押运员' })).not.toBeInTheDocument());
    await userEvent.click(within(rowOf('张三')).getByRole('button', { name: '编辑' }));
    dialog = await screen.findByRole('dialog', { name: '编辑驾驶员或押运员' });
    await userEvent.type(within(dialog).getByLabelText(/^身份证号/), '{Backspace}');
    expect(within(dialog).getByLabelText(/^身份证号/)).toHaveValue('');
    await waitFor(() => expect(within(dialog).getByRole('button', { name: '保存' })).toBeEnabled());
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(bodies(adapter, '/crew/save').at(-1)).toMatchObject({ id: 1, idNo: '' }));
  });

  it('links a driver to a sign-in user for the field app, and unlinks one (不关联 sends null)', async () => {
    storeSession();
    const adapter = serve();
    renderScreen('/Setting/Crew');
    await screen.findByText('张三', undefined, SCREEN_LOAD);
    await userEvent.click(within(rowOf('张三')).getByRole('button', { name: '编辑' }));
    let dialog = await screen.findByRole('dialog', { name: '编辑驾驶员或押运员' });
    await userEvent.click(within(dialog).getByRole('combobox', { name: /^登录账号/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'zhangsan' }));
    await waitFor(() => expect(within(dialog).getByRole('button', { name: '保存' })).toBeEnabled());
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(bodies(adapter, '/crew/save')).toEqual([expect.objectContaining({ id: 1, userId: 5 })]));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: '编辑驾驶员或押运员' })).not.toBeInTheDocument());
    await userEvent.click(within(rowOf('李四')).getByRole('button', { name: '编辑' }));
    dialog = await screen.findByRole('dialog', { name: '编辑驾驶员或押运员' });
    expect(within(dialog).getByRole('combobox', { name: /^登录账号/ })).toHaveTextContent('lisi');
    await userEvent.click(within(dialog).getByRole('combobox', { name: /^登录账号/ }));
    await userEvent.click(await screen.findByRole('option', { name: '不关联' }));
    await waitFor(() => expect(within(dialog).getByRole('button', { name: '保存' })).toBeEnabled());
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(bodies(adapter, '/crew/save').at(-1)).toEqual(expect.objectContaining({ id: 2, userId: null })));
  });
});
