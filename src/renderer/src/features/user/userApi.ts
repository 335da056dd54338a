import type { PageResult } from '@shared/api/envelope';
import type { UserPageQuery, UserRow } from '@shared/api/user';
import { api } from '@renderer/store/api';

export const userApi = api.injectEndpoints({
  endpoints: (b) => ({
    userPage: b.query<PageResult<UserRow>, UserPageQuery>({
      query: (params) => ({ url: '/user/pageList', params }),
      providesTags: ['User'],
    }),
  }),
});

export const { useUserPageQuery } = userApi;
