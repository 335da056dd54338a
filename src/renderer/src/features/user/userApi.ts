import { AUTH } from '@shared/api/auth';
import { USER } from '@shared/api/user';
import { api } from '@renderer/store/api';
import { mutationOf, queryOf } from '@renderer/store/endpoints';

/** User calls (src/shared/api/user.ts) and the administrator's password reset. */
export const userApi = api.injectEndpoints({
  endpoints: (b) => ({
    userPage: queryOf(b, USER.page, { tags: ['User'] }),
    adminResetPassword: mutationOf(b, AUTH.adminResetPassword),
  }),
});
