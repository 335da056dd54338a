import type { FastifyPluginAsync } from 'fastify';
import { PRODUCTION } from '@shared/api/production';
import { actorOf } from '../../lib/access';
import { route } from '../../lib/endpoint';
import * as service from './suspension.service';

/** 停止充装 and 恢复充装 (produce:suspend), and the stations' poll (produce:filling, its X-Workstation and gas). */
export const suspensionRoutes: FastifyPluginAsync = async (app) => {
  const db = app.db;
  service.watchSuspensions(db, app.changes);
  route(app, PRODUCTION.suspend, async (r) => service.suspend(db, app.changes, r.body, actorOf(r)));
  route(app, PRODUCTION.resume, async (r) => service.resume(db, app.changes, r.body, actorOf(r)));
  route(app, PRODUCTION.suspension, async (r) => service.suspensionState(db, r.body.materialId, actorOf(r).workstation));
};
