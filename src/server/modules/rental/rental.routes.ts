import type { FastifyPluginAsync } from 'fastify';
import { RENTAL } from '@shared/api/rental';
import { operatorOf } from '../../lib/access';
import { route } from '../../lib/endpoint';
import { BusinessError } from '../../lib/errors';
import { XLSX_MIME } from '../../lib/xlsx/write';
import { sendDocument, sendPrinted } from '../report';
import { agreementById, agreementPage } from './agreement.repository';
import { saveAgreement, saveVersion } from './agreement.service';
import { exportRows } from './export.repository';
import { runList } from './run.repository';
import { resumeRun, startRun, stopRuns } from './run.service';
import { statementPdf } from './statement.print';
import { exportWorkbook, statementTitle, statementWorkbook } from './statement.report';
import { statementPage } from './statement.repository';
import { addNote, computeStatement, depositPage, issueStatement, statementDetail } from './statement.service';

/** 租赁结算 (src/shared/api/rental.ts): 租赁协议 /rental/agreement, 月结对账单 /rental/statement. */
export const rentalRoutes: FastifyPluginAsync = async (app) => {
  const db = app.db;
  const by = (r: Parameters<typeof operatorOf>[0]) => operatorOf(r).operator;
  // A month's run going on in the background stops after its customer in hand before the app closes its pool.
  app.addHook('onClose', async () => stopRuns(db));
  route(app, RENTAL.agreementPage, async (r) => agreementPage(db, r.body));
  route(app, RENTAL.agreementInfo, async (r) => {
    const found = await agreementById(db, r.params.id);
    if (!found) throw new BusinessError(`租赁协议不存在：${r.params.id}`);
    return found;
  });
  route(app, RENTAL.agreementSave, async (r) => ({ id: await saveAgreement(db, r.body) }));
  route(app, RENTAL.versionSave, async (r) => ({ id: await saveVersion(db, r.body, by(r)) }));
  route(app, RENTAL.statementPage, async (r) => statementPage(db, r.body));
  route(app, RENTAL.statementPreview, async (r) => computeStatement(db, r.body));
  route(app, RENTAL.statementInfo, async (r) => statementDetail(db, r.params.id));
  route(app, RENTAL.statementIssue, async (r) => ({ id: await issueStatement(db, r.body, by(r)) }));
  route(app, RENTAL.statementNote, async (r) => ({ id: await addNote(db, r.body, by(r)) }));
  route(app, RENTAL.statementPdf, async (r, reply) => {
    return sendPrinted(reply, await statementPdf(db, app.blobs, r.params.id));
  });
  route(app, RENTAL.statementExcel, async (r, reply) => {
    const s = await statementDetail(db, r.params.id);
    return sendDocument(reply, `${statementTitle(s)}.xlsx`, XLSX_MIME, await statementWorkbook(s));
  });
  route(app, RENTAL.runStart, async (r) => ({ id: await startRun(db, r.body.month, by(r)) }));
  route(app, RENTAL.runResume, async (r) => { await resumeRun(db, r.body.id, by(r)); return null; });
  route(app, RENTAL.runList, async () => runList(db));
  route(app, RENTAL.depositPage, async (r) => depositPage(db, r.body));
  route(app, RENTAL.export, async (r, reply) => {
    const rows = await exportRows(db, r.query.month);
    return sendDocument(reply, `应收-${r.query.month}.xlsx`, XLSX_MIME, await exportWorkbook(r.query.month, rows));
  });
};
