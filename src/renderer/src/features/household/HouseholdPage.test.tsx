import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { HouseholdInfo, HouseholdRow } from '@shared/api/household';
import { http } from '@renderer/http/client';
import { clearToasts } from '@renderer/notify/toast';
import { fakeAdapter, ok } from '@renderer/test/fakeAdapter';
import { adminNav, renderScreen, storeSession } from '@renderer/test/renderApp';

const ROW: HouseholdRow = {
  id: 3, kind: 'resident', nameMasked: '张**', phoneMasked: '138****1234', idNoMasked: '110***********002X', address: '东城区幸福里 3 号',
  customerId: 7, customerName: '东城供应站', status: 1, openHazards: 1, openMajor: 1, lastCheckAt: null, remark: null, createdAt: '2026-11-28 08:00:00',
};
const INFO: HouseholdInfo = {
  id: 3, kind: 'resident', name: '张三丰', phone: '13812341234', address: '东城区幸福里 3 号', idNoMasked: '110***********002X', customerId: 7, status: 1, remark: null,
};

const ITEMS = [
  { id: 1, name: '胶管', nameEn: 'Hose', level: 'major', sort: 10, status: 1 },
  { id: 2, name: '灶具', nameEn: null, level: 'minor', sort: 20, status: 0 },
];

function serve() {
  const adapter = fakeAdapter((c) => {
    if (c.url === '/household/listPage') return ok({ list: [ROW], total: 1 });
    if (c.url === '/household/info/3') return ok(INFO);
    if (c.url === '/household/reveal') return ok({ idNo: '11010519491231002X' });
    if (c.url === '/household/save') return ok({ id: 3 });
    if (c.url === '/household/checkItems') return ok(ITEMS);
    if (c.url === '/household/checkItem/save') return ok({ id: 9 });
    if (c.url === '/enterprise/list') return ok([{ id: 7, type: '2', enterpriseName: '东城供应站', enterpriseCode: 'GZ01' }]);
    return ok(null);
  });
  http.setAdapter(adapter);
  return adapter;
}
const bodies = (adapter: ReturnType<typeof serve>, url: string) => adapter.calls.filter((c) => c.url === url).map((c) => JSON.parse(c.data as string));
const rowOf = (text: string) => screen.getByText(text).closest('[role="row"]') as HTMLElement;
const SCREEN_LOAD = { timeout: 15_000 };

afterEach(() => (http.setAdapter(undefined), clearToasts()));

describe('液化气用户 /storage/household', { timeout: 30_000 }, () => {
  it('lists users masked, edits one keeping the ID number on file, and refuses a wrong check digit', async () => {
    storeSession();
    const adapter = serve();
    renderScreen('/storage/household');
    expect(await screen.findByText('张**', undefined, SCREEN_LOAD)).toBeInTheDocument();
    expect(within(rowOf('张**')).getByText('110***********002X')).toBeInTheDocument();
    expect(within(rowOf('张**')).getByText('未安检')).toBeInTheDocument();
    expect(screen.queryByText('11010519491231002X')).not.toBeInTheDocument();

    await userEvent.click(within(rowOf('张**')).getByRole('button', { name: '编辑' }));
    const dialog = await screen.findByRole('dialog', { name: '编辑用户' });
    expect(within(dialog).getByLabelText(/^姓名/)).toHaveValue('张三丰');
    const phone = within(dialog).getByLabelText(/^电话/);
    await userEvent.clear(phone);
    await userEvent.type(phone, '13900001111');
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(bodies(adapter, '/household/save')).toHaveLength(1));
    const body = bodies(adapter, '/household/save')[0];
    expect(body).toMatchObject({ id: 3, name: '张三丰', phone: '13900001111', customerId: 7, kind: 'resident' });
    expect(body).not.toHaveProperty('idNo');

    await userEvent.click(screen.getByRole('button', { name: '新增' }));
    const create = await screen.findByRole('dialog', { name: '新增用户' });
    await userEvent.type(within(create).getByLabelText(/^身份证号/), '110105194912310021');
    await userEvent.click(within(create).getByRole('button', { name: '保存' }));
    expect(await within(create).findByText('身份证号校验位不正确')).toBeInTheDocument();
    expect(bodies(adapter, '/household/save')).toHaveLength(1);
  });

  it('shows the full ID number only after the confirm, through the recorded reveal', async () => {
    storeSession();
    const adapter = serve();
    renderScreen('/storage/household');
    await screen.findByText('张**', undefined, SCREEN_LOAD);
    await userEvent.click(within(rowOf('张**')).getByRole('button', { name: '查看身份证号' }));
    const ask = await screen.findByRole('dialog', { name: '查看身份证号' });
    expect(within(ask).getByText(/本次查看会被记录/)).toBeInTheDocument();
    expect(bodies(adapter, '/household/reveal')).toHaveLength(0);
    await userEvent.click(within(ask).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('张** 的身份证号：11010519491231002X')).toBeInTheDocument();
    expect(bodies(adapter, '/household/reveal')).toEqual([{ id: 3 }]);
  });

  it('检查项: lists the checklist with levels and status, adds an item after the last and edits one (household:save)', async () => {
    storeSession();
    const adapter = serve();
    renderScreen('/storage/household');
    await userEvent.click(await screen.findByRole('tab', { name: '检查项' }, SCREEN_LOAD));
    const table = await screen.findByRole('table', { name: '检查项' }, SCREEN_LOAD);
    await within(table).findByText('胶管', undefined, SCREEN_LOAD);
    const rows = within(table).getAllByRole('row');
    expect(rows.slice(1).map((r) => [...r.querySelectorAll('td')].slice(0, 5).map((c) => c.textContent))).toEqual([
      ['胶管', 'Hose', '重大隐患', '10', '启用'], ['灶具', '', '一般隐患', '20', '停用'],
    ]);
    await userEvent.click(within(table).getByRole('button', { name: '编辑 灶具' }));
    const edit = await screen.findByRole('dialog', { name: '编辑检查项' });
    await userEvent.click(within(edit).getByRole('switch'));
    await userEvent.click(within(edit).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(bodies(adapter, '/household/checkItem/save')).toEqual([{ id: 2, name: '灶具', nameEn: null, level: 'minor', sort: 20, status: 1 }]), SCREEN_LOAD);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), SCREEN_LOAD);

    await userEvent.click(screen.getByRole('button', { name: '新增' }));
    const create = await screen.findByRole('dialog', { name: '新增检查项' });
    await userEvent.type(within(create).getByLabelText(/^检查项/), '燃气报警器');
    await userEvent.click(within(create).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(bodies(adapter, '/household/checkItem/save').at(-1)).toEqual({ name: '燃气报警器', nameEn: null, level: 'minor', sort: 30, status: 1 }), SCREEN_LOAD);
  });

  it('检查项 without household:save: no 新增 and no 编辑', async () => {
    storeSession({ ...adminNav(), promise: ['home:view', 'household:view'] }, '查看员');
    serve();
    renderScreen('/storage/household');
    await userEvent.click(await screen.findByRole('tab', { name: '检查项' }, SCREEN_LOAD));
    const table = await screen.findByRole('table', { name: '检查项' }, SCREEN_LOAD);
    await within(table).findByText('胶管', undefined, SCREEN_LOAD);
    expect(screen.queryByRole('button', { name: '新增' })).not.toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: /编辑/ })).not.toBeInTheDocument();
  });
});
