import type { FastifyPluginAsync } from 'fastify';
import { ROLE } from '@shared/api/user';
import { route } from '../../lib/endpoint';
import * as roles from './role.service';

/** Roles (src/shared/api/user.ts): list and create for now; editing comes with the role screen. */
export const roleRoutes: FastifyPluginAsync = async (app) => {
  route(app, ROLE.list, async () => roles.listRoles(app.db));
  route(app, ROLE.save, async (request) => ({ id: await roles.createRole(app.db, request.body) }));
};
