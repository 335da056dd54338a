import type { FastifyPluginAsync } from 'fastify';
import { OFFLINE } from '@shared/api/offline';
import { route } from '../../lib/endpoint';
import { actorOf, requireAnyPermission } from '../../lib/access';
import { factsPage } from './facts';
import { addException, listExceptions, queues, reportQueue, resolveException } from './exceptions';

/** The keys of the scanning stations that keep a local copy (领瓶, 充装, 检验, 复秤, 抽真空, 入库, 出库扫描, 回收). */
const STATION_KEYS = ['produce:picking', 'produce:filling', 'inspect:test', 'produce:metage', 'produce:vacuum', 'inbound:add', 'outbound:scan', 'inbound:recover'] as const;

/** Stations through an outage (issue 25): the facts change feed, 待处理异常, the stations' queues. */
export const offlineRoutes: FastifyPluginAsync = async (app) => {
  const db = app.db;
  // The gate facts of the plant's cylinders go to the stations only: a scanning key of any station.
  route(app, OFFLINE.facts, async (r) => {
    await requireAnyPermission(r, STATION_KEYS);
    return factsPage(db, r.body);
  });
  route(app, OFFLINE.exceptionAdd, async (r) => addException(db, r.body, actorOf(r)));
  route(app, OFFLINE.exceptionListPage, async (r) => listExceptions(r, r.body));
  route(app, OFFLINE.exceptionResolve, async (r) => resolveException(r, r.body));
  route(app, OFFLINE.queueReport, async (r) => reportQueue(db, r.body, actorOf(r)));
  route(app, OFFLINE.queues, async () => queues(db));
};
