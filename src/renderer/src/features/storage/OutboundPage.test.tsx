import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OutOrderInfo, ScanOutResult } from '@shared/api/storage';
import { SUBMIT_LOADING_MS } from '@renderer/components/AppDialog';
import { OK_TONE, REFUSED_TONE, resetBeepForTests } from '@renderer/components/ScanInput/beep';
import { http } from '@renderer/http/client';
import { ok } from '@renderer/test/fakeAdapter';
import { renderScreen, storeSession } from '@renderer/test/renderApp';
import { stubAudio } from '@renderer/test/fakeAudio';
import { bodies, refusal, result, UUID } from '@renderer/stations/testData';
import { itemRow, line, orderRow, outOrder, serveStorage } from './testData';

const SCREEN_LOAD = { timeout: 15_000 };
const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const scanField = () => screen.getByPlaceholderText('请扫描气瓶条码');
const verdict = () => screen.getByTestId('verdict');
const progress = () => screen.getAllByTestId('line-progress').map((e) => e.textContent);
async function scan(code: string) {
  await userEvent.type(scanField(), `${code}{Enter}`);
}

/** An outbound order the fake server keeps: scans count on its first line, completion ships it. */
function serveOrder(start: OutOrderInfo = outOrder()) {
  let order = start;
  // Replaced, never changed in place: what the store got is frozen.
  let items: ReturnType<typeof itemRow>[] = [];
  const adapter = serveStorage((c) => {
    if (c.url === '/storageOrder/outStockListPage') return ok({ list: [orderRow({ ...order, lines: undefined } as never)], total: 1 });
    if (c.url === '/storageOrder/getOutOrderInfo') return ok(order);
    if (c.url === `/storageOrder/getOrderDetailList/${order.id}`) return ok(items);
    if (c.url === `/storageOrder/getSignInfo/${order.id}`) return ok(null);
    if (c.url === '/storageOrder/scanOutStock') {
      const { code } = JSON.parse(c.data as string) as { code: string };
      if (code === 'GP0102') return refusal(`出库单 ${order.orderNo} 的明细已扫满：「液化石油气 YSP-15」1/1，气瓶 GP0102 不能再扫入`);
      const lines = order.lines.map((l, i) => (i === 0 ? { ...l, scanned: l.scanned + 1 } : l));
      order = { ...order, lines, count: order.count + 1 };
      items = [...items, itemRow(items.length + 1, code, { status: 8, lineId: lines[0]!.id })];
      return ok({ ...result(code, 7, 8, `气瓶 ${code} 已扫入出库单 ${order.orderNo}`, { action: 'outboundScan' }), lines } satisfies ScanOutResult);
    }
    if (c.url === '/storageOrder/saveSignInfo') {
      order = { ...order, signed: true, signName: '王五', signedAt: '2026-03-01T09:00:00Z' };
      return ok(null);
    }
    if (c.url === '/storageOrder/outStock') {
      const body = JSON.parse(c.data as string) as { id?: number; complete?: boolean };
      if (body.complete) order = { ...order, status: 1, completedAt: '2026-03-01T09:00:00Z' };
      else order = { ...outOrder({ id: 42, orderNo: 'CK202603010002', lines: [line(61, 0, 3)] }) };
      return ok(order);
    }
    return undefined;
  });
  return adapter;
}

beforeEach(() => {
  // jsdom has no 2D canvas: the pad counts a stroke without drawing it, and the image comes from here.
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockReturnValue(PNG);
});
afterEach(() => {
  http.setAdapter(undefined);
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  resetBeepForTests();
});

