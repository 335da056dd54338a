import type { FastifyPluginAsync } from 'fastify';
import { PERMISSIONS } from '@shared/menus';
import { ok } from '../../lib/envelope';
import { areaTree } from './area.data';

/** GET /api/area/getAreaInfoAllList: the province/city/district picker's data (any signed-in user). */
export const areaRoutes: FastifyPluginAsync = async (app) => {
  // No response schema: serializing ~3,600 nodes through a schema buys nothing for static data.
  app.get('/api/area/getAreaInfoAllList', {
    config: { permission: PERMISSIONS.AUTHENTICATED },
    schema: { tags: ['area'], summary: '省市区（GB/T 2260）' },
  }, async () => ok(areaTree()));
};
