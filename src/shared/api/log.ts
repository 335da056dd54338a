import { Type, type Static } from '@sinclair/typebox';
import { endpoint, KB } from './endpoint';
import { Flag, Id, IdParams, List, NoData, OptDateTime, OptStr, Page, PageQuery, Str } from './schema';

const Text = Type.Union([Type.String(), Type.Null()]);


/** The module of an /api path: its first segment (`/api/user/save` → `user`). */
export const moduleOfPath = (path: string): string => path.split('/')[2]?.split('?')[0] ?? '';

export const LogRow = Type.Object({
  id: Type.Integer(),
  userId: Type.Union([Type.Integer(), Type.Null()]),
  userName: Text,
  ip: Text,
  method: Type.String(),
  path: Type.String(),
  module: Type.String(),
  moduleName: Type.String(),
  /** 操作: what the call did, in words (e.g. 充装, 新增用户), when it is a declared route. */
  operation: Text,
  /** The API's summary of the call, when it is a declared route. */
  summary: Text,
  /** Envelope code (0 success, -1 refused) or the HTTP status. */
  code: Type.Union([Type.Integer(), Type.Null()]),
  durationMs: Type.Integer(),
  requestId: Type.String(),
  createdAt: Type.String(),
});
export type LogRow = Static<typeof LogRow>;

/** With the request's parameters (secrets masked before they were stored). */
export const LogDetail = Type.Composite([LogRow, Type.Object({ params: Type.Unknown() })]);
export type LogDetail = Static<typeof LogDetail>;

export const LOG_RESULTS = ['success', 'failure'] as const;

export const LogFilters = Type.Object({
  userName: Type.Optional(Str('操作人', { maxLength: 64 })),
  start: OptDateTime('开始时间'),
  end: OptDateTime('结束时间'),
  module: Type.Optional(Str('模块', { maxLength: 64 })),
  path: Type.Optional(Str('接口路径', { maxLength: 255 })),
  /** success: code 0; failure: anything else. */
  result: Type.Optional(Type.Union([Type.Literal('success'), Type.Literal('failure'), Type.Literal('')], { title: '结果' })),
});
export type LogFilters = Static<typeof LogFilters>;

export const LogPageQuery = PageQuery(['createdAt', 'durationMs'] as const, LogFilters.properties);
export type LogPageQuery = Static<typeof LogPageQuery>;

/** The export stops at this many rows. */
export const LOG_EXPORT_CAP = 50_000;

/* ---------------------------------------------------------------- interface-log settings */

/** One declared API route, from the OpenAPI routes. */
export const LogInterface = Type.Object({
  logUrl: Type.String(),
  method: Type.String(),
  summary: Type.String(),
  module: Type.String(),
  moduleName: Type.String(),
  /** Reads (GET and read-only POST) are not logged unless a setting asks for it. */
  read: Type.Boolean(),
});
export type LogInterface = Static<typeof LogInterface>;

export const LogSetRow = Type.Object({
  id: Type.Integer(),
  logUrl: Type.String(),
  method: Type.String(),
  logName: Type.String(),
  module: Type.String(),
  moduleName: Type.String(),
  /** 1: the call is logged (even a read); 0: it is not. */
  logged: Type.Union([Type.Literal(0), Type.Literal(1)]),
  /** Top-level parameter names kept in the log; empty keeps all of them (secrets are always masked). */
  keptParams: Type.Array(Type.String()),
  remark: Text,
  createdAt: Type.String(),
});
export type LogSetRow = Static<typeof LogSetRow>;

export const LogSetSaveBody = Type.Object({
  id: Type.Optional(Id()),
  /** A declared route: `METHOD /api/...` as getLogInterfaceList answers (method and path). */
  method: Type.Union([Type.Literal('GET'), Type.Literal('POST')], { title: '请求方式' }),
  logUrl: Str('接口路径', { minLength: 5, maxLength: 255, pattern: '^/api/[^\\s\\u0000]*$' }),
  logName: OptStr('名称', { maxLength: 64 }),
  logged: Flag('记录日志'),
  keptParams: List('保留参数', Str('参数名', { minLength: 1, maxLength: 64 }), { maxItems: 100, default: [] }),
  remark: OptStr('备注', { maxLength: 255 }),
});
export type LogSetSaveBody = Static<typeof LogSetSaveBody>;

