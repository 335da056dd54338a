import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DeliveryRow, WebhookRow } from '@shared/api/webhook';
import { http } from '@renderer/http/client';
import { clearToasts } from '@renderer/notify/toast';
import { fakeAdapter, ok } from '@renderer/test/fakeAdapter';
import { renderScreen, storeSession } from '@renderer/test/renderApp';

const row: WebhookRow = {
  id: 3, url: 'http://10.0.0.8/hook', events: ['*'], enabled: true, state: 'failing', cursor: 40, latest: 52, attempts: 4,
  nextAttemptAt: null, failingSince: '2026-11-20T00:00:00Z', lastError: 'HTTP 500', createdAt: '2026-11-01T00:00:00Z',
};
const delivery: DeliveryRow = {
  id: 9, firstSeq: 41, lastSeq: 52, count: 12, attempt: 4, sentAt: '2026-11-27T08:00:00Z', status: 500, durationMs: 31, ok: false,
  error: 'HTTP 500', response: 'receiver says no',
};

function serve() {
  const adapter = fakeAdapter((c) => {
    if (c.url === '/integration/webhook/list') return ok([row]);
    if (c.url === '/integration/webhook/deliveries') return ok({ list: [delivery], total: 1 });
    if (c.url === '/integration/webhook/save') return ok({ id: 4, secret: 'whsec_c2VjcmV0c2VjcmV0c2VjcmV0c2VjcmV0c2VjcmV0' });
    return ok(null);
  });
  http.setAdapter(adapter);
  return adapter;
}
const bodies = (adapter: ReturnType<typeof serve>, url: string) => adapter.calls.filter((c) => c.url === url).map((c) => JSON.parse(c.data as string));
const SCREEN_LOAD = { timeout: 15_000 };

afterEach(() => (http.setAdapter(undefined), clearToasts()));

describe('接口推送', { timeout: 30_000 }, () => {
  it('lists endpoints with their state, shows the delivery log, pauses and replays', async () => {
    storeSession();
    const adapter = serve();
    renderScreen('/Setting/Webhook');
    expect(await screen.findByText('http://10.0.0.8/hook', undefined, SCREEN_LOAD)).toBeInTheDocument();
    expect(screen.getByText('推送失败（HTTP 500）')).toBeInTheDocument();
    expect(screen.getByText('40 / 52')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '推送记录' }));
    expect(await screen.findByText('41–52（12）')).toBeInTheDocument();
    expect(screen.getByText('receiver says no')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '暂停' }));
    await waitFor(() => expect(bodies(adapter, '/integration/webhook/enable')).toEqual([{ id: 3, enabled: false }]));
    await userEvent.click(screen.getByRole('button', { name: '重新推送' }));
    await userEvent.type(screen.getByTestId('webhook-from-seq'), '7');
    const buttons = screen.getAllByRole('button', { name: '重新推送' });
    await userEvent.click(buttons[buttons.length - 1]!);
    await waitFor(() => expect(bodies(adapter, '/integration/webhook/replay')).toEqual([{ id: 3, fromSeq: 7 }]));
  });

  it('adds an endpoint for chosen events and shows its secret once', async () => {
    storeSession();
    const adapter = serve();
    renderScreen('/Setting/Webhook');
    await userEvent.click(await screen.findByRole('button', { name: '新增' }, SCREEN_LOAD));
    await userEvent.type(screen.getByTestId('webhook-url'), 'http://192.168.1.5:9000/in');
    await userEvent.click(screen.getByRole('checkbox', { name: '全部事件' }));
    await userEvent.click(screen.getByRole('checkbox', { name: '档案变更' }));
    // The rental events (an accounting package's feed) are offered by their names.
    expect(screen.getByRole('checkbox', { name: '调整单开具' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: '对账单出具' }));
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(bodies(adapter, '/integration/webhook/save')).toEqual([
      { url: 'http://192.168.1.5:9000/in', events: ['cylinder.updated', 'rental.statement.issued'], enabled: true },
    ]));
    expect(await screen.findByTestId('webhook-secret')).toHaveTextContent('whsec_c2VjcmV0c2VjcmV0c2VjcmV0c2VjcmV0c2VjcmV0');
  });
});
