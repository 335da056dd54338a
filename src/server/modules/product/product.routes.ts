import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import multipart from '@fastify/multipart';
import { Type } from '@sinclair/typebox';
import { ImportResult } from '@shared/api/enterprise';
import { Page } from '@shared/api/envelope';
import {
  AddProductBody, FillGateQuery, FillGateReason, HickeyBody, HickeyPageQuery, HickeyRow, ProductDetail, ProductFilters,
  ProductPageQuery, ProductRow, ScrapBody, ScrapPageQuery, ScrapRow, StatusCount,
} from '@shared/api/product';
import { IdBody } from '@shared/api/warehouse';
import { ok } from '../../lib/envelope';
import { NoData, okResponse } from '../../lib/route-schema';
import { receiveXlsx, XLSX_MAX_BYTES } from '../../lib/xlsx/upload';
import { sendXlsxBuffer, sendXlsxStream, templateBuffer } from '../../lib/xlsx/write';
import { operatorOf } from '../master/access';
import { fillGateFor } from './fill-gate.service';
import { pageValveChanges, replaceValve } from './hickey';
import { productBatches } from './product.repository';
import * as products from './product.service';
import { exportRow, importProducts, PRODUCT_EXPORT_COLUMNS, PRODUCT_IMPORT_COLUMNS, PRODUCT_IMPORT_EXAMPLE } from './product.sheet';
import { pageScrapped } from './scrap-list.repository';

const tags = ['product'];
/** Exports stop here; narrow the filters for more. */
export const EXPORT_CAP = 200_000;

/** Cylinders (SPEC section 7 "Products"); screen /product/product. */
export const productRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  await app.register(multipart, { limits: { fileSize: XLSX_MAX_BYTES, files: 1, fields: 5, parts: 6 } });

  app.post('/api/product/listPage', {
    config: { permission: 'product:view' },
    schema: { tags, summary: '气瓶分页列表', body: ProductPageQuery, response: okResponse(Page(ProductRow)) },
  }, async (request) => ok(await products.pageProducts(app.db, request.body)));

  app.get('/api/product/statusCount', {
    config: { permission: 'product:view' },
    schema: { tags, summary: '各状态气瓶数量（0–13）', response: okResponse(Type.Array(StatusCount)) },
  }, async () => ok(await products.statusCounts(app.db)));

  app.get('/api/product/info/:id', {
    config: { permission: 'product:view' },
    schema: { tags, summary: '气瓶详情与追溯时间线', params: IdBody, response: okResponse(ProductDetail) },
  }, async (request) => ok(await products.getProduct(app.db, request.params.id)));

  app.post('/api/product/addProduct', {
    config: { permission: 'product:add' },
    schema: { tags, summary: '登记气瓶：单个（code）或按号段批量（range）', body: AddProductBody,
      response: okResponse(Type.Object({ count: Type.Integer(), codes: Type.Array(Type.String()) })) },
  }, async (request) => ok(await products.addProducts(app.db, request.body, operatorOf(request))));

  app.post('/api/product/scrap', {
    config: { permission: 'product:scrap' },
    schema: { tags, summary: '报废气瓶（出库在客户处的除外）', body: ScrapBody, response: okResponse(NoData) },
  }, async (request) => {
    await products.scrap(app.db, request.body, operatorOf(request));
    return ok(null);
  });

  app.post('/api/product/listScrapPage', {
    config: { permission: 'product:view' },
    schema: { tags, summary: '报废气瓶分页列表', body: ScrapPageQuery, response: okResponse(Page(ScrapRow)) },
  }, async (request) => ok(await pageScrapped(app.db, request.body)));

  app.post('/api/product/updateHickey', {
    config: { permission: 'product:hickey' },
    schema: { tags, summary: '更换瓶阀', body: HickeyBody, response: okResponse(NoData) },
  }, async (request) => {
    await replaceValve(app.db, request.body, operatorOf(request));
    return ok(null);
  });

  app.post('/api/product/listHickeyHistory', {
    config: { permission: 'product:view' },
    schema: { tags, summary: '瓶阀更换记录', body: HickeyPageQuery, response: okResponse(Page(HickeyRow)) },
  }, async (request) => ok(await pageValveChanges(app.db, request.body)));

  app.post('/api/product/delAllProcess', {
    config: { permission: 'product:delete' },
    schema: { tags, summary: '删除误登记的气瓶（仅限没有任何流转时）', body: IdBody, response: okResponse(NoData) },
  }, async (request) => {
    await products.deleteUnused(app.db, request.body.id);
    return ok(null);
  });

  app.post('/api/product/fillGate', {
    config: { permission: 'product:view' },
    schema: { tags, summary: '充装前检查：不能充装的原因（空数组为可以充装）', body: FillGateQuery,
      response: okResponse(Type.Array(FillGateReason)) },
  }, async (request) => ok(await fillGateFor(app.db, request.body.code.trim(), request.body.materialId)));

  app.post('/api/product/importProduct', {
    config: { permission: 'product:import' },
    schema: { tags, summary: '导入气瓶（multipart，字段 file，.xlsx；任何一行有误则整批不导入）',
      consumes: ['multipart/form-data'], response: okResponse(ImportResult) },
  }, async (request) => ok(await importProducts(app.db, await receiveXlsx(request), operatorOf(request))));

  app.get('/api/product/template', {
    config: { permission: 'product:import' },
    schema: { tags, summary: '下载气瓶导入模板（.xlsx）' },
  }, async (_request, reply) =>
    sendXlsxBuffer(reply, '气瓶导入模板.xlsx', await templateBuffer('气瓶', PRODUCT_IMPORT_COLUMNS, PRODUCT_IMPORT_EXAMPLE)));

  app.post('/api/product/export', {
    config: { permission: 'product:export' },
    schema: { tags, summary: `导出筛选后的气瓶（.xlsx，流式，最多 ${EXPORT_CAP} 条）`, body: ProductFilters },
  }, async (request, reply) => {
    async function* rows() {
      for await (const batch of productBatches(app.db, request.body, EXPORT_CAP)) yield batch.map(exportRow);
    }
    return sendXlsxStream(reply, '气瓶档案.xlsx', '气瓶档案', PRODUCT_EXPORT_COLUMNS, rows());
  });
};
