import type { FastifyPluginAsync } from 'fastify';
import multipart from '@fastify/multipart';
import { PRODUCT, PRODUCT_EXPORT_CAP } from '@shared/api/product';
import { actorOf } from '../../lib/access';
import { route } from '../../lib/endpoint';
import { receiveXlsx, XLSX_MAX_BYTES } from '../../lib/xlsx/upload';
import { sendXlsxBuffer, sendXlsxStream, templateBuffer } from '../../lib/xlsx/write';
import { fillGateFor } from '../cylinder';
import { pageValveChanges, replaceValve } from './hickey';
import { productBatches } from './product.repository';
import * as products from './product.service';
import { exportRow, importProducts, PRODUCT_EXPORT_COLUMNS, PRODUCT_IMPORT_COLUMNS, productTemplateExample } from './product.sheet';
import { pageScrapped } from './scrap-list.repository';

/** Cylinders (src/shared/api/product.ts); screen /product/product. */
export const productRoutes: FastifyPluginAsync = async (app) => {
  await app.register(multipart, { limits: { fileSize: XLSX_MAX_BYTES, files: 1, fields: 5, parts: 6 } });

  route(app, PRODUCT.page, async (request) => products.pageProducts(app.db, request.body));
  route(app, PRODUCT.statusCount, async () => products.statusCounts(app.db));
  route(app, PRODUCT.info, async (request) => products.getProduct(app.db, request.params.id));
  route(app, PRODUCT.add, async (request) => products.addProducts(app.db, request.body, actorOf(request)));
  route(app, PRODUCT.scrap, async (request) => {
    await products.scrap(app.db, request.body, actorOf(request));
    return null;
  });
  route(app, PRODUCT.scrapPage, async (request) => pageScrapped(app.db, request.body));
  route(app, PRODUCT.hickey, async (request) => {
    await replaceValve(app.db, request.body, actorOf(request));
    return null;
  });
  route(app, PRODUCT.hickeyPage, async (request) => pageValveChanges(app.db, request.body));
  route(app, PRODUCT.delete, async (request) => {
    await products.deleteUnused(app.db, request.body.id, actorOf(request));
    return null;
  });
  route(app, PRODUCT.fillGate, async (request) => (await fillGateFor(app.db, request.body.code.trim(), request.body.materialId)).reasons);
  route(app, PRODUCT.import, async (request) =>
    importProducts(app.db, await receiveXlsx(request), actorOf(request), request.query.dryRun === true));
  route(app, PRODUCT.template, async (_request, reply) =>
    sendXlsxBuffer(reply, '气瓶导入模板.xlsx', await templateBuffer('气瓶', PRODUCT_IMPORT_COLUMNS, await productTemplateExample(app.db))));
  route(app, PRODUCT.export, async (request, reply) => {
    async function* rows() {
      for await (const batch of productBatches(app.db, request.body, PRODUCT_EXPORT_CAP)) yield batch.map(exportRow);
    }
    return sendXlsxStream(reply, '气瓶档案.xlsx', '气瓶档案', PRODUCT_EXPORT_COLUMNS, rows());
  });
};
