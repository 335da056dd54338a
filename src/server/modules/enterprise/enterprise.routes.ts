import type { FastifyPluginAsync } from 'fastify';
import multipart from '@fastify/multipart';
import { ENTERPRISE } from '@shared/api/enterprise';
import { route } from '../../lib/endpoint';
import { receiveXlsx, XLSX_MAX_BYTES } from '../../lib/xlsx/upload';
import { sendXlsxBuffer, sendXlsxRows, templateBuffer } from '../../lib/xlsx/write';
import * as enterprises from './enterprise.service';
import { ENTERPRISE_COLUMNS, ENTERPRISE_EXAMPLE, exportRow, importEnterprises } from './enterprise.sheet';

/** Customers and suppliers (src/shared/api/enterprise.ts); screens /Setting/ComeEnterprise and /Setting/addEnter. */
export const enterpriseRoutes: FastifyPluginAsync = async (app) => {
  await app.register(multipart, { limits: { fileSize: XLSX_MAX_BYTES, files: 1, fields: 5, parts: 6 } });

  route(app, ENTERPRISE.list, async (request) => enterprises.options(app.db, request.body?.type, request.body?.enterpriseName));
  route(app, ENTERPRISE.page, async (request) => enterprises.pageEnterprises(app.db, request.body));
  route(app, ENTERPRISE.report, async (request) => enterprises.reportList(app.db, request.body));
  route(app, ENTERPRISE.info, async (request) => enterprises.getEnterprise(app.db, request.params.id));
  route(app, ENTERPRISE.save, async (request) => ({ id: await enterprises.saveEnterprise(app.db, request.body) }));
  route(app, ENTERPRISE.delete, async (request) => {
    await enterprises.deleteEnterprise(app.db, request.body.id);
    return null;
  });
  route(app, ENTERPRISE.import, async (request) => importEnterprises(app.db, await receiveXlsx(request), request.query.dryRun === true));
  route(app, ENTERPRISE.template, async (_request, reply) =>
    sendXlsxBuffer(reply, '客户与供应商导入模板.xlsx', await templateBuffer('客户与供应商', ENTERPRISE_COLUMNS, ENTERPRISE_EXAMPLE)));
  // The rows are read before anything is sent: a failure answers an envelope, never a cut-off file.
  route(app, ENTERPRISE.export, async (request, reply) =>
    sendXlsxRows(reply, '客户与供应商.xlsx', '客户与供应商', ENTERPRISE_COLUMNS, (await enterprises.reportList(app.db, request.body)).map(exportRow)));
};
