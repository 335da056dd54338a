import { afterEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { AxiosError, type InternalAxiosRequestConfig } from 'axios';
import { http } from '@renderer/http/client';
import { makeStore } from '@renderer/store';
import { fakeAdapter, ok, type FakeReply } from '@renderer/test/fakeAdapter';
import { storeSession } from '@renderer/test/renderApp';
import { auditDb, codeOfScan, resetAuditDbForTests } from './countStore';
import FieldAuditPage from './FieldAuditPage';

/** A server that can go away; it records the submits it took. */
function server() {
  const state = { down: false, submits: [] as Record<string, unknown>[], calls: [] as string[] };
  http.setAdapter(fakeAdapter(async (c: InternalAxiosRequestConfig): Promise<FakeReply> => {
    state.calls.push(c.url ?? '');
    if (state.down) throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, c);
    if (c.url === '/enterprise/list') return ok([{ id: 7, type: '2', enterpriseName: '甲客户', enterpriseCode: 'KH007' }]);
    if (c.url === '/audit/submit') {
      const body = JSON.parse(String(c.data)) as Record<string, unknown>;
      state.submits.push(body);
      return ok({ id: 1, auditNo: 'PD20261128-000001', counted: (body.codes as string[]).length, added: 2, repeated: false, status: 0 });
    }
    return ok(null);
  }));
  return state;
}

const mount = () => render(<Provider store={makeStore()}><FieldAuditPage /></Provider>);
const scan = async (text: string) => userEvent.type(await screen.findByPlaceholderText('请扫描条码'), `${text}{Enter}`);
async function chooseCustomer() {
  await userEvent.type(await screen.findByRole('combobox', { name: '选择盘点的客户' }), '甲');
  await userEvent.click(await screen.findByRole('option', { name: '甲客户（KH007）' }));
  await userEvent.click(screen.getByRole('button', { name: '开始盘点' }));
}

afterEach(async () => { await resetAuditDbForTests(); });

describe('the field audit page', () => {
  it('keeps a blind count on the device through a reload and an outage, and submits it once online with the same auditId', async () => {
    storeSession();
    const state = server();
    const first = mount();
    await chooseCustomer();
    await scan('AC1');
    expect(await screen.findByText('已记入：AC1')).toBeInTheDocument();
    // A public page's QR code counts as its cylinder; a second scan of a cylinder counts once.
    await scan('https://plant.example/q/AC2-abcdefghijklmnop');
    expect(await screen.findByText('已记入：AC2')).toBeInTheDocument();
    await scan('ac1');
    expect(await screen.findByText('已扫过：ac1')).toBeInTheDocument();
    expect(screen.getByTestId('audit-count')).toHaveTextContent('已盘点 2 个');
    // Blind: the page asks the server nothing about the customer's holdings, and shows only what was scanned.
    expect([...new Set(state.calls)]).toEqual(['/enterprise/list']);
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['AC2', 'AC1']);

    // The page is reloaded without network: the count is still there.
    first.unmount();
    state.down = true;
    mount();
    expect(await screen.findByTestId('audit-count')).toHaveTextContent('已盘点 2 个');
    expect(screen.getByTestId('audit-customer')).toHaveTextContent('甲客户');
    await userEvent.click(screen.getByRole('button', { name: '提交盘点' }));
    await waitFor(() => expect(screen.getByTestId('audit-notice')).toHaveTextContent('未能提交（网络不可用）：盘点记录仍保存在本机，联网后再提交'), { timeout: 15_000 });
    expect((await auditDb().counts.toArray()).map((c) => c.codes)).toEqual([['AC1', 'AC2']]);

    // Online again: one submit, the count's own id, and the device's copy is gone.
    state.down = false;
    await userEvent.click(screen.getByRole('button', { name: '提交盘点' }));
    // The notice stays on screen between submits: wait for its new words, not for the element.
    await waitFor(() => expect(screen.getByTestId('audit-notice')).toHaveTextContent('盘点 PD20261128-000001 已提交（2 个气瓶），待办公室对账'), { timeout: 15_000 });
    const kept = state.submits.at(-1)!;
    expect(kept).toMatchObject({ customerId: 7, codes: ['AC1', 'AC2'] });
    expect(String(kept.auditId)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(String(kept.countedAt)).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    await waitFor(async () => expect(await auditDb().counts.count()).toBe(0));
    expect(screen.getByRole('button', { name: '开始盘点' })).toBeDisabled();
  });

  it('refuses a scan that is no cylinder code, keeping the count as it was', async () => {
    storeSession();
    server();
    mount();
    await chooseCustomer();
    await scan('气瓶一号');
    expect(await screen.findByText('不是气瓶编码：气瓶一号')).toBeInTheDocument();
    expect(screen.getByTestId('audit-count')).toHaveTextContent('已盘点 0 个');
    expect(screen.getByRole('button', { name: '提交盘点' })).toBeDisabled();
  });
});

describe('codeOfScan', () => {
  it('takes a code, or the code of a public page address, and nothing else', () => {
    expect(codeOfScan(' GP0001 ')).toBe('GP0001');
    expect(codeOfScan('https://x.example/q/GP-01.a-abcdefghijklmnop?x=1')).toBe('GP-01.a');
    expect(codeOfScan('https://x.example/other/GP0001')).toBeNull();
    expect(codeOfScan('GP 0001')).toBeNull();
  });
});
