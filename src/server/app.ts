import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import cors from '@fastify/cors';
import type { Kysely } from 'kysely';
import { APP_HEADERS } from '@shared/app';
import type { AppConfig } from './config';
import type { DB } from './db/schema';
import { requestValidatorCompiler } from './lib/validator';
import { bodyDepthPlugin } from './plugins/body-depth';
import { clientErrorHandler, errorsPlugin, frameworkErrors } from './plugins/errors';
import { operationLogPlugin } from './plugins/operation-log';
import { permissionsPlugin } from './plugins/permissions';
import { securityHeadersPlugin } from './plugins/security-headers';
import { sitePlugin } from './plugins/site';
import { swaggerPlugin } from './plugins/swagger';
import { updatesPlugin } from './plugins/updates';
import { authRoutes } from './modules/auth/auth.routes';
import { areaRoutes } from './modules/area/area.routes';
import { enterpriseRoutes } from './modules/enterprise/enterprise.routes';
import { enumRoutes } from './modules/enum/enum.routes';
import { inspectionRoutes } from './modules/inspection/inspection.routes';
import { lifecycleRoutes } from './modules/lifecycle/lifecycle.routes';
import { storageRoutes } from './modules/storage/storage.routes';
import { materialRoutes } from './modules/material/material.routes';
import { productRoutes } from './modules/product/product.routes';
import { testProjectRoutes } from './modules/testProject/testProject.routes';
import { warehouseRoutes } from './modules/warehouse/warehouse.routes';
import { fileRoutes } from './modules/file/file.routes';
import { roleRoutes } from './modules/role/role.routes';
import { userRoutes } from './modules/user/user.routes';
import { deptRoutes } from './modules/dept/dept.routes';
import { menuRoutes } from './modules/menu/menu.routes';
import { companyRoutes } from './modules/company/company.routes';
import { dictionaryRoutes } from './modules/dictionary/dictionary.routes';
import { systemRuleRoutes } from './modules/systemRule/systemRule.routes';
import { logRoutes } from './modules/log/log.routes';
import './plugins/fastify-types';

export interface BuildAppOptions {
  config: AppConfig;
  db: Kysely<DB>;
  /** Fastify logger option; off by default (tests). */
  logger?: boolean | object;
  /** Sign-in attempts allowed per client IP per minute (default 30). */
  loginAttemptsPerMinute?: number;
  /** Registered after the plugins and before the modules (tests add routes here). */
  extend?: (app: FastifyInstance) => void | Promise<void>;
  /** Sees every route as it is registered, the plugins' own included (tests list the routes with it). */
  onRoute?: (route: RouteOptions) => void;
}

/** The server application: plugins first (errors, permissions, body depth, log, docs, site), then the modules. Does not listen. */
export async function buildApp(opts: BuildAppOptions): Promise<FastifyInstance> {
  const { config, db } = opts;
  const app = Fastify({
    logger: opts.logger ?? false,
    trustProxy: config.trustProxy,
    genReqId: () => randomBytes(8).toString('hex'),
    requestIdHeader: false,
    bodyLimit: 10 * 1024 * 1024,
    // What the router or Node's HTTP parser refuses also answers in the envelope (plugins/errors.ts).
    frameworkErrors,
    clientErrorHandler,
  });
  if (opts.onRoute) app.addHook('onRoute', opts.onRoute);
  app.setValidatorCompiler(requestValidatorCompiler());
  app.decorate('config', config);
  app.decorate('db', db);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  // First, so that every answer carries them, a CORS preflight or a refused sign-in included.
  await app.register(securityHeadersPlugin);
  if (config.corsOrigins.length) {
    await app.register(cors, {
      origin: config.corsOrigins.includes('*') ? true : config.corsOrigins,
      exposedHeaders: [...Object.values(APP_HEADERS), 'x-request-id', 'content-disposition', 'remark'],
      maxAge: 600,
    });
  }
  await app.register(errorsPlugin);
  await app.register(permissionsPlugin);
  await app.register(bodyDepthPlugin);
  await app.register(operationLogPlugin);
  await app.register(swaggerPlugin);
  await app.register(sitePlugin);
  await app.register(updatesPlugin);
  if (opts.extend) await opts.extend(app);

  await app.register(authRoutes, { loginAttemptsPerMinute: opts.loginAttemptsPerMinute ?? 30 });
  await app.register(userRoutes);
  await app.register(roleRoutes);
  for (const routes of [deptRoutes, menuRoutes, companyRoutes, dictionaryRoutes, systemRuleRoutes, logRoutes]) {
    await app.register(routes);
  }
  await app.register(fileRoutes);
  for (const routes of [enumRoutes, areaRoutes, materialRoutes, warehouseRoutes, enterpriseRoutes, productRoutes, inspectionRoutes, testProjectRoutes, lifecycleRoutes, storageRoutes]) {
    await app.register(routes);
  }
  return app;
}
