import type { InternalAxiosRequestConfig } from 'axios';
import type { OrderItemRow, OrderLine, OrderRow, OutOrderInfo } from '@shared/api/storage';
import { http } from '@renderer/http/client';
import { fakeAdapter, ok, type FakeReply } from '@renderer/test/fakeAdapter';
import { LPG, N2, todayCounter } from '@renderer/stations/testData';

/** Test fixtures of the storage screens. */
export const WAREHOUSES = [
  { id: 4, warehouseName: '空瓶一库', warehouseCode: 'K1', kind: 'empty' },
  { id: 5, warehouseName: '成品一库', warehouseCode: 'C1', kind: 'finished' },
  { id: 6, warehouseName: '成品二库', warehouseCode: 'C2', kind: 'finished' },
];
export const CUSTOMERS = [
  { id: 7, type: '2', enterpriseName: '华东气体', enterpriseCode: 'C001' },
  { id: 8, type: '2', enterpriseName: '西湖燃气', enterpriseCode: 'C002' },
];

/** The transport registers' selectors (issue 36): enabled entries with their expiry. */
export const VEHICLES = [
  { id: 11, name: '浙A12345', expiry: '2027-01-01', expired: false },
  { id: 12, name: '浙B00001', expiry: '2026-01-01', expired: true },
];
export const DRIVERS = [{ id: 21, name: '赵六', expiry: '2027-01-01', expired: false }];
export const ESCORTS = [
  { id: 31, name: '钱七', expiry: '2027-01-01', expired: false },
  { id: 32, name: '孙八', expiry: '2026-02-01', expired: true },
];

export const orderRow = (extra: Partial<OrderRow> = {}): OrderRow => ({
  id: 31, orderNo: 'RK202603010001', type: 'productRK', status: 0, warehouseId: 5, warehouseName: '成品一库', customerId: null, customerName: null,
  vehicle: null, driver: null, vehicleId: null, driverId: null, escortId: null, escort: null, count: 1, quantity: 0, remark: null, operator: '管理员', createdAt: '2026-03-01T08:00:00Z', completedAt: null,
  completedBy: null, signed: false, cancelledAt: null, cancelledBy: null, cancelReason: null, ...extra,
});

export const itemRow = (id: number, code: string, extra: Partial<OrderItemRow> = {}): OrderItemRow => ({
  id, cylinderId: 100 + id, code, materialName: '液化石油气', specification: 'YSP-15', lineId: null, status: 7, operator: '管理员',
  workstation: '库房一号', at: '2026-03-01T08:05:00Z', reverted: false, ...extra,
});

export const line = (id: number, scanned: number, quantity: number, extra: Partial<OrderLine> = {}): OrderLine => ({
  id, materialId: 3, materialName: '液化石油气', specification: 'YSP-15', quantity, scanned, ...extra,
});

export const outOrder = (extra: Partial<OutOrderInfo> = {}): OutOrderInfo => ({
  ...orderRow({ id: 41, orderNo: 'CK202603010001', type: 'productCK', warehouseId: null, warehouseName: null, customerId: 7, customerName: '华东气体', vehicle: '浙A12345', driver: '李四', count: 0, quantity: 15,
    vehicleId: 11, driverId: 21, escortId: 31, escort: '钱七' }),
  lines: [line(51, 0, 10), line(52, 0, 5, { materialId: 4, materialName: '氮气', specification: null })],
  prints: [], signName: null, signedAt: null, ...extra,
});

type Handler = (c: InternalAxiosRequestConfig) => FakeReply | Promise<FakeReply> | undefined;

/** The server: the handler answers what the test is about; lookups answer the fixtures, lists empty. */
export function serveStorage(handler: Handler = () => undefined) {
  const counter = todayCounter();
  const adapter = fakeAdapter(async (c) => {
    const own = counter.seen(await handler(c));
    if (own) return own;
    const counted = counter.answer(c.url);
    if (counted) return counted;
    if (c.url === '/material/dropDown') return ok([LPG, N2]);
    if (c.url === '/wdwarehouse/getWareList') return ok(WAREHOUSES);
    if (c.url === '/enterprise/list') return ok(CUSTOMERS);
    if (c.url === '/vehicle/options') return ok(VEHICLES);
    if (c.url === '/crew/options') return ok((c.params as { kind?: string } | undefined)?.kind === 'escort' ? ESCORTS : DRIVERS);
    if (c.url?.startsWith('/storageOrder/getOrderDetailList/') || c.url === '/storageOrder/getMaterialTest' || c.url === '/stock/summary') return ok([]);
    if (/^\/(storageOrder|stock)\/\w*(ListPage|List|Holdings|holdings)$/.test(c.url ?? '')) return ok({ list: [], total: 0 });
    return ok(null);
  });
  http.setAdapter(adapter);
  return adapter;
}
