import type { FastifyPluginAsync } from 'fastify';
import { USER } from '@shared/api/user';
import { route } from '../../lib/endpoint';
import * as users from './user.service';

/** Users (src/shared/api/user.ts). */
export const userRoutes: FastifyPluginAsync = async (app) => {
  route(app, USER.page, async (request) => users.pageUsers(app.db, request.query));
  route(app, USER.info, async (request) => users.getUser(app.db, request.params.id));
  route(app, USER.save, async (request) => ({ id: await users.createUser(app.db, request.body) }));
};
