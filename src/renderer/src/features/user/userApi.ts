import type { PageResult } from '@shared/api/envelope';
import type { UserPageQuery, UserRow } from '@shared/api/user';
import { http } from '@renderer/http/client';
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

/** One page of users, for PaginatedTable's fetchPage. */
export const fetchUserPage = (params: UserPageQuery): Promise<PageResult<UserRow>> => http.get<PageResult<UserRow>>('/user/pageList', params);
