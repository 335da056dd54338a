import type { FastifyPluginAsync } from 'fastify';
import { PERIODIC_INSPECTION } from '@shared/api/periodicInspection';
import { route } from '../../lib/endpoint';
import { actorOf } from '../../lib/access';
import * as inspections from './periodicInspection.service';

/** Periodic inspection (src/shared/api/periodicInspection.ts); screen /product/detect. */
export const periodicInspectionRoutes: FastifyPluginAsync = async (app) => {
  route(app, PERIODIC_INSPECTION.duePage, async (request) => inspections.pageDue(app.db, request.body));
  route(app, PERIODIC_INSPECTION.record, async (request) => inspections.recordInspection(app.db, request.body, actorOf(request)));
  route(app, PERIODIC_INSPECTION.history, async (request) => inspections.pageHistory(app.db, request.body));
};
