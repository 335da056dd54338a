import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from '@renderer/http/client';
import { fakeAdapter, ok } from '@renderer/test/fakeAdapter';
import { renderApp, storeSession } from '@renderer/test/renderApp';
import { bodies, LPG } from '@renderer/stations/testData';
import { resetOfflineDbForTests } from './db';
import { stopSyncForTests } from './sync';

const SCREEN_LOAD = { timeout: 15_000 };
const row = (id: number, code: string, message: string, kind: 'refused' | 'notice' = 'refused') => ({
  id, kind, station: 'fill', code, scanId: '8f9c2a50-1d2e-4c3b-9a8b-7c6d5e4f3a21', message, stationAt: '2026-03-01T08:05:00.000Z',
  operator: '张三', workstation: '充装一号工位', createdAt: '2026-03-01T09:00:00Z', status: 'open', action: null, reason: null,
});

beforeEach(async () => {
  await resetOfflineDbForTests();
});
afterEach(async () => {
  await stopSyncForTests();
  http.setAdapter(undefined);
});

describe('待处理异常 at the station', { timeout: 60_000 }, () => {
  it('counts the open exceptions in the header, lists them with the server\'s reason and resolves one only with a reason', async () => {
    storeSession();
    let open = [row(7, 'GP0301', '气瓶 GP0301 已报废'), row(8, 'GP0302', '出库单 CK1 的明细已扫满')];
    const adapter = fakeAdapter(async (c) => {
      if (c.url === '/offline/exception/listPage') return ok({ list: open, total: open.length });
      if (c.url === '/offline/exception/resolve') {
        const { id } = JSON.parse(c.data as string) as { id: number };
        open = open.filter((r) => r.id !== id);
        return ok(null);
      }
      if (c.url === '/material/dropDown') return ok([LPG]);
      return ok(null);
    });
    http.setAdapter(adapter);
    renderApp('/produce/produce');
    await userEvent.click(await screen.findByRole('tab', { name: '充装' }, SCREEN_LOAD));
    const chip = await screen.findByTestId('exceptions');
    await waitFor(() => expect(chip).toHaveTextContent('待处理异常 2'));

    await userEvent.click(chip);
    const dialog = await screen.findByRole('dialog', { name: '待处理异常' });
    const rows = within(dialog).getAllByTestId('offline-exception');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('GP0301');
    expect(rows[0]).toHaveTextContent('充装');
    expect(rows[0]).toHaveTextContent('气瓶 GP0301 已报废');
    expect(rows[0]).toHaveTextContent('充装一号工位');

    await userEvent.click(within(rows[0]!).getByRole('button', { name: '处理' }));
    const form = within(dialog).getByRole('form', { name: '处理' });
    await userEvent.click(within(form).getByRole('combobox'));
    await userEvent.click(await screen.findByRole('option', { name: '忽略' }));
    await userEvent.click(within(form).getByRole('button', { name: '确定' }));
    expect(within(form).getByText('请填写处理说明')).toBeInTheDocument();
    expect(bodies(adapter, '/offline/exception/resolve')).toEqual([]);

    await userEvent.type(within(form).getByLabelText('处理说明'), '气瓶已报废，本次充装作废');
    await userEvent.click(within(form).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(bodies(adapter, '/offline/exception/resolve')).toEqual([{ id: 7, action: 'dismiss', reason: '气瓶已报废，本次充装作废' }]));
    await waitFor(() => expect(within(dialog).getAllByTestId('offline-exception')).toHaveLength(1));
    await waitFor(() => expect(chip).toHaveTextContent('待处理异常 1'));
  });

  it('a notice (the scan was recorded, its station time out of bounds) is shown as recorded and can only be acknowledged (忽略)', async () => {
    storeSession();
    const flag = '工位时间 2026-03-01 08:05:00 超出离线补传最长时限（24 小时）；以服务器时间为准';
    const adapter = fakeAdapter(async (c) => {
      if (c.url === '/offline/exception/listPage') return ok({ list: [row(9, 'GP0309', `气瓶 GP0309 充装成功；${flag}`, 'notice')], total: 1 });
      if (c.url === '/material/dropDown') return ok([LPG]);
      return ok(null);
    });
    http.setAdapter(adapter);
    renderApp('/produce/produce');
    await userEvent.click(await screen.findByRole('tab', { name: '充装' }, SCREEN_LOAD));
    const chip = await screen.findByTestId('exceptions');
    await waitFor(() => expect(chip).toHaveTextContent('待处理异常 1'));
    await userEvent.click(chip);
    const dialog = await screen.findByRole('dialog', { name: '待处理异常' });
    const notice = within(dialog).getByTestId('offline-exception');
    expect(notice).toHaveTextContent(`已记录，请核对：气瓶 GP0309 充装成功；${flag}`);
    await userEvent.click(within(notice).getByRole('button', { name: '处理' }));
    const form = within(dialog).getByRole('form', { name: '处理' });
    await userEvent.click(within(form).getByRole('combobox'));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['忽略']);
  });
});
