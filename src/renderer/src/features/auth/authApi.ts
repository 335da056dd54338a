import type { AdminResetPasswordBody, LoginBody, ResetPasswordBody, TokenData } from '@shared/api/auth';
import { http, type RootInfo } from '@renderer/http/client';
import { api, toQueryError } from '@renderer/store/api';

export const authApi = api.injectEndpoints({
  endpoints: (b) => ({
    /** Sign-in errors are shown on the login form, not as a toast. */
    login: b.mutation<TokenData, LoginBody>({
      query: (body) => ({ url: '/home/login', method: 'post', data: body, silent: true, skipAuth: true }),
    }),
    resetOwnPassword: b.mutation<unknown, ResetPasswordBody>({
      query: (body) => ({ url: '/home/resetPassWord', method: 'post', data: body }),
    }),
    adminResetPassword: b.mutation<unknown, AdminResetPasswordBody & { id: number }>({
      query: ({ id, newPassword }) => ({ url: `/home/adminResetPassWd/${id}`, method: 'post', data: { newPassword } }),
    }),
    /** Title and version from the headers of GET / (falls back to APP_INFO). */
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

export const { useLoginMutation, useResetOwnPasswordMutation, useAdminResetPasswordMutation, useRootInfoQuery } = authApi;
