import type { FastifyPluginAsync } from 'fastify';
import { INSPECTION_ITEM } from '@shared/api/inspectionItem';
import { route } from '../../lib/endpoint';
import * as items from './inspectionItem.service';

/** Inspection items per gas (src/shared/api/inspectionItem.ts); screen /product/productExam. */
export const inspectionItemRoutes: FastifyPluginAsync = async (app) => {
  route(app, INSPECTION_ITEM.list, async (request) => items.listForGas(app.db, request.body.materialId));
  route(app, INSPECTION_ITEM.detail, async (request) => items.detail(app.db, request.body.id));
  route(app, INSPECTION_ITEM.save, async (request) => items.saveForGas(app.db, request.body));
};
