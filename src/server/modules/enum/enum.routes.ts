import type { FastifyPluginAsync } from 'fastify';
import { ENUM, ENUMS, enumEntriesIn } from '@shared/api/enum';
import { route } from '../../lib/endpoint';
import { BusinessError } from '../../lib/errors';
import { langOf } from '../../lib/lang';

/** The enumerations (src/shared/api/enum.ts) for any signed-in user, named in the caller's language. */
export const enumRoutes: FastifyPluginAsync = async (app) => {
  route(app, ENUM.dropDown, async (request) => {
    const entries = Object.hasOwn(ENUMS, request.params.name) ? ENUMS[request.params.name] : undefined;
    if (!entries) throw new BusinessError(`枚举不存在：${request.params.name}`);
    return enumEntriesIn(entries, langOf(request));
  });
};
