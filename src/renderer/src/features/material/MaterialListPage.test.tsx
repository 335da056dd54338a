import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MaterialRow } from '@shared/api/material';
import { ENUMS, enumEntriesIn } from '@shared/api/enum';
import { langOfHeader } from '@shared/lang';
import { http } from '@renderer/http/client';
import { fakeAdapter, ok } from '@renderer/test/fakeAdapter';
import { adminNav, renderApp, renderScreen, storeSession } from '@renderer/test/renderApp';

const oxygen: MaterialRow = {
  id: 7, materialName: '工业氧', materialShortName: 'O2', code: 'O2', category: 'compressed', flammable: false, toxic: false,
  oxidizing: true, corrosive: false, inspectionIntervalYears: 3, targetNetWeight: null, weightTolerance: null, reweighRequired: false,
  designLifeYears: 30, extendedLifeYears: null, status: 1, remark: null, createdAt: '2026-01-01T00:00:00Z',
};

function serve() {
  const adapter = fakeAdapter((c) => {
    if (c.url === '/material/listPage') return ok({ list: [oxygen], total: 1 });
    // As the server answers: the names in the language the call asks for.
    if (c.url === '/enum/dropDown/gasCategory') return ok(enumEntriesIn(ENUMS.gasCategory!, langOfHeader(c.headers.get('Accept-Language') as string | undefined)));
    if (c.url === '/material/save') return ok({ id: 8 });
    return ok(null);
  });
  http.setAdapter(adapter);
  return adapter;
}
const bodies = (adapter: ReturnType<typeof serve>, url: string) => adapter.calls.filter((c) => c.url === url).map((c) => JSON.parse(c.data as string));

afterEach(() => http.setAdapter(undefined));
const SCREEN_LOAD = { timeout: 15_000 };

async function openNew() {
  await userEvent.click(await screen.findByRole('button', { name: '新增' }));
  return screen.findByRole('dialog');
}

describe('介质管理', { timeout: 30_000 }, () => {
  it('lists the first page and sends the filters', async () => {
    storeSession();
    const adapter = serve();
    renderScreen('/product/materialMng');
    expect(await screen.findByText('工业氧', undefined, SCREEN_LOAD)).toBeInTheDocument();
    expect(bodies(adapter, '/material/listPage')[0]).toEqual({ page: 1, size: 15 });
    await userEvent.type(screen.getByLabelText('介质名称'), ' 氧 ');
    await userEvent.type(screen.getByLabelText('介质编码'), 'O2');
    await userEvent.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() => expect(bodies(adapter, '/material/listPage').at(-1)).toEqual({ page: 1, size: 15, materialName: '氧', code: 'O2' }));
  });

  it('asks the server in the UI\'s language, and again when the language is switched (the category 压缩气体 → Compressed gas)', async () => {
    storeSession();
    const adapter = serve();
    // The whole app: the language is switched in the shell's header.
    renderApp('/product/materialMng');
    const row = (await screen.findByText('工业氧', undefined, SCREEN_LOAD)).closest('[role="row"]') as HTMLElement;
    expect(await within(row).findByText('压缩气体')).toBeInTheDocument();
    expect(adapter.calls.find((c) => c.url === '/enum/dropDown/gasCategory')!.headers.get('Accept-Language')).toBe('zh-CN');
    await userEvent.click(screen.getByTestId('language-switch'));
    const again = (await screen.findByText('工业氧')).closest('[role="row"]') as HTMLElement;
    expect(await within(again).findByText('Compressed gas')).toBeInTheDocument();
    expect(adapter.calls.filter((c) => c.url === '/enum/dropDown/gasCategory').at(-1)!.headers.get('Accept-Language')).toBe('en');
  });

  it('refuses an empty gas with the rule messages and sends nothing', async () => {
    storeSession();
    const adapter = serve();
    renderScreen('/product/materialMng');
    await screen.findByText('工业氧', undefined, SCREEN_LOAD);
    const dialog = await openNew();
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByText('请输入介质名称')).toBeInTheDocument();
    expect(within(dialog).getByText('请输入介质编码')).toBeInTheDocument();
    expect(within(dialog).getByText('请选择介质类别')).toBeInTheDocument();
    expect(adapter.calls.some((c) => c.url === '/material/save')).toBe(false);
  });

  it('saves a liquefied gas with its fill weight and leaves empty years to the server', async () => {
    storeSession();
    const adapter = serve();
    renderScreen('/product/materialMng');
    await screen.findByText('工业氧', undefined, SCREEN_LOAD);
    const dialog = await openNew();
    await userEvent.type(within(dialog).getByLabelText(/^介质名称/), ' 液化石油气 ');
    await userEvent.type(within(dialog).getByLabelText(/^介质简称/), 'LPG');
    await userEvent.type(within(dialog).getByLabelText(/^介质编码/), 'LPG');
    await userEvent.click(within(dialog).getByRole('combobox', { name: /^介质类别/ }));
    await userEvent.click(await screen.findByRole('option', { name: '液化气体' }));
    await userEvent.click(within(dialog).getByRole('switch', { name: '易燃' }));
    await userEvent.type(within(dialog).getByLabelText(/^目标净充装量/), '14.5');
    await userEvent.type(within(dialog).getByLabelText(/^允许偏差/), '0.2');
    await userEvent.click(within(dialog).getByRole('switch', { name: '需要复秤' }));
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(bodies(adapter, '/material/save')).toHaveLength(1));
    expect(bodies(adapter, '/material/save')[0]).toEqual({
      materialName: '液化石油气', materialShortName: 'LPG', code: 'LPG', category: 'liquefied',
      flammable: true, toxic: false, oxidizing: false, corrosive: false,
      targetNetWeight: 14.5, weightTolerance: 0.2, reweighRequired: true, status: 1, remark: null,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('edits a gas by id and stops it through startOrStop', async () => {
    storeSession();
    const adapter = serve();
    renderScreen('/product/materialMng');
    await screen.findByText('工业氧', undefined, SCREEN_LOAD);
    await userEvent.click(screen.getByRole('button', { name: '停用' }));
    // Stopping takes the gas out of new registrations: it is confirmed first, then reported.
    const confirmStop = await screen.findByRole('dialog');
    expect(confirmStop).toHaveTextContent('新登记的气瓶不能再选择“工业氧”');
    expect(bodies(adapter, '/material/startOrStop')).toEqual([]);
    await userEvent.click(within(confirmStop).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(bodies(adapter, '/material/startOrStop')).toEqual([{ id: 7, status: 0 }]));
    expect(await screen.findByText('已停用')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: '编辑' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText(/^介质名称/)).toHaveValue('工业氧');
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(bodies(adapter, '/material/save')[0]).toMatchObject({ id: 7, code: 'O2', oxidizing: true, inspectionIntervalYears: 3 }));
    // A compressed gas has no fill weight; an empty number is left out (the server would read null as 0).
    expect(bodies(adapter, '/material/save')[0]).not.toHaveProperty('targetNetWeight');
  });

  it('hides 新增, 编辑 and 停用 from a user holding only material:view', async () => {
    storeSession({ ...adminNav(), promise: ['home:view', 'material:view'] }, '查看员');
    serve();
    renderScreen('/product/materialMng');
    await screen.findByText('工业氧', undefined, SCREEN_LOAD);
    for (const name of ['新增', '编辑', '停用']) expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
  });
});
