import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { PRODUCE, TRACE } from '@shared/api/produce';
import { actorOf, requirePermission } from '../../lib/access';
import { route } from '../../lib/endpoint';
import { receiveXlsx, XLSX_MAX_BYTES } from '../../lib/xlsx/upload';
import { sendXlsxBuffer, sendXlsxRows, templateBuffer } from '../../lib/xlsx/write';
import { importTests, TEST_EXPORT_COLUMNS, TEST_IMPORT_COLUMNS, TEST_TEMPLATE_EXAMPLE, testExportRows } from './test.sheet';
import { runTransition } from './engine';
import * as life from './production.service';
import * as queries from './trace.queries';
import { rollbackCheck, rollbackSave } from './rollback';
import * as t from './production.transitions';
import { BusinessError } from '../../lib/errors';
import { loadRules } from '../systemRule';

/** Production (SPEC 7 "Production") and trace calls; screens /produce/produce, /produce/inspect, /produce/traceability. */
export const productionRoutes: FastifyPluginAsync = async (app) => {
  const db = app.db;
  /** A typed weight is allowed only where the plant's rules allow it and with its own key; the record says it was typed. */
  const allowTypedWeight = async (r: FastifyRequest) => {
    if (!(await loadRules(db, app.config)).allowManualWeight) throw new BusinessError('系统规则不允许手工录入重量，请使用电子秤读数');
    await requirePermission(r, 'produce:manualWeight');
  };
  await app.register(multipart, { limits: { fileSize: XLSX_MAX_BYTES, files: 1, fields: 5, parts: 6 } });

  route(app, PRODUCE.addPicking, async (r) => runTransition(db, t.pick(r.body.materialId), r.body, actorOf(r)));
  route(app, PRODUCE.returnPicking, async (r) => runTransition(db, t.returnPick(r.body.reason?.trim() || null), r.body, actorOf(r)));
  route(app, PRODUCE.fillingScan, async (r) => life.fillingScan(db, r.body.code, r.body.materialId));
  route(app, PRODUCE.filling, async (r) => {
    // A typed weight (not read from the filling scale) needs the rules' leave and its own key, as at re-weighing.
    if (typeof r.body.filledWeight === 'number' && r.body.source !== 'scale') await allowTypedWeight(r);
    return runTransition(db, t.fill(r.body), r.body, actorOf(r));
  });
  route(app, PRODUCE.fillingHistory, async (r) => queries.fillingHistory(db, r.body));

  route(app, PRODUCE.testScan, async (r) => life.testScan(db, r.body.code));
  route(app, PRODUCE.testResult, async (r) => runTransition(db, t.test(r.body), r.body, actorOf(r)));
  route(app, PRODUCE.testHistory, async (r) => queries.testHistory(db, r.body));
  route(app, PRODUCE.updateTestById, async (r) => life.updateTest(db, r.body, actorOf(r)));
  route(app, PRODUCE.exportTestList, async (r, reply) => sendXlsxRows(reply, '检验记录.xlsx', '检验记录', TEST_EXPORT_COLUMNS, await testExportRows(db, r.body)));
  route(app, PRODUCE.importTest, async (r) => importTests(db, await receiveXlsx(r), actorOf(r), r.query.dryRun === true));
  route(app, PRODUCE.testTemplate, async (_r, reply) =>
    sendXlsxBuffer(reply, '检验结果导入模板.xlsx', await templateBuffer('检验结果', TEST_IMPORT_COLUMNS, TEST_TEMPLATE_EXAMPLE)));
  route(app, PRODUCE.getTestInfoByTraceId, async (r) => queries.testRecordByTrace(db, r.params.id));

  route(app, PRODUCE.metageScan, async (r) => life.metageScan(db, r.body.code));
  route(app, PRODUCE.metage, async (r) => {
    if (r.body.source === 'manual') await allowTypedWeight(r);
    return runTransition(db, t.metage(r.body), r.body, actorOf(r));
  });
  route(app, PRODUCE.checkWeight, async (r) => life.checkWeight(db, r.params.id, r.query.grossWeight));
  route(app, PRODUCE.metageHistory, async (r) => queries.metageHistory(db, r.body));

  route(app, PRODUCE.rollbackCheck, async (r) => rollbackCheck(db, r.body.code));
  route(app, PRODUCE.rollbackSave, async (r) => rollbackSave(db, r.body, actorOf(r)));
  route(app, PRODUCE.listProduce, async (r) => queries.listProduce(db, r.body));
  route(app, PRODUCE.listProduct, async (r) => queries.listProduct(db, r.body));
  route(app, PRODUCE.listCycleInfo, async (r) => queries.cycles(db, r.body.code));
  route(app, PRODUCE.traceDetails, async (r) => queries.traceDetails(db, r.body.code));
  route(app, PRODUCE.listEnterprise, async () => queries.customers(db));

  route(app, TRACE.getInfo, async (r) => queries.traceInfo(db, r.body.code));
  route(app, TRACE.productAnalyse, async (r) => {
    const actor = actorOf(r);
    return runTransition(db, t.analyse(r.body, actor), r.body, actor);
  });
  route(app, TRACE.vacuumHandle, async (r) => runTransition(db, t.vacuum(r.body), r.body, actorOf(r)));
  route(app, PRODUCE.vacuum, async (r) => runTransition(db, t.vacuum(r.body), r.body, actorOf(r)));
  route(app, PRODUCE.todayCount, async (r) => queries.todayCount(db, r.query.action, actorOf(r)));
  route(app, TRACE.saveOrEdit, async (r) => life.saveNote(db, r.body, actorOf(r)));
};
