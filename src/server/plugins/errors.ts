import fp from 'fastify-plugin';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ResultCode, type ApiResult } from '@shared/api/envelope';
import { postgresMessage } from '../lib/db-errors';
import { BusinessError, ForbiddenError, UnauthorizedError } from '../lib/errors';
import { validationMessage } from '../lib/validation-message';

function answer(request: FastifyRequest, reply: FastifyReply, status: number, body: ApiResult<null>) {
  request.resultCode = body.code;
  // Pre-serialized: the route's success schema must not reshape an error envelope.
  return reply.status(status).type('application/json; charset=utf-8').send(JSON.stringify(body));
}

/** Messages for request-shape errors Fastify raises before validation. */
const CLIENT_ERRORS: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: '参数错误：请求体不是合法的 JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: '参数错误：请求体为空',
  FST_ERR_CTP_BODY_TOO_LARGE: '请求内容过大',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: '不支持的请求内容类型',
};

/**
 * The error catalogue of SPEC section 8: every failure leaves as an envelope; business and input errors
 * are HTTP 200 with code -1; unexpected ones are 500 with the request id and never a stack trace.
 */
export const errorsPlugin = fp(async (app) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof BusinessError) {
      return answer(request, reply, 200, { code: ResultCode.FAIL, msg: error.message, data: null });
    }
    if (error instanceof UnauthorizedError) {
      return answer(request, reply, 401, { code: ResultCode.UNAUTHORIZED, msg: error.message, data: null });
    }
    if (error instanceof ForbiddenError) {
      return answer(request, reply, 403, { code: ResultCode.FORBIDDEN, msg: error.message, data: null });
    }
    if (error.validation) {
      const context = error.validationContext ?? 'body';
      const root = (request.routeOptions.schema as Record<string, unknown> | undefined)?.[context];
      const msg = validationMessage(error.validation, context, root);
      return answer(request, reply, 200, { code: ResultCode.FAIL, msg, data: null });
    }
    const fromDatabase = postgresMessage(error);
    if (fromDatabase) {
      // A backstop: input or contention the service did not foresee. Logged, so the gap can be closed.
      request.log.warn({ err: error, reqId: request.id }, 'database refused the request');
      return answer(request, reply, 200, { code: ResultCode.FAIL, msg: fromDatabase, data: null });
    }
    const known = error.code ? CLIENT_ERRORS[error.code] : undefined;
    if (known || (error.statusCode && error.statusCode >= 400 && error.statusCode < 500)) {
      return answer(request, reply, 200, { code: ResultCode.FAIL, msg: known ?? `请求无效：${error.message}`, data: null });
    }
    request.log.error({ err: error, reqId: request.id, method: request.method, path: pathOf(request) }, 'unexpected error');
    return answer(request, reply, 500, {
      code: ResultCode.SERVER_ERROR,
      msg: `服务器内部错误，请联系管理员（请求编号 ${request.id}）`,
      data: null,
      requestId: request.id,
    });
  });
});

/** Path without the query string, as people read it. */
export function pathOf(request: FastifyRequest): string {
  return request.url.split('?')[0]!;
}

/** Unknown /api paths answer 404 in the envelope; other paths are the web UI's (see site.ts). */
export function apiNotFound(request: FastifyRequest, reply: FastifyReply) {
  return answer(request, reply, 404, { code: ResultCode.NOT_FOUND, msg: `接口不存在：${pathOf(request)}`, data: null });
}
