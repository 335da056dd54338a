import type { FastifyPluginAsync } from 'fastify';
import { ROLE } from '@shared/api/user';
import { operatorOf } from '../../lib/access';
import { route } from '../../lib/endpoint';
import * as roles from './role.service';

/** Roles (src/shared/api/user.ts); screen /Setting/Role. A change applies at the holders' next request. */
export const roleRoutes: FastifyPluginAsync = async (app) => {
  route(app, ROLE.list, async () => roles.listRoles(app.db));
  route(app, ROLE.options, async () => roles.roleOptions(app.db));
  route(app, ROLE.menuTree, async (request) => roles.roleMenuTree(app.db, request.body?.roleId));
  route(app, ROLE.save, async (request) => ({ id: await roles.createRole(app.db, request.body, operatorOf(request).operatorId) }));
  route(app, ROLE.edit, async (request) => {
    await roles.editRole(app.db, request.body, operatorOf(request).operatorId);
    return null;
  });
  route(app, ROLE.grant, async (request) => {
    await roles.grantRole(app.db, request.body, operatorOf(request).operatorId);
    return null;
  });
  route(app, ROLE.delete, async (request) => {
    await roles.deleteRole(app.db, request.params.id);
    return null;
  });
};
