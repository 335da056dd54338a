import type { Kysely } from 'kysely';
import {
  moduleOfPath, type LogBySetQuery, type LogDetail, type LogFilters, type LogInterface, type LogPageQuery,
  type LogParam, type LogRow, type LogSetPageQuery, type LogSetRow, type LogSetSaveBody,
} from '@shared/api/log';
import type { PageResult } from '@shared/api/schema';
import type { DB } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { mapUniqueViolation } from '../../lib/db-errors';
import { BusinessError } from '../../lib/errors';
import { blankToNull } from '../../lib/paging';
import type { Changes } from '../../lib/change-bus';
import { LOG_SETTINGS_TOPIC, type LogSettingsCache } from './log-settings';
import { localDateTime } from './log-time';
import * as repo from './log.repository';
import type { TextLang } from '@shared/lang';
import { MODULE_ORDER, moduleNameOf } from './log-names';
import { interfaceOf, type ApiRoute, type RouteCatalogue } from './route-catalogue';

/** What the log calls work with: the database, the declared routes and the settings the log follows. */
export interface LogContext {
  db: Kysely<DB>;
  routes: RouteCatalogue;
  settings: LogSettingsCache;
  changes: Changes;
}

/**
 * A stored row as the screen shows it, in the reader's language: the module's name and what the call was
 * (its route's operation in words, and summary), found from the stored module key and path at reading time,
 * so rows of any age read the same.
 */
export function toLogRow(routes: RouteCatalogue, r: repo.StoredLog, lang: TextLang = 'zh'): LogRow {
  const route = routes.match(r.method, r.path);
  return {
    ...r, moduleName: moduleNameOf(r.module, lang), operation: route ? route.operation[lang] || null : null,
    summary: route ? (lang === 'en' ? route.operation.en : route.summary) || null : null,
    createdAt: localDateTime(r.createdAt),
  };
}

const toRows = (routes: RouteCatalogue, page: PageResult<repo.StoredLog>, lang: TextLang): PageResult<LogRow> =>
  ({ total: page.total, list: page.list.map((r) => toLogRow(routes, r, lang)) });

export const pageLogs = async (c: LogContext, q: LogPageQuery, lang: TextLang = 'zh') => toRows(c.routes, await repo.pageLogs(c.db, q), lang);

export async function logDetail(c: LogContext, id: number, lang: TextLang = 'zh'): Promise<LogDetail> {
  const row = await repo.findLog(c.db, id);
  if (!row) throw new BusinessError(`操作日志不存在：${id}`);
  return { ...toLogRow(c.routes, row, lang), params: row.params ?? null };
}

/** The rows of an export, with their parameters. */
export async function* exportBatches(c: LogContext, q: LogFilters, cap: number, lang: TextLang = 'zh'): AsyncGenerator<LogDetail[]> {
  for await (const batch of repo.logBatches(c.db, q, cap)) yield batch.map((r) => ({ ...toLogRow(c.routes, r, lang), params: r.params ?? null }));
}

const moduleRank = (m: string) => (MODULE_ORDER.includes(m) ? MODULE_ORDER.indexOf(m) : MODULE_ORDER.length);

/** The modules of the declared routes, in the menu's order (modules without a name last, by code). */
export function modules(routes: RouteCatalogue, lang: TextLang = 'zh'): Array<{ module: string; moduleName: string }> {
  const codes = [...new Set(routes.list().map((r) => r.module))].filter(Boolean);
  codes.sort((a, b) => moduleRank(a) - moduleRank(b) || a.localeCompare(b));
  return codes.map((module) => ({ module, moduleName: moduleNameOf(module, lang) }));
}

export const interfaces = (routes: RouteCatalogue, module?: string, lang: TextLang = 'zh'): LogInterface[] =>
  routes.list(blankToNull(module) ?? undefined).map((r) => interfaceOf(r, lang));

