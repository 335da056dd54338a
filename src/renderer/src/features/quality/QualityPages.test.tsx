import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DeliveryCount, RecallRow, RecallSummary } from '@shared/api/quality';
import { http } from '@renderer/http/client';
import { clearToasts } from '@renderer/notify/toast';
import { fakeAdapter, ok } from '@renderer/test/fakeAdapter';
import { renderScreen, storeSession } from '@renderer/test/renderApp';
import { recallQuery } from './RecallPage';

const SCREEN_LOAD = { timeout: 15_000 };
const COUNT: DeliveryCount = {
  delivered: 7, recovered: 2, customers: 2,
  byCustomer: [{ id: 1, name: '甲医院', delivered: 5, recovered: 2 }, { id: 2, name: '乙工厂', delivered: 2, recovered: 0 }],
  byPeriod: [{ period: '2026-11-20', delivered: 7, recovered: 2 }],
};
const SUMMARY: RecallSummary = {
  lotNo: 'LOT-9', fills: 3, cylinders: 3, refilled: 0, byStatus: [{ status: 7, n: 1 }, { status: 9, n: 2 }],
  byCustomer: [{ id: 1, name: '甲医院', contact: '张三', phone: '13800000001', n: 2, since: '2026-11-20 10:00:00' }],
};
const ROW: RecallRow = {
  fillId: 11, cylinderId: 5, code: 'QP0001', status: 9, filledAt: '2026-11-19 08:00:00', lotNo: 'LOT-9', customerId: 1, customerName: '甲医院',
  contact: '张三', phone: '13800000001', orderNo: 'CK20261120-000001', since: '2026-11-20 10:00:00',
};

function serve(count: DeliveryCount = COUNT) {
  const adapter = fakeAdapter((c) => {
    if (c.url === '/qualityCenter/deliveryCount') return ok(count);
    if (c.url === '/qualityCenter/deliveryDetailList' || c.url === '/qualityCenter/recallList') {
      return ok(c.url === '/qualityCenter/recallList' ? { list: [ROW], total: 1 } : { list: [], total: 0 });
    }
    if (c.url === '/qualityCenter/recall') return ok(SUMMARY);
    if (c.url === '/qualityCenter/recallNotify') {
      // The first 通知 reaches two users; the same recall again reaches nobody new.
      const first = adapter.calls.filter((x) => x.url === '/qualityCenter/recallNotify').length === 1;
      return ok(first ? { recipients: 2, messages: 2, alreadyNotified: 0, notifiedAt: null } : { recipients: 0, messages: 0, alreadyNotified: 2, notifiedAt: '2026-11-20 10:05:00' });
    }
    return ok([]);
  });
  http.setAdapter(adapter);
  return adapter;
}
const bodies = (adapter: ReturnType<typeof serve>, url: string) => adapter.calls.filter((c) => c.url === url).map((c) => JSON.parse(c.data as string));

afterEach(() => (http.setAdapter(undefined), clearToasts()));

