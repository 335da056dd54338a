import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AgreementDetail, AgreementRow } from '@shared/api/rental';
import { http } from '@renderer/http/client';
import { clearToasts, getToasts } from '@renderer/notify/toast';
import { fakeAdapter, ok } from '@renderer/test/fakeAdapter';
import { renderScreen, storeSession } from '@renderer/test/renderApp';

const ROW: AgreementRow = {
  id: 3, customerId: 7, customerName: '甲客户', name: '甲客户租赁协议', versionCount: 1, currentValidFrom: '2026-01-01', remark: null, updatedAt: '2026-11-01 08:00:00',
};
const DEFAULT: AgreementRow = { ...ROW, id: 1, customerId: null, customerName: null, name: '默认协议', currentValidFrom: null, versionCount: 0 };
const DETAIL: AgreementDetail = {
  ...ROW,
  versions: [{
    id: 8, validFrom: '2026-01-01', minimumMonthCents: 5000, depositOffsetsRental: false, createdAt: '2026-01-01 08:00:00', createdBy: '管理员',
    lines: [
      { materialId: 2, materialName: '氮气', specification: '40L', method: 'daily', rateCents: 200, freeDays: 7, capCents: null, depositCents: 10000 },
      { materialId: null, materialName: null, specification: null, method: 'monthEnd', rateCents: 3000, freeDays: 0, capCents: null, depositCents: 0 },
    ],
  }],
};

function serve() {
  const adapter = fakeAdapter((c) => {
    if (c.url === '/rental/agreement/listPage') return ok({ list: [ROW, DEFAULT], total: 2 });
    if (c.url === '/rental/agreement/info/3') return ok(DETAIL);
    if (c.url === '/rental/agreement/save') return ok({ id: 4 });
    if (c.url === '/rental/agreement/saveVersion') return ok({ id: 9 });
    if (c.url === '/enterprise/list') return ok([{ id: 7, type: '2', enterpriseName: '甲客户', enterpriseCode: 'KH007' }, { id: 8, type: '2', enterpriseName: '乙客户', enterpriseCode: 'KH008' }]);
    if (c.url === '/material/dropDown') return ok([{ id: 2, materialName: '氮气', materialShortName: 'N2', code: 'N2', category: 'compressed' }]);
    return ok([]);
  });
  http.setAdapter(adapter);
  return adapter;
}
const bodies = (adapter: ReturnType<typeof serve>, url: string) => adapter.calls.filter((c) => c.url === url).map((c) => JSON.parse(c.data as string));
const SCREEN_LOAD = { timeout: 15_000 };
afterEach(() => (http.setAdapter(undefined), clearToasts()));

/** Clicks the dialog's button once it is no longer busy with the last click (保存 stays loading for a second). */
async function press(dialog: HTMLElement, name: string) {
  const button = within(dialog).getByRole('button', { name });
  await waitFor(() => expect(button).toBeEnabled());
  await userEvent.click(button);
}
async function typeDay(scope: HTMLElement, label: string, day: string) {
  const group = within(scope).getAllByRole('group', { name: label }).at(-1)!;
  await userEvent.click(within(group).getAllByRole('spinbutton')[0]!);
  await userEvent.keyboard(day.replace(/-/g, ''));
}

describe('租赁协议 /rental/agreement', { timeout: 40_000 }, () => {
  it('lists agreements with the default one named, and adds an agreement for a customer', async () => {
    storeSession();
    const adapter = serve();
    renderScreen('/rental/agreement');
    expect(await screen.findByText('甲客户租赁协议', undefined, SCREEN_LOAD)).toBeInTheDocument();
    expect(screen.getByText('默认协议（无协议客户适用）')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: '新增' }));
    const dialog = await screen.findByRole('dialog', { name: '新增租赁协议' });
    await userEvent.click(within(dialog).getByRole('combobox', { name: /客户/ }));
    await userEvent.click(await screen.findByRole('option', { name: '乙客户（KH008）' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: /协议名称/ }), '乙客户协议');
    await press(dialog, '保存');
    await waitFor(() => expect(bodies(adapter, '/rental/agreement/save')).toEqual([{ customerId: 8, name: '乙客户协议', remark: null }]));
  });

  it('shows the versions and adds one from the latest, amounts typed in yuan sent as exact cents; a wrong amount is refused on screen', async () => {
    storeSession();
    const adapter = serve();
    renderScreen('/rental/agreement');
    const row = (await screen.findByText('甲客户租赁协议', undefined, SCREEN_LOAD)).closest('[role="row"]') as HTMLElement;
    await userEvent.click(within(row).getByRole('button', { name: '版本' }));
    const versions = await screen.findByTestId('version-2026-01-01');
    expect(versions).toHaveTextContent('现行');
    expect(versions).toHaveTextContent('每月最低租金（元）：50.00');
    expect(versions).toHaveTextContent('2.00 元/瓶/天');
    expect(versions).toHaveTextContent('100.00');
    expect(versions).toHaveTextContent('任意介质');

    await userEvent.click(screen.getByRole('button', { name: '新增版本' }));
    const dialog = await screen.findByRole('dialog', { name: '新增协议版本：甲客户租赁协议' });
    await typeDay(dialog, '生效日期', '2026-12-01');
    const rate = within(dialog).getByRole('textbox', { name: '单价（元） 1' });
    expect(rate).toHaveValue('2.00');
    await userEvent.clear(rate);
    await userEvent.type(rate, '2.345');
    await press(dialog, '保存');
    expect(await within(dialog).findByText('请输入金额（最多两位小数）')).toBeInTheDocument();
    expect(bodies(adapter, '/rental/agreement/saveVersion')).toEqual([]);

    await userEvent.clear(rate);
    // 0.29 yuan is 28.999… as a float × 100: it must arrive as 29 cents.
    await userEvent.type(rate, '0.29');
    const cap = within(dialog).getByRole('textbox', { name: '封顶（元/瓶/月） 1' });
    await userEvent.type(cap, '30');
    await press(dialog, '保存');
    await waitFor(() => expect(bodies(adapter, '/rental/agreement/saveVersion')).toHaveLength(1));
    expect(bodies(adapter, '/rental/agreement/saveVersion')[0]).toEqual({
      agreementId: 3, validFrom: '2026-12-01', minimumMonthCents: 5000, depositOffsetsRental: false,
      lines: [
        { materialId: 2, specification: '40L', method: 'daily', rateCents: 29, freeDays: 7, capCents: 3000, depositCents: 10000 },
        { materialId: null, specification: null, method: 'monthEnd', rateCents: 3000, freeDays: 0, capCents: null, depositCents: 0 },
      ],
    });
    await waitFor(() => expect(getToasts().map((m) => m.message)).toContain('版本已保存：自 2026-12-01 起计租'));
  });
});
