import type { FastifyPluginAsync } from 'fastify';
import { TEST_PROJECT } from '@shared/api/testProject';
import { route } from '../../lib/endpoint';
import * as projects from './testProject.service';

/** Inspection items per gas (src/shared/api/testProject.ts); screen /product/productExam. */
export const testProjectRoutes: FastifyPluginAsync = async (app) => {
  route(app, TEST_PROJECT.list, async (request) => projects.listForGas(app.db, request.body.materialId));
  route(app, TEST_PROJECT.detail, async (request) => projects.detail(app.db, request.body.id));
  route(app, TEST_PROJECT.save, async (request) => projects.saveForGas(app.db, request.body));
};
