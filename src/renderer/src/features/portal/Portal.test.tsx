import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TokenData } from '@shared/api/auth';
import { http } from '@renderer/http/client';
import { clearToasts } from '@renderer/notify/toast';
import { storeSignIn } from '@renderer/session/session';
import { fakeAdapter, ok } from '@renderer/test/fakeAdapter';
import { renderApp } from '@renderer/test/renderApp';

const PORTAL_SESSION: TokenData = {
  token: 't1', refreshToken: 'r1', expiresIn: 3600, refreshExpiresIn: 86_400, user: { id: 7, name: '张三' }, mustChangePassword: false,
  portal: { enterpriseId: 5, enterpriseName: '重庆钢厂' },
};
const STATEMENT = {
  id: 1, statementNo: 'DZ202610-0001', customerId: 5, customerName: '重庆钢厂', month: '2026-10', issuedAt: '2026-11-01 08:00:00', issuedBy: '财务',
  lines: [], balances: [], deposits: [], notes: [{ id: 3, noteNo: 'TZ001', kind: 'credit', amountCents: 500, reason: '少计一天', createdAt: '2026-11-02', createdBy: null }],
  rentalCents: 3400, minimumTopUpCents: 0, depositTakenCents: 10000, depositRefundedCents: 0, depositBalanceCents: 10000, totalCents: 13400, dueCents: 12900,
};

function serve() {
  const adapter = fakeAdapter((c) => {
    if (c.url === '/') return { data: '', headers: { 'x-app-version': '0.1.0' } };
    if (c.url === '/home/login') return ok(PORTAL_SESSION);
    if (c.url === '/portal/cylinder/listPage') {
      return ok({ list: [{ code: 'QP001', gasName: '氮气', specification: '40L', since: '2026-11-20T02:00:00.000Z', daysHeld: 9 }], total: 1 });
    }
    if (c.url === '/portal/statement/listPage') return ok({ list: [{ ...STATEMENT, cylinders: 2, notesCents: -500 }], total: 1 });
    if (c.url === '/portal/statement/info/1') return ok(STATEMENT);
    if (c.url === '/portal/statement/pdf/1') return { data: new Blob(['%PDF-1.4'], { type: 'application/pdf' }), headers: { 'content-type': 'application/pdf' } };
    if (c.url === '/portal/delivery/listPage') return ok({ list: [{ id: 21, orderNo: 'CK001', completedAt: '2026-11-20 10:00:00', cylinders: 2, signedAt: null }], total: 1 });
    if (c.url === '/portal/delivery/document') return { data: new Blob(['%PDF-1.4'], { type: 'application/pdf' }), headers: { 'content-type': 'application/pdf' } };
    if (c.url === '/portal/pickup/listPage') return ok({ list: [], total: 0 });
    if (c.url === '/portal/pickup/save') return ok({ id: 1 });
    if (c.url === '/portal/invitation/check') return ok({ name: '张三', username: '13800000001', enterpriseName: '重庆钢厂', expiresAt: '2026-12-05 08:00:00' });
    if (c.url === '/portal/invitation/accept') return ok({ username: '13800000001' });
    return ok(null);
  });
  http.setAdapter(adapter);
  return adapter;
}
const urls = (adapter: ReturnType<typeof serve>) => adapter.calls.map((c) => c.url);
const bodies = (adapter: ReturnType<typeof serve>, url: string) => adapter.calls.filter((c) => c.url === url).map((c) => JSON.parse(c.data as string));
const LOAD = { timeout: 15_000 };

afterEach(() => (http.setAdapter(undefined), clearToasts()));

