import type { Socket } from 'node:net';
import fp from 'fastify-plugin';
import { ResultCode, type ApiResult } from '@shared/api/envelope';
import { CONFIG_DEFAULTS, type AppConfig } from '../config';
import { answeredBeforeBody } from './errors';

/** How long a connection refused by the cap, or answered before its body arrived, may still send before it is closed. */
const LINGER_MS = 2000;

/**
 * The HTTP server's clocks for a client (Node's, set through Fastify's options): the whole request, body included,
 * within REQUEST_TIMEOUT_SECONDS (120 s: a 10 MB upload needs 85 KB/s, a slow workshop Wi-Fi gives ten times
 * that); its headers within 20 s of it; checked every 5 s (Node's own default is 30). A connection kept open
 * between requests is closed after 72 s idle, longer than the 60 s after which nginx and common cloud balancers
 * drop theirs, so the server never closes one a proxy is about to reuse. There is no idle clock on the socket
 * while a request is being answered: a PDF conversion or a large export may take longer than any such clock.
 */
export function serverTimeouts(config: AppConfig) {
  const requestMs = (config.requestTimeoutSeconds ?? CONFIG_DEFAULTS.requestTimeoutSeconds) * 1000;
  const headersMs = Math.min(requestMs, 20_000);
  return {
    requestTimeout: requestMs,
    keepAliveTimeout: 72_000,
    http: { requestTimeout: requestMs, headersTimeout: headersMs, connectionsCheckingInterval: Math.min(5000, Math.ceil(headersMs / 4)) },
  };
}

/** An address as the socket has it, an IPv4 client of a dual-stack listener as plain IPv4. */
const addressOf = (socket: Socket): string => (socket.remoteAddress ?? '').replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '');

/**
 * At most MAX_CONNECTIONS_PER_ADDRESS connections open at once from one address (per process), counted by the
 * socket's own address — the only one known when a connection opens; behind a proxy that is the proxy's, so the
 * limit is off there by default. A connection over the limit is answered 429 in the envelope at its first request
 * (and closed, as it is after LINGER_MS if it sends none), before anything else runs for it.
 *
 * Also: a request answered before its body arrived (refused sign-in or key, too large, unknown path) keeps its
 * connection only LINGER_MS more to drain the rest, not until the request timeout: a client trickling a body into
 * a refusal is cut at once.
 */
export const connectionsPlugin = fp(async (app) => {
  const cap = app.config.maxConnectionsPerAddress ?? (app.config.trustProxy ? 0 : CONFIG_DEFAULTS.maxConnectionsPerAddress);
  const open = new Map<string, number>();
  const refused = new WeakSet<Socket>();

  if (cap > 0) {
    app.server.on('connection', (socket: Socket) => {
      const address = addressOf(socket);
      const count = open.get(address) ?? 0;
      if (count >= cap) {
        refused.add(socket);
        const timer = setTimeout(() => socket.destroy(), LINGER_MS);
        timer.unref();
        socket.once('close', () => clearTimeout(timer));
        return;
      }
      open.set(address, count + 1);
      socket.once('close', () => {
        const left = (open.get(address) ?? 1) - 1;
        if (left > 0) open.set(address, left);
        else open.delete(address);
      });
    });

    const body = JSON.stringify({ code: ResultCode.FAIL, msg: `同一地址的同时连接过多（最多 ${cap} 个），请稍后重试`, data: null } satisfies ApiResult<null>);
    app.addHook('onRequest', async (request, reply) => {
      if (!refused.has(request.raw.socket)) return;
      request.resultCode = ResultCode.FAIL;
      return reply.code(429).header('connection', 'close').type('application/json; charset=utf-8').send(body);
    });
  }

  app.addHook('onResponse', async (request) => {
    // `complete` is Node's: false while body bytes are still to come (app.inject's requests have none of this).
    if (request.raw.complete !== false) return;
    const socket = request.raw.socket;
    answeredBeforeBody.add(socket);
    request.raw.once('end', () => answeredBeforeBody.delete(socket));
    const timer = setTimeout(() => {
      if (!request.raw.complete) socket.destroy();
    }, LINGER_MS);
    timer.unref();
  });
});
