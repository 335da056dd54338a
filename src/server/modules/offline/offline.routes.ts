import type { FastifyPluginAsync } from 'fastify';
import { OFFLINE } from '@shared/api/offline';
import { route } from '../../lib/endpoint';
import { actorOf, holdsPermission, operatorOf, permissionsOf, requireAnyPermission, workstationOf } from '../../lib/access';
import { loadRules } from '../systemRule';
import { factsPage } from './facts';
import { operatorFacts } from './facts.repository';
import { listExceptions, queues, recordKeptScan, reportQueue, resolveException } from './exceptions.service';

/** The keys of the scanning stations that keep a local copy (领瓶, 充装, 检验, 复秤, 抽真空, 入库, 出库扫描, 回收). */
const STATION_KEYS = ['produce:picking', 'produce:filling', 'inspect:test', 'produce:metage', 'produce:vacuum', 'inbound:add', 'outbound:scan', 'inbound:recover'] as const;
/** Who sees every user's 待处理异常: those who may see them all or resolve them. */
const SUPERVISOR_KEYS = ['offline:exceptions', 'offline:resolve'] as const;

/** Stations through an outage (issue 25): the facts change feed, 待处理异常, the stations' queues. */
export const offlineRoutes: FastifyPluginAsync = async (app) => {
  const db = app.db;
  // A kept scan refused (or flagged) on replay is recorded by the server in the same request (lib/kept-scans.ts).
  app.keptScans.sink = (report) => recordKeptScan(db, report);

  // The gate facts of the plant's cylinders go to the stations only: a scanning key of any station.
  route(app, OFFLINE.facts, async (r) => {
    await requireAnyPermission(r, STATION_KEYS);
    // With the operator's own certificate (the certificate rule offline, issue 34).
    return { ...(await factsPage(db, r.body)), operator: await operatorFacts(db, operatorOf(r).operatorId) };
  });
  route(app, OFFLINE.exceptionListPage, async (r) => {
    const supervisor = (await holdsPermission(r, SUPERVISOR_KEYS[0])) || (await holdsPermission(r, SUPERVISOR_KEYS[1]));
    return listExceptions(db, { ...operatorOf(r), workstation: workstationOf(r) }, supervisor, r.body);
  });
  route(app, OFFLINE.exceptionResolve, async (r) => resolveException(db, { ...operatorOf(r), workstation: workstationOf(r) }, {
    can: permissionsOf(r),
    manualWeightAllowed: async () => (await loadRules(db, app.config)).allowManualWeight,
    householdRules: () => loadRules(db, app.config),
  }, r.body));
  // Only a station's user has a queue to report.
  route(app, OFFLINE.queueReport, async (r) => {
    await requireAnyPermission(r, STATION_KEYS);
    return reportQueue(db, r.body, actorOf(r));
  });
  route(app, OFFLINE.queues, async () => queues(db));
};
