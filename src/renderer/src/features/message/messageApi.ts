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
