import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { VehicleRow } from '@shared/api/transport';
import { http } from '@renderer/http/client';
import { clearToasts } from '@renderer/notify/toast';
import { fakeAdapter, ok } from '@renderer/test/fakeAdapter';
import { adminNav, renderScreen, storeSession } from '@renderer/test/renderApp';
import { pickDay15 } from './testData';

const vehicle = (row: Partial<VehicleRow> & Pick<VehicleRow, 'id' | 'plate'>): VehicleRow => ({
  permitNo: '渝交运 500100001', permitExpiry: '2027-01-01', permitDaysLeft: 200, loadKg: null, cylinderCapacity: null, tankVolume: null,
  status: 1, remark: null, createdAt: '2026-01-01 08:00:00', ...row,
});
const ROWS = [
  vehicle({ id: 1, plate: '渝A12345', permitExpiry: '2026-09-01', permitDaysLeft: -3 }),
  vehicle({ id: 2, plate: '渝B22222', permitExpiry: '2026-10-01', permitDaysLeft: 12, loadKg: 5000, cylinderCapacity: 120 }),
  vehicle({ id: 3, plate: '渝C33333' }),
];
const DUPLICATE = '车牌号已存在：渝A12345';

function serve() {
  const adapter = fakeAdapter((c) => {
    if (c.url === '/vehicle/listPage') return ok({ list: ROWS, total: ROWS.length });
    if (c.url === '/vehicle/save') {
      const body = JSON.parse(c.data as string) as { plate: string };
      return body.plate === '渝A12345' ? { data: { code: -1, msg: DUPLICATE, data: null } } : ok({ id: 9 });
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

describe('运输车辆 /Setting/Vehicle', { timeout: 30_000 }, () => {
  it('lists the vehicles with 已过期 and 即将到期 on their permits, and filters the expiring ones', async () => {
    storeSession();
    const adapter = serve();
    renderScreen('/Setting/Vehicle');
    expect(await screen.findByText('渝A12345', undefined, SCREEN_LOAD)).toBeInTheDocument();
    expect(within(rowOf('渝A12345')).getByText('已过期')).toBeInTheDocument();
    expect(within(rowOf('渝B22222')).getByText('即将到期')).toBeInTheDocument();
    expect(within(rowOf('渝C33333')).queryByText(/已过期|即将到期/)).not.toBeInTheDocument();
    expect(bodies(adapter, '/vehicle/listPage')[0]).toEqual({ page: 1, size: 15 });

    await userEvent.click(screen.getByRole('combobox', { name: '证件有效期' }));
    await userEvent.click(await screen.findByRole('option', { name: '即将到期或已过期' }));
    await userEvent.click(screen.getByRole('combobox', { name: '状态' }));
    await userEvent.click(await screen.findByRole('option', { name: '启用' }));
    await userEvent.type(screen.getByLabelText('车牌号'), '渝B');
    await userEvent.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() => expect(bodies(adapter, '/vehicle/listPage').at(-1)).toEqual({ page: 1, size: 15, plate: '渝B', status: 1, expiring: 1 }));
  });

  it('asks for plate, permit number and expiry in Chinese, then saves; the server\'s refusal (duplicate plate) keeps the dialog open', async () => {
    storeSession();
    const adapter = serve();
    renderScreen('/Setting/Vehicle');
    await screen.findByText('渝A12345', undefined, SCREEN_LOAD);
    await userEvent.click(screen.getByRole('button', { name: '新增' }));
    const dialog = await screen.findByRole('dialog', { name: '新增运输车辆' });
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByText('请输入车牌号')).toBeInTheDocument();
    expect(within(dialog).getByText('请输入道路运输证号')).toBeInTheDocument();
    expect(within(dialog).getByText('请选择道路运输证有效期至')).toBeInTheDocument();
    expect(bodies(adapter, '/vehicle/save')).toEqual([]);

    await userEvent.type(within(dialog).getByLabelText(/^车牌号/), '渝A12345');
    await userEvent.type(within(dialog).getByLabelText(/^道路运输证号/), '渝交运 500100009');
    const expiry = await pickDay15(dialog, '道路运输证有效期至');
    await userEvent.type(within(dialog).getByLabelText(/^可装气瓶数/), '80');
    await waitFor(() => expect(within(dialog).getByRole('button', { name: '保存' })).toBeEnabled());
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await screen.findByText(DUPLICATE)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: '新增运输车辆' })).toBeInTheDocument();
    expect(bodies(adapter, '/vehicle/save')).toEqual([{
      plate: '渝A12345', permitNo: '渝交运 500100009', permitExpiry: expiry, loadKg: null, cylinderCapacity: 80, tankVolume: null, status: 1, remark: null,
    }]);
  });

  it('edits a vehicle by its id, turning it off', async () => {
    storeSession();
    const adapter = serve();
    renderScreen('/Setting/Vehicle');
    await screen.findByText('渝B22222', undefined, SCREEN_LOAD);
    await userEvent.click(within(rowOf('渝B22222')).getByRole('button', { name: '编辑' }));
    const dialog = await screen.findByRole('dialog', { name: '编辑运输车辆' });
    expect(within(dialog).getByLabelText(/^车牌号/)).toHaveValue('渝B22222');
    await userEvent.click(within(dialog).getByRole('switch', { name: '启用' }));
    await waitFor(() => expect(within(dialog).getByRole('button', { name: '保存' })).toBeEnabled());
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(bodies(adapter, '/vehicle/save')).toEqual([expect.objectContaining({ id: 2, plate: '渝B22222', loadKg: 5000, cylinderCapacity: 120, status: 0 })]));
  });

  it('hides 新增 and 编辑 from a user holding only vehicle:view', async () => {
    storeSession({ ...adminNav(), promise: ['home:view', 'vehicle:view'] }, '查看员');
    serve();
    renderScreen('/Setting/Vehicle');
    await screen.findByText('渝A12345', undefined, SCREEN_LOAD);
    for (const name of ['新增', '编辑']) expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
  });
});
