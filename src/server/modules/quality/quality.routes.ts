import type { FastifyPluginAsync } from 'fastify';
import { QUALITY } from '@shared/api/quality';
import { actorOf } from '../../lib/access';
import { route } from '../../lib/endpoint';
import { langOf } from '../../lib/lang';
import { sendXlsxBuffer } from '../../lib/xlsx/write';
import * as quality from './quality.service';
import * as recall from './recall.service';
import { deliveryWorkbook, factoryWorkbook, recallWorkbook } from './quality.sheet';

const stamp = () => new Date().toISOString().slice(0, 10).replace(/-/g, '');

/** 质量中心 (src/shared/api/quality.ts): screens /quality/customer, /quality/factory, /quality/recall. */
export const qualityRoutes: FastifyPluginAsync = async (app) => {
  route(app, QUALITY.deliveryCount, async (request) => quality.deliveryCount(app.db, request.body));
  route(app, QUALITY.deliveryDetailList, async (request) => quality.deliveryDetailList(app.db, request.body));
  route(app, QUALITY.deliveryExport, async (request, reply) =>
    sendXlsxBuffer(reply, `客户质量_${stamp()}.xlsx`, await deliveryWorkbook(app.db, request.body)));
  route(app, QUALITY.checkCount, async (request) => quality.checkCount(app.db, request.body));
  route(app, QUALITY.productAnalysis, async (request) => quality.productAnalysis(app.db, request.body, langOf(request)));
  route(app, QUALITY.factoryExport, async (request, reply) =>
    sendXlsxBuffer(reply, `出厂质量_${stamp()}.xlsx`, await factoryWorkbook(app.db, request.body)));
  route(app, QUALITY.recall, async (request) => {
    const { label: _label, ...summary } = await recall.recallSummary(app.db, request.body);
    return summary;
  });
  route(app, QUALITY.recallList, async (request) => recall.recallList(app.db, request.body));
  route(app, QUALITY.recallNotify, async (request) => recall.recallNotify(app.db, request.body, actorOf(request).operatorId));
  route(app, QUALITY.recallExport, async (request, reply) =>
    sendXlsxBuffer(reply, `追溯召回_${stamp()}.xlsx`, await recallWorkbook(app.db, request.body)));
};
