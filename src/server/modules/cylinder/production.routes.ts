import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { PRODUCTION, TRACE } from '@shared/api/production';
import { actorOf, requirePermission } from '../../lib/access';
import { route } from '../../lib/endpoint';
import { receiveXlsx, XLSX_MAX_BYTES } from '../../lib/xlsx/upload';
import { sendXlsxBuffer, sendXlsxRows, templateBuffer } from '../../lib/xlsx/write';
import { importInspections, INSPECTION_EXPORT_COLUMNS, INSPECTION_IMPORT_COLUMNS, INSPECTION_TEMPLATE_EXAMPLE, inspectionExportRows } from './inspection.sheet';
import { runTransition } from './engine';
import * as production from './production.service';
import * as history from './trace.queries';
import { rollbackCheck, rollbackSave } from './rollback';
import * as cycle from './fill-cycle';
import * as t from './production.transitions';
import { loadRules } from '../systemRule';
import { PRODUCTION_SCANS as scans, type ScanChecks } from './production.scans';

/** Production (SPEC 7 "Production") and trace calls; screens /produce/produce, /produce/inspect, /produce/traceability. */
export const productionRoutes: FastifyPluginAsync = async (app) => {
  const db = app.db;
  /** The caller's own keys and the plant's rules, for the production scans' checks (production.scans.ts). */
  const checksOf = (r: FastifyRequest): ScanChecks => ({
    require: (key) => requirePermission(r, key),
    manualWeightAllowed: async () => (await loadRules(db, app.config)).allowManualWeight,
  });
  await app.register(multipart, { limits: { fileSize: XLSX_MAX_BYTES, files: 1, fields: 5, parts: 6 } });

  route(app, PRODUCTION.addPicking, async (r) => scans['/api/produce/addPicking'](db, r.body, actorOf(r)));
  route(app, PRODUCTION.returnPicking, async (r) => runTransition(db, t.returnPick(r.body.reason?.trim() || null), r.body, actorOf(r)));
  route(app, PRODUCTION.fillingScan, async (r) => production.fillingScan(db, r.body.code, r.body.materialId, actorOf(r)));
  // The filling scale's cycle (issue 34): an interrupted fill, the decision after it (停止充装: the suspension module).
  route(app, PRODUCTION.fillInterrupted, async (r) => runTransition(db, cycle.fillInterrupted(r.body), r.body, actorOf(r)));
  route(app, PRODUCTION.fillDecision, async (r) => {
    const actor = actorOf(r);
    const { def, finish } = cycle.fillDecision(r.body, actor);
    return runTransition(db, def, { ...r.body, finish }, actor);
  });
  route(app, PRODUCTION.filling, async (r) => scans['/api/produce/filling'](db, r.body, actorOf(r), checksOf(r)));
  route(app, PRODUCTION.fillingHistory, async (r) => history.fillingHistory(db, r.body));

  route(app, PRODUCTION.testScan, async (r) => production.inspectionScan(db, r.body.code));
  route(app, PRODUCTION.testResult, async (r) => scans['/api/produce/testResult'](db, r.body, actorOf(r)));
  route(app, PRODUCTION.testHistory, async (r) => history.inspectionHistory(db, r.body));
  route(app, PRODUCTION.updateTestById, async (r) => production.updateInspection(db, r.body, actorOf(r)));
  route(app, PRODUCTION.exportTestList, async (r, reply) => sendXlsxRows(reply, '检验记录.xlsx', '检验记录', INSPECTION_EXPORT_COLUMNS, await inspectionExportRows(db, r.body)));
  route(app, PRODUCTION.importTest, async (r) => importInspections(db, await receiveXlsx(r), actorOf(r), r.query.dryRun === true));
  route(app, PRODUCTION.testTemplate, async (_r, reply) =>
    sendXlsxBuffer(reply, '检验结果导入模板.xlsx', await templateBuffer('检验结果', INSPECTION_IMPORT_COLUMNS, INSPECTION_TEMPLATE_EXAMPLE)));
  route(app, PRODUCTION.getTestInfoByTraceId, async (r) => history.inspectionRecordByTrace(db, r.params.id));

  route(app, PRODUCTION.metageScan, async (r) => production.metageScan(db, r.body.code));
  route(app, PRODUCTION.metage, async (r) => scans['/api/produce/metage'](db, r.body, actorOf(r), checksOf(r)));
  route(app, PRODUCTION.checkWeight, async (r) => production.checkWeight(db, r.params.id, r.query.grossWeight));
  route(app, PRODUCTION.metageHistory, async (r) => history.metageHistory(db, r.body));

  route(app, PRODUCTION.rollbackCheck, async (r) => rollbackCheck(db, r.body.code));
  route(app, PRODUCTION.rollbackSave, async (r) => rollbackSave(db, r.body, actorOf(r)));
  route(app, PRODUCTION.listProduce, async (r) => history.listProduce(db, r.body));
  route(app, PRODUCTION.listProduct, async (r) => history.listProduct(db, r.body));
  route(app, PRODUCTION.listCycleInfo, async (r) => history.cycles(db, r.body.code));
  route(app, PRODUCTION.traceDetails, async (r) => history.traceDetails(db, r.body.code));
  route(app, PRODUCTION.listEnterprise, async () => history.customers(db));

  route(app, TRACE.getInfo, async (r) => history.traceInfo(db, r.body.code));
  route(app, TRACE.productAnalyse, async (r) => {
    const actor = actorOf(r);
    return runTransition(db, t.analyse(r.body, actor), r.body, actor);
  });
  route(app, TRACE.vacuumHandle, async (r) => runTransition(db, t.vacuum(r.body), r.body, actorOf(r)));
  route(app, PRODUCTION.vacuum, async (r) => scans['/api/produce/vacuum'](db, r.body, actorOf(r)));
  route(app, PRODUCTION.todayCount, async (r) => history.todayCount(db, r.query.action, actorOf(r)));
  route(app, TRACE.saveOrEdit, async (r) => production.saveNote(db, r.body, actorOf(r)));
};
