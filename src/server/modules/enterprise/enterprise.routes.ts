import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import multipart from '@fastify/multipart';
import { Type } from '@sinclair/typebox';
import {
  EnterpriseFilters, EnterpriseListQuery, EnterpriseOption, EnterprisePageQuery, EnterpriseRow, EnterpriseSaveBody,
  ImportResult,
} from '@shared/api/enterprise';
import { Page } from '@shared/api/envelope';
import { IdBody } from '@shared/api/warehouse';
import { PERMISSIONS } from '@shared/menus';
import { ok } from '../../lib/envelope';
import { NoData, okResponse } from '../../lib/route-schema';
import { receiveXlsx, XLSX_MAX_BYTES } from '../../lib/xlsx/upload';
import { sendXlsxBuffer, sendXlsxStream, templateBuffer } from '../../lib/xlsx/write';
import { requirePermission } from '../master/access';
import * as enterprises from './enterprise.service';
import { ENTERPRISE_COLUMNS, ENTERPRISE_EXAMPLE, exportRow, importEnterprises } from './enterprise.sheet';

const tags = ['enterprise'];

/** Customers ('2') and suppliers ('1'), SPEC section 7 "Enterprise"; screens /Setting/ComeEnterprise and /Setting/addEnter. */
export const enterpriseRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  await app.register(multipart, { limits: { fileSize: XLSX_MAX_BYTES, files: 1, fields: 5, parts: 6 } });

  // The customer/supplier selector of orders, registration and reports: any signed-in user.
  app.post('/api/enterprise/list', {
    config: { permission: PERMISSIONS.AUTHENTICATED },
    schema: { tags, summary: '客户/供应商下拉（最多 1000 条，可按名称筛选）', body: Type.Optional(EnterpriseListQuery),
      response: okResponse(Type.Array(EnterpriseOption)) },
  }, async (request) => ok(await enterprises.options(app.db, request.body?.type, request.body?.enterpriseName)));

  app.post('/api/enterprise/listPage', {
    config: { permission: 'enterprise:view' },
    schema: { tags, summary: '客户/供应商分页列表', body: EnterprisePageQuery, response: okResponse(Page(EnterpriseRow)) },
  }, async (request) => ok(await enterprises.pageEnterprises(app.db, request.body)));

  app.post('/api/enterprise/list/report', {
    config: { permission: 'enterprise:view' },
    schema: { tags, summary: `按筛选条件的全部客户/供应商（不分页，最多 ${enterprises.REPORT_CAP} 条）`, body: EnterpriseFilters,
      response: okResponse(Type.Array(EnterpriseRow)) },
  }, async (request) => ok(await enterprises.reportList(app.db, request.body)));

  app.get('/api/enterprise/info/:id', {
    config: { permission: 'enterprise:view' },
    schema: { tags, summary: '客户/供应商详情', params: IdBody, response: okResponse(EnterpriseRow) },
  }, async (request) => ok(await enterprises.getEnterprise(app.db, request.params.id)));

  app.post('/api/enterprise/save', {
    config: { permission: 'enterprise:add' },
    schema: { tags, summary: '新增或编辑客户/供应商（带 id 为编辑，需 enterprise:edit）', body: EnterpriseSaveBody,
      response: okResponse(Type.Object({ id: Type.Integer() })) },
  }, async (request) => {
    if (request.body.id !== undefined) await requirePermission(request, 'enterprise:edit');
    return ok({ id: await enterprises.saveEnterprise(app.db, request.body) });
  });

  app.post('/api/enterprise/delete', {
    config: { permission: 'enterprise:delete' },
    schema: { tags, summary: '删除客户/供应商（关联气瓶时拒绝）', body: IdBody, response: okResponse(NoData) },
  }, async (request) => {
    await enterprises.deleteEnterprise(app.db, request.body.id);
    return ok(null);
  });

  app.post('/api/enterprise/importEnterprise', {
    config: { permission: 'enterprise:import' },
    schema: { tags, summary: '导入客户/供应商（multipart，字段 file，.xlsx；任何一行有误则整批不导入）',
      consumes: ['multipart/form-data'], response: okResponse(ImportResult) },
  }, async (request) => ok(await importEnterprises(app.db, await receiveXlsx(request))));

  app.get('/api/enterprise/template', {
    config: { permission: 'enterprise:import' },
    schema: { tags, summary: '下载客户/供应商导入模板（.xlsx）' },
  }, async (_request, reply) =>
    sendXlsxBuffer(reply, '客户与供应商导入模板.xlsx', await templateBuffer('客户与供应商', ENTERPRISE_COLUMNS, ENTERPRISE_EXAMPLE)));

  app.post('/api/enterprise/export', {
    config: { permission: 'enterprise:export' },
    schema: { tags, summary: `导出筛选后的客户/供应商（.xlsx，最多 ${enterprises.REPORT_CAP} 条）`, body: EnterpriseFilters },
  }, async (request, reply) => {
    const rows = await enterprises.reportList(app.db, request.body);
    async function* batches() { yield rows.map(exportRow); }
    return sendXlsxStream(reply, '客户与供应商.xlsx', '客户与供应商', ENTERPRISE_COLUMNS, batches());
  });
};
