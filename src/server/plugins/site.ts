import { existsSync } from 'node:fs';
import { extname, join } from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import type { FastifyReply } from 'fastify';
import { APP_HEADERS, APP_INFO } from '@shared/app';
import { NO_CACHE_FILES } from '@shared/site';
import { apiNotFound } from './errors';

/**
 * Files of a build (scripts, styles, WebAssembly, fonts, images, the manifest): a missing one answers 404, never
 * the app's page — a browser must see that an old release's worker script or chunk is gone, not run HTML as it.
 */
const BUILD_FILE = /\.(?:m?js|css|map|wasm|webmanifest|json|png|jpe?g|gif|webp|svg|ico|woff2?|ttf|otf)$/i;

/** How long GET / waits for the app name before answering with the product's. */
const TITLE_QUERY_TIMEOUT_MS = 2000;

export interface SiteOptions {
  /** The app name an administrator gave (企业信息 系统名称), null when none (the company module's; app.ts passes it). */
  findAppTitle: () => Promise<string | null>;
}

/**
 * The web UI: GET / carries the product headers the client reads (SPEC section 7); with a built renderer
 * its files are served and every other non-/api GET falls back to index.html (client-side routes) — but a
 * missing build file is a 404. The service worker's own offline fallback skips the same server paths
 * (SERVER_PATH_PREFIXES, src/shared/site.ts).
 */
export const sitePlugin = fp<SiteOptions>(async (app, { findAppTitle }) => {
  const { rendererDir, version } = app.config;
  const hasUi = Boolean(rendererDir && existsSync(join(rendererDir, 'index.html')));

  /**
   * The app name an administrator gave (企业信息 系统名称), else the product's. One small query; a database
   * that is down or slow never fails the page, it only shows the product name.
   */
  const appTitle = async (): Promise<string> => {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<null>((resolve) => { timer = setTimeout(() => resolve(null), TITLE_QUERY_TIMEOUT_MS); });
    try {
      return (await Promise.race([findAppTitle(), late])) ?? APP_INFO.title;
    } catch {
      return APP_INFO.title;
    } finally {
      clearTimeout(timer);
    }
  };

  // Returns nothing: a reply is thenable (it settles when sent), so awaiting one here would never end.
  const productHeaders = async (reply: FastifyReply): Promise<void> => {
    reply.headers({
      [APP_HEADERS.title]: encodeURIComponent(await appTitle()),
      [APP_HEADERS.description]: encodeURIComponent(APP_INFO.description),
      [APP_HEADERS.version]: encodeURIComponent(version),
      [APP_HEADERS.team]: encodeURIComponent(APP_INFO.team),
    });
  };

  if (hasUi) {
    await app.register(fastifyStatic, { root: rendererDir!, wildcard: true, index: false });
    // The service worker (vite-plugin-pwa), its Workbox runtime and the manifest are checked afresh on each load:
    // a new release's worker is found as soon as it is served, not after the HTTP cache's heuristics.
    app.addHook('onSend', async (request, reply, payload) => {
      const path = request.url.split('?')[0]!;
      if (reply.statusCode !== 200 && reply.statusCode !== 304) return payload;
      if (!NO_CACHE_FILES.some((file) => file.test(path))) return payload;
      reply.header('cache-control', 'no-cache');
      if (path.endsWith('.webmanifest')) reply.header('content-type', 'application/manifest+json; charset=utf-8');
      return payload;
    });
  }

  app.route({
    method: ['GET', 'HEAD'],
    url: '/',
    handler: async (_request, reply) => {
      await productHeaders(reply);
      if (hasUi) return reply.header('cache-control', 'no-cache').sendFile('index.html');
      return { code: 0, msg: '操作成功', data: { ...APP_INFO, version } };
    },
  });

  app.setNotFoundHandler(async (request, reply) => {
    if (request.url.startsWith('/api/') || request.url === '/api' || request.url.startsWith('/api?')) {
      return apiNotFound(request, reply);
    }
    const missingFile = BUILD_FILE.test(extname(request.url.split('?')[0]!));
    if (hasUi && !missingFile && (request.method === 'GET' || request.method === 'HEAD')) {
      await productHeaders(reply);
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send({ code: 404, msg: `页面不存在：${request.url.split('?')[0]}`, data: null });
  });
});
