import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MessageRow } from '@shared/api/message';
import { lookupsApi } from '@renderer/features/lookups/lookupsApi';
import { http } from '@renderer/http/client';
import { deferred, fakeAdapter, ok } from '@renderer/test/fakeAdapter';
import { renderApp, storeSession } from '@renderer/test/renderApp';

const SCREEN_LOAD = { timeout: 15_000 };
const row: MessageRow = {
  id: 1, title: '气瓶即将到期', content: 'GP0001 30 天内到期', kind: 'inspectionDue', link: null, readFlag: 0, createdAt: '2026-11-01 08:00:00',
};

afterEach(() => http.setAdapter(undefined));

describe('the bell after 全部已读', { timeout: 30_000 }, () => {
  it('drops to 0 at once, not when the next poll (or a slow call elsewhere) lets it ask again', async () => {
    storeSession();
    let unread = 1;
    const slow = deferred();
    const adapter = fakeAdapter((c) => {
      if (c.url === '/message/getUserMessage/0') return ok({ messageNum: unread, messageList: unread ? [row] : [], initiateList: [], handleList: [] });
      if (c.url === '/message/listPage') return ok({ list: [{ ...row, readFlag: unread ? 0 : 1 }], total: 1 });
      if (c.url === '/message/readAll') {
        unread = 0;
        return ok({ count: 1 });
      }
      // A slow answer somewhere in the app (another screen's list): RTK Query asks again only once it is in.
      if (c.url === '/enum/dropDown/yesNo') return { ...ok([]), wait: slow.promise };
      return ok(null);
    });
    http.setAdapter(adapter);
    const { store } = renderApp('/main/message');
    const bell = await screen.findByRole('button', { name: '未读消息 1 条' }, SCREEN_LOAD);
    const markAll = await screen.findByRole('button', { name: '全部已读' }, SCREEN_LOAD);
    const pending = store.dispatch(lookupsApi.endpoints.enumEntries.initiate({ name: 'yesNo' }));
    await waitFor(() => expect(adapter.calls.some((c) => c.url === '/enum/dropDown/yesNo')).toBe(true));
    try {
      await userEvent.click(markAll);
      await waitFor(() => expect(bell).toHaveAccessibleName('未读消息 0 条'), { timeout: 2000 });
    } finally {
      slow.resolve();
      await pending;
      pending.unsubscribe();
    }
  });
});
