import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AuditLine, AuditRow } from '@shared/api/audit';
import { http } from '@renderer/http/client';
import { clearToasts } from '@renderer/notify/toast';
import { fakeAdapter, ok } from '@renderer/test/fakeAdapter';
import { renderScreen, storeSession } from '@renderer/test/renderApp';

const counting: AuditRow = {
  id: 5, auditNo: 'PD20261128-000005', customerId: 7, customerName: '甲客户', status: 0, countedAt: '2026-11-28 10:00:00', countedBy: '张三',
  counted: 4, reconciledAt: null, reconciledBy: null, found: 0, unexpected: 0, moved: 0, unknown: 0, missing: 0, lost: 0, remark: null,
};
const reconciled: AuditRow = { ...counting, status: 1, reconciledAt: '2026-11-28 11:00:00', reconciledBy: '管理员', found: 2, unexpected: 2, moved: 1, missing: 1 };
const line = (kind: string, code: string, note: string | null, extra: Partial<AuditLine> = {}): AuditLine => ({
  id: Number(code.slice(2)), kind, code, cylinderId: 1, materialName: '氮气', specification: '40L', status: 9, moved: false, note, misses: null, lost: false, ...extra,
});
const LINES = [
  line('unexpected', 'AC4', '客户盘点 PD20261128-000005 在客户「甲客户」处发现，系统原记录在客户「乙客户」', { moved: true }),
  line('unexpected', 'AC5', '系统记录该瓶在仓库「空瓶一库」（「在库(2)」），未转移', { status: 2 }),
  line('missing', 'AC3', '连续 1 次盘点未见（首次 2026-11-28 11:00）', { misses: 1 }),
];

function serve() {
  let done = false;
  const adapter = fakeAdapter((c) => {
    if (c.url === '/audit/listPage') return ok({ list: [done ? reconciled : counting], total: 1 });
    if (c.url === '/audit/info/5') return ok(done ? reconciled : counting);
    if (c.url === '/audit/reconcile') {
      done = true;
      return ok(reconciled);
    }
    if (c.url === '/audit/lines') return ok({ list: LINES, total: LINES.length });
    return ok([]);
  });
  http.setAdapter(adapter);
  return adapter;
}
const SCREEN_LOAD = { timeout: 15_000 };
afterEach(() => (http.setAdapter(undefined), clearToasts()));

describe('客户盘点 /storage/audit', { timeout: 30_000 }, () => {
  it('lists the counts, reconciles one after confirmation and shows its lines', async () => {
    storeSession();
    const adapter = serve();
    renderScreen('/storage/audit');
    const row = (await screen.findByText('PD20261128-000005', undefined, SCREEN_LOAD)).closest('[role="row"]') as HTMLElement;
    expect(within(row).getByText('待对账')).toBeInTheDocument();

    await userEvent.click(within(row).getByRole('button', { name: '对账' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('按客户「甲客户」当前的持瓶记录对账盘点 PD20261128-000005？');
    await userEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('盘点 PD20261128-000005 已对账：相符 2，账外 2（转入 1），未见 1（丢失 0）')).toBeInTheDocument();
    expect(adapter.calls.filter((c) => c.url === '/audit/reconcile').map((c) => JSON.parse(c.data as string))).toEqual([{ id: 5 }]);

    const after = (await screen.findByText('已对账')).closest('[role="row"]') as HTMLElement;
    expect(within(after).queryByRole('button', { name: '对账' })).toBeNull();
    await userEvent.click(within(after).getByRole('button', { name: '详情' }));
    const detail = await screen.findByRole('dialog');
    expect(await within(detail).findByText('AC4')).toBeInTheDocument();
    expect(within(detail).getByText('系统记录该瓶在仓库「空瓶一库」（「在库(2)」），未转移')).toBeInTheDocument();
    expect(within(detail).getByRole('button', { name: '导出 PDF' })).toBeInTheDocument();
    expect(within(detail).getByRole('button', { name: '导出 Excel' })).toBeInTheDocument();
    await userEvent.click(within(detail).getByRole('tab', { name: '盘点未见 1' }));
    await waitFor(() => expect(JSON.parse(adapter.calls.filter((c) => c.url === '/audit/lines').at(-1)!.data as string)).toMatchObject({ auditId: 5, kind: 'missing' }));
  });
});
