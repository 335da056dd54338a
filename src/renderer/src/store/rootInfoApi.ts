import { http, type RootInfo } from '@renderer/http/client';
import { api, toQueryError } from './api';

/** Title and version from the headers of GET / (falls back to APP_INFO): not an API call, so not a descriptor. */
export const rootInfoApi = api.injectEndpoints({
  endpoints: (b) => ({
    rootInfo: b.query<RootInfo, void>({
      queryFn: async () => {
        try {
          return { data: await http.rootInfo() };
        } catch (e) {
          return { error: toQueryError(e) };
        }
      },
    }),
  }),
});

export const { useRootInfoQuery } = rootInfoApi;