describe('质量中心', { timeout: 30_000 }, () => {
  it('客户质量 shows the totals of the last 30 days, 暂无数据 for an empty detail, and queries the period chosen', async () => {
    storeSession();
    const adapter = serve();
    renderScreen('/quality/customer');
    expect(await screen.findByTestId('quality-delivered', undefined, SCREEN_LOAD)).toHaveTextContent('7');
    expect(screen.getByTestId('quality-recovered')).toHaveTextContent('2');
    expect(screen.getByRole('button', { name: '导出' })).toBeInTheDocument();
    const first = bodies(adapter, '/qualityCenter/deliveryCount')[0];
    expect(first).toMatchObject({ bucket: 'day' });
    expect((Date.parse(first.to) - Date.parse(first.from)) / 86_400_000).toBe(29);
    expect(await screen.findAllByText('暂无数据')).not.toHaveLength(0);
    // The first of the start's month, chosen on the picker's calendar.
    const start = screen.getByRole('group', { name: '开始日期' });
    await userEvent.click(within(start.parentElement!).getByRole('button'));
    await userEvent.click(await screen.findByRole('gridcell', { name: '1' }));
    const ok = screen.queryByRole('button', { name: '确定' });
    if (ok) await userEvent.click(ok);
    await userEvent.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() => expect(bodies(adapter, '/qualityCenter/deliveryCount').at(-1)).toMatchObject({ from: `${first.from.slice(0, 8)}01`, to: first.to }));
  });

  it('客户质量 without the export key shows no 导出', async () => {
    const nav = { menuList: [], promise: ['qualityCustomer:view'] };
    storeSession(nav);
    serve();
    renderScreen('/quality/customer');
    await screen.findByTestId('quality-delivered', undefined, SCREEN_LOAD);
    expect(screen.queryByRole('button', { name: '导出' })).toBeNull();
  });

  it('追溯召回 of a lot: the summary by status and by customer, and the cylinders', async () => {
    storeSession();
    const adapter = serve();
    renderScreen('/quality/recall');
    expect(await screen.findByText('选择召回方式并查询', undefined, SCREEN_LOAD)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('充装批号'), ' LOT-9 ');
    await userEvent.click(screen.getByRole('button', { name: '召回查询' }));
    expect(await screen.findByTestId('recall-cylinders')).toHaveTextContent('3');
    expect(bodies(adapter, '/qualityCenter/recall')[0]).toEqual({ lotNo: 'LOT-9' });
    expect(screen.getByText('已出库：2')).toBeInTheDocument();
    const holders = screen.getByRole('table', { name: '持有客户' });
    expect(within(holders).getByText('张三')).toBeInTheDocument();
    expect(await screen.findByText('CK20261120-000001')).toBeInTheDocument();
  });

  it('通知 asks for the reason, then sends the recall and says how many users were told', async () => {
    storeSession();
    const adapter = serve();
    renderScreen('/quality/recall');
    await userEvent.type(await screen.findByLabelText('充装批号', undefined, SCREEN_LOAD), 'LOT-9');
    await userEvent.click(screen.getByRole('button', { name: '召回查询' }));
    await userEvent.click(await screen.findByRole('button', { name: '通知' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: '通知' }));
    expect(await within(dialog).findByText('请输入召回原因')).toBeInTheDocument();
    expect(bodies(adapter, '/qualityCenter/recallNotify')).toEqual([]);
    await userEvent.type(within(dialog).getByLabelText(/召回原因/), '阀门缺陷');
    // The submit button stays busy for its minimum second after the refused try.
    await waitFor(() => expect(within(dialog).getByRole('button', { name: '通知' })).toBeEnabled(), { timeout: 3000 });
    await userEvent.click(within(dialog).getByRole('button', { name: '通知' }));
    expect(await screen.findByText('已通知 2 位用户')).toBeInTheDocument();
    expect(bodies(adapter, '/qualityCenter/recallNotify')).toEqual([{ lotNo: 'LOT-9', reason: '阀门缺陷' }]);

    // 通知 again: the server sent nothing, and the screen says who had it and when.
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: '通知' }));
    const again = await screen.findByRole('dialog');
    await userEvent.type(within(again).getByLabelText(/召回原因/), '阀门缺陷');
    await userEvent.click(within(again).getByRole('button', { name: '通知' }));
    expect(await screen.findByText('该召回已于 2026-11-20 10:05:00 通知过这 2 位用户，未重复发送')).toBeInTheDocument();
  });

  it('takes its dates with the date pickers of every other screen (YYYY-MM-DD), not the browser\'s own inputs', async () => {
    storeSession();
    serve();
    const shown = (label: string) => screen.getByRole('group', { name: label }).querySelector('.MuiPickersSectionList-root')?.textContent?.replace(/[\u2066-\u2069]/g, '');
    const { unmount } = renderScreen('/quality/customer');
    await waitFor(() => expect(screen.getByRole('group', { name: '开始日期' })).toBeInTheDocument(), SCREEN_LOAD);
    expect(shown('结束日期')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(document.querySelector('input[type="date"], input[type="datetime-local"]')).toBeNull();
    unmount();
    renderScreen('/quality/recall');
    await userEvent.click(await screen.findByRole('tab', { name: '按介质和充装时间' }, SCREEN_LOAD));
    expect(screen.getByRole('group', { name: '开始时间' })).toBeInTheDocument();
    expect(document.querySelector('input[type="date"], input[type="datetime-local"]')).toBeNull();
  });

  it('recallQuery: one way of choosing, datetimes as the server reads them', () => {
    const v = { lotNo: '', materialId: '4', from: '2026-11-01T08:00', to: '2026-11-02T08:30', code: ' QP1 ' };
    expect(recallQuery('window', v)).toEqual({ materialId: 4, from: '2026-11-01 08:00:00', to: '2026-11-02 08:30:00' });
    expect(recallQuery('cylinder', v)).toEqual({ code: 'QP1' });
  });
});
