import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { Page } from '@shared/api/envelope';
import { PERMISSIONS } from '@shared/menus';
import {
  IdBody, WarehouseListQuery, WarehouseOption, WarehousePageQuery, WarehouseRow, WarehouseSaveBody,
} from '@shared/api/warehouse';
import { ok } from '../../lib/envelope';
import { NoData, okResponse } from '../../lib/route-schema';
import { requirePermission } from '../master/access';
import * as warehouses from './warehouse.service';

const tags = ['warehouse'];

/** Warehouses, SPEC section 7 "Warehouse"; screen /storage/warehouse (仓库管理). */
export const warehouseRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  // The warehouse selector of stock-in, stock-out and registration: any signed-in user.
  app.get('/api/wdwarehouse/getWareList', {
    config: { permission: PERMISSIONS.AUTHENTICATED },
    schema: { tags, summary: '仓库下拉', querystring: WarehouseListQuery, response: okResponse(Type.Array(WarehouseOption)) },
  }, async (request) => ok(await warehouses.warehouseOptions(app.db, request.query.kind)));

  app.post('/api/wdwarehouse/listPage', {
    config: { permission: 'warehouse:view' },
    schema: { tags, summary: '仓库分页列表', body: WarehousePageQuery, response: okResponse(Page(WarehouseRow)) },
  }, async (request) => ok(await warehouses.pageWarehouses(app.db, request.body)));

  app.post('/api/wdwarehouse/saveAndEditWare', {
    config: { permission: 'warehouse:add' },
    schema: { tags, summary: '新增或编辑仓库（带 id 为编辑，需 warehouse:edit）', body: WarehouseSaveBody,
      response: okResponse(Type.Object({ id: Type.Integer() })) },
  }, async (request) => {
    if (request.body.id !== undefined) await requirePermission(request, 'warehouse:edit');
    return ok({ id: await warehouses.saveWarehouse(app.db, request.body) });
  });

  app.post('/api/wdwarehouse/deleteById', {
    config: { permission: 'warehouse:delete' },
    schema: { tags, summary: '删除仓库（有气瓶时拒绝）', body: IdBody, response: okResponse(NoData) },
  }, async (request) => {
    await warehouses.deleteWarehouse(app.db, request.body.id);
    return ok(null);
  });
};
