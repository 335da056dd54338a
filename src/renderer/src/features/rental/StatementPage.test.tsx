import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RentalRun, StatementDetail, StatementRow } from '@shared/api/rental';
import { http } from '@renderer/http/client';
import { clearToasts, getToasts } from '@renderer/notify/toast';
import { fakeAdapter, ok } from '@renderer/test/fakeAdapter';
import { renderScreen, storeSession } from '@renderer/test/renderApp';

const TOTALS = { rentalCents: 2000, minimumTopUpCents: 0, depositTakenCents: 10000, depositRefundedCents: 10000, depositBalanceCents: 0, totalCents: 2000 };
const DETAIL: StatementDetail = {
  id: 5, statementNo: 'DZ202610-0001', customerId: 7, customerName: '甲客户', month: '2026-10', issuedAt: '2026-11-02 09:00:00', issuedBy: '管理员',
  lines: [{
    cylinderId: 11, code: 'R-A1', materialName: '氮气', specification: '40L', deliveredAt: '2026-10-03 10:00:00', deliveredTraceId: 101, deliveredStopId: null,
    returnedAt: '2026-10-20 09:00:00', returnedTraceId: 102, method: 'daily', daysHeld: 17, freeDays: 7, daysCharged: 10, rateCents: 200, amountCents: 2000,
    capped: false, exempt: null,
  }],
  balances: [],
  deposits: [
    { cylinderId: 11, code: 'R-A1', kind: 'taken', at: '2026-10-03 10:00:00', traceId: 101, amountCents: 10000 },
    { cylinderId: 11, code: 'R-A1', kind: 'refunded', at: '2026-10-20 09:00:00', traceId: 102, amountCents: 10000 },
  ],
  notes: [],
  dueCents: 2000,
  ...TOTALS,
};
const ROW: StatementRow = {
  id: 5, statementNo: 'DZ202610-0001', customerId: 7, customerName: '甲客户', month: '2026-10', cylinders: 1, notesCents: 0, dueCents: 2000,
  issuedAt: '2026-11-02 09:00:00', issuedBy: '管理员', ...TOTALS,
};
const PREVIEW: StatementDetail = { ...DETAIL, id: null, statementNo: null, customerId: 8, customerName: '乙客户', issuedAt: null, issuedBy: null };
const run = (r: Partial<RentalRun>): RentalRun => ({
  id: 1, month: '2026-10', status: 'done', total: 10, done: 10, skipped: 0, error: null, startedAt: '2026-11-02 09:00:00', startedBy: '管理员', finishedAt: null, ...r,
});

function serve() {
  let noted = false;
  const adapter = fakeAdapter((c) => {
    if (c.url === '/rental/statement/listPage') return ok({ list: [ROW], total: 1 });
    if (c.url === '/rental/statement/info/5') {
      return ok(noted ? {
        ...DETAIL, dueCents: 750,
        notes: [{ id: 1, noteNo: 'TZ202611-0001', kind: 'credit', amountCents: 1250, reason: '返还多收', createdAt: '2026-11-03 10:00:00', createdBy: '管理员' }],
      } : DETAIL);
    }
    if (c.url === '/rental/statement/info/6') return ok({ ...PREVIEW, id: 6, statementNo: 'DZ202610-0002', issuedAt: '2026-11-28 10:00:00', issuedBy: '管理员' });
    if (c.url === '/rental/statement/preview') return ok(PREVIEW);
    if (c.url === '/rental/statement/issue') return ok({ id: 6 });
    if (c.url === '/rental/statement/note') {
      noted = true;
      return ok({ id: 1 });
    }
    if (c.url === '/rental/run/list') return ok([run({ id: 2, month: '2026-10', status: 'failed', done: 3, error: '进程中断' }), run({ id: 1, month: '2026-09' })]);
    if (c.url === '/rental/run/resume') return ok(null);
    if (c.url === '/rental/run/start') return ok({ id: 3 });
    if (c.url === '/rental/deposit/listPage') return ok({ list: [{ customerId: 7, customerName: '甲客户', cylinders: 12, balanceCents: 120000 }], total: 1 });
    if (c.url === '/enterprise/list') return ok([{ id: 7, type: '2', enterpriseName: '甲客户', enterpriseCode: 'KH007' }, { id: 8, type: '2', enterpriseName: '乙客户', enterpriseCode: 'KH008' }]);
    return ok([]);
  });
  http.setAdapter(adapter);
  return adapter;
}
const bodies = (adapter: ReturnType<typeof serve>, url: string) => adapter.calls.filter((c) => c.url === url).map((c) => JSON.parse(c.data as string));
const toasts = () => getToasts().map((m) => m.message);
const SCREEN_LOAD = { timeout: 15_000 };
afterEach(() => (http.setAdapter(undefined), clearToasts()));

async function press(scope: HTMLElement, name: string) {
  const button = within(scope).getByRole('button', { name });
  await waitFor(() => expect(button).toBeEnabled());
  await userEvent.click(button);
}
/** Types a month into a month picker (year then month), found by its label. */
async function typeMonth(scope: HTMLElement, label: string, month: string) {
  const group = within(scope).getAllByRole('group', { name: label }).at(-1)!;
  await userEvent.click(within(group).getAllByRole('spinbutton')[0]!);
  await userEvent.keyboard(month.replace(/-/g, ''));
}

