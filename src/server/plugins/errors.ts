import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import fp from 'fastify-plugin';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ResultCode, type ApiResult } from '@shared/api/envelope';
import { DB_CONNECTION_LOST, isConnectionError, postgresMessage } from '../lib/db-errors';
import type { RefusedReplayData } from '@shared/api/offline';
import { ApiKeyRefusedError, BusinessError, ForbiddenError, RateLimitedError, UnauthorizedError } from '../lib/errors';
import { recordRefusedScan } from '../lib/kept-scans';
import { validationMessage } from '../lib/validation-message';

function answer(request: FastifyRequest, reply: FastifyReply, status: number, body: ApiResult<RefusedReplayData | null>) {
  request.resultCode = body.code;
  // Pre-serialized: the route's success schema must not reshape an error envelope.
  return reply.status(status).type('application/json; charset=utf-8').send(JSON.stringify(body));
}

/** Messages for request-shape errors Fastify raises before validation. */
const CLIENT_ERRORS: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: '参数错误：请求体不是合法的 JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: '参数错误：请求体为空',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: '不支持的请求内容类型',
};

/**
 * The error catalogue of SPEC section 8: every failure leaves as an envelope; business and input errors
 * are HTTP 200 with code -1; unexpected ones are 500 with the request id and never a stack trace.
 */
