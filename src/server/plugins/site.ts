import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import type { FastifyReply } from 'fastify';
import { APP_HEADERS, APP_INFO } from '@shared/app';
import { apiNotFound } from './errors';

/**
 * The web UI: GET / carries the product headers the client reads (SPEC section 7); with a built renderer
 * its files are served and every other non-/api GET falls back to index.html (client-side routes).
 */
export const sitePlugin = fp(async (app) => {
  const { rendererDir, version } = app.config;
  const hasUi = Boolean(rendererDir && existsSync(join(rendererDir, 'index.html')));

  const productHeaders = (reply: FastifyReply) =>
    reply.headers({
      [APP_HEADERS.title]: encodeURIComponent(APP_INFO.title),
      [APP_HEADERS.description]: encodeURIComponent(APP_INFO.description),
      [APP_HEADERS.version]: encodeURIComponent(version),
      [APP_HEADERS.team]: encodeURIComponent(APP_INFO.team),
    });

  if (hasUi) {
    await app.register(fastifyStatic, { root: rendererDir!, wildcard: true, index: false });
  }

  // No other origin may frame the UI (clickjacking): the plant's own pages may.
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('x-frame-options', 'SAMEORIGIN');
    if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', "frame-ancestors 'self'");
    return payload;
  });

  app.route({
    method: ['GET', 'HEAD'],
    url: '/',
    handler: async (_request, reply) => {
      productHeaders(reply);
      if (hasUi) return reply.header('cache-control', 'no-cache').sendFile('index.html');
      return { code: 0, msg: '操作成功', data: { ...APP_INFO, version } };
    },
  });

  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/') || request.url === '/api' || request.url.startsWith('/api?')) {
      return apiNotFound(request, reply);
    }
    if (hasUi && (request.method === 'GET' || request.method === 'HEAD')) {
      return productHeaders(reply).header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send({ code: 404, msg: `页面不存在：${request.url.split('?')[0]}`, data: null });
  });
});
