import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TripManifest, TripReconciliation, TripRow } from '@shared/api/trip';
import { http } from '@renderer/http/client';
import { clearToasts } from '@renderer/notify/toast';
import { fakeAdapter, ok } from '@renderer/test/fakeAdapter';
import { renderScreen, storeSession } from '@renderer/test/renderApp';

const trip = (row: Partial<TripRow> & Pick<TripRow, 'id' | 'tripNo' | 'status'>): TripRow => ({
  vehicleId: 1, plate: '渝A12345', driverId: 2, driverName: '张司机', escortId: 3, escortName: '李押运', planDate: '2026-11-28',
  stopCount: 1, loaded: 2, delivered: 0, departedAt: null, closedAt: null, remark: null, createdAt: '2026-11-28 08:00:00', ...row,
});
const ROWS = [
  trip({ id: 1, tripNo: 'TC202611280001', status: 1, departedAt: '2026-11-28 09:00:00' }),
  trip({ id: 2, tripNo: 'TC202611280002', status: 0, plate: '渝B22222', loaded: 0 }),
];
const manifest = (row: TripRow): TripManifest => ({
  trip: row,
  stops: [{
    id: 11, seq: 1, customerId: 5, customerName: '重庆钢厂', address: null, contact: null, phone: null, status: 0,
    orderNos: ['CK001'], receiverName: null, provedAt: null, holdings: [],
  }],
  cylinders: [], pickups: [], at: '2026-11-28T09:00:00Z',
});
const reconciliation = (closed: boolean): TripReconciliation => ({
  tripId: 1, tripNo: 'TC202611280001', status: closed ? 2 : 1, loaded: 2, delivered: 0, unloaded: 0, onBoard: closed ? 0 : 2, missing: closed ? 2 : 0, foundByAudit: 0,
  pickedUp: 0, forced: 0,
  stops: [{ stopId: 11, seq: 1, customerName: '重庆钢厂', status: 0, loaded: 2, delivered: 0, differences: 0, pickedUp: 0, receiverName: null, provedAt: null, latitude: null, longitude: null, receiptToken: null }],
  cylinders: ['QP001', 'QP002'].map((code) => ({ code, customerName: '重庆钢厂', orderNo: 'CK001', outcome: closed ? 'missing' : 'onBoard', reason: null, settledAt: null })),
});
const PLANNED: TripManifest = {
  ...manifest(ROWS[1]!),
  stops: [
    { ...manifest(ROWS[1]!).stops[0]!, id: 11, seq: 1, orderNos: ['CK001'] },
    { ...manifest(ROWS[1]!).stops[0]!, id: 12, seq: 2, customerId: 6, customerName: '江北气站', orderNos: ['CK002'] },
  ],
};
const order = (id: number, orderNo: string, customerName: string) => ({
  id, orderNo, type: 'productCK', status: 0, warehouseId: null, warehouseName: null, customerId: id, customerName, vehicle: null, driver: null,
  vehicleId: null, driverId: null, escortId: null, escort: null, count: 0, quantity: 2, remark: null, operator: null, createdAt: '2026-11-28 08:00:00',
  completedAt: null, completedBy: null, signed: false, cancelledAt: null, cancelledBy: null, cancelReason: null,
});
const DEPART_REFUSED = '车次上的出库单尚未全部完成：CK001';
const ON_BOARD = '车上还有 2 个气瓶未交付或卸回：QP001、QP002';

