import type { FastifyPluginAsync } from 'fastify';
import { ENUM, ENUMS } from '@shared/api/enum';
import { route } from '../../lib/endpoint';
import { BusinessError } from '../../lib/errors';

/** The enumerations (src/shared/api/enum.ts) for any signed-in user. */
export const enumRoutes: FastifyPluginAsync = async (app) => {
  route(app, ENUM.dropDown, async (request) => {
    const entries = Object.hasOwn(ENUMS, request.params.name) ? ENUMS[request.params.name] : undefined;
    if (!entries) throw new BusinessError(`枚举不存在：${request.params.name}`);
    return entries;
  });
};
