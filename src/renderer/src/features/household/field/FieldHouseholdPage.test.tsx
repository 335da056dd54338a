import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AxiosError } from 'axios';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import type { HouseholdCopyRow } from '@shared/api/household';
import { offlineDb, resetOfflineDbForTests } from '@renderer/features/offline/db';
import { http } from '@renderer/http/client';
import { connectivity } from '@renderer/stations/connectivity';
import { makeStore } from '@renderer/store';
import { fakeAdapter, ok } from '@renderer/test/fakeAdapter';
import { storeSession } from '@renderer/test/renderApp';
import FieldHouseholdPage from './FieldHouseholdPage';

/** Each wait as long as a loaded CI machine may need (a Dexie write and a render behind each step). */
const LOAD = { timeout: 15_000 };

const row = (id: number, nameMasked: string, phoneMasked: string, address: string): HouseholdCopyRow => ({
  id, kind: 'resident', nameMasked, phoneMasked, address, customerId: 7, customerName: '东城供应站', status: 1, openMajor: 0, majorItems: [],
  lastCheckAt: '2026-11-01 10:00:00',
});
const USERS = [row(3, '张**', '138****1234', '东城区幸福里 3 号'), row(4, '李*', '139****5678', '东城区饭店街 8 号')];

afterEach(async () => {
  http.setAdapter(undefined);
  connectivity.reset();
  await resetOfflineDbForTests();
});

describe('/field/household: 离线配送', { timeout: 60_000 }, () => {
  it("saves a serving station's users on the device, then finds them with no network by the phone's last digits or the address", async () => {
    storeSession();
    await resetOfflineDbForTests();
    const state = { down: false };
    http.setAdapter(fakeAdapter((c) => {
      if (state.down) throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, c);
      if (c.url === '/household/stations') return ok([{ customerId: 7, customerName: '东城供应站', users: 2 }, { customerId: 8, customerName: '西城供应站', users: 0 }]);
      if (c.url === '/household/fieldCopy') return ok({ list: USERS, more: false, rules: { householdRefuseMajorHazard: true, householdCheckMaxDays: 365 } });
      return ok(null);
    }));
    render(<Provider store={makeStore()}><MemoryRouter><FieldHouseholdPage /></MemoryRouter></Provider>);
    expect(await screen.findByTestId('household-copy', {}, LOAD)).toHaveTextContent('本机尚未保存离线用户');
    await userEvent.click(screen.getByRole('combobox', { name: '服务站' }));
    await userEvent.click(await screen.findByRole('option', { name: '东城供应站（2）' }, LOAD));
    await userEvent.click(screen.getByRole('button', { name: '保存离线' }));
    expect(await screen.findByText(/^本机已保存：东城供应站 2 位用户 · /, {}, LOAD)).toBeInTheDocument();
    expect((await offlineDb().households.toArray()).map((u) => u.id)).toEqual([3, 4]);

    state.down = true;
    const search = screen.getByRole('textbox', { name: '姓名或电话（开头）' });
    await userEvent.type(search, '5678{Enter}');
    expect(await screen.findByText('离线：在本机保存的用户中查找（地址、电话后四位或姓氏）', {}, LOAD)).toBeInTheDocument();
    const cards = await screen.findAllByTestId('household-card', {}, LOAD);
    expect(cards.map((c) => within(c).getByRole('heading').textContent)).toEqual(['李* · 139****5678']);
    // Offline, a user can be delivered to, not checked (the check needs the server).
    expect(screen.getByRole('link', { name: '配送到户' })).toHaveAttribute('href', '/field/household/4/deliver');
    expect(screen.queryByRole('link', { name: '入户安检' })).not.toBeInTheDocument();
    await userEvent.clear(search);
    await userEvent.type(search, '幸福里{Enter}');
    expect(await screen.findByText('张** · 138****1234', {}, LOAD)).toBeInTheDocument();
    expect(screen.queryByText('李* · 139****5678')).not.toBeInTheDocument();
  });
});
