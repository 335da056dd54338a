import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { Provider } from 'react-redux';
import { http } from '@renderer/http/client';
import { clearStorage } from '@renderer/session/session';
import { makeStore } from '@renderer/store';
import { sessionEnded } from '@renderer/store/sessionActions';
import { fakeAdapter, ok, type FakeReply } from '@renderer/test/fakeAdapter';
import { adminNav, storeSession } from '@renderer/test/renderApp';
import { POLL_AFTER_FAILURE_MS, POLL_AFTER_SUCCESS_MS, useMessagePolling } from './useMessagePolling';

const URL = '/message/getUserMessage/0';
const summary = (n: number) => ok({ messageNum: n, messageList: [], initiateList: [], handleList: [] });

function setup(reply: () => FakeReply) {
  const adapter = fakeAdapter((c) => (c.url === URL ? reply() : ok(null)));
  http.setAdapter(adapter);
  const store = makeStore();
  const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
  const view = renderHook(() => useMessagePolling(), { wrapper });
  const polls = () => adapter.calls.filter((c) => c.url === URL).length;
  return { ...view, store, polls };
}
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
/** An answer reaches the component a frame later (the store batches its notifications): 100 ms covers it. */
const SETTLE = 100;

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  http.setAdapter(undefined);
  clearStorage();
});

describe('useMessagePolling', () => {
  it('asks at once, then 10 s after each success, and shows the unread count', async () => {
    storeSession();
    let n = 3;
    const { result, polls } = setup(() => summary(n));
    await advance(SETTLE);
    expect(polls()).toBe(1);
    expect(result.current).toMatchObject({ enabled: true, count: 3 });
    n = 4;
    await advance(POLL_AFTER_SUCCESS_MS - 2 * SETTLE);
    expect(polls()).toBe(1);
    await advance(2 * SETTLE);
    expect(polls()).toBe(2);
    expect(result.current.count).toBe(4);
    await advance(POLL_AFTER_SUCCESS_MS);
    expect(polls()).toBe(3);
  });

  it('waits 30 s after a failure, quietly, then 10 s again once it answers', async () => {
    storeSession();
    let fail = true;
    const { polls } = setup(() => (fail ? { status: 502, data: 'Bad Gateway' } : summary(1)));
    await advance(SETTLE);
    expect(polls()).toBe(1);
    await advance(POLL_AFTER_FAILURE_MS - 2 * SETTLE);
    expect(polls()).toBe(1);
    fail = false;
    await advance(2 * SETTLE);
    expect(polls()).toBe(2);
    await advance(POLL_AFTER_SUCCESS_MS);
    expect(polls()).toBe(3);
  });

  it('stops when signed out and when unmounted', async () => {
    storeSession();
    const { store, polls, unmount } = setup(() => summary(2));
    await advance(SETTLE);
    act(() => void store.dispatch(sessionEnded()));
    await advance(POLL_AFTER_FAILURE_MS * 2);
    expect(polls()).toBe(1);
    unmount();

    storeSession();
    const second = setup(() => summary(2));
    await advance(SETTLE);
    second.unmount();
    await advance(POLL_AFTER_FAILURE_MS * 2);
    expect(second.polls()).toBe(1);
  });

  it('does not poll for a user without message:view', async () => {
    const nav = adminNav();
    storeSession({ ...nav, promise: nav.promise.filter((k) => !k.startsWith('message:')) });
    const { result, polls } = setup(() => summary(5));
    await advance(POLL_AFTER_FAILURE_MS);
    expect(polls()).toBe(0);
    expect(result.current.enabled).toBe(false);
  });
});
