import type { FastifyPluginAsync } from 'fastify';
import { AREA } from '@shared/api/area';
import { route } from '../../lib/endpoint';
import { areaTree } from './area.data';

/** The province/city/district tree (src/shared/api/area.ts). */
export const areaRoutes: FastifyPluginAsync = async (app) => {
  route(app, AREA.tree, async () => areaTree());
};
