import fp from 'fastify-plugin';
import { BusinessError } from '../lib/errors';
import { jsonShapeProblem, type JsonShapeLimits } from '../lib/json-scan';

/**
 * What no request of ours goes beyond: 32 levels (the deepest body nests 4), 256 keys in one object (the widest
 * form has 22 fields) and 10 000 keys and list items in all (the largest, a label design at its schema's bounds,
 * holds about 2 200). Keys cost most after parsing: each new key name is a new object shape for V8 wherever the
 * body is copied (the operation log masks it), about 20 µs apiece; 10 000 keep that under a few hundred ms.
 */
export const BODY_SHAPE: JsonShapeLimits = { maxDepth: 32, maxKeys: 256, maxMembers: 10_000 };

const MESSAGES: Record<'depth' | 'keys' | 'members', (limit: number) => string> = {
  depth: (n) => `参数错误：请求内容的嵌套层级过多（最多 ${n} 层）`,
  keys: (n) => `参数错误：请求内容中一个对象的字段过多（最多 ${n} 个）`,
  members: (n) => `参数错误：请求内容的字段和列表项过多（最多 ${n} 个）`,
};

/**
 * The JSON body parser of every route. The body is read only up to the route's limit (`bodyLimit`, refused with
 * 请求内容过大 beyond it), then its text is scanned once for the bounds of BODY_SHAPE, and only then parsed (with
 * Fastify's own parser, which refuses `__proto__` and `constructor.prototype`): a hostile shape costs one linear
 * pass, never a parse, a validation or a log entry that walks it.
 */
export const jsonBodyPlugin = fp(async (app) => {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const problem = jsonShapeProblem(body as string, BODY_SHAPE);
    if (problem) return done(new BusinessError(MESSAGES[problem.kind](problem.limit)), undefined);
    return parse(request, body as string, done);
  });
});