function declared(routes: RouteCatalogue, method: string, logUrl: string): ApiRoute {
  const route = routes.find(method, logUrl);
  if (!route) throw new BusinessError(`接口不存在：${method} ${logUrl}`);
  // Polls and reports are not a person's operations: the log never takes them, so no setting may name them.
  if (route.background) throw new BusinessError(`该接口由客户端自动调用（轮询或上报），不记入操作日志：${method} ${logUrl}`);
  return route;
}

export const paramsOfRoute = (routes: RouteCatalogue, method: string, logUrl: string): LogParam[] => declared(routes, method, logUrl).params;

function toSetRow(s: repo.StoredSetting, lang: TextLang): LogSetRow {
  const module = moduleOfPath(s.logUrl);
  return { ...s, module, moduleName: moduleNameOf(module, lang), logged: s.logged === 1 ? 1 : 0 };
}

export async function pageSettings(c: LogContext, q: LogSetPageQuery, lang: TextLang = 'zh'): Promise<PageResult<LogSetRow>> {
  const page = await repo.pageSettings(c.db, q);
  return { total: page.total, list: page.list.map((s) => toSetRow(s, lang)) };
}

const ONE_PER_ROUTE = '该接口已有日志设置';

/**
 * Creates or (with id) edits the setting of one declared route. The parameters it keeps must be the
 * route's own; the name defaults to the route's summary. The log follows it from the next call on.
 */
/** Routes that change who may do what, or what is logged: never silenced. */
const ALWAYS_LOGGED = /^\/api\/(userlogsetting|role|user|menu|home)\//;

export async function saveSetting(c: LogContext, body: LogSetSaveBody): Promise<number> {
  const route = declared(c.routes, body.method, body.logUrl);
  // Whoever could silence these could act unseen: the audit of the audit stays on.
  if (body.logged === 0 && ALWAYS_LOGGED.test(route.logUrl)) throw new BusinessError(`该接口的操作必须记录日志：${route.logUrl}`);
  const kept = [...new Set(body.keptParams.map((p) => p.trim()).filter(Boolean))];
  const names = new Set(route.params.map((p) => p.name));
  const unknown = kept.find((p) => !names.has(p));
  if (unknown) throw new BusinessError(`接口没有参数：${unknown}`);
  const values: repo.SettingValues = {
    method: route.method,
    log_url: route.logUrl,
    log_name: blankToNull(body.logName) ?? (route.summary.slice(0, 64) || route.logUrl.slice(0, 64)),
    logged: body.logged,
    kept_params: kept,
    remark: blankToNull(body.remark),
  };
  const id = await mapUniqueViolation(() => inTransaction(c.db, async (trx) => {
    const owner = await repo.settingOfRoute(trx, values.method, values.log_url);
    if (owner && owner.id !== body.id) throw new BusinessError(ONE_PER_ROUTE);
    let saved = body.id;
    if (saved === undefined) saved = await repo.insertSetting(trx, values);
    else if (!(await repo.findSetting(trx, saved))) throw new BusinessError(`日志设置不存在：${saved}`);
    else await repo.updateSetting(trx, saved, values);
    await c.changes.publish(trx, LOG_SETTINGS_TOPIC);
    return saved;
  }), { log_settings_route_key: () => ONE_PER_ROUTE });
  // This server follows at once; the others when the notice reaches them.
  await c.settings.reload();
  return id;
}

/** The route goes back to the default: changes logged, reads not. */
export async function deleteSetting(c: LogContext, id: number): Promise<void> {
  const deleted = await inTransaction(c.db, async (trx) => {
    const gone = await repo.deleteSetting(trx, id);
    if (gone) await c.changes.publish(trx, LOG_SETTINGS_TOPIC);
    return gone;
  });
  if (!deleted) throw new BusinessError(`日志设置不存在：${id}`);
  await c.settings.reload();
}

/** The log of the route a setting names. */
export async function logsOfSetting(c: LogContext, q: LogBySetQuery, lang: TextLang = 'zh'): Promise<PageResult<LogRow>> {
  const setting = await repo.findSetting(c.db, q.id);
  if (!setting) throw new BusinessError(`日志设置不存在：${q.id}`);
  return toRows(c.routes, await repo.pageLogsOfRoute(c.db, setting.method, setting.logUrl, q), lang);
}
