import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InspectionItemRow } from '@shared/api/inspectionItem';
import { http } from '@renderer/http/client';
import { clearToasts } from '@renderer/notify/toast';
import { fakeAdapter, ok } from '@renderer/test/fakeAdapter';
import { adminNav, renderScreen, storeSession } from '@renderer/test/renderApp';

const purity: InspectionItemRow = { id: 11, materialId: 7, projectName: '纯度', method: 'GB/T 3863', standardMin: 99.5, standardMax: null, standardText: null, unit: '%', required: true, sort: 1 };
const water: InspectionItemRow = { id: 12, materialId: 7, projectName: '水分', method: '露点法', standardMin: null, standardMax: 10, standardText: null, unit: 'ppm', required: false, sort: 2 };

function serve() {
  const adapter = fakeAdapter((c) => {
    if (c.url === '/material/dropDown') return ok([{ id: 7, materialName: '工业氧', materialShortName: 'O2', code: 'O2', category: 'compressed' }]);
    if (c.url === '/produce/queryTestProject') return ok([water, purity]);
    if (c.url === '/produce/saveTestProject') return ok([]);
    return ok(null);
  });
  http.setAdapter(adapter);
  return adapter;
}
const bodies = (adapter: ReturnType<typeof serve>, url: string) => adapter.calls.filter((c) => c.url === url).map((c) => JSON.parse(c.data as string));

afterEach(() => (http.setAdapter(undefined), clearToasts()));
const SCREEN_LOAD = { timeout: 15_000 };

async function chooseOxygen() {
  await userEvent.click(await screen.findByRole('combobox', { name: '介质' }, SCREEN_LOAD));
  await userEvent.click(await screen.findByRole('option', { name: '工业氧（O2）' }));
  // The menu closes with a transition; until it is gone the page behind it is hidden from the user.
  await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull(), SCREEN_LOAD);
}

describe('检验项目', { timeout: 30_000 }, () => {
  it('loads the items of the chosen gas in their order and saves the edited list', async () => {
    storeSession();
    const adapter = serve();
    renderScreen('/product/productExam');
    await chooseOxygen();
    expect(await screen.findByRole('textbox', { name: '项目名称 1' })).toHaveValue('纯度');
    expect(bodies(adapter, '/produce/queryTestProject')).toEqual([{ materialId: 7 }]);
    expect(screen.getByRole('textbox', { name: '项目名称 2' })).toHaveValue('水分');
    // The second item first, the first removed, a new one added.
    await userEvent.click(screen.getAllByRole('button', { name: '下移' })[0]!);
    // What the user sees before the next step: 水分 now first (a busy machine once deleted before the move showed).
    // Given the time a loaded CI machine needs to render the table again (1 s, waitFor's default, was not enough once).
    await waitFor(() => expect(screen.getByRole('textbox', { name: '项目名称 1' })).toHaveValue('水分'), SCREEN_LOAD);
    await userEvent.click(screen.getAllByRole('button', { name: '删除' })[1]!);
    await waitFor(() => expect(screen.queryByRole('textbox', { name: '项目名称 2' })).toBeNull(), SCREEN_LOAD);
    await userEvent.click(screen.getByRole('button', { name: '新增' }));
    await userEvent.type(screen.getByRole('textbox', { name: '项目名称 2' }), ' 外观 ');
    await userEvent.type(screen.getByRole('textbox', { name: '标准描述 2' }), '无色无味');
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(bodies(adapter, '/produce/saveTestProject')).toHaveLength(1));
    expect(bodies(adapter, '/produce/saveTestProject')[0]).toEqual({
      materialId: 7,
      projects: [
        { id: 12, projectName: '水分', method: '露点法', standardMax: 10, standardText: null, unit: 'ppm', required: false },
        { projectName: '外观', method: null, standardText: '无色无味', unit: null, required: true },
      ],
    });
  });

  it('refuses an item without a name or with min above max, and sends nothing', async () => {
    storeSession();
    const adapter = serve();
    renderScreen('/product/productExam');
    await chooseOxygen();
    await screen.findByRole('textbox', { name: '项目名称 1' });
    await userEvent.click(screen.getByRole('button', { name: '新增' }));
    await userEvent.type(screen.getByRole('textbox', { name: '标准下限 3' }), '200');
    await userEvent.type(screen.getByRole('textbox', { name: '标准上限 3' }), '100');
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    expect((await screen.findAllByText(/请输入项目名称/)).length).toBeGreaterThan(0);
    expect(screen.getAllByText(/标准下限不能大于上限/).length).toBeGreaterThan(0);
    expect(adapter.calls.some((c) => c.url === '/produce/saveTestProject')).toBe(false);
  });

  it('shows no 保存 to a user lacking productExam:save', async () => {
    storeSession({ ...adminNav(), promise: ['home:view', 'productExam:view'] }, '查看员');
    serve();
    renderScreen('/product/productExam');
    await chooseOxygen();
    await screen.findByRole('textbox', { name: '项目名称 1' });
    expect(screen.queryByRole('button', { name: '保存' })).not.toBeInTheDocument();
  });
});
