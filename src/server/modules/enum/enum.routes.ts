import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { ENUMS } from '@shared/api/enum';
import { PERMISSIONS } from '@shared/menus';
import { ok } from '../../lib/envelope';
import { BusinessError } from '../../lib/errors';
import { okResponse } from '../../lib/route-schema';

const EnumEntry = Type.Object({ name: Type.String(), code: Type.Union([Type.String(), Type.Number()]) });

/** GET /api/enum/dropDown/{name}: the enumerations of SPEC sections 3 and 4 for any signed-in user. */
export const enumRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.get('/api/enum/dropDown/:name', {
    config: { permission: PERMISSIONS.AUTHENTICATED },
    schema: {
      tags: ['enum'], summary: `枚举下拉：${Object.keys(ENUMS).join(', ')}`,
      params: Type.Object({ name: Type.String({ maxLength: 64 }) }), response: okResponse(Type.Array(EnumEntry)),
    },
  }, async (request) => {
    const entries = Object.hasOwn(ENUMS, request.params.name) ? ENUMS[request.params.name] : undefined;
    if (!entries) throw new BusinessError(`枚举不存在：${request.params.name}`);
    return ok(entries);
  });
};
