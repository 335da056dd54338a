import type { FastifyPluginAsync } from 'fastify';
import { DETECT } from '@shared/api/inspection';
import { route } from '../../lib/endpoint';
import { actorOf } from '../../lib/access';
import * as inspections from './inspection.service';

/** Periodic inspection (src/shared/api/inspection.ts); screen /product/detect. */
export const inspectionRoutes: FastifyPluginAsync = async (app) => {
  route(app, DETECT.duePage, async (request) => inspections.pageDue(app.db, request.body));
  route(app, DETECT.record, async (request) => inspections.recordInspection(app.db, request.body, actorOf(request)));
  route(app, DETECT.history, async (request) => inspections.pageHistory(app.db, request.body));
};
