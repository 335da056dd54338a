import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ApiKeyRow } from '@shared/api/apiKey';
import { http } from '@renderer/http/client';
import { clearToasts } from '@renderer/notify/toast';
import { fakeAdapter, ok } from '@renderer/test/fakeAdapter';
import { renderScreen, storeSession } from '@renderer/test/renderApp';

const KEY = 'ctk_0123456789ab_abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ';
const row: ApiKeyRow = {
  id: 3, prefix: 'aaaabbbbcccc', accountName: 'ERP 对接', roleNames: ['对接只读'], createdAt: '2026-11-01T08:00:00Z',
  expiresAt: null, lastUsedAt: null, revokedAt: null, active: true,
};

function serve() {
  const adapter = fakeAdapter((c) => {
    if (c.url === '/apiKey/pageList') return ok({ list: [row], total: 1 });
    if (c.url === '/apiKey/roles') return ok([{ id: 7, roleName: '对接只读', roleCode: 'feed_reader' }]);
    if (c.url === '/apiKey/create') return ok({ id: 4, prefix: '0123456789ab', key: KEY });
    return ok(null);
  });
  http.setAdapter(adapter);
  return adapter;
}
const bodies = (adapter: ReturnType<typeof serve>, url: string) => adapter.calls.filter((c) => c.url === url).map((c) => JSON.parse(c.data as string));
afterEach(() => (http.setAdapter(undefined), clearToasts()));
const SCREEN_LOAD = { timeout: 15_000 };

describe('接口密钥', { timeout: 30_000 }, () => {
  it('lists keys by prefix and account, never the secret; 新增 shows the key once with the warning', async () => {
    storeSession();
    const adapter = serve();
    renderScreen('/Setting/ApiKey');
    expect(await screen.findByText('ctk_aaaabbbbcccc_…', undefined, SCREEN_LOAD)).toBeInTheDocument();
    expect(screen.getByText('ERP 对接')).toBeInTheDocument();
    expect(screen.getByText('从未')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '新增' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: '生成密钥' }));
    expect(within(dialog).getByText('请填写账户名称')).toBeInTheDocument();
    expect(bodies(adapter, '/apiKey/create')).toHaveLength(0);
    await userEvent.type(within(dialog).getByRole('textbox', { name: /账户名称/ }), '财务系统');
    await userEvent.click(within(dialog).getByRole('combobox', { name: /角色/ }));
    await userEvent.click(await screen.findByRole('option', { name: '对接只读' }));
    await userEvent.click(within(dialog).getByRole('button', { name: '生成密钥' }));
    await waitFor(() => expect(bodies(adapter, '/apiKey/create')).toEqual([{ name: '财务系统', roleId: 7, expiresOn: null }]));
    expect(await within(dialog).findByDisplayValue(KEY)).toBeInTheDocument();
    expect(within(dialog).getByText(/关闭后不会再显示/)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: '复制' })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: '我已保存，关闭' }));
    await waitFor(() => expect(screen.queryByDisplayValue(KEY)).not.toBeInTheDocument());
  });

  it('吊销 asks first, then revokes the key', async () => {
    storeSession();
    const adapter = serve();
    renderScreen('/Setting/ApiKey');
    await screen.findByText('ctk_aaaabbbbcccc_…', undefined, SCREEN_LOAD);
    await userEvent.click(screen.getByRole('button', { name: '吊销' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/aaaabbbbcccc（ERP 对接）/)).toBeInTheDocument();
    expect(bodies(adapter, '/apiKey/revoke')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: '吊销' }));
    await waitFor(() => expect(bodies(adapter, '/apiKey/revoke')).toEqual([{ id: 3 }]));
  });
});
