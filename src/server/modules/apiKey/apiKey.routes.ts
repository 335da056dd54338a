import type { FastifyPluginAsync } from 'fastify';
import { API_KEY } from '@shared/api/apiKey';
import { route } from '../../lib/endpoint';
import type { ModuleOptions } from '../module';
import * as repo from './apiKey.repository';
import { createKey, revokeKey } from './apiKey.service';

/** 接口密钥 (src/shared/api/apiKey.ts); screen /Setting/ApiKey. */
export const apiKeyRoutes: FastifyPluginAsync<ModuleOptions> = async (app) => {
  route(app, API_KEY.page, async (request) => repo.pageKeys(app.db, request.query));
  route(app, API_KEY.roles, async () => repo.roleOptions(app.db));
  route(app, API_KEY.create, async (request) => createKey(app.db, request.body, request.auth?.userId ?? null));
  route(app, API_KEY.revoke, async (request) => {
    await revokeKey(app.db, request.body.id);
    return null;
  });
};
