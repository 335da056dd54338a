import { MENU } from '@shared/api/menu';
import { api } from '@renderer/store/api';
import { mutationOf, queryOf } from '@renderer/store/endpoints';

/**
 * Menu calls (src/shared/api/menu.ts). They share the 'Role' tag with the roles: the role form's tree
 * lists the menus and their buttons, and a role's count on a menu changes with its grants.
 */
export const menuApi = api.injectEndpoints({
  endpoints: (b) => ({
    menuTree: queryOf(b, MENU.tree, { tags: ['Role'] }),
    menuList: queryOf(b, MENU.list, { tags: ['Role'] }),
    saveMenu: mutationOf(b, MENU.save, { tags: ['Role'] }),
    deleteMenu: mutationOf(b, MENU.delete, { tags: ['Role'] }),
  }),
});
