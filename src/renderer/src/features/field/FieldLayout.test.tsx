import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { stopSyncForTests } from '@renderer/features/offline';
import { http } from '@renderer/http/client';
import { fakeAdapter, ok } from '@renderer/test/fakeAdapter';
import { adminNav, renderApp, storeSession } from '@renderer/test/renderApp';

const LOAD = { timeout: 15_000 };

afterEach(async () => {
  await stopSyncForTests();
  http.setAdapter(undefined);
});

describe('the field app shell', { timeout: 60_000 }, () => {
  it('lists the field screens the user may open, my trips first, with no side menu', async () => {
    storeSession();
    http.setAdapter(fakeAdapter(async (c) => (c.url === '/home/nav/0' ? ok(adminNav()) : ok(null))));
    renderApp('/field');
    const nav = await screen.findByRole('navigation', { name: '外勤' }, LOAD);
    expect([...nav.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href')])).toEqual([['我的车次', '/field/trips'], ['客户盘点', '/field/audit'], ['液化气用户', '/field/household']]);
    expect(screen.getByTestId('field-title')).toHaveTextContent('外勤');
    expect(screen.getByTestId('connection')).toHaveTextContent('在线');
    expect(screen.queryByRole('tablist')).toBeNull();
  });

  it('sends a user without the screen\'s key to 403, and one not signed in to the login and back', async () => {
    const nav = adminNav();
    storeSession({ ...nav, promise: nav.promise.filter((k) => k !== 'trip:drive') });
    http.setAdapter(fakeAdapter(async () => ok(null)));
    const { router, unmount } = renderApp('/field/trips');
    await waitFor(() => expect(router.state.location.pathname).toBe('/403'), LOAD);
    unmount();
    sessionStorage.clear();
    localStorage.clear();
    const second = renderApp('/field/trip/5');
    await waitFor(() => expect(second.router.state.location.pathname + second.router.state.location.search).toBe('/login?redirect=%2Ffield%2Ftrip%2F5'), LOAD);
  });
});
