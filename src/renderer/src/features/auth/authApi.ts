import { AUTH } from '@shared/api/auth';
import { api } from '@renderer/store/api';
import { mutationOf } from '@renderer/store/endpoints';

/** Sign-in and passwords (src/shared/api/auth.ts). Sign-in errors are shown on the login form, not as a toast. */
export const authApi = api.injectEndpoints({
  endpoints: (b) => ({
    login: mutationOf(b, AUTH.login, { silent: true, skipAuth: true }),
    resetOwnPassword: mutationOf(b, AUTH.resetOwnPassword),
  }),
});

export const { useLoginMutation, useResetOwnPasswordMutation } = authApi;