export const errorsPlugin = fp(async (app) => {
  /**
   * A refusal: a kept scan sent again is recorded as a 待处理异常 first (lib/kept-scans.ts), its id in the answer;
   * when that cannot be written the station is answered 500, keeps the scan and sends it again later.
   */
  const refuse = async (request: FastifyRequest, reply: FastifyReply, msg: string) => {
    let data: RefusedReplayData | null = null;
    try {
      data = await recordRefusedScan(request, msg);
    } catch (error) {
      request.log.error({ err: error, reqId: request.id }, 'refused kept scan not recorded');
      return answer(request, reply, 500, {
        code: ResultCode.SERVER_ERROR, msg: `服务器内部错误，请联系管理员（请求编号 ${request.id}）`, data: null, requestId: request.id,
      });
    }
    return answer(request, reply, 200, { code: ResultCode.FAIL, msg, data });
  };

  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    if (error instanceof BusinessError) return refuse(request, reply, error.message);
    if (error instanceof ApiKeyRefusedError) return answer(request, reply, 401, { code: ResultCode.FAIL, msg: error.message, data: null });
    if (error instanceof RateLimitedError) return answer(request, reply, 429, { code: ResultCode.FAIL, msg: error.message, data: null });
    if (error instanceof UnauthorizedError) {
      return answer(request, reply, 401, { code: ResultCode.UNAUTHORIZED, msg: error.message, data: null });
    }
    if (error instanceof ForbiddenError) {
      return answer(request, reply, 403, { code: ResultCode.FORBIDDEN, msg: error.message, data: null });
    }
    if (error.validation) {
      const context = error.validationContext ?? 'body';
      const root = (request.routeOptions.schema as Record<string, unknown> | undefined)?.[context];
      return refuse(request, reply, validationMessage(error.validation, context, root));
    }
    if (isConnectionError(error)) {
      // The database went away under the request (or is down): the pool reconnects for the next one.
      request.log.warn({ path: pathOf(request), reason: error.message }, 'database connection lost');
      return answer(request, reply, 200, { code: ResultCode.FAIL, msg: DB_CONNECTION_LOST, data: null });
    }
    const fromDatabase = postgresMessage(error);
    if (fromDatabase) {
      // A backstop: input or contention the service did not foresee. Logged, so the gap can be closed.
      request.log.warn({ err: error, reqId: request.id }, 'database refused the request');
      return answer(request, reply, 200, { code: ResultCode.FAIL, msg: fromDatabase, data: null });
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      const limit = request.routeOptions.bodyLimit;
      return answer(request, reply, 200, { code: ResultCode.FAIL, msg: `请求内容过大（此接口最多接受 ${sizeText(limit)}）`, data: null });
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

/** 16 KB, 2.5 MB: a body limit as people read it. */
const sizeText = (bytes: number): string =>
  bytes >= 1024 * 1024 ? `${Number((bytes / 1024 / 1024).toFixed(1))} MB` : `${Math.ceil(bytes / 1024)} KB`;

/** Path without the query string, as people read it. */
export function pathOf(request: FastifyRequest): string {
  return request.url.split('?')[0]!;
}

/** Unknown /api paths answer 404 in the envelope; other paths are the web UI's (see site.ts). */
export function apiNotFound(request: FastifyRequest, reply: FastifyReply) {
  return answer(request, reply, 404, { code: ResultCode.NOT_FOUND, msg: `接口不存在：${pathOf(request)}`, data: null });
}

/** Messages for requests the router refuses before any route or hook runs (Fastify's `frameworkErrors`). */
const URL_ERRORS: Record<string, string> = {
  FST_ERR_BAD_URL: '请求地址无效：包含不合法的 % 转义',
  FST_ERR_MAX_PARAM_LENGTH: '请求地址过长：路径参数超过 100 个字符',
};

/**
 * A URL the router cannot take (a broken %-escape, an over-long path parameter) answered like other input
 * errors: HTTP 200 `{code: -1}`. Fastify would otherwise send its own English 400/414 body.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  reply.header('x-request-id', request.id);
  const known = error.code ? URL_ERRORS[error.code] : undefined;
  if (known) {
    void answer(request, reply, 200, { code: ResultCode.FAIL, msg: known, data: null });
    return;
  }
  request.log.error({ err: error, reqId: request.id }, 'unexpected routing error');
  void answer(request, reply, 500, {
    code: ResultCode.SERVER_ERROR, msg: `服务器内部错误，请联系管理员（请求编号 ${request.id}）`, data: null, requestId: request.id,
  });
}

/** Node's HTTP parser refusals (no request exists yet): the status kept, the body an envelope. */
function clientErrorAnswer(code: string | undefined): [number, string] {
  if (code === 'HPE_HEADER_OVERFLOW') return [431, '请求头或请求地址过长（超过 16 KB），请求未处理'];
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return [408, '请求超时：请求未在规定时间内发送完毕'];
  return [400, '请求格式无效，请求未处理'];
}

/**
 * Connections whose current request was answered before its body had arrived (plugins/connections.ts marks them
 * until the body has been drained).
 */
export const answeredBeforeBody = new WeakSet<Socket>();

/** How long a refused connection may still send the rest of its request before it is closed. */
const LINGER_MS = 2000;
const answeredSockets = new WeakSet<Socket>();

/**
 * Fastify's `clientErrorHandler`: Node's HTTP parser refused the bytes (headers over 16 KB, a malformed
 * request line, a timeout) before any request existed. The answer is written straight to the socket as an
 * envelope. The connection is then half-closed and the rest of the request read and dropped for a moment:
 * closing at once, with the client still sending, resets the connection and the client never sees the answer.
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  // The parser stays in error: every further chunk the client sends reports the same error again.
  if (answeredSockets.has(socket)) return;
  answeredSockets.add(socket);
  // A request already answered (a refusal sent before its body arrived) or being answered gets no second answer
  // the client would read as garbage: the connection is just closed.
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } | null })._httpMessage;
  if (!socket.writable || inFlight?.headersSent || answeredBeforeBody.has(socket)) {
    socket.destroy();
    return;
  }
  const [status, msg] = clientErrorAnswer(error.code);
  const body = JSON.stringify({ code: ResultCode.FAIL, msg, data: null } satisfies ApiResult<null>);
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
  const timer = setTimeout(() => socket.destroy(), LINGER_MS);
  timer.unref();
  socket.once('close', () => clearTimeout(timer));
}
