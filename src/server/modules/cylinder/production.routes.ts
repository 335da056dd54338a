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
import * as t from './production.transitions';
import { BusinessError } from '../../lib/errors';
import { loadRules } from '../systemRule';
import { recordFieldsRead, requireRecordFields } from '../setting';
import type { RecordKey } from '@shared/api/setting';
import type { Target, Transition } from './transition';

/** Production (SPEC 7 "Production") and trace calls; screens /produce/produce, /produce/inspect, /produce/traceability. */
export const productionRoutes: FastifyPluginAsync = async (app) => {
  const db = app.db;
  /** A typed weight is allowed only where the plant's rules allow it and with its own key; the record says it was typed. */
  const allowTypedWeight = async (r: FastifyRequest) => {
    if (!(await loadRules(db, app.config)).allowManualWeight) throw new BusinessError('系统规则不允许手工录入重量，请使用电子秤读数');
    await requirePermission(r, 'produce:manualWeight');
  };
  await app.register(multipart, { limits: { fileSize: XLSX_MAX_BYTES, files: 1, fields: 5, parts: 6 } });

  route(app, PRODUCTION.addPicking, async (r) => runTransition(db, t.pick(r.body.materialId), r.body, actorOf(r)));
  route(app, PRODUCTION.returnPicking, async (r) => runTransition(db, t.returnPick(r.body.reason?.trim() || null), r.body, actorOf(r)));
  route(app, PRODUCTION.fillingScan, async (r) => production.fillingScan(db, r.body.code, r.body.materialId));
  /**
   * The act with its 记录内容设置 check read and made in the transaction's first statement (Target.first), before
   * anything else of it. A body the transition refuses as it is built is checked the old way first, so a body
   * with both faults is refused for the missing field, as before.
   */
  const withRecordFields = async (record: RecordKey, body: Target & object, make: () => Transition) => {
    let def: Transition;
    try {
      def = make();
    } catch (error) {
      await requireRecordFields(db, record, body);
      throw error;
    }
    return { def, target: { ...body, first: recordFieldsRead(record, body) } };
  };

  route(app, PRODUCTION.filling, async (r) => {
    // A typed weight (not read from the filling scale) needs the rules' leave and its own key, as at re-weighing.
    if (typeof r.body.filledWeight === 'number' && r.body.source !== 'scale') await allowTypedWeight(r);
    const { def, target } = await withRecordFields('FILLING', r.body, () => t.fill(r.body));
    return runTransition(db, def, target, actorOf(r));
  });
  route(app, PRODUCTION.fillingHistory, async (r) => history.fillingHistory(db, r.body));

  route(app, PRODUCTION.testScan, async (r) => production.inspectionScan(db, r.body.code));
  route(app, PRODUCTION.testResult, async (r) => {
    const { def, target } = await withRecordFields('INSPECTION', r.body, () => t.inspect(r.body));
    return runTransition(db, def, target, actorOf(r));
  });
  route(app, PRODUCTION.testHistory, async (r) => history.inspectionHistory(db, r.body));
  route(app, PRODUCTION.updateTestById, async (r) => production.updateInspection(db, r.body, actorOf(r)));
  route(app, PRODUCTION.exportTestList, async (r, reply) => sendXlsxRows(reply, '检验记录.xlsx', '检验记录', INSPECTION_EXPORT_COLUMNS, await inspectionExportRows(db, r.body)));
  route(app, PRODUCTION.importTest, async (r) => importInspections(db, await receiveXlsx(r), actorOf(r), r.query.dryRun === true));
  route(app, PRODUCTION.testTemplate, async (_r, reply) =>
    sendXlsxBuffer(reply, '检验结果导入模板.xlsx', await templateBuffer('检验结果', INSPECTION_IMPORT_COLUMNS, INSPECTION_TEMPLATE_EXAMPLE)));
  route(app, PRODUCTION.getTestInfoByTraceId, async (r) => history.inspectionRecordByTrace(db, r.params.id));

  route(app, PRODUCTION.metageScan, async (r) => production.metageScan(db, r.body.code));
  route(app, PRODUCTION.metage, async (r) => {
    if (r.body.source === 'manual') await allowTypedWeight(r);
    const { def, target } = await withRecordFields('REWEIGH', r.body, () => t.metage(r.body));
    return runTransition(db, def, target, actorOf(r));
  });
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
  route(app, PRODUCTION.vacuum, async (r) => runTransition(db, t.vacuum(r.body), r.body, actorOf(r)));
  route(app, PRODUCTION.todayCount, async (r) => history.todayCount(db, r.query.action, actorOf(r)));
  route(app, TRACE.saveOrEdit, async (r) => production.saveNote(db, r.body, actorOf(r)));
};
