import { mkdirSync } from 'node:fs';
import { extname, join, resolve } from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import type { FastifyError, FastifyReply } from 'fastify';
import { MIN_CLIENT_VERSION_HEADER, UPDATES_PATH } from '@shared/updates';

/**
 * Types of what electron-builder publishes, set here rather than left to the mime table: electron-updater
 * does not care, but proxies and browsers downloading an installer by hand do, and .blockmap/.AppImage
 * are in no table.
 */
export const UPDATE_CONTENT_TYPES: Record<string, string> = {
  '.yml': 'text/yaml; charset=utf-8',
  '.yaml': 'text/yaml; charset=utf-8',
  '.exe': 'application/vnd.microsoft.portable-executable',
  '.dmg': 'application/x-apple-diskimage',
  '.zip': 'application/zip',
  '.blockmap': 'application/octet-stream',
  '.appimage': 'application/vnd.appimage',
  '.deb': 'application/vnd.debian.binary-package',
};

/**
 * A file path inside the folder: no parent segments (however encoded), no backslashes or NULs, no hidden
 * files, no directory (nothing is listed).
 */
function isPlainPath(pathname: string): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return false;
  }
  if (/[\\\0]/.test(decoded) || decoded.startsWith('//') || decoded.endsWith('/')) return false;
  return decoded.split('/').every((segment) => segment !== '..' && !segment.startsWith('.'));
}

function notFound(reply: FastifyReply, path: string) {
  return reply.status(404).type('application/json; charset=utf-8').send({ code: 404, msg: `文件不存在：${path}`, data: null });
}

/**
 * Desktop releases: GET/HEAD /updates/* serves the updates folder (UPDATES_DIR, default DATA_DIR/updates) the
 * way electron-updater's generic provider reads it — latest.yml, then the installer, ranges included. No
 * sign-in (the app checks before anyone signs in), nothing outside the folder, no listing. GET / also
 * declares the oldest client the server accepts (MIN_CLIENT_VERSION).
 */
export const updatesPlugin = fp(async (app) => {
  const { dataDir, updatesDir, minClientVersion } = app.config;
  const root = resolve(updatesDir ?? join(dataDir, 'updates'));
  mkdirSync(root, { recursive: true });

  await app.register(
    async (scope) => {
      // Misses answer 404 here, not the web UI's index.html: electron-updater must see a missing latest.yml.
      scope.setNotFoundHandler((request, reply) => notFound(reply, request.url.split('?')[0]!));
      scope.setErrorHandler((error: FastifyError, request, reply) => {
        const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
        if (status === 500) request.log.error({ err: error }, 'serving an update file failed');
        return reply.status(status).type('application/json; charset=utf-8').send({ code: status, msg: error.message, data: null });
      });
      scope.addHook('onSend', async (request, reply, payload) => {
        if (reply.statusCode !== 200 && reply.statusCode !== 206) return payload;
        const path = request.url.split('?')[0]!;
        const type = UPDATE_CONTENT_TYPES[extname(path).toLowerCase()];
        if (type) reply.header('content-type', type);
        // The channel files say which release is current: never answered from a cache.
        if (/\.ya?ml$/i.test(path)) reply.header('cache-control', 'no-cache');
        return payload;
      });
      await scope.register(fastifyStatic, {
        root,
        prefix: '/',
        decorateReply: false,
        index: false,
        list: false,
        redirect: false,
        dotfiles: 'ignore',
        acceptRanges: true,
        allowedPath: (pathname) => isPlainPath(pathname),
      });
    },
    { prefix: UPDATES_PATH.replace(/\/$/, '') },
  );

  if (minClientVersion) {
    app.addHook('onSend', async (request, reply, payload) => {
      if (request.url === '/' || request.url.startsWith('/?')) reply.header(MIN_CLIENT_VERSION_HEADER, minClientVersion);
      return payload;
    });
  }
});
