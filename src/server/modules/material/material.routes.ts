import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { Page } from '@shared/api/envelope';
import { MaterialOption, MaterialPageQuery, MaterialRow, MaterialSaveBody, MaterialStatusBody } from '@shared/api/material';
import { PERMISSIONS } from '@shared/menus';
import { ok } from '../../lib/envelope';
import { NoData, okResponse } from '../../lib/route-schema';
import { requirePermission } from '../master/access';
import * as materials from './material.service';

const tags = ['material'];
const IdParams = Type.Object({ id: Type.Integer({ minimum: 1 }) });

/** Gases (materials), SPEC section 7 "Materials"; screen /product/materialMng. */
export const materialRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.post('/api/material/listPage', {
    config: { permission: 'material:view' },
    schema: { tags, summary: '介质分页列表', body: MaterialPageQuery, response: okResponse(Page(MaterialRow)) },
  }, async (request) => ok(await materials.pageMaterials(app.db, request.body)));

  app.get('/api/material/info/:id', {
    config: { permission: 'material:view' },
    schema: { tags, summary: '介质详情', params: IdParams, response: okResponse(MaterialRow) },
  }, async (request) => ok(await materials.getMaterial(app.db, request.params.id)));

  // A lookup every station's gas selector needs: any signed-in user.
  app.get('/api/material/dropDown', {
    config: { permission: PERMISSIONS.AUTHENTICATED },
    schema: { tags, summary: '启用的介质下拉', response: okResponse(Type.Array(MaterialOption)) },
  }, async () => ok(await materials.dropDown(app.db)));

  app.post('/api/material/save', {
    config: { permission: 'material:add' },
    schema: { tags, summary: '新增或编辑介质（带 id 为编辑，需 material:edit）', body: MaterialSaveBody,
      response: okResponse(Type.Object({ id: Type.Integer() })) },
  }, async (request) => {
    if (request.body.id !== undefined) await requirePermission(request, 'material:edit');
    return ok({ id: await materials.saveMaterial(app.db, request.body) });
  });

  app.post('/api/material/startOrStop', {
    config: { permission: 'material:status' },
    schema: { tags, summary: '启用/停用介质', body: MaterialStatusBody, response: okResponse(NoData) },
  }, async (request) => {
    await materials.setStatus(app.db, request.body.id, request.body.status);
    return ok(null);
  });
};