function serve() {
  let closed = false;
  const adapter = fakeAdapter((c) => {
    const body = typeof c.data === 'string' ? JSON.parse(c.data) as Record<string, unknown> : {};
    if (c.url === '/trip/listPage') return ok({ list: ROWS, total: ROWS.length });
    if (c.url === '/trip/manifest/1') return ok(manifest(ROWS[0]!));
    if (c.url === '/trip/manifest/2') return ok(PLANNED);
    if (c.url === '/vehicle/options') return ok([{ id: 1, name: '渝A12345', expiry: '2027-01-01', expired: false }]);
    if (c.url === '/crew/options') {
      const kind = (c.params as { kind?: string } | undefined)?.kind;
      return ok(kind === 'escort' ? [{ id: 3, name: '李押运', expiry: '2027-01-01', expired: false }] : [{ id: 2, name: '张司机', expiry: '2027-01-01', expired: false }]);
    }
    if (c.url === '/trip/save') return ok({ id: 9 });
    if (c.url === '/storageOrder/outStockListPage') {
      const all = [order(21, 'CK001', '重庆钢厂'), order(22, 'CK002', '江北气站'), order(23, 'CK003', '南岸医院')];
      return ok({ list: body.orderNo ? all.filter((o) => o.orderNo === body.orderNo) : all, total: 3 });
    }
    if (c.url === '/trip/depart') return { data: { code: -1, msg: DEPART_REFUSED, data: null } };
    if (c.url === '/trip/reconcile/1') return ok(reconciliation(closed));
    if (c.url === '/trip/close') {
      if (!body.confirmMissing) return { data: { code: -1, msg: ON_BOARD, data: null } };
      closed = true;
      return ok(reconciliation(true));
    }
    if (c.url === '/wdwarehouse/getWareList') {
      return ok([{ id: 7, warehouseName: '成品一库', warehouseCode: 'CP1', kind: 'finished' }, { id: 8, warehouseName: '空瓶库', warehouseCode: 'KP', kind: 'empty' }]);
    }
    if (c.url === '/trip/unload') {
      return body.code === 'QP001'
        ? ok({ cylinderId: 1, code: 'QP001', action: 'tripUnload', fromStatus: 9, toStatus: 7, traceId: 1, recordId: null, repeated: false, message: '已卸回成品一库：QP001' })
        : { data: { code: -1, msg: '气瓶 QP999 不在本车次上', data: null } };
    }
    return ok(null);
  });
  http.setAdapter(adapter);
  return adapter;
}
const bodies = (adapter: ReturnType<typeof serve>, url: string) => adapter.calls.filter((c) => c.url === url).map((c) => JSON.parse(c.data as string));
const rowOf = (text: string) => screen.getByText(text).closest('[role="row"]') as HTMLElement;

afterEach(() => (http.setAdapter(undefined), clearToasts()));
const SCREEN_LOAD = { timeout: 15_000 };