describe('出库管理 /storage/outbound', { timeout: 60_000 }, () => {
  it('扫码 opens the order: a scan updates its line progress, a refusal is red and audible', async () => {
    const tones = stubAudio();
    storeSession();
    const adapter = serveOrder();
    renderScreen('/storage/outbound');
    expect(await screen.findByText('CK202603010001', undefined, SCREEN_LOAD)).toBeInTheDocument();
    expect(screen.getByText('出库待扫描')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '扫码' }));

    const header = await screen.findByTestId('out-order-header');
    expect(header).toHaveTextContent('CK202603010001');
    expect(header).toHaveTextContent('华东气体');
    // The escort chosen from the registers (issue 36) next to the vehicle and driver.
    expect(screen.getByText('押运员')).toBeInTheDocument();
    expect(screen.getByText('钱七')).toBeInTheDocument();
    expect(header).toHaveTextContent('浙A12345');
    expect(header).toHaveTextContent('李四');
    expect(progress()).toEqual(['0 / 10', '0 / 5']);

    await scan('GP0101');
    await waitFor(() => expect(verdict()).toHaveAttribute('data-kind', 'ok'));
    await waitFor(() => expect(progress()).toEqual(['1 / 10', '0 / 5']));
    expect(bodies(adapter, '/storageOrder/scanOutStock')).toEqual([{ orderId: 41, code: 'GP0101', scanId: expect.stringMatching(UUID) }]);
    expect(await screen.findByRole('cell', { name: 'GP0101' })).toBeInTheDocument();

    await scan('GP0102');
    await waitFor(() => expect(verdict()).toHaveAttribute('data-kind', 'refused'));
    const title = within(verdict()).getByTestId('verdict-title');
    expect(title).toHaveTextContent('明细已扫满');
    expect(getComputedStyle(title).color).toBe('rgb(211, 47, 47)');
    expect(progress()).toEqual(['1 / 10', '0 / 5']);
    expect(tones).toEqual([OK_TONE, REFUSED_TONE, REFUSED_TONE]);
  });

  it('确认出库 waits for the receiver name and a stroke, asks when lines are not full, then signs and completes', async () => {
    storeSession();
    const adapter = serveOrder(outOrder({ count: 1, lines: [line(51, 1, 10)] }));
    renderScreen('/storage/outbound');
    await userEvent.click(await screen.findByRole('button', { name: '扫码' }, SCREEN_LOAD));
    await userEvent.click(await screen.findByRole('button', { name: '完成出库' }));
    const dialog = await screen.findByRole('dialog', { name: '完成出库：CK202603010001' });
    const confirmOut = within(dialog).getByRole('button', { name: '确认出库' });
    expect(confirmOut).toBeDisabled();

    await userEvent.type(within(dialog).getByLabelText(/签收人/), '王五');
    expect(confirmOut).toBeDisabled();
    const pad = within(dialog).getByTestId('sign-pad');
    expect(pad).toHaveStyle({ touchAction: 'none' });
    fireEvent.pointerDown(pad, { pointerId: 1, button: 0, pointerType: 'pen', clientX: 10, clientY: 10 });
    fireEvent.pointerMove(pad, { pointerId: 1, pointerType: 'pen', clientX: 60, clientY: 40 });
    fireEvent.pointerUp(pad, { pointerId: 1, pointerType: 'pen' });
    expect(confirmOut).toBeEnabled();

    // 清除 takes the stroke away again.
    await userEvent.click(within(dialog).getByRole('button', { name: '清除' }));
    expect(confirmOut).toBeDisabled();
    fireEvent.pointerDown(pad, { pointerId: 2, button: 0, pointerType: 'touch', clientX: 20, clientY: 20 });
    fireEvent.pointerUp(pad, { pointerId: 2, pointerType: 'touch' });
    expect(confirmOut).toBeEnabled();

    await userEvent.click(confirmOut);
    const ask = await screen.findByRole('dialog', { name: '完成出库' });
    expect(ask).toHaveTextContent('明细未扫满，仍要完成出库吗？');
    expect(adapter.calls.some((c) => c.url === '/storageOrder/saveSignInfo')).toBe(false);
    await userEvent.click(within(ask).getByRole('button', { name: '完成出库' }));

    await waitFor(() => expect(bodies(adapter, '/storageOrder/outStock')).toEqual([{ id: 41, complete: true }]));
    const [sign] = bodies(adapter, '/storageOrder/saveSignInfo');
    expect(sign).toEqual({ id: 41, signName: '王五', image: PNG });
    expect(String(sign!.image)).toMatch(/^data:image\/png;base64,/);
    const signAt = adapter.calls.findIndex((c) => c.url === '/storageOrder/saveSignInfo');
    const shipAt = adapter.calls.findIndex((c) => c.url === '/storageOrder/outStock');
    expect(signAt).toBeLessThan(shipAt);
    expect(await screen.findByText('出库单 CK202603010001 已出库，共 1 瓶')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '完成出库：CK202603010001' })).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByTestId('out-order-header')).toHaveTextContent('出库完成'));
    expect(screen.queryByPlaceholderText('请扫描气瓶条码')).not.toBeInTheDocument();
  });

  it('新建出库单 needs a customer, puts it on a vehicle of the registers with a driver and an escort, sends the lines without an id, then opens the new order for scanning', async () => {
    storeSession();
    const adapter = serveOrder();
    renderScreen('/storage/outbound');
    await userEvent.click(await screen.findByRole('button', { name: '新建出库单' }, SCREEN_LOAD));
    const dialog = await screen.findByRole('dialog', { name: '新建出库单' });
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByText('请选择客户')).toBeInTheDocument();
    expect(within(dialog).getByText('请选择介质')).toBeInTheDocument();
    expect(adapter.calls.some((c) => c.url === '/storageOrder/outStock')).toBe(false);

    await userEvent.click(within(dialog).getByRole('combobox', { name: /出库类型/ }));
    await userEvent.click(await screen.findByRole('option', { name: '自提出库' }));
    await userEvent.click(within(dialog).getByRole('combobox', { name: /客户/ }));
    await userEvent.click(await screen.findByRole('option', { name: '西湖燃气（C002）' }));
    // The vehicle and its crew from the registers: an expired one says so; a vehicle needs a driver and an escort.
    await userEvent.click(within(dialog).getByRole('combobox', { name: /运输车辆/ }));
    expect(await screen.findByRole('option', { name: '浙B00001（已过期 2026-01-01）' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('option', { name: '浙A12345' }));
    await userEvent.click(within(dialog).getByRole('combobox', { name: /介质/ }));
    await userEvent.click(await screen.findByRole('option', { name: '液化石油气' }));
    await userEvent.type(within(dialog).getByLabelText('规格'), 'YSP-15');
    const quantity = within(dialog).getByLabelText(/数量/);
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '20');
    await userEvent.click(within(dialog).getByRole('button', { name: '添加明细' }));
    const lines = within(dialog).getAllByTestId('order-line');
    expect(lines).toHaveLength(2);
    await userEvent.click(within(lines[1]!).getByRole('combobox', { name: /介质/ }));
    await userEvent.click(await screen.findByRole('option', { name: '氮气' }));

    await waitFor(() => expect(within(dialog).getByRole('button', { name: '保存' })).toBeEnabled(), { timeout: 3000 });
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findAllByText('选择运输车辆后须选择驾驶员和押运员（危险货物运输须配备押运员）')).toHaveLength(2);
    expect(bodies(adapter, '/storageOrder/outStock')).toEqual([]);
    await userEvent.click(within(dialog).getByRole('combobox', { name: /驾驶员/ }));
    await userEvent.click(await screen.findByRole('option', { name: '赵六' }));
    await userEvent.click(within(dialog).getByRole('combobox', { name: /押运员/ }));
    await userEvent.click(await screen.findByRole('option', { name: '孙八（已过期 2026-02-01）' }));
    expect(within(dialog).getByText('已过期')).toBeInTheDocument();

    await waitFor(() => expect(within(dialog).getByRole('button', { name: '保存' })).toBeEnabled(), { timeout: 3000 });
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(bodies(adapter, '/storageOrder/outStock')).toEqual([{
      type: 'pickCk', customerId: 8, vehicleId: 11, driverId: 21, escortId: 32,
      lines: [{ materialId: 3, quantity: 20, specification: 'YSP-15' }, { materialId: 4, quantity: 1 }],
    }]));
    expect(await screen.findByTestId('out-order-no')).toHaveTextContent('CK202603010002');
    expect(screen.getByPlaceholderText('请扫描气瓶条码')).toBeInTheDocument();
  });

  it('新建出库单 with something typed: Esc asks 放弃未保存的内容？ first — 继续编辑 keeps what was typed, 放弃 closes; untouched it closes at once', async () => {
    storeSession();
    serveOrder();
    renderScreen('/storage/outbound');
    const open = async () => {
      await userEvent.click(await screen.findByRole('button', { name: '新建出库单' }, SCREEN_LOAD));
      return screen.findByRole('dialog', { name: '新建出库单' });
    };
    // Nothing typed: Esc closes it.
    await open();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '新建出库单' })).not.toBeInTheDocument());

    const dialog = await open();
    await userEvent.type(within(dialog).getByLabelText('备注'), '下午送达');
    await userEvent.keyboard('{Escape}');
    const ask = await screen.findByRole('dialog', { name: '放弃未保存的内容？' });
    await userEvent.click(within(ask).getByRole('button', { name: '继续编辑' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '放弃未保存的内容？' })).not.toBeInTheDocument());
    expect(within(screen.getByRole('dialog', { name: '新建出库单' })).getByLabelText('备注')).toHaveValue('下午送达');

    // 取消 asks too; 放弃 closes it.
    await userEvent.click(within(dialog).getByRole('button', { name: '取消' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: '放弃未保存的内容？' })).getByRole('button', { name: '放弃' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '新建出库单' })).not.toBeInTheDocument());
  });

  it('作废 an open order with no cylinder on it asks for the reason, then shows it 已作废', async () => {
    storeSession();
    let order = outOrder({ count: 0 });
    const adapter = serveStorage((c) => {
      if (c.url === '/storageOrder/outStockListPage') return ok({ list: [orderRow({ ...order, lines: undefined } as never)], total: 1 });
      if (c.url === '/storageOrder/cancel') {
        order = { ...order, status: 2, cancelledAt: '2026-03-01T09:00:00Z', cancelledBy: '管理员', cancelReason: '客户取消订单' };
        return ok(order);
      }
      return undefined;
    });
    renderScreen('/storage/outbound');
    await userEvent.click(await screen.findByRole('button', { name: '作废' }, SCREEN_LOAD));
    const ask = await screen.findByRole('dialog', { name: '作废出库单 CK202603010001' });
    // The reason is required.
    await userEvent.click(within(ask).getByRole('button', { name: '作废' }));
    expect(await within(ask).findByText(/请输入作废原因/)).toBeInTheDocument();
    expect(bodies(adapter, '/storageOrder/cancel')).toEqual([]);
    await userEvent.type(within(ask).getByLabelText(/作废原因/), '客户取消订单');
    // The refused click still leaves 作废 loading (disabled, pointer-events: none) for SUBMIT_LOADING_MS:
    // a person clicks again once it is enabled, and so does this test (clicking sooner was the flake).
    await waitFor(() => expect(within(ask).getByRole('button', { name: '作废' })).toBeEnabled(), { timeout: SUBMIT_LOADING_MS + 5000 });
    await userEvent.click(within(ask).getByRole('button', { name: '作废' }));
    await waitFor(() => expect(bodies(adapter, '/storageOrder/cancel')).toEqual([{ id: 41, reason: '客户取消订单' }]));
    expect(await screen.findByText('已作废')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '作废' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '扫码' })).not.toBeInTheDocument();
  });

  it('a shipped order shows its signature, prints its 质量证明书 into the preview drawer, records the print and shows the certificate data', async () => {
    storeSession();
    const done = outOrder({ status: 1, count: 1, lines: [line(51, 1, 1)], signed: true, signName: '王五', signedAt: '2026-03-01T09:00:00Z' });
    const adapter = serveStorage((c) => {
      if (c.url === '/storageOrder/outStockListPage') return ok({ list: [orderRow({ ...done, lines: undefined } as never)], total: 1 });
      if (c.url === '/storageOrder/getOutOrderInfo') return ok(done);
      if (c.url === '/storageOrder/getSignInfo/41') return ok({ signName: '王五', image: PNG, signedAt: '2026-03-01T09:00:00Z', signedBy: '管理员' });
      if (c.url === '/storageOrder/getMaterialTest') return ok([{ cylinderId: 101, code: 'GP0101', record: null }]);
      if (c.url === '/report/printReprot') {
        return { data: new Blob(['%PDF-1.7'], { type: 'application/pdf' }), headers: { 'content-type': 'application/pdf', 'content-disposition': "inline; filename*=UTF-8''qc.pdf" } };
      }
      return undefined;
    });
    URL.createObjectURL = vi.fn(() => 'blob:test/qc');
    URL.revokeObjectURL = vi.fn();
    renderScreen('/storage/outbound');
    expect(await screen.findByText('出库完成', undefined, SCREEN_LOAD)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '扫码' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '详情' }));
    expect(await screen.findByTestId('out-order-header')).toHaveTextContent('出库完成');
    expect(screen.queryByRole('button', { name: '完成出库' })).not.toBeInTheDocument();
    expect(progress()).toEqual(['1 / 1']);

    await userEvent.click(screen.getByRole('tab', { name: '签收信息' }));
    expect(await screen.findByRole('img', { name: '签名' })).toHaveAttribute('src', PNG);
    expect(screen.getByTestId('sign-info')).toHaveTextContent('王五');

    await userEvent.click(screen.getByRole('button', { name: '打印' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: '质量证明书' }));
    const drawer = await screen.findByRole('dialog', { name: `质量证明书 ${done.orderNo}` });
    expect(await within(drawer).findByTitle(`质量证明书 ${done.orderNo}`)).toHaveAttribute('src', 'blob:test/qc');
    expect(bodies(adapter, '/report/printReprot')).toEqual([{ reportKey: 'QUALITY_CERTIFICATE', orderId: 41 }]);
    await waitFor(() => expect(bodies(adapter, '/storageOrder/savePrintInfo')).toEqual([{ id: 41, documents: ['质量证明书'] }]));
    await userEvent.click(within(drawer).getByRole('button', { name: '关闭' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await userEvent.click(screen.getByRole('tab', { name: '质量证明书' }));
    expect(await screen.findByText('无检验记录')).toBeInTheDocument();
    expect(bodies(adapter, '/storageOrder/getMaterialTest')).toEqual([{ id: 41 }]);
  });
});