describe('the customer portal /portal', { timeout: 40_000 }, () => {
  it('a portal account signing in lands on 在用气瓶, with no staff navigation asked for', async () => {
    const adapter = serve();
    const { router } = renderApp('/login');
    await userEvent.type(await screen.findByLabelText('用户名', undefined, LOAD), '13800000001');
    await userEvent.type(screen.getByLabelText('密码'), 'Kehu#2026pw');
    await userEvent.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByText('QP001', undefined, LOAD)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/portal/cylinders');
    expect(screen.getByTestId('portal-title')).toHaveTextContent('客户门户 · 重庆钢厂');
    expect(screen.getByText('9')).toBeInTheDocument();
    expect(urls(adapter)).not.toContain('/home/nav/0');
  });

  it('never opens a staff screen: the guard sends it back to the portal', async () => {
    storeSignIn(PORTAL_SESSION);
    serve();
    const { router } = renderApp('/Setting/user');
    await screen.findByText('QP001', undefined, LOAD);
    expect(router.state.location.pathname).toBe('/portal/cylinders');
    await router.navigate('/main/home');
    await waitFor(() => expect(router.state.location.pathname).toBe('/portal/cylinders'));
    expect(screen.queryByTestId('greeting')).not.toBeInTheDocument();
  });

  it('对账单: the list, the detail with its notes, and the PDF', async () => {
    storeSignIn(PORTAL_SESSION);
    const adapter = serve();
    renderApp('/portal/statements');
    const row = (await screen.findByText('DZ202610-0001', undefined, LOAD)).closest('tr')!;
    expect(within(row).getByText('129.00')).toBeInTheDocument();
    await userEvent.click(within(row).getByRole('button', { name: '详情' }));
    const detail = await screen.findByTestId('statement-detail');
    expect(detail).toHaveTextContent('租金（元）：34.00');
    expect(detail).toHaveTextContent('TZ001 贷项 5.00 少计一天');
    expect(detail).toHaveTextContent('应付金额（元）：129.00');
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: '下载 PDF' }));
    await waitFor(() => expect(urls(adapter)).toContain('/portal/statement/pdf/1'));
  });

  it('质量证书与发货单: each delivery prints its certificate and its delivery list', async () => {
    storeSignIn(PORTAL_SESSION);
    const adapter = serve();
    renderApp('/portal/documents');
    const row = (await screen.findByText('CK001', undefined, LOAD)).closest('tr')!;
    await userEvent.click(within(row).getByRole('button', { name: '质量证明书' }));
    await userEvent.click(within(row).getByRole('button', { name: '发货清单' }));
    await waitFor(() => expect(bodies(adapter, '/portal/delivery/document')).toEqual([
      { orderId: 21, reportKey: 'QUALITY_CERTIFICATE' }, { orderId: 21, reportKey: 'ACCOMPANYING_LIST' },
    ]));
  });

  it('申请回收空瓶: refuses without a count, then sends count, date and note', async () => {
    storeSignIn(PORTAL_SESSION);
    const adapter = serve();
    renderApp('/portal/pickup');
    await userEvent.click(await screen.findByRole('button', { name: '提交申请' }, LOAD));
    expect(screen.getByText('请填写 1 以上的空瓶数量')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/空瓶数量/), '12');
    await userEvent.type(screen.getByLabelText(/希望回收日期/), '2026-12-01');
    await userEvent.type(screen.getByLabelText(/备注/), '后门装卸');
    await userEvent.click(screen.getByRole('button', { name: '提交申请' }));
    await waitFor(() => expect(bodies(adapter, '/portal/pickup/save')).toEqual([{ cylinders: 12, wantedDate: '2026-12-01', note: '后门装卸' }]));
    expect(await screen.findByText('申请已提交，供气单位将安排车辆回收')).toBeInTheDocument();
  });

  it('the invitation link sets the password, signs in and opens the portal', async () => {
    const adapter = serve();
    const { router } = renderApp('/portal/invite?token=abcdefghijklmnopqrstuvwxyz012345');
    expect(await screen.findByTestId('invite-welcome', undefined, LOAD)).toHaveTextContent('张三，您好：重庆钢厂 邀请您使用客户门户，登录名为 13800000001。');
    await userEvent.type(screen.getByLabelText('新密码'), 'Kehu#2026pw');
    await userEvent.type(screen.getByLabelText('确认新密码'), 'Kehu#2026pw');
    await userEvent.click(screen.getByRole('button', { name: '设置密码并登录' }));
    await screen.findByText('QP001', undefined, LOAD);
    expect(router.state.location.pathname).toBe('/portal/cylinders');
    expect(bodies(adapter, '/portal/invitation/accept')).toEqual([{ token: 'abcdefghijklmnopqrstuvwxyz012345', password: 'Kehu#2026pw' }]);
    expect(bodies(adapter, '/home/login')).toEqual([{ username: '13800000001', password: 'Kehu#2026pw' }]);
  });
});
