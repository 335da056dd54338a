import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InternalAxiosRequestConfig } from 'axios';
import type { InspectionPreview, InspectionRecord } from '@shared/api/production';
import { http } from '@renderer/http/client';
import { fakeAdapter, ok, type FakeReply } from '@renderer/test/fakeAdapter';
import { adminNav, renderScreen, storeSession } from '@renderer/test/renderApp';
import { bodies, brief, LPG, result, todayCounter, UUID } from '@renderer/stations/testData';

const SCREEN_LOAD = { timeout: 15_000 };
type Handler = (c: InternalAxiosRequestConfig) => FakeReply | undefined;

const preview: InspectionPreview = {
  cylinder: brief('GP0101', 4), allowed: true, reasons: [],
  projects: [
    { id: 1, projectName: '纯度', method: null, standardMin: 99.9, standardMax: null, standardText: null, unit: '%', required: true },
    { id: 2, projectName: '水分', method: null, standardMin: null, standardMax: 10, standardText: null, unit: 'ppm', required: true },
    { id: 3, projectName: '外观', method: null, standardMin: null, standardMax: null, standardText: '无油污、无变形', unit: null, required: true },
  ],
};

const record: InspectionRecord = {
  id: 7, cylinderId: 11, code: 'GP0102', traceId: 300, materialName: '液化石油气', result: 1, remark: null, operator: '李检', workstation: '检验台',
  createdAt: '2026-03-01T09:00:00Z', updatedAt: '2026-03-01T09:00:00Z', reverted: false,
  items: [
    { projectId: 1, projectName: '纯度', value: 99.95, text: null, unit: '%', standard: '≥ 99.9 %', passed: true, required: true },
    { projectId: 3, projectName: '外观', value: null, text: null, unit: null, standard: '无油污、无变形', passed: true, required: true },
  ],
};

function serve(handler: Handler = () => undefined) {
  const counter = todayCounter();
  const adapter = fakeAdapter((c) => {
    const own = counter.seen(handler(c));
    if (own) return own;
    const counted = counter.answer(c.url);
    if (counted) return counted;
    if (c.url === '/material/dropDown') return ok([LPG]);
    if (c.url === '/produce/testHistory') return ok({ list: [record], total: 1 });
    return ok(null);
  });
  http.setAdapter(adapter);
  return adapter;
}

const scanField = () => screen.getByPlaceholderText('请扫描气瓶条码');
const verdict = () => screen.getByTestId('verdict');

afterEach(() => http.setAdapter(undefined));

