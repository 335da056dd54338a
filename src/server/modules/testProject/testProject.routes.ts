import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { PERMISSIONS } from '@shared/menus';
import { QueryTestProjectsBody, SaveTestProjectsBody, TestProjectRow } from '@shared/api/testProject';
import { ok } from '../../lib/envelope';
import { okResponse } from '../../lib/route-schema';
import * as projects from './testProject.service';

const tags = ['productExam'];

/** Inspection items per gas (检验项目), screen /product/productExam; read by the inspection station too. */
export const testProjectRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  // Read by the inspection station as well as the items screen: any signed-in user.
  app.post('/api/produce/queryTestProject', {
    config: { permission: PERMISSIONS.AUTHENTICATED },
    schema: { tags, summary: '介质的检验项目', body: QueryTestProjectsBody, response: okResponse(Type.Array(TestProjectRow)) },
  }, async (request) => ok(await projects.listForGas(app.db, request.body.materialId)));

  app.post('/api/produce/testProjectDetail', {
    config: { permission: PERMISSIONS.AUTHENTICATED },
    schema: { tags, summary: '检验项目详情', body: Type.Object({ id: Type.Integer({ minimum: 1 }) }), response: okResponse(TestProjectRow) },
  }, async (request) => ok(await projects.detail(app.db, request.body.id)));

  app.post('/api/produce/saveTestProject', {
    config: { permission: 'productExam:save' },
    schema: { tags, summary: '保存介质的检验项目（整表替换）', body: SaveTestProjectsBody, response: okResponse(Type.Array(TestProjectRow)) },
  }, async (request) => ok(await projects.saveForGas(app.db, request.body)));
};
