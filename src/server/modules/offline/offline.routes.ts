import type { FastifyPluginAsync } from 'fastify';
import { OFFLINE } from '@shared/api/offline';
import { route } from '../../lib/endpoint';
import { actorOf } from '../../lib/access';
import { factsPage } from './facts';
import { addException, listExceptions, queues, reportQueue, resolveException } from './exceptions';

/** Stations through an outage (issue 25): the facts change feed, 待处理异常, the stations' queues. */
export const offlineRoutes: FastifyPluginAsync = async (app) => {
  const db = app.db;
  route(app, OFFLINE.facts, async (r) => factsPage(db, r.body));
  route(app, OFFLINE.exceptionAdd, async (r) => addException(db, r.body, actorOf(r)));
  route(app, OFFLINE.exceptionListPage, async (r) => listExceptions(r, r.body));
  route(app, OFFLINE.exceptionResolve, async (r) => resolveException(r, r.body));
  route(app, OFFLINE.queueReport, async (r) => reportQueue(db, r.body, actorOf(r)));
  route(app, OFFLINE.queues, async () => queues(db));
};
