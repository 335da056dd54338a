import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { Page } from '@shared/api/envelope';
import { DuePageQuery, DueRow, InspectionBody, InspectionHistoryQuery, InspectionRow } from '@shared/api/inspection';
import { ok } from '../../lib/envelope';
import { okResponse } from '../../lib/route-schema';
import { operatorOf } from '../master/access';
import * as inspections from './inspection.service';

const tags = ['detect'];

/** Periodic inspection (定期检验), screen /product/detect. Paths are ours: SPEC section 7 names none. */
export const inspectionRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.post('/api/detect/listPage', {
    config: { permission: 'detect:view' },
    schema: { tags, summary: 'N 天内到期或已超期的气瓶（不含报废）', body: DuePageQuery, response: okResponse(Page(DueRow)) },
  }, async (request) => ok(await inspections.pageDue(app.db, request.body)));

  app.post('/api/detect/record', {
    config: { permission: 'detect:record' },
    schema: { tags, summary: '登记定期检验：合格则按周期推算下次检验日期，不合格则报废', body: InspectionBody,
      response: okResponse(Type.Object({ id: Type.Integer(), nextDate: Type.Union([Type.String(), Type.Null()]) })) },
  }, async (request) => ok(await inspections.recordInspection(app.db, request.body, operatorOf(request))));

  app.post('/api/detect/history', {
    config: { permission: 'detect:view' },
    schema: { tags, summary: '定期检验记录', body: InspectionHistoryQuery, response: okResponse(Page(InspectionRow)) },
  }, async (request) => ok(await inspections.pageHistory(app.db, request.body)));
};
