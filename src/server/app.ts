import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import type { Kysely } from 'kysely';
import { APP_HEADERS } from '@shared/app';
import { DEFAULT_BODY_LIMIT } from '@shared/api/endpoint';
import { DOCUMENT_MESSAGE_HEADER } from '@shared/api/report';
import { createBlobStore, type BlobStore } from './blobs';
import type { AppConfig } from './config';
import type { DB } from './db/schema';
import { RateLimitedError } from './lib/errors';
import type { KeptScans } from './lib/kept-scans';
import { requestValidatorCompiler } from './lib/validator';
import { changesPlugin } from './plugins/changes';
import { connectionsPlugin, serverTimeouts } from './plugins/connections';
import { clientErrorHandler, errorsPlugin, frameworkErrors } from './plugins/errors';
import { jsonBodyPlugin } from './plugins/json-body';
import { operationLogPlugin } from './plugins/operation-log';
import { permissionsPlugin } from './plugins/permissions';
import { securityHeadersPlugin } from './plugins/security-headers';
import { sitePlugin } from './plugins/site';
import { swaggerPlugin } from './plugins/swagger';
import { updatesPlugin } from './plugins/updates';
import { SERVER_MODULES } from './modules';
import { authenticateKey, pgRateStore } from './modules/apiKey';
import { loadAccess } from './modules/auth';
import { findAppTitle } from './modules/company';
import { logRecorder } from './modules/log';
import './plugins/fastify-types';

export interface BuildAppOptions {
  config: AppConfig;
  db: Kysely<DB>;
  /** Fastify logger option; off by default (tests). */
  logger?: boolean | object;
  /** Where files are kept; default: the store config.fileStorage names (the local folder DATA_DIR/files without one). */
  blobs?: BlobStore;
  /** Sign-in attempts allowed per client IP per minute (default 30). */
  loginAttemptsPerMinute?: number;
  /** Calls allowed per API key per minute, in each server process (default 600); people's calls are not counted. */
  apiKeyRequestsPerMinute?: number;
  /** Registered after the plugins and before the modules (tests add routes here). */
  extend?: (app: FastifyInstance) => void | Promise<void>;
  /** Sees every route as it is registered, the plugins' own included (tests list the routes with it). */
  onRoute?: (route: RouteOptions) => void;
}

/**
 * The server application: plugins first (errors, permissions, JSON bodies, log, docs, site), then the modules. Does not
 * listen. The one place that wires modules into the plugins: lib/, plugins/ and db/ import no module, they are handed
 * what they need here (the caller's access, the app's name, the operation log's settings and table).
 */
export async function buildApp(opts: BuildAppOptions): Promise<FastifyInstance> {
  const { config, db } = opts;
  const app = Fastify({
    logger: opts.logger ?? false,
    trustProxy: config.trustProxy,
    genReqId: () => randomBytes(8).toString('hex'),
    requestIdHeader: false,
    // Each route reads at most its own limit (lib/endpoint.ts); this one is for the rest (404s, plugins' routes).
    bodyLimit: DEFAULT_BODY_LIMIT,
    // What the router or Node's HTTP parser refuses also answers in the envelope (plugins/errors.ts).
    frameworkErrors,
    clientErrorHandler,
    // A client trickling a request is cut after REQUEST_TIMEOUT_SECONDS (plugins/connections.ts).
    ...serverTimeouts(config),
  });
  if (opts.onRoute) app.addHook('onRoute', opts.onRoute);
  app.setValidatorCompiler(requestValidatorCompiler());
  app.decorate('config', config);
  app.decorate('db', db);
  app.decorate('blobs', opts.blobs ?? createBlobStore(config.fileStorage ?? { kind: 'local', root: join(config.dataDir, 'files') }));
  // Filled by the offline module: where the replayable routes and the error answers record kept scans.
  const keptScans: KeptScans = { sink: null };
  app.decorate('keptScans', keptScans);
  app.decorateRequest('keptScan', false);
  const log = logRecorder(db);
  app.decorate('apiRoutes', log.routes);
  app.decorate('logSettings', log.settings);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  // First, so that every answer carries them, a CORS preflight or a refused sign-in included.
  await app.register(securityHeadersPlugin);
  // Before anything else runs for a request: a connection over its address's limit gets only its refusal.
  await app.register(connectionsPlugin);
  if (config.corsOrigins.length) {
    await app.register(cors, {
      origin: config.corsOrigins.includes('*') ? true : config.corsOrigins,
      exposedHeaders: [...Object.values(APP_HEADERS), 'x-request-id', 'content-disposition', 'remark', DOCUMENT_MESSAGE_HEADER],
      maxAge: 600,
    });
  }
  await app.register(errorsPlugin);
  await app.register(changesPlugin);
  await app.register(permissionsPlugin, {
    loadAccess: (userId, sessionId, permission) => loadAccess(db, userId, sessionId, permission),
    authenticateKey: (key, permission) => authenticateKey(db, key, permission),
  });
  // Per API key, after the permission check has named the key (its onRequest hook runs first); people are never counted.
  await app.register(rateLimit, {
    global: true,
    max: opts.apiKeyRequestsPerMinute ?? 600,
    timeWindow: 60_000,
    // Counted in the database, so the limit holds across every server process (api_key_rate_windows).
    store: pgRateStore(db),
    keyGenerator: (request) => (request.auth?.apiKeyId !== undefined ? `apiKey:${request.auth.apiKeyId}` : 'person'),
    allowList: (request) => request.auth?.apiKeyId === undefined,
    errorResponseBuilder: (_request, context) =>
      new RateLimitedError(`接口密钥调用过于频繁（每分钟最多 ${context.max} 次），请 ${Math.max(1, Math.ceil(context.ttl / 1000))} 秒后再试`),
  });
  await app.register(jsonBodyPlugin);
  await app.register(operationLogPlugin, log.options);
  await app.register(swaggerPlugin);
  await app.register(sitePlugin, { findAppTitle: () => findAppTitle(db) });
  await app.register(updatesPlugin);
  if (opts.extend) await opts.extend(app);

  const moduleOptions = { loginAttemptsPerMinute: opts.loginAttemptsPerMinute ?? 30 };
  for (const module of SERVER_MODULES) await app.register(module.routes, moduleOptions);
  return app;
}
