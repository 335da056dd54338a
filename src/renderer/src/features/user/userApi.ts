import { AUTH } from '@shared/api/auth';
import { ROLE, USER } from '@shared/api/user';
import { api } from '@renderer/store/api';
import { mutationOf, queryOf } from '@renderer/store/endpoints';

/**
 * User calls (src/shared/api/user.ts), the role choice of the user form and the administrator's password
 * reset. Users and departments share the 'User' tag (see features/dept/deptApi.ts).
 */
export const userApi = api.injectEndpoints({
  endpoints: (b) => ({
    userPage: queryOf(b, USER.page, { tags: ['User'] }),
    userDetail: queryOf(b, USER.detail, { tags: ['User'] }),
    roleOptions: queryOf(b, ROLE.options, { tags: ['Role'] }),
    saveUser: mutationOf(b, USER.save, { tags: ['User'] }),
    editUser: mutationOf(b, USER.edit, { tags: ['User'] }),
    setUserStatus: mutationOf(b, USER.updateStatus, { tags: ['User'] }),
    unlockUser: mutationOf(b, USER.unlock, { tags: ['User'] }),
    adminResetPassword: mutationOf(b, AUTH.adminResetPassword, { tags: ['User'] }),
  }),
});