describe('车次管理 /storage/trip', { timeout: 40_000 }, () => {
  it('lists the trips with their crew, status in words and loaded / delivered', async () => {
    storeSession();
    const adapter = serve();
    renderScreen('/storage/trip');
    expect(await screen.findByText('TC202611280001', undefined, SCREEN_LOAD)).toBeInTheDocument();
    const row = rowOf('TC202611280001');
    for (const text of ['渝A12345', '张司机', '李押运', '在途', '2 / 0']) expect(within(row).getByText(text)).toBeInTheDocument();
    expect(within(rowOf('TC202611280002')).getByText('计划中')).toBeInTheDocument();
    // 编辑 only while planned.
    expect(within(row).queryByRole('button', { name: '编辑' })).not.toBeInTheDocument();
    expect(within(rowOf('TC202611280002')).getByRole('button', { name: '编辑' })).toBeInTheDocument();
    expect(bodies(adapter, '/trip/listPage')[0]).toEqual({ page: 1, size: 15 });
  });

  it('closing with cylinders on board shows the refusal, asks 确认缺失并结束 and closes with confirmMissing', async () => {
    storeSession();
    const adapter = serve();
    renderScreen('/storage/trip');
    await screen.findByText('TC202611280001', undefined, SCREEN_LOAD);
    await userEvent.click(within(rowOf('TC202611280001')).getByRole('button', { name: '详情' }));
    await userEvent.click(await screen.findByRole('button', { name: '结束车次' }, SCREEN_LOAD));
    const ask = await screen.findByRole('dialog', { name: '结束车次' }, SCREEN_LOAD);
    await userEvent.click(within(ask).getByRole('button', { name: '结束车次' }));
    const again = await screen.findByRole('dialog', { name: '确认缺失并结束' }, SCREEN_LOAD);
    expect(within(again).getByText(new RegExp(ON_BOARD))).toBeInTheDocument();
    expect(bodies(adapter, '/trip/close')).toEqual([{ id: 1 }]);
    await userEvent.click(within(again).getByRole('button', { name: '确认缺失并结束' }));
    await waitFor(() => expect(bodies(adapter, '/trip/close')).toEqual([{ id: 1 }, { id: 1, confirmMissing: true }]), SCREEN_LOAD);
    await waitFor(() => expect(screen.getByTestId('total-missing')).toHaveTextContent('缺失：2'), SCREEN_LOAD);
  });

  it('回厂卸车: each scan is sent with a new scanId and its answer or refusal is listed', async () => {
    storeSession();
    const adapter = serve();
    renderScreen('/storage/trip');
    await screen.findByText('TC202611280001', undefined, SCREEN_LOAD);
    await userEvent.click(within(rowOf('TC202611280001')).getByRole('button', { name: '详情' }));
    await userEvent.click(await screen.findByRole('combobox', { name: /成品库/ }, SCREEN_LOAD));
    await userEvent.click(await screen.findByRole('option', { name: '成品一库' }, SCREEN_LOAD));
    const scan = screen.getByLabelText('扫描卸回的气瓶');
    await userEvent.type(scan, 'QP001{Enter}');
    const results = screen.getByRole('list', { name: '卸车结果' });
    expect(await within(results).findByText('已卸回成品一库：QP001')).toBeInTheDocument();
    await userEvent.type(scan, 'QP999{Enter}');
    expect(await within(results).findByText('气瓶 QP999 不在本车次上')).toBeInTheDocument();
    const sent = bodies(adapter, '/trip/unload');
    expect(sent).toEqual([
      { tripId: 1, code: 'QP001', warehouseId: 7, scanId: expect.any(String) },
      { tripId: 1, code: 'QP999', warehouseId: 7, scanId: expect.any(String) },
    ]);
    expect(sent[0].scanId).not.toBe(sent[1].scanId);
  });

  it('新增 sends the vehicle and crew chosen, planned for today', async () => {
    storeSession();
    const adapter = serve();
    renderScreen('/storage/trip');
    await screen.findByText('TC202611280001', undefined, SCREEN_LOAD);
    await userEvent.click(screen.getByRole('button', { name: '新增' }));
    const dialog = await screen.findByRole('dialog', { name: '新增车次' }, SCREEN_LOAD);
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByText('请选择车辆')).toBeInTheDocument();
    // 保存 stays busy a moment (AppDialog's minimum loading) even when the form is refused: a click before it is
    // free again is ignored, as it would be for a person.
    await waitFor(() => expect(within(dialog).getByRole('button', { name: '保存' })).toBeEnabled(), SCREEN_LOAD);
    for (const [label, name] of [['车辆', '渝A12345'], ['驾驶员', '张司机'], ['押运员', '李押运']] as const) {
      await userEvent.click(within(dialog).getByRole('combobox', { name: new RegExp(`^${label}`) }));
      await userEvent.click(await screen.findByRole('option', { name }));
    }
    // A new trip is planned for today.
    const now = new Date();
    const day = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
    await userEvent.type(within(dialog).getByLabelText('备注'), '早班');
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(bodies(adapter, '/trip/save')).toEqual([{ vehicleId: 1, driverId: 2, escortId: 3, planDate: day, remark: '早班' }]), SCREEN_LOAD);
  });

  it('a planned trip: stops moved in order, an order taken off and another put on, and 发车 refused as the server says', async () => {
    storeSession();
    const adapter = serve();
    renderScreen('/storage/trip');
    await screen.findByText('TC202611280002', undefined, SCREEN_LOAD);
    await userEvent.click(within(rowOf('TC202611280002')).getByRole('button', { name: '详情' }));
    await userEvent.click(await screen.findByRole('button', { name: '下移 重庆钢厂' }, SCREEN_LOAD));
    await waitFor(() => expect(bodies(adapter, '/trip/orderStops')).toEqual([{ tripId: 2, stopIds: [12, 11] }]), SCREEN_LOAD);

    await userEvent.click(screen.getByRole('button', { name: '移出 CK002' }));
    const ask = await screen.findByRole('dialog', { name: '移出' }, SCREEN_LOAD);
    await userEvent.click(within(ask).getByRole('button', { name: '移出' }));
    await waitFor(() => expect(bodies(adapter, '/trip/removeOrder')).toEqual([{ tripId: 2, orderId: 22 }]), SCREEN_LOAD);

    await userEvent.click(screen.getByRole('button', { name: '排入出库单' }));
    const add = await screen.findByRole('dialog', { name: '排入出库单' }, SCREEN_LOAD);
    await userEvent.click(within(add).getByRole('combobox', { name: /选择未完成的出库单/ }));
    // The orders already on the trip are not offered.
    expect(screen.queryByRole('option', { name: /CK001/ })).not.toBeInTheDocument();
    await userEvent.click(await screen.findByRole('option', { name: /CK003/ }, SCREEN_LOAD));
    await userEvent.click(within(add).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(bodies(adapter, '/trip/addOrder')).toEqual([{ tripId: 2, orderId: 23 }]), SCREEN_LOAD);
    expect(bodies(adapter, '/storageOrder/outStockListPage')).toContainEqual({ page: 1, size: 200, status: 0 });

    await userEvent.click(screen.getByRole('button', { name: '发车' }));
    const depart = await screen.findByRole('dialog', { name: '发车' }, SCREEN_LOAD);
    await userEvent.click(within(depart).getByRole('button', { name: '发车' }));
    expect(await screen.findByText(DEPART_REFUSED, undefined, SCREEN_LOAD)).toBeInTheDocument();
    expect(bodies(adapter, '/trip/depart')).toEqual([{ id: 2 }]);
  });
});
