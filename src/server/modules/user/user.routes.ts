import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { Page } from '@shared/api/envelope';
import { UserPageQuery, UserRow, UserSaveBody } from '@shared/api/user';
import { ok } from '../../lib/envelope';
import { okResponse } from '../../lib/route-schema';
import * as users from './user.service';

const tags = ['user'];
const UserDetail = Type.Composite([UserRow, Type.Object({ roleIds: Type.Array(Type.Integer()) })]);

/** Users (SPEC section 7, Org/users): what the walking skeleton needs; the screens come later. */
export const userRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get('/api/user/pageList', {
    config: { permission: 'user:view' },
    schema: { tags, summary: '用户分页列表', querystring: UserPageQuery, response: okResponse(Page(UserRow)) },
  }, async (request) => ok(await users.pageUsers(app.db, request.query)));

  app.get('/api/user/info/:id', {
    config: { permission: 'user:view' },
    schema: { tags, summary: '用户详情', params: Type.Object({ id: Type.Integer({ minimum: 1 }) }), response: okResponse(UserDetail) },
  }, async (request) => ok(await users.getUser(app.db, request.params.id)));

  app.post('/api/user/save', {
    config: { permission: 'user:add' },
    schema: { tags, summary: '新增用户', body: UserSaveBody, response: okResponse(Type.Object({ id: Type.Integer() })) },
  }, async (request) => ok({ id: await users.createUser(app.db, request.body) }));
};
