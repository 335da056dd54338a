import { DEPT } from '@shared/api/user';
import { api } from '@renderer/store/api';
import { mutationOf, queryOf } from '@renderer/store/endpoints';

/**
 * Department calls (DEPT in src/shared/api/user.ts). They share the 'User' tag with the users: a user
 * saved changes a department's user count, a renamed department changes the users' 部门 column.
 */
export const deptApi = api.injectEndpoints({
  endpoints: (b) => ({
    deptList: queryOf(b, DEPT.list, { tags: ['User'] }),
    deptTree: queryOf(b, DEPT.tree, { tags: ['User'] }),
    saveDept: mutationOf(b, DEPT.save, { tags: ['User'] }),
    editDept: mutationOf(b, DEPT.edit, { tags: ['User'] }),
    deleteDept: mutationOf(b, DEPT.delete, { tags: ['User'] }),
  }),
});
