import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PortalAccountRow } from '@shared/api/portal';
import { http } from '@renderer/http/client';
import { clearToasts } from '@renderer/notify/toast';
import { fakeAdapter, ok } from '@renderer/test/fakeAdapter';
import { renderScreen, storeSession } from '@renderer/test/renderApp';

const account = (row: Partial<PortalAccountRow> & Pick<PortalAccountRow, 'id' | 'name' | 'username'>): PortalAccountRow => ({
  phone: null, enterpriseId: 5, enterpriseName: '重庆钢厂', status: 1, activated: true, invitationExpiresAt: null, createdAt: '2026-11-28 08:00:00', ...row,
});
const ROWS = [account({ id: 1, name: '张三', username: '13800000001' }), account({ id: 2, name: '李四', username: 'li@steel.cn', activated: false })];
const LINK = 'https://plant.example/portal/invite?token=abcdefghijklmnopqrstuvwxyz012345';

function serve() {
  const adapter = fakeAdapter((c) => {
    if (c.url === '/portal/account/listPage') return ok({ list: ROWS, total: ROWS.length });
    if (c.url === '/enterprise/dropDown' || c.url?.startsWith('/enterprise/')) return ok([{ id: 5, enterpriseName: '重庆钢厂', enterpriseCode: 'KH1' }]);
    if (c.url === '/portal/account/invite') return ok({ id: 3, username: '13900000003', link: LINK, expiresAt: '2026-12-05 08:00:00' });
    if (c.url === '/portal/account/status') return ok(null);
    return ok(null);
  });
  http.setAdapter(adapter);
  return adapter;
}
const bodies = (adapter: ReturnType<typeof serve>, url: string) => adapter.calls.filter((c) => c.url === url).map((c) => JSON.parse(c.data as string));
const SCREEN_LOAD = { timeout: 15_000 };

afterEach(() => (http.setAdapter(undefined), clearToasts()));

describe('门户账号 /Setting/portal', { timeout: 40_000 }, () => {
  it('lists the portal accounts with their customer and whether the invitation was accepted', async () => {
    storeSession();
    serve();
    renderScreen('/Setting/portal');
    const row = (await screen.findByText('13800000001', undefined, SCREEN_LOAD)).closest('tr')!;
    expect(within(row).getByText('重庆钢厂')).toBeInTheDocument();
    expect(within(row).getByText(/启用 · 已激活/)).toBeInTheDocument();
    expect(within(screen.getByText('li@steel.cn').closest('tr')!).getByText(/待接受邀请/)).toBeInTheDocument();
  });

  it('invites a customer user and shows the link to hand over; refuses without a phone or e-mail', async () => {
    storeSession();
    const adapter = serve();
    renderScreen('/Setting/portal');
    await screen.findByText('13800000001', undefined, SCREEN_LOAD);
    await userEvent.click(screen.getByRole('button', { name: '邀请' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByLabelText(/客户/));
    await userEvent.click(await screen.findByRole('option', { name: /重庆钢厂/ }));
    await userEvent.type(within(dialog).getByLabelText(/姓名/), '王五');
    await userEvent.click(within(dialog).getByRole('button', { name: '生成邀请链接' }));
    expect(within(dialog).getByText('请填写手机号或邮箱（作为登录名）')).toBeInTheDocument();
    expect(bodies(adapter, '/portal/account/invite')).toEqual([]);
    await userEvent.type(within(dialog).getByLabelText(/手机号/), '13900000003');
    await userEvent.click(within(dialog).getByRole('button', { name: '生成邀请链接' }));
    expect(await within(dialog).findByTestId('invitation-link')).toHaveValue(LINK);
    expect(bodies(adapter, '/portal/account/invite')).toEqual([{ enterpriseId: 5, name: '王五', phone: '13900000003', email: null }]);
  });

  it('停用 sends status 0 for the account', async () => {
    storeSession();
    const adapter = serve();
    renderScreen('/Setting/portal');
    const row = (await screen.findByText('13800000001', undefined, SCREEN_LOAD)).closest('tr')!;
    await userEvent.click(within(row).getByRole('button', { name: '停用' }));
    await waitFor(() => expect(bodies(adapter, '/portal/account/status')).toEqual([{ id: 1, status: 0 }]));
  });
});
