import { serverModule } from '../module';
import { menuRoutes } from './menu.routes';

/** 菜单管理 and the signed-in user's navigation. */
export const module = serverModule('menu', menuRoutes);
export { findButtons, findExistingMenuNos, roleGrants, type Grants } from './menu.repository';
export { roleTree } from './menu.service';
export { loadNav } from './nav.service';
