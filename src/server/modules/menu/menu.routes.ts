import type { FastifyPluginAsync } from 'fastify';
import { MENU } from '@shared/api/menu';
import { route } from '../../lib/endpoint';
import * as menus from './menu.service';

/** MENU routes (src/shared/api/menu.ts); screen /Setting/MenuMng. */
export const menuRoutes: FastifyPluginAsync = async (app) => {
  route(app, MENU.tree, async () => menus.menuTree(app.db));
  route(app, MENU.list, async () => menus.listMenu(app.db));
  route(app, MENU.branch, async (request) => menus.branch(app.db, request.params.menuNo, request.params.roleId));
  route(app, MENU.save, async (request) => ({ id: await menus.saveMenu(app.db, request.body) }));
  route(app, MENU.delete, async (request) => {
    await menus.deleteMenu(app.db, request.params.id);
    return null;
  });
};