export const LogSetPageQuery = PageQuery(['createdAt', 'logUrl'] as const, {
  logUrl: Type.Optional(Str('接口路径', { maxLength: 255 })),
  module: Type.Optional(Str('模块', { maxLength: 64 })),
});
export type LogSetPageQuery = Static<typeof LogSetPageQuery>;

export const LogParamsQuery = Type.Object({
  method: Type.Union([Type.Literal('GET'), Type.Literal('POST')], { title: '请求方式' }),
  logUrl: Str('接口路径', { minLength: 5, maxLength: 255 }),
});
export const LogParam = Type.Object({ name: Type.String(), title: Type.String(), in: Type.String() });
export type LogParam = Static<typeof LogParam>;

export const LogBySetQuery = PageQuery(['createdAt'] as const, { id: Id('日志设置') });
export type LogBySetQuery = Static<typeof LogBySetQuery>;

export const LogModule = Type.Object({ module: Type.String(), moduleName: Type.String() });

/** Operation log (/Setting/Log) and interface-log settings (/Setting/InterfaceLogSettings, SPEC section 7 "Log settings"). */
export const LOG = {
  page: endpoint({
    method: 'POST', path: '/api/log/listPage', summary: '操作日志分页（按操作人、时间、模块、路径、结果）', permission: 'log:view', readOnly: true,
    body: LogPageQuery, data: Page(LogRow),
  }),
  info: endpoint({ method: 'GET', path: '/api/log/info/:id', summary: '操作日志详情（含请求参数，密码类已遮盖）', permission: 'log:view', params: IdParams, data: LogDetail }),
  export: endpoint({
    method: 'POST', path: '/api/log/export', summary: `导出筛选后的操作日志（.xlsx，最多 ${LOG_EXPORT_CAP} 条）`, permission: 'log:export', readOnly: true,
    kind: 'download', body: LogFilters,
  }),
  modules: endpoint({
    method: 'POST', path: '/api/userlogsetting/getLogModular', summary: '日志模块列表', permission: 'log:view', readOnly: true, data: Type.Array(LogModule),
  }),
  interfaces: endpoint({
    method: 'POST', path: '/api/userlogsetting/getLogInterfaceList', summary: '全部接口（来自 OpenAPI 路由）', permission: 'logSetting:view', readOnly: true,
    body: Type.Optional(Type.Object({ module: Type.Optional(Str('模块', { maxLength: 64 })) })), data: Type.Array(LogInterface),
  }),
  params: endpoint({
    method: 'POST', path: '/api/userlogsetting/getParamsByLogUrl', summary: '某接口的参数名', permission: 'logSetting:view', readOnly: true,
    body: LogParamsQuery, data: Type.Array(LogParam),
  }),
  setPage: endpoint({
    method: 'POST', path: '/api/userlogsetting/listLogSet', summary: '接口日志设置分页', permission: 'logSetting:view', readOnly: true,
    body: LogSetPageQuery, data: Page(LogSetRow),
  }),
  bySet: endpoint({
    method: 'POST', path: '/api/userlogsetting/listLogByLogSet', summary: '某设置所指接口的日志', permission: 'log:view', readOnly: true,
    body: LogBySetQuery, data: Page(LogRow),
  }),
  saveSet: endpoint({
    method: 'POST', path: '/api/userlogsetting/saveOrEditLogSet', summary: '新增或编辑接口日志设置（每个接口一条）', permission: 'logSetting:save',
    body: LogSetSaveBody, data: Type.Object({ id: Type.Integer() }),
    bodyLimit: { bytes: 24 * KB, why: 'up to 100 kept parameter names' },
  }),
  deleteSet: endpoint({
    method: 'GET', path: '/api/userlogsetting/deleteById/:id', mutates: true, summary: '删除接口日志设置（该接口恢复默认记录方式）', permission: 'logSetting:delete',
    params: IdParams, data: NoData,
  }),
};
