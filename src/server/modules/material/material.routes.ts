import type { FastifyPluginAsync } from 'fastify';
import { MATERIAL } from '@shared/api/material';
import { route } from '../../lib/endpoint';
import * as materials from './material.service';

/** Gases (src/shared/api/material.ts); screen /product/materialMng. */
export const materialRoutes: FastifyPluginAsync = async (app) => {
  route(app, MATERIAL.page, async (request) => materials.pageMaterials(app.db, request.body));
  route(app, MATERIAL.info, async (request) => materials.getMaterial(app.db, request.params.id));
  route(app, MATERIAL.dropDown, async (request) => materials.dropDown(app.db, request.query.includeDisabled === true));
  route(app, MATERIAL.save, async (request) => ({ id: await materials.saveMaterial(app.db, request.body) }));
  route(app, MATERIAL.setStatus, async (request) => {
    await materials.setStatus(app.db, request.body.id, request.body.status);
    return null;
  });
};
