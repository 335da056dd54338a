import fp from 'fastify-plugin';
import { BusinessError } from '../lib/errors';
import { nestsDeeperThan } from '../lib/nesting';

/** No request of ours nests deeper; a body nested deeper is refused before any route sees it. */
export const BODY_MAX_DEPTH = 32;

/**
 * One check for every route, before validation: a body nested deeper than BODY_MAX_DEPTH levels is refused
 * with -1 and nothing is done. Deep nesting costs stack wherever a value is walked (validation, masking for
 * the operation log, JSON.stringify), so it is stopped at the door.
 */
export const bodyDepthPlugin = fp(async (app) => {
  app.addHook('preValidation', async (request) => {
    if (request.body && typeof request.body === 'object' && nestsDeeperThan(request.body, BODY_MAX_DEPTH)) {
      throw new BusinessError(`参数错误：请求内容的嵌套层级过多（最多 ${BODY_MAX_DEPTH} 层）`);
    }
  });
});