describe('月结对账单 /rental/statement', { timeout: 40_000 }, () => {
  it('opens an issued statement: days and amounts, links to the trace, and a credit note in exact cents', async () => {
    storeSession();
    const adapter = serve();
    const { router } = renderScreen('/rental/statement');
    const row = (await screen.findByText('DZ202610-0001', undefined, SCREEN_LOAD)).closest('[role="row"]') as HTMLElement;
    expect(row).toHaveTextContent('20.00');
    await userEvent.click(within(row).getByRole('button', { name: '详情' }));
    const dialog = await screen.findByRole('dialog', { name: '月结对账单 DZ202610-0001' });
    const totals = await within(dialog).findByTestId('statement-totals');
    expect(totals).toHaveTextContent('租金：20.00');
    expect(totals).toHaveTextContent('收取押金：100.00');
    expect(totals).toHaveTextContent('应收：20.00');
    const line = (await within(dialog).findByRole('button', { name: 'R-A1' })).closest('[role="row"]') as HTMLElement;
    expect(line).toHaveTextContent('2026-10-03 10:00:00');
    expect(line).toHaveTextContent('17');
    expect(within(dialog).getByRole('button', { name: '导出 PDF' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: '出具' })).toBeNull();

    await userEvent.click(within(dialog).getByRole('button', { name: '开具调整单' }));
    const note = await screen.findByRole('dialog', { name: '开具调整单：DZ202610-0001' });
    await userEvent.click(within(note).getByRole('radio', { name: '贷项（减少应收）' }));
    await userEvent.type(within(note).getByRole('textbox', { name: /金额/ }), '12.5');
    await userEvent.type(within(note).getByRole('textbox', { name: /原因/ }), '返还多收');
    await press(note, '确定');
    await waitFor(() => expect(bodies(adapter, '/rental/statement/note')).toEqual([{ statementId: 5, kind: 'credit', amountCents: 1250, reason: '返还多收' }]));
    await waitFor(() => expect(within(dialog).getByTestId('statement-totals')).toHaveTextContent('应收：7.50'));
    expect(within(dialog).getByRole('tab', { name: '调整单 1' })).toBeInTheDocument();

    // The return links to its trace event.
    await userEvent.click(within(dialog).getByRole('button', { name: '2026-10-20 09:00:00' }));
    await waitFor(() => expect(router.state.location.pathname + router.state.location.search).toBe('/produce/traceability?code=R-A1&event=102'));
  });

  it('previews a customer\'s month and issues it after confirmation, then shows the issued statement', async () => {
    storeSession();
    const adapter = serve();
    renderScreen('/rental/statement');
    await screen.findByText('DZ202610-0001', undefined, SCREEN_LOAD);
    await userEvent.click(screen.getByRole('button', { name: '预览 / 出具' }));
    const form = await screen.findByRole('dialog', { name: '对账单预览' });
    await userEvent.click(within(form).getByRole('combobox', { name: /客户/ }));
    await userEvent.click(await screen.findByRole('option', { name: '乙客户（KH008）' }));
    await typeMonth(form, '月份', '2026-10');
    await press(form, '预览');
    const preview = await screen.findByRole('dialog', { name: '对账单预览：乙客户 2026-10' });
    expect(within(preview).getByText(/预览：尚未出具/)).toBeInTheDocument();
    expect(bodies(adapter, '/rental/statement/preview')).toEqual([{ customerId: 8, month: '2026-10' }]);
    expect(within(preview).queryByRole('button', { name: '导出 PDF' })).toBeNull();

    await userEvent.click(within(preview).getByRole('button', { name: '出具' }));
    const ask = await screen.findByRole('dialog', { name: '出具' });
    expect(ask).toHaveTextContent('出具客户「乙客户」2026-10 的对账单？出具后锁定，更正只能开具调整单。');
    await press(ask, '确定');
    await waitFor(() => expect(bodies(adapter, '/rental/statement/issue')).toEqual([{ customerId: 8, month: '2026-10' }]));
    expect(await screen.findByRole('dialog', { name: '月结对账单 DZ202610-0002' })).toBeInTheDocument();
    expect(toasts()).toContain('已出具客户「乙客户」2026-10 的对账单');
  });

  it('shows the month runs with their progress, resumes an interrupted one, starts a month, and lists deposits', async () => {
    storeSession();
    const adapter = serve();
    renderScreen('/rental/statement');
    await userEvent.click(await screen.findByRole('tab', { name: '月结' }, SCREEN_LOAD));
    const cut = await screen.findByTestId('run-2');
    expect(cut).toHaveTextContent('已中断');
    expect(cut).toHaveTextContent('3 / 10');
    expect(cut).toHaveTextContent('进程中断');
    expect(within(screen.getByTestId('run-1')).queryByRole('button', { name: '续跑' })).toBeNull();
    await userEvent.click(within(cut).getByRole('button', { name: '续跑' }));
    await waitFor(() => expect(bodies(adapter, '/rental/run/resume')).toEqual([{ id: 2 }]));

    await userEvent.click(screen.getByRole('button', { name: '开始月结' }));
    const start = await screen.findByRole('dialog', { name: '开始月结' });
    expect(start).toHaveTextContent('为该月全部有持瓶记录的客户出具对账单；已出具的客户跳过，出具后锁定。');
    await typeMonth(start, '月结月份', '2026-11');
    await press(start, '开始月结');
    await waitFor(() => expect(bodies(adapter, '/rental/run/start')).toEqual([{ month: '2026-11' }]));
    expect(toasts()).toContain('2026-11 月结已开始');

    await userEvent.click(screen.getByRole('tab', { name: '押金余额' }));
    const deposit = (await screen.findByText('甲客户')).closest('[role="row"]') as HTMLElement;
    expect(deposit).toHaveTextContent('1200.00');
    expect(deposit).toHaveTextContent('12');
  });
});
