import type { FastifyPluginAsync } from 'fastify';
import { AUDIT } from '@shared/api/audit';
import { actorOf } from '../../lib/access';
import { route } from '../../lib/endpoint';
import { XLSX_MIME } from '../../lib/xlsx/write';
import { sendAsPdf, sendDocument } from '../report';
import { auditDocx, auditWorkbook, reportTitle } from './audit.report';
import { allLines } from './audit.repository';
import * as audit from './audit.service';

/** 客户盘点 (src/shared/api/audit.ts): screen /storage/audit, the field app's /field/audit. */
export const auditRoutes: FastifyPluginAsync = async (app) => {
  route(app, AUDIT.page, async (request) => audit.pageAudits(app.db, request.body));
  route(app, AUDIT.info, async (request) => audit.auditInfo(app.db, request.params.id));
  route(app, AUDIT.lines, async (request) => audit.pageLines(app.db, request.body));
  // The device's time of a kept call (X-Station-At) is not the count's: the count says its own (countedAt).
  route(app, AUDIT.submit, async (request) => audit.submitAudit(app.db, request.body, { ...actorOf(request), stationAt: null, replayed: false }));
  route(app, AUDIT.reconcile, async (request) => audit.reconcileAudit(app.db, request.body.id, actorOf(request)));
  route(app, AUDIT.xlsx, async (request, reply) => {
    const row = await audit.auditInfo(app.db, request.params.id);
    return sendDocument(reply, `${reportTitle(row)}.xlsx`, XLSX_MIME, await auditWorkbook(row, await allLines(app.db, row.id)));
  });
  route(app, AUDIT.pdf, async (request, reply) => {
    const row = await audit.auditInfo(app.db, request.params.id);
    return sendAsPdf(reply, reportTitle(row), auditDocx(row, await allLines(app.db, row.id)));
  });
};
