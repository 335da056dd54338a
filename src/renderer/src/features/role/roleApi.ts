import { ROLE } from '@shared/api/user';
import { api } from '@renderer/store/api';
import { mutationOf, queryOf } from '@renderer/store/endpoints';

/**
 * Role calls (ROLE in src/shared/api/user.ts). A role change also changes the users' 角色 column, so
 * mutations invalidate 'User' as well; the menu screen's changes invalidate 'Role' (the trees show menus).
 */
export const roleApi = api.injectEndpoints({
  endpoints: (b) => ({
    roleList: queryOf(b, ROLE.list, { tags: ['Role'] }),
    roleMenuTree: queryOf(b, ROLE.menuTree, { tags: ['Role'], keepUnusedDataFor: 0 }),
    saveRole: mutationOf(b, ROLE.save, { tags: ['Role', 'User'] }),
    editRole: mutationOf(b, ROLE.edit, { tags: ['Role', 'User'] }),
    deleteRole: mutationOf(b, ROLE.delete, { tags: ['Role', 'User'] }),
  }),
});
