import type { FastifyPluginAsync } from 'fastify';
import { WAREHOUSE } from '@shared/api/warehouse';
import { route } from '../../lib/endpoint';
import * as warehouses from './warehouse.service';

/** Warehouses (src/shared/api/warehouse.ts); screen /storage/warehouse. */
export const warehouseRoutes: FastifyPluginAsync = async (app) => {
  route(app, WAREHOUSE.options, async (request) => warehouses.warehouseOptions(app.db, request.query.kind));
  route(app, WAREHOUSE.page, async (request) => warehouses.pageWarehouses(app.db, request.body));
  route(app, WAREHOUSE.save, async (request) => ({ id: await warehouses.saveWarehouse(app.db, request.body) }));
  route(app, WAREHOUSE.delete, async (request) => {
    await warehouses.deleteWarehouse(app.db, request.body.id);
    return null;
  });
};
