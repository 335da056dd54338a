import type { FastifyPluginAsync } from 'fastify';
import { DASHBOARD } from '@shared/api/dashboard';
import { route } from '../../lib/endpoint';
import { loadRules } from '../systemRule';
import * as dashboard from './dashboard.service';

/** The home dashboard's cards (src/shared/api/dashboard.ts); screen /main/home. */
export const dashboardRoutes: FastifyPluginAsync = async (app) => {
  const db = app.db;
  route(app, DASHBOARD.totalOutput, async (r) => dashboard.fillsByDay(db, r.query.period));
  route(app, DASHBOARD.specTypeCount, async (r) => dashboard.outputBySpec(db, r.query.period));
  route(app, DASHBOARD.storageOutput, async () => dashboard.stockByWarehouse(db));
  route(app, DASHBOARD.getCustomerCount, async () => dashboard.atCustomers(db, (await loadRules(db, app.config)).longOutDays));
  route(app, DASHBOARD.canUserOutput, async () => dashboard.statusesNow(db, (await loadRules(db, app.config)).inspectionDueDays));
  route(app, DASHBOARD.passRateOutput, async (r) => dashboard.passRates(db, r.query.period));
};
