import { MESSAGE } from '@shared/api/message';
import { api } from '@renderer/store/api';
import { httpArgs, mutationOf, queryOf } from '@renderer/store/endpoints';
import type { EndpointData } from '@shared/api/endpoint';

/** Message calls (src/shared/api/message.ts). Reading or emptying updates the badge and the list. */
export const messageApi = api.injectEndpoints({
  endpoints: (b) => ({
    // The top bar's badge: quiet (no toast, and a refused key never leaves the screen for /403).
    userMessages: b.query<EndpointData<typeof MESSAGE.user>, void>({
      query: () => ({ ...httpArgs(MESSAGE.user, undefined), silent: true, action: true }),
      providesTags: ['Message'],
    }),
    messagePage: queryOf(b, MESSAGE.page, { tags: ['Message'] }),
    readMessage: mutationOf(b, MESSAGE.readOne, { tags: ['Message'] }),
    readAllMessages: mutationOf(b, MESSAGE.readAll, { tags: ['Message'] }),
    emptyMessages: mutationOf(b, MESSAGE.emptyAll, { tags: ['Message'] }),
    templatePage: queryOf(b, MESSAGE.templatePage, { tags: ['MessageTemplate'] }),
    saveTemplate: mutationOf(b, MESSAGE.templateSave, { tags: ['MessageTemplate'] }),
  }),
});

/**
 * The bell follows a read at once: its cached count is set from what the call did, without waiting for the
 * refetch its tag asks for (RTK Query refetches only once no other call of the app is pending, and the poll comes
 * every 10 s). The refetch still follows and corrects it.
 */
type BellDraft = { messageNum: number; messageList: Array<{ id: number }> };
const setBell = (change: (bell: BellDraft) => void) => messageApi.util.updateQueryData('userMessages', undefined, (d) => change(d as BellDraft));
messageApi.enhanceEndpoints({
  endpoints: {
    readAllMessages: {
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        if (await queryFulfilled.then(() => true, () => false)) dispatch(setBell((d) => { d.messageNum = 0; d.messageList = []; }));
      },
    },
    readMessage: {
      async onQueryStarted({ id }, { dispatch, queryFulfilled }) {
        if (!(await queryFulfilled.then(() => true, () => false))) return;
        // Only unread messages are marked (the list opens a read one without calling): one fewer, at most.
        dispatch(setBell((d) => {
          d.messageNum = Math.max(0, d.messageNum - 1);
          d.messageList = d.messageList.filter((m) => m.id !== id);
        }));
      },
    },
  },
});
