import type { FastifyPluginAsync } from 'fastify';
import { INSPECTION_ITEM } from '@shared/api/inspectionItem';
import { route } from '../../lib/endpoint';
import * as projects from './inspectionItem.service';

/** Inspection items per gas (src/shared/api/testProject.ts); screen /product/productExam. */
export const inspectionItemRoutes: FastifyPluginAsync = async (app) => {
  route(app, INSPECTION_ITEM.list, async (request) => projects.listForGas(app.db, request.body.materialId));
  route(app, INSPECTION_ITEM.detail, async (request) => projects.detail(app.db, request.body.id));
  route(app, INSPECTION_ITEM.save, async (request) => projects.saveForGas(app.db, request.body));
};
