import type { FastifyPluginAsync } from 'fastify';
import { LOG, LOG_EXPORT_CAP, type LogDetail } from '@shared/api/log';
import { route } from '../../lib/endpoint';
import type { SheetColumn } from '../../lib/xlsx/columns';
import { sendXlsxStream } from '../../lib/xlsx/write';
import * as logs from './log.service';

const EXPORT_COLUMNS: SheetColumn[] = [
  { header: '时间', key: 'createdAt', width: 20 }, { header: '操作人', key: 'userName', width: 14 }, { header: 'IP', key: 'ip', width: 16 },
  { header: '模块', key: 'moduleName', width: 14 }, { header: '操作', key: 'operation', width: 20 }, { header: '方法', key: 'method', width: 8 },
  { header: '路径', key: 'path', width: 36 }, { header: '结果', key: 'result', width: 10 }, { header: '耗时(ms)', key: 'durationMs', width: 10 },
  { header: '请求参数', key: 'params', width: 60 },
];

const exportRow = (r: LogDetail) => ({
  ...r,
  result: r.code === 0 ? '成功' : `失败 ${r.code ?? ''}`.trim(),
  params: r.params === null || r.params === undefined ? '' : JSON.stringify(r.params),
});

/** Operation log and interface-log settings (src/shared/api/log.ts); screens /Setting/Log and /Setting/InterfaceLogSettings. */
export const logRoutes: FastifyPluginAsync = async (app) => {
  const c: logs.LogContext = { db: app.db, routes: app.apiRoutes, settings: app.logSettings, changes: app.changes };
  route(app, LOG.page, async (r) => logs.pageLogs(c, r.body));
  route(app, LOG.info, async (r) => logs.logDetail(c, r.params.id));
  route(app, LOG.export, async (r, reply) => {
    async function* rows() {
      for await (const batch of logs.exportBatches(c, r.body, LOG_EXPORT_CAP)) yield batch.map(exportRow);
    }
    return sendXlsxStream(reply, '操作日志.xlsx', '操作日志', EXPORT_COLUMNS, rows());
  });

  route(app, LOG.modules, async () => logs.modules(c.routes));
  route(app, LOG.interfaces, async (r) => logs.interfaces(c.routes, r.body?.module));
  route(app, LOG.params, async (r) => logs.paramsOfRoute(c.routes, r.body.method, r.body.logUrl));
  route(app, LOG.setPage, async (r) => logs.pageSettings(c, r.body));
  route(app, LOG.bySet, async (r) => logs.logsOfSetting(c, r.body));
  route(app, LOG.saveSet, async (r) => ({ id: await logs.saveSetting(c, r.body) }));
  route(app, LOG.deleteSet, async (r) => {
    await logs.deleteSetting(c, r.params.id);
    return null;
  });
};