describe('检验管理 /produce/inspect', { timeout: 60_000 }, () => {
  it('a 记录内容设置 requiring the remark refuses 提交 without one, in Chinese, before sending', async () => {
    storeSession();
    const adapter = serve((c) => {
      if (c.url === '/setting/recordRules/INSPECTION') return ok({ fields: [{ key: 'remark', show: 1, required: 1 }] });
      if (c.url === '/produce/testScan') return ok(preview);
      if (c.url === '/produce/testResult') return ok(result('GP0101', 4, 5, '气瓶 GP0101 检验合格', { action: 'testPass' }));
      return undefined;
    });
    renderScreen('/produce/inspect');
    await userEvent.type(await screen.findByPlaceholderText('请扫描气瓶条码', undefined, SCREEN_LOAD), 'GP0101{Enter}');
    const form = await screen.findByRole('form', { name: '检验 GP0101' });
    await userEvent.type(within(form).getByLabelText(/^纯度（%）/), '99.95');
    await userEvent.type(within(form).getByLabelText(/^水分（ppm）/), '5');
    await userEvent.click(within(within(form).getByRole('radiogroup', { name: '外观' })).getByRole('radio', { name: '合格' }));
    await waitFor(() => expect(within(form).getByRole('textbox', { name: '备注' })).toBeRequired());
    await userEvent.click(within(form).getByRole('button', { name: '提交' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('备注为必填项（记录内容设置）');
    expect(adapter.calls.some((c) => c.url === '/produce/testResult')).toBe(false);
    await userEvent.type(within(form).getByRole('textbox', { name: '备注' }), '瓶阀正常');
    await userEvent.click(within(form).getByRole('button', { name: '提交' }));
    await waitFor(() => expect(bodies(adapter, '/produce/testResult')).toHaveLength(1));
    expect(bodies(adapter, '/produce/testResult')[0]).toMatchObject({ code: 'GP0101', remark: '瓶阀正常' });
  });

  it('a scan opens one field per test project; Enter walks the fields; 提交 records it and shows the failed items in red', async () => {
    storeSession();
    const adapter = serve((c) => {
      if (c.url === '/produce/testScan') return ok(preview);
      if (c.url === '/produce/testResult') {
        return ok(result('GP0101', 4, 1, '气瓶 GP0101 检验不合格，已转待分析', { action: 'testFail', failedItems: ['纯度 99.5 % 低于标准 ≥ 99.9 %'] }));
      }
      return undefined;
    });
    renderScreen('/produce/inspect');
    await userEvent.type(await screen.findByPlaceholderText('请扫描气瓶条码', undefined, SCREEN_LOAD), 'GP0101{Enter}');
    const form = await screen.findByRole('form', { name: '检验 GP0101' });
    const purity = within(form).getByLabelText(/^纯度（%）/);
    await waitFor(() => expect(purity).toHaveFocus());
    expect(within(form).getByText('标准：≥ 99.9 %')).toBeInTheDocument();
    await userEvent.keyboard('99.5');
    expect(within(form).getByText('超出标准：≥ 99.9 %')).toBeInTheDocument();
    await userEvent.keyboard('{Enter}');
    expect(within(form).getByLabelText(/^水分（ppm）/)).toHaveFocus();
    await userEvent.keyboard('5{Enter}');
    const appearance = within(form).getByRole('radiogroup', { name: '外观' });
    expect(within(appearance).getByRole('radio', { name: '合格' })).toHaveFocus();
    await userEvent.keyboard(' {Enter}');
    expect(within(form).getByLabelText('备注')).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(within(form).getByRole('button', { name: '提交' })).toHaveFocus();
    expect(adapter.calls.some((c) => c.url === '/produce/testResult')).toBe(false);
    await userEvent.keyboard('{Enter}');

    await waitFor(() => expect(verdict()).toHaveAttribute('data-kind', 'failed'));
    expect(verdict()).toHaveTextContent('气瓶 GP0101 检验不合格，已转待分析');
    const failed = within(verdict()).getByText('纯度 99.5 % 低于标准 ≥ 99.9 %');
    expect(getComputedStyle(failed.closest('ul')!).color).toBe('rgb(211, 47, 47)');
    expect(bodies(adapter, '/produce/testResult')).toEqual([{
      code: 'GP0101', scanId: expect.stringMatching(UUID), remark: null,
      items: [{ projectId: 1, value: 99.5 }, { projectId: 2, value: 5 }, { projectId: 3, passed: true }],
    }]);
    expect(screen.getByTestId('shift-count')).toHaveTextContent('今日完成1瓶');
    await waitFor(() => expect(screen.queryByRole('form')).not.toBeInTheDocument());
    await waitFor(() => expect(scanField()).toHaveFocus());
  });

  it('after 提交 the scan field says what came of it, no longer 请填写检验结果', async () => {
    storeSession();
    serve((c) => {
      if (c.url === '/produce/testScan') return ok(preview);
      if (c.url === '/produce/testResult') return ok(result('GP0101', 4, 5, '气瓶 GP0101 检验合格', { action: 'testPass' }));
      return undefined;
    });
    renderScreen('/produce/inspect');
    await userEvent.type(await screen.findByPlaceholderText('请扫描气瓶条码', undefined, SCREEN_LOAD), 'GP0101{Enter}');
    const form = await screen.findByRole('form', { name: '检验 GP0101' });
    const fieldStatus = within(scanField().closest('.MuiTextField-root')!.parentElement!).getByRole('status');
    await waitFor(() => expect(fieldStatus).toHaveTextContent('GP0101：请填写检验结果'));
    await userEvent.type(within(form).getByLabelText(/^纯度（%）/), '99.95');
    await userEvent.type(within(form).getByLabelText(/^水分（ppm）/), '5');
    await userEvent.click(within(within(form).getByRole('radiogroup', { name: '外观' })).getByRole('radio', { name: '合格' }));
    await userEvent.click(within(form).getByRole('button', { name: '提交' }));
    await waitFor(() => expect(verdict()).toHaveAttribute('data-kind', 'ok'));
    await waitFor(() => expect(fieldStatus).toHaveTextContent('气瓶 GP0101 检验合格'));
    expect(fieldStatus).not.toHaveTextContent('请填写检验结果');
    expect(fieldStatus).toHaveAttribute('data-kind', 'ok');
  });

  it('asks for a required project before sending anything', async () => {
    storeSession();
    const adapter = serve((c) => (c.url === '/produce/testScan' ? ok(preview) : undefined));
    renderScreen('/produce/inspect');
    await userEvent.type(await screen.findByPlaceholderText('请扫描气瓶条码', undefined, SCREEN_LOAD), 'GP0101{Enter}');
    const form = await screen.findByRole('form');
    await userEvent.click(within(form).getByRole('button', { name: '提交' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('请填写“纯度”');
    expect(adapter.calls.some((c) => c.url === '/produce/testResult')).toBe(false);
  });

  it('a cylinder that may not be inspected shows every reason in red and opens no form', async () => {
    storeSession();
    serve((c) => (c.url === '/produce/testScan' ? ok({ ...preview, cylinder: brief('GP0103', 2), allowed: false, reasons: ['气瓶 GP0103 当前状态为“在库”，检验需要“已充装”'] }) : undefined));
    renderScreen('/produce/inspect');
    await userEvent.type(await screen.findByPlaceholderText('请扫描气瓶条码', undefined, SCREEN_LOAD), 'GP0103{Enter}');
    await waitFor(() => expect(verdict()).toHaveAttribute('data-kind', 'refused'));
    expect(verdict()).toHaveTextContent('GP0103 不能检验');
    expect(verdict()).toHaveTextContent('气瓶 GP0103 当前状态为“在库”，检验需要“已充装”');
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });

  it('a cylinder inspected already is said done (已处理过, who and when), not refused, and opens no form', async () => {
    storeSession();
    const done = '气瓶 GP0104 已由 李检 于 09:12 检验合格，无需重复操作';
    serve((c) => (c.url === '/produce/testScan' ? ok({ ...preview, cylinder: brief('GP0104', 5), allowed: false, reasons: [], repeated: true, message: done }) : undefined));
    renderScreen('/produce/inspect');
    await userEvent.type(await screen.findByPlaceholderText('请扫描气瓶条码', undefined, SCREEN_LOAD), 'GP0104{Enter}');
    await waitFor(() => expect(verdict()).toHaveAttribute('data-kind', 'repeated'));
    expect(verdict()).toHaveTextContent('已处理过');
    expect(verdict()).toHaveTextContent(done);
    expect(verdict()).not.toHaveTextContent('不能检验');
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });

  it('remembers the operator of the station under TESTUSER', async () => {
    storeSession();
    serve();
    renderScreen('/produce/inspect');
    const operator = await screen.findByLabelText('操作员', undefined, SCREEN_LOAD);
    await userEvent.clear(operator);
    await userEvent.type(operator, '李检');
    expect(localStorage.getItem('TESTUSER')).toBe('"李检"');
  });

  it('修改 needs a reason and sends every item with it; 详情 lists the items', async () => {
    storeSession();
    const adapter = serve((c) => (c.url === '/produce/updateTestById' ? ok(record) : undefined));
    renderScreen('/produce/inspect');
    expect(await screen.findByText('GP0102', undefined, SCREEN_LOAD)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '详情' }));
    const detail = await screen.findByRole('dialog', { name: '检验详情：GP0102' });
    expect(within(detail).getByText('≥ 99.9 %')).toBeInTheDocument();
    expect(within(detail).getByText('99.95 %')).toBeInTheDocument();
    await userEvent.click(within(detail).getByRole('button', { name: '关闭' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await userEvent.click(screen.getByRole('button', { name: '修改' }));
    const dialog = await screen.findByRole('dialog', { name: '修改检验记录：GP0102' });
    const purity = within(dialog).getByLabelText(/^纯度（%）/);
    await userEvent.clear(purity);
    await userEvent.type(purity, '99.92');
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByText('请输入修改原因')).toBeInTheDocument();
    expect(adapter.calls.some((c) => c.url === '/produce/updateTestById')).toBe(false);
    await userEvent.type(within(dialog).getByLabelText(/^修改原因/), '录入错误');
    await waitFor(() => expect(within(dialog).getByRole('button', { name: '保存' })).toBeEnabled(), { timeout: 3000 });
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(bodies(adapter, '/produce/updateTestById')).toEqual([{
      id: 7, remark: null, reason: '录入错误', items: [{ projectId: 1, value: 99.92 }, { projectId: 3, passed: true }],
    }]));
  });

  it('without inspect:test there is no station, and without inspect:edit no 修改', async () => {
    storeSession({ ...adminNav(), promise: ['home:view', 'inspect:view'] }, '查看员');
    serve();
    renderScreen('/produce/inspect');
    expect(await screen.findByText('GP0102', undefined, SCREEN_LOAD)).toBeInTheDocument();
    expect(screen.queryByPlaceholderText('请扫描气瓶条码')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '修改' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: '详情' })).toBeInTheDocument();
  });
});
