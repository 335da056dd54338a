import type { FastifyPluginAsync } from 'fastify';
import { LOG, LOG_EXPORT_CAP, type LogDetail } from '@shared/api/log';
import { route } from '../../lib/endpoint';
import { langOf } from '../../lib/lang';
import type { SheetColumn } from '../../lib/xlsx/columns';
import { sendXlsxStream } from '../../lib/xlsx/write';
import type { TextLang } from '@shared/lang';
import * as logs from './log.service';

const EXPORT_HEADERS: Record<TextLang, string[]> = {
  zh: ['时间', '操作人', 'IP', '模块', '操作', '方法', '路径', '结果', '耗时(ms)', '请求参数'],
  en: ['Time', 'User', 'IP', 'Module', 'Operation', 'Method', 'Path', 'Result', 'Duration (ms)', 'Parameters'],
};
const EXPORT_KEYS: Array<[key: string, width: number]> = [
  ['createdAt', 20], ['userName', 14], ['ip', 16], ['moduleName', 14], ['operation', 20], ['method', 8], ['path', 36], ['result', 10], ['durationMs', 10], ['params', 60],
];
const exportColumns = (lang: TextLang): SheetColumn[] => EXPORT_KEYS.map(([key, width], i) => ({ header: EXPORT_HEADERS[lang][i]!, key, width }));

const RESULT_WORDS: Record<TextLang, [ok: string, failed: string]> = { zh: ['成功', '失败'], en: ['Success', 'Failed'] };
const exportRow = (r: LogDetail, lang: TextLang) => ({
  ...r,
  result: r.code === 0 ? RESULT_WORDS[lang][0] : `${RESULT_WORDS[lang][1]} ${r.code ?? ''}`.trim(),
  params: r.params === null || r.params === undefined ? '' : JSON.stringify(r.params),
});

/** Operation log and interface-log settings (src/shared/api/log.ts); screens /Setting/Log and /Setting/InterfaceLogSettings. */
export const logRoutes: FastifyPluginAsync = async (app) => {
  const c: logs.LogContext = { db: app.db, routes: app.apiRoutes, settings: app.logSettings, changes: app.changes };
  route(app, LOG.page, async (r) => logs.pageLogs(c, r.body, langOf(r)));
  route(app, LOG.info, async (r) => logs.logDetail(c, r.params.id, langOf(r)));
  route(app, LOG.export, async (r, reply) => {
    const lang = langOf(r);
    async function* rows() {
      for await (const batch of logs.exportBatches(c, r.body, LOG_EXPORT_CAP, lang)) yield batch.map((row) => exportRow(row, lang));
    }
    return sendXlsxStream(reply, '操作日志.xlsx', '操作日志', exportColumns(lang), rows());
  });

  route(app, LOG.modules, async (r) => logs.modules(c.routes, langOf(r)));
  route(app, LOG.interfaces, async (r) => logs.interfaces(c.routes, r.body?.module, langOf(r)));
  route(app, LOG.params, async (r) => logs.paramsOfRoute(c.routes, r.body.method, r.body.logUrl));
  route(app, LOG.setPage, async (r) => logs.pageSettings(c, r.body, langOf(r)));
  route(app, LOG.bySet, async (r) => logs.logsOfSetting(c, r.body, langOf(r)));
  route(app, LOG.saveSet, async (r) => ({ id: await logs.saveSetting(c, r.body) }));
  route(app, LOG.deleteSet, async (r) => {
    await logs.deleteSetting(c, r.params.id);
    return null;
  });
};
