import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { AUDIT } from '@shared/api/audit';
import { DOCUMENT_MESSAGE_HEADER } from '@shared/api/report';
import { actorOf } from '../../lib/access';
import { route } from '../../lib/endpoint';
import { XLSX_MIME } from '../../lib/xlsx/write';
import { attachmentDisposition } from '../file';
import { docxToPdf, NO_SOFFICE_MESSAGE, NoConverterError } from '../report';
import { auditDocx, auditWorkbook, reportTitle } from './audit.report';
import { allLines } from './audit.repository';
import * as audit from './audit.service';

const DOCX_MIME = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

function sendFile(reply: FastifyReply, name: string, mime: string, bytes: Buffer, message?: string) {
  if (message) reply.header(DOCUMENT_MESSAGE_HEADER, encodeURIComponent(message));
  return reply.header('content-type', mime).header('content-length', bytes.length).header('content-disposition', attachmentDisposition(name))
    .header('x-content-type-options', 'nosniff').header('cache-control', 'no-store').send(bytes);
}

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
    return sendFile(reply, `${reportTitle(row)}.xlsx`, XLSX_MIME, await auditWorkbook(row, await allLines(app.db, row.id)));
  });
  route(app, AUDIT.pdf, async (request, reply) => {
    const row = await audit.auditInfo(app.db, request.params.id);
    const docx = auditDocx(row, await allLines(app.db, row.id));
    try {
      return sendFile(reply, `${reportTitle(row)}.pdf`, 'application/pdf', await docxToPdf(docx));
    } catch (err) {
      if (!(err instanceof NoConverterError)) throw err;
      return sendFile(reply, `${reportTitle(row)}.docx`, DOCX_MIME, docx, NO_SOFFICE_MESSAGE);
    }
  });
};
