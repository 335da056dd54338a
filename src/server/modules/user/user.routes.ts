import type { FastifyPluginAsync } from 'fastify';
import { USER } from '@shared/api/user';
import { operatorOf, requirePermission } from '../../lib/access';
import { route } from '../../lib/endpoint';
import { configCipher } from '../../lib/field-cipher';
import * as users from './user.service';

/** Users (src/shared/api/user.ts); screens /Setting/user and /Setting/AddUser. */
export const userRoutes: FastifyPluginAsync = async (app) => {
  const cipher = configCipher(app.config);
  route(app, USER.page, async (request) => users.pageUsers(app.db, cipher, request.query));
  route(app, USER.info, async (request) => users.getUser(app.db, cipher, request.params.id));
  route(app, USER.detail, async (request) => users.getUser(app.db, cipher, request.params.id));
  route(app, USER.all, async () => users.userOptions(app.db));
  route(app, USER.save, async (request) => ({ id: await users.createUser(app.db, app.config, request.body, operatorOf(request).operatorId) }));
  route(app, USER.edit, async (request) => {
    await users.editUser(app.db, request.body, {
      userId: operatorOf(request).operatorId,
      cipher,
      assertMayChangeStatus: () => requirePermission(request, 'user:status'),
    });
    return null;
  });
  route(app, USER.updateStatus, async (request) => {
    await users.updateStatus(app.db, request.body, operatorOf(request).operatorId);
    return null;
  });
  route(app, USER.saveRole, async (request) => {
    await users.saveRoles(app.db, request.body, operatorOf(request).operatorId);
    return null;
  });
  route(app, USER.unlock, async (request) => {
    await users.unlockUser(app.db, request.body.id);
    return null;
  });
};
