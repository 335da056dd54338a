import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { RoleRow, RoleSaveBody } from '@shared/api/user';
import { ok } from '../../lib/envelope';
import { okResponse } from '../../lib/route-schema';
import * as roles from './role.service';

const tags = ['role'];

/** Roles (SPEC section 7, Roles): list and create for now; editing comes with the role screen. */
export const roleRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.post('/api/role/list', {
    config: { permission: 'role:view' },
    schema: { tags, summary: '角色列表', response: okResponse(Type.Array(RoleRow)) },
  }, async () => ok(await roles.listRoles(app.db)));

  app.post('/api/role/saveRole', {
    config: { permission: 'role:add' },
    schema: { tags, summary: '新增角色', body: RoleSaveBody, response: okResponse(Type.Object({ id: Type.Integer() })) },
  }, async (request) => ok({ id: await roles.createRole(app.db, request.body) }));
};
