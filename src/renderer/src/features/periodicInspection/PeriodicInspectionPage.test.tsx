import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InternalAxiosRequestConfig } from 'axios';
import type { DueRow } from '@shared/api/periodicInspection';
import { http } from '@renderer/http/client';
import { fakeAdapter, ok } from '@renderer/test/fakeAdapter';
import { adminNav, renderScreen, storeSession } from '@renderer/test/renderApp';

afterEach(() => http.setAdapter(undefined));

const due = (id: number, code: string, daysLeft: number): DueRow => ({
  id, code, materialName: '氮气', specification: '40L', status: 2, lastInspectionDate: '2022-01-01', nextInspectionDate: '2026-12-01',
  daysLeft, place: 'warehouse', warehouseId: 1, warehouseName: '空瓶库', locationName: null,
});
const bodyOf = (c: InternalAxiosRequestConfig) => JSON.parse(c.data as string) as Record<string, unknown>;
const SCREEN_LOAD = { timeout: 15_000 };

function serve(recordAnswer: { id: number; nextDate: string | null } = { id: 9, nextDate: '2031-11-21' }) {
  const adapter = fakeAdapter((c) => {
    if (c.url === '/detect/listPage') return ok({ list: [due(1, 'DUE001', 12), due(2, 'LATE01', -5)], total: 2 });
    if (c.url === '/detect/record') return ok(recordAnswer);
    if (c.url === '/detect/history') return ok({ list: [{ id: 3, cylinderId: 2, code: 'LATE01', inspectedOn: '2021-06-01', result: 1, nextDate: '2026-06-01', agency: '市特检院', reportNo: 'R-77', remark: null, operator: '管理员', createdAt: '2021-06-01T00:00:00Z' }], total: 1 });
    return ok(null);
  });
  http.setAdapter(adapter);
  return adapter;
}

async function record(result: '合格' | '不合格') {
  await userEvent.click(screen.getAllByRole('button', { name: '登记检验' })[1]!);
  const dialog = await screen.findByRole('dialog');
  await userEvent.click(within(dialog).getByRole('radio', { name: result }));
  await userEvent.type(within(dialog).getByLabelText(/检验员/), '张工');
  await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
}

describe('定期检验', { timeout: 60_000 }, () => {
  it('lists cylinders due within 30 days by default and highlights the overdue ones', async () => {
    storeSession();
    const adapter = serve();
    renderScreen('/product/detect');
    expect(await screen.findByText('LATE01', undefined, SCREEN_LOAD)).toBeInTheDocument();
    expect(bodyOf(adapter.calls.find((c) => c.url === '/detect/listPage')!)).toMatchObject({ page: 1, days: 30 });
    expect(screen.getByText('已超期 5 天')).toHaveAttribute('data-overdue', 'true');
    expect(screen.getByText('12 天后到期')).not.toHaveAttribute('data-overdue');

    await userEvent.clear(screen.getByLabelText(/到期天数/));
    await userEvent.type(screen.getByLabelText(/到期天数/), '90');
    await userEvent.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() => expect(bodyOf(adapter.calls.filter((c) => c.url === '/detect/listPage').at(-1)!)).toMatchObject({ days: 90 }));
  });

  it('records a pass and shows the next date the server answered', async () => {
    storeSession();
    const adapter = serve();
    renderScreen('/product/detect');
    await screen.findByText('LATE01', undefined, SCREEN_LOAD);
    await record('合格');
    await waitFor(() => expect(adapter.calls.some((c) => c.url === '/detect/record')).toBe(true));
    expect(bodyOf(adapter.calls.find((c) => c.url === '/detect/record')!)).toMatchObject({ cylinderId: 2, result: 1, agency: '张工', inspectedOn: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    expect(await screen.findByText('气瓶 LATE01 检验合格，下次检验日期：2031-11-21', undefined, { timeout: 3000 })).toBeInTheDocument();
  });

  it('records a fail only with report number and reason, after confirming the scrap, and says the cylinder was scrapped', async () => {
    storeSession();
    const adapter = serve({ id: 10, nextDate: null });
    renderScreen('/product/detect');
    await screen.findByText('LATE01', undefined, SCREEN_LOAD);
    await record('不合格');
    // 不合格 scraps for good: the report number and the reason are required, nothing is sent without them.
    const dialog = screen.getByRole('dialog');
    expect(await within(dialog).findByText('请输入报告编号')).toBeInTheDocument();
    expect(within(dialog).getByText('请输入不合格原因')).toBeInTheDocument();
    expect(within(dialog).getByText(/将被永久报废/)).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText(/^报告编号/), 'R-2026-9');
    await userEvent.type(within(dialog).getByLabelText(/^不合格原因/), '壁厚不足');
    await waitFor(() => expect(within(dialog).getByRole('button', { name: '保存' })).toBeEnabled(), { timeout: 3000 });
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    const confirmation = await screen.findByRole('dialog', { name: '确认报废' });
    expect(confirmation).toHaveTextContent('气瓶 LATE01 检验不合格，将被永久报废（报告编号 R-2026-9）');
    expect(adapter.calls.some((c) => c.url === '/detect/record')).toBe(false);
    await userEvent.click(within(confirmation).getByRole('button', { name: '确定报废' }));
    expect(await screen.findByText('气瓶 LATE01 检验不合格，已报废', undefined, { timeout: 3000 })).toBeInTheDocument();
    expect(bodyOf(adapter.calls.find((c) => c.url === '/detect/record')!)).toMatchObject({ cylinderId: 2, result: 0, reportNo: 'R-2026-9', failReason: '壁厚不足' });
  });

  it('shows the inspection history of one cylinder', async () => {
    storeSession();
    const adapter = serve();
    renderScreen('/product/detect');
    await screen.findByText('LATE01', undefined, SCREEN_LOAD);
    await userEvent.click(screen.getAllByRole('button', { name: '检验记录' })[1]!);
    expect(await screen.findByText('R-77')).toBeInTheDocument();
    expect(bodyOf(adapter.calls.find((c) => c.url === '/detect/history')!)).toMatchObject({ cylinderId: 2 });
  });

  it('hides 登记检验 from a user without detect:record', async () => {
    storeSession({ ...adminNav(), promise: ['home:view', 'detect:view'] }, '查看员');
    serve();
    renderScreen('/product/detect');
    await screen.findByText('LATE01', undefined, SCREEN_LOAD);
    expect(screen.queryByRole('button', { name: '登记检验' })).not.toBeInTheDocument();
  });
});
