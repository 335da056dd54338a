import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InternalAxiosRequestConfig } from 'axios';
import type { AtCustomers, FillsByDay, PassRates, StatusesNow } from '@shared/api/dashboard';
import { http } from '@renderer/http/client';
import { deferred, fakeAdapter, ok, type FakeReply } from '@renderer/test/fakeAdapter';
import { adminNav, renderScreen, storeSession } from '@renderer/test/renderApp';
import { bucketRange, periodRange } from './links';

afterEach(() => http.setAdapter(undefined));
const LOAD = { timeout: 15_000 };

const fills: FillsByDay = { buckets: ['2026-11-24', '2026-11-25'], series: [{ materialId: 1, materialName: '氮气', values: [3, 4] }], total: 7 };
const statuses: StatusesNow = {
  statuses: [{ status: 2, count: 10 }, { status: 9, count: 4 }],
  attention: { due: 5, overdue: 2, analyze: 1, openOutbound: 3, dueDays: 30 },
};
const customers: AtCustomers = { total: 4, longOut: 1, longOutDays: 90, top: [{ customerId: 7, customerName: '甲客户', count: 4 }] };
const rates: PassRates = { buckets: ['2026-11-25'], points: [{ testPass: 9, testFail: 1, reweighPass: 0, reweighFail: 0 }], testRate: 90, reweighRate: null };

function serve(answers: Record<string, () => FakeReply | Promise<FakeReply>> = {}) {
  const adapter = fakeAdapter((c: InternalAxiosRequestConfig) => {
    const url = c.url ?? '';
    if (answers[url]) return answers[url]();
    if (url === '/homePage/totalOutput') return ok(fills);
    if (url === '/homePage/specTypeCount') return ok({ rows: [] });
    if (url === '/homePage/storageOutput') return ok({ rows: [] });
    if (url === '/homePage/getCustomerCount') return ok(customers);
    if (url === '/homePage/canUserOutput') return ok(statuses);
    if (url === '/homePage/passRateOutput') return ok(rates);
    if (url.startsWith('/file/')) return ok({ list: [], total: 0 });
    if (url.endsWith('/listPage')) return ok({ list: [], total: 0 });
    return ok(null);
  });
  http.setAdapter(adapter);
  return adapter;
}

/** The administrator's navigation without some keys. */
function navWithout(...keys: string[]) {
  const nav = adminNav();
  return { ...nav, promise: nav.promise.filter((k) => !keys.includes(k)) };
}

describe('首页 数据看板', { timeout: 60_000 }, () => {
  it('shows each card with its figures, the empty ones as 暂无数据, and keeps 常用文件', async () => {
    storeSession();
    serve();
    renderScreen('/main/home');
    expect(await screen.findByTestId('fills-total', undefined, LOAD)).toHaveTextContent('共 7 瓶');
    expect(await screen.findByTestId('test-rate')).toHaveTextContent('检验合格率 90%');
    expect(within(screen.getByTestId('card-output')).getByText('暂无数据')).toBeInTheDocument();
    expect(within(screen.getByTestId('card-stock')).getByText('暂无数据')).toBeInTheDocument();
    expect(await screen.findByTestId('fig-overdue')).toHaveAttribute('href', '/product/detect?days=30&overdueOnly=1');
    expect(screen.getByTestId('fig-due')).toHaveAttribute('href', '/product/detect?days=30');
    expect(screen.getByTestId('fig-analyze')).toHaveAttribute('href', '/product/product?status=1');
    expect(screen.getByTestId('fig-open-outbound')).toHaveAttribute('href', '/storage/outbound?status=0');
    expect(screen.getByTestId('fig-long-out')).toHaveAttribute('href', '/storage/query?part=holdings&overdue=1');
    expect(screen.getByTestId('fig-long-out')).toHaveTextContent('超过 90 天未回');
    expect(await screen.findByText('常用文件')).toBeInTheDocument();
  });

  it('asks again for the period chosen', async () => {
    storeSession();
    const adapter = serve();
    renderScreen('/main/home');
    await screen.findByTestId('fills-total', undefined, LOAD);
    await userEvent.click(screen.getByRole('button', { name: '近12个月' }));
    await waitFor(() => expect(adapter.calls.some((c) => c.url === '/homePage/totalOutput' && (c.params as { period?: string }).period === '12m')).toBe(true));
  });

  it('shows a card loading, then failed with the message and 重试', async () => {
    storeSession();
    const late = deferred<FakeReply>();
    serve({ '/homePage/totalOutput': () => late.promise, '/homePage/canUserOutput': () => ({ data: { code: -1, msg: '数据库繁忙', data: null } }) });
    renderScreen('/main/home');
    const fillsCard = await screen.findByTestId('card-fills', undefined, LOAD);
    expect(within(fillsCard).getByText('加载中…')).toBeInTheDocument();
    late.resolve(ok({ buckets: [], series: [], total: 0 }));
    expect(await within(fillsCard).findByText('暂无数据')).toBeInTheDocument();
    const attention = screen.getByTestId('card-attention');
    expect(await within(attention).findByText(/加载失败：数据库繁忙/)).toBeInTheDocument();
    expect(within(attention).getByRole('button', { name: '重试' })).toBeInTheDocument();
  });

  it('shows no pass-rate card to a user without 出厂质量, and never asks for it', async () => {
    storeSession(navWithout('qualityFactory:view', 'qualityCustomer:view'));
    const adapter = serve();
    renderScreen('/main/home');
    await screen.findByTestId('fills-total', undefined, LOAD);
    expect(screen.queryByTestId('card-pass-rate')).not.toBeInTheDocument();
    expect(adapter.calls.some((c) => c.url === '/homePage/passRateOutput')).toBe(false);
  });

  it('a figure opens its list with the filter applied', async () => {
    storeSession();
    const adapter = serve();
    renderScreen('/main/home');
    await userEvent.click(await screen.findByTestId('fig-overdue', undefined, LOAD));
    await waitFor(() => {
      const last = adapter.calls.filter((c) => c.url === '/detect/listPage').at(-1);
      expect(last && JSON.parse(last.data as string)).toMatchObject({ days: 30, overdueOnly: true });
    }, LOAD);
  });
});

describe('dashboard links', () => {
  it('turns a month bucket into its days, and a period into its first and last day', () => {
    expect(bucketRange('2026-02')).toEqual(['2026-02-01', '2026-02-28']);
    expect(bucketRange('2026-11-25')).toEqual(['2026-11-25', '2026-11-25']);
    const now = new Date(2026, 10, 25);
    expect(periodRange('7d', now)).toEqual(['2026-11-19', '2026-11-25']);
    expect(periodRange('12m', now)).toEqual(['2025-12-01', '2026-11-25']);
    expect(periodRange('today', now)).toEqual(['2026-11-25', '2026-11-25']);
  });
});
