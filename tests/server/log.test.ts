import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TokenData } from '../../src/shared/api/auth';
import type { LogDetail, LogInterface, LogParam, LogRow, LogSetRow } from '../../src/shared/api/log';
import type { PageResult } from '../../src/shared/api/schema';
import { ROLE } from '../../src/shared/api/user';
import { WAREHOUSE } from '../../src/shared/api/warehouse';
import { EXCEPTION_ACTIONS } from '../../src/shared/api/offline';
import { buildApp } from '../../src/server/app';
import { operationNames } from '../../src/server/modules/log/operation-names';
import { buildTestApp, createLimitedUser, type TestApp } from './app-helper';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await buildTestApp();
  token = (await t.login()).token;
});
afterAll(async () => { await t?.close(); });

const at = (y: number, mo: number, d: number, h = 0, mi = 0, s = 0) => new Date(y, mo - 1, d, h, mi, s);

/** A log row as another day left it (the filters are tested on rows of known time). */
async function seed(row: { user_name: string; path: string; code: number | null; created_at: Date; method?: string }) {
  const module = row.path.split('/')[2]!;
  return (await t.db.insertInto('operation_logs').values({
    user_id: null, ip: '10.0.0.9', method: 'POST', params: JSON.stringify({ body: { note: row.path } }), duration_ms: 7,
    request_id: 'seeded', module, ...row,
  }).returning('id').executeTakeFirstOrThrow()).id;
}

const page = (body: Record<string, unknown>, as = token) => t.call<PageResult<LogRow>>('POST', '/api/log/listPage', { token: as, body });
const JANUARY = { start: '2020-01-01', end: '2020-01-31' };
const idsOf = async (body: Record<string, unknown>) => {
  const res = await page({ ...JANUARY, ...body });
  expect(res.body, res.body.msg).toMatchObject({ code: 0 });
  return res.body.data.list.map((r) => r.id);
};

/** The log is written after the answer: wait for the row of a request to land. */
async function rowOf(requestId: unknown) {
  for (let i = 0; i < 100; i++) {
    const row = await t.db.selectFrom('operation_logs').select(['id', 'path', 'params', 'code', 'module']).where('request_id', '=', String(requestId)).executeTakeFirst();
    if (row) return row;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`no log row for request ${String(requestId)}`);
}
/** Whether a request was recorded: a later recorded request's row has landed, so an earlier one would have too. */
async function wasRecorded(requestId: unknown) {
  const marker = await t.call('POST', WAREHOUSE.delete.path, { token, body: { id: 2_000_000_000 } });
  await rowOf(marker.headers['x-request-id']);
  return !!(await t.db.selectFrom('operation_logs').select('id').where('request_id', '=', String(requestId)).executeTakeFirst());
}

let warehouseCodes = 0;
const saveWarehouse = () => t.call('POST', WAREHOUSE.save.path, { token, body: { warehouseName: '日志库', warehouseCode: `LOG${++warehouseCodes}`, kind: 'empty' } });
const saveSetting = (body: Record<string, unknown>, as = token) => t.call<{ id: number }>('POST', '/api/userlogsetting/saveOrEditLogSet', { token: as, body });

describe('operation log search', () => {
  let a: number, b: number, c: number, d: number;
  beforeAll(async () => {
    a = await seed({ user_name: '质检员甲', path: WAREHOUSE.save.path, code: 0, created_at: at(2020, 1, 5, 8, 0, 0) });
    b = await seed({ user_name: '仓管ZHANG', path: WAREHOUSE.delete.path, code: -1, created_at: at(2020, 1, 5, 23, 59, 59) });
    c = await seed({ user_name: '仓管zhang', path: '/api/role/delete/7', code: null, created_at: at(2020, 1, 6) });
    d = await seed({ user_name: 'someone', path: '/api/zzmod/thing', code: 0, created_at: at(2020, 1, 4, 12, 30) });
  });

  it('lists newest first with the module name and the route summary', async () => {
    const res = await page(JANUARY);
    expect(res.body.data.total).toBe(4);
    expect(res.body.data.list.map((r) => r.id)).toEqual([c, b, a, d]);
    const [rc, , ra, rd] = res.body.data.list;
    expect(ra).toMatchObject({ userName: '质检员甲', module: 'wdwarehouse', moduleName: '仓库', operation: '新增或编辑仓库', summary: WAREHOUSE.save.summary, createdAt: '2020-01-05 08:00:00', code: 0, durationMs: 7 });
    // A concrete path finds its route pattern (/api/role/delete/:id).
    expect(rc).toMatchObject({ module: 'role', moduleName: '角色', operation: '删除角色', summary: ROLE.delete.summary });
    // No such route, no such module name: the module itself and no operation.
    expect(rd).toMatchObject({ module: 'zzmod', moduleName: 'zzmod', operation: null, summary: null });
    expect((await page({ ...JANUARY, sidx: 'createdAt', order: 'asc' })).body.data.list.map((r) => r.id)).toEqual([d, a, b, c]);
  });

  it('filters by time in the server time zone; a date alone as the end includes that whole day', async () => {
    expect(await idsOf({ end: '2020-01-05' })).toEqual([b, a, d]);
    expect(await idsOf({ start: '2020-01-05', end: '2020-01-05' })).toEqual([b, a]);
    expect(await idsOf({ start: '2020-01-05 08:00', end: '2020-01-05 08:00' })).toEqual([a]);
    expect(await idsOf({ end: '2020-01-05 07:59:59' })).toEqual([d]);
    expect(await idsOf({ start: '2020-01-05 23:59:59' })).toEqual([c, b]);
    expect((await page({ start: '2020-02-30' })).body).toEqual({ code: -1, msg: '参数错误：开始时间不是有效时间（1900–2199 年内真实存在的日期和时刻）', data: null });
  });

  it('filters by operator (contains, any letter case), module, path and result', async () => {
    expect(await idsOf({ userName: 'zhang' })).toEqual([c, b]);
    expect(await idsOf({ userName: '质检' })).toEqual([a]);
    expect(await idsOf({ module: 'wdwarehouse' })).toEqual([b, a]);
    expect(await idsOf({ module: 'wdware' })).toEqual([]);
    // A value starting with / is a prefix, anything else is contained.
    expect(await idsOf({ path: '/api/wdwarehouse/' })).toEqual([b, a]);
    expect(await idsOf({ path: 'delete' })).toEqual([c, b]);
    expect(await idsOf({ path: '/delete' })).toEqual([]);
    expect(await idsOf({ path: '100%' })).toEqual([]);
    expect(await idsOf({ result: 'success' })).toEqual([a, d]);
    expect(await idsOf({ result: 'failure' })).toEqual([c, b]);
    expect(await idsOf({ userName: 'zhang', result: 'failure', path: '/api/role' })).toEqual([c]);
  });

  it('shows the parameters in the detail, a password masked', async () => {
    const res = await t.call('POST', '/api/user/save', { token, body: { username: 'log_detail', name: '明细', password: 'Sup3r$ecretPw', roleIds: [] } });
    expect(res.body.code).toBe(0);
    const { id, module } = await rowOf(res.headers['x-request-id']);
    expect(module).toBe('user'); // stored by the plugin, so the module filter reads an indexed column
    const detail = await t.call<LogDetail>('GET', `/api/log/info/${id}`, { token });
    expect(detail.body.data).toMatchObject({
      id, method: 'POST', path: '/api/user/save', module: 'user', moduleName: '用户', userName: '管理员', code: 0,
      params: { body: { username: 'log_detail', name: '明细', password: '***' } },
    });
    expect(JSON.stringify(detail.body)).not.toContain('Sup3r$ecretPw');
    expect((await t.call('GET', '/api/log/info/2000000000', { token })).body).toMatchObject({ code: -1, msg: '操作日志不存在：2000000000' });
  });

  it('exports the filtered rows as a spreadsheet', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/log/export', headers: { authorization: `Bearer ${token}` }, payload: { ...JANUARY, module: 'wdwarehouse' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const rows: string[][] = [];
    workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v)))));
    expect(rows[0]).toEqual(['时间', '操作人', 'IP', '模块', '操作', '方法', '路径', '结果', '耗时(ms)', '请求参数']);
    expect(rows.slice(1)).toEqual([
      ['2020-01-05 23:59:59', '仓管ZHANG', '10.0.0.9', '仓库', '删除仓库', 'POST', WAREHOUSE.delete.path, '失败 -1', '7', `{"body":{"note":"${WAREHOUSE.delete.path}"}}`],
      ['2020-01-05 08:00:00', '质检员甲', '10.0.0.9', '仓库', '新增或编辑仓库', 'POST', WAREHOUSE.save.path, '成功', '7', `{"body":{"note":"${WAREHOUSE.save.path}"}}`],
    ]);
  });
});

describe('interfaces of the log settings', () => {
  it('lists the modules of the declared routes with their names', async () => {
    const res = await t.call<Array<{ module: string; moduleName: string }>>('POST', '/api/userlogsetting/getLogModular', { token, body: {} });
    expect(res.body.data).toEqual(expect.arrayContaining([{ module: 'wdwarehouse', moduleName: '仓库' }, { module: 'userlogsetting', moduleName: '接口日志设置' }]));
    expect(res.body.data.map((m) => m.module)).not.toContain('zzmod');
  });

  it('lists every declared route with its summary, module and whether it is a read, sorted by path', async () => {
    const all = (await t.call<LogInterface[]>('POST', '/api/userlogsetting/getLogInterfaceList', { token, body: {} })).body.data;
    expect(all).toEqual(expect.arrayContaining([
      { method: 'GET', logUrl: '/api/userlogsetting/deleteById/:id', summary: expect.stringContaining('删除接口日志设置'), module: 'userlogsetting', moduleName: '接口日志设置', read: false },
      { method: 'POST', logUrl: '/api/log/listPage', summary: expect.any(String), module: 'log', moduleName: '操作日志', read: true },
      { method: 'GET', logUrl: '/api/log/info/:id', summary: expect.any(String), module: 'log', moduleName: '操作日志', read: true },
    ]));
    const paths = all.map((r) => r.logUrl);
    expect(paths).toEqual([...paths].sort());
    expect(paths).not.toContain('/api/docs/json');
    const roles = (await t.call<LogInterface[]>('POST', '/api/userlogsetting/getLogInterfaceList', { token, body: { module: 'role' } })).body.data;
    expect(roles.length).toBeGreaterThan(3);
    expect(roles.every((r) => r.module === 'role')).toBe(true);
    expect(roles).toContainEqual(expect.objectContaining({ method: 'POST', logUrl: '/api/role/delete/:id', summary: ROLE.delete.summary, read: false }));
  });

  it('names what every declared route does in Chinese words, which the log shows as 操作 (a setting can log any of them)', async () => {
    const routes = t.app.apiRoutes.list();
    expect(routes.length).toBeGreaterThan(100);
    const notInWords = routes.filter((r) => !/^[\u4e00-\u9fff/、]{2,24}$/.test(r.operation.zh)).map((r) => `${r.method} ${r.logUrl}: ${r.operation.zh}`);
    expect(notInWords).toEqual([]);
    // A call as it is logged: 新增用户 (not /api/user/save).
    const saved = await t.call('POST', '/api/user/save', { token, body: { username: `oplog${Date.now() % 100000}`, name: '日志用户', password: 'Oplog-Passw0rd-1', roleIds: [] } });
    expect(saved.body.code).toBe(0);
    const row = await rowOf(saved.headers['x-request-id']);
    const shown = (await t.call<LogDetail>('GET', `/api/log/info/${row.id}`, { token })).body.data;
    expect(shown).toMatchObject({ path: '/api/user/save', operation: '新增用户' });
  });

  it('names the parameters of a route with their titles and where they go', async () => {
    const params = async (method: string, logUrl: string) => (await t.call<LogParam[]>('POST', '/api/userlogsetting/getParamsByLogUrl', { token, body: { method, logUrl } })).body;
    expect((await params('POST', '/api/user/save')).data).toEqual(expect.arrayContaining([
      { name: 'username', title: expect.any(String), in: 'body' }, { name: 'password', title: '密码', in: 'body' },
    ]));
    expect((await params('GET', '/api/log/info/:id')).data).toEqual([{ name: 'id', title: '编号', in: 'params' }]);
    expect(await params('POST', '/api/nothing/here')).toEqual({ code: -1, msg: '接口不存在：POST /api/nothing/here', data: null });
  });
});

describe('the log in words, in the reader\'s language (issue 31 items 17 and 18)', () => {
  const EN = { 'accept-language': 'en' };

  it('names every module and every operation from one catalogue, in Chinese and in English; no route is left to its code', async () => {
    const routes = t.app.apiRoutes.list();
    const unnamed = routes.filter((r) => !operationNames(r.method, r.logUrl)).map((r) => `${r.method} ${r.logUrl}`);
    expect(unnamed).toEqual([]);
    const notEnglish = routes.filter((r) => !/^[A-Z][A-Za-z0-9 '/:,-]{1,40}$/.test(operationNames(r.method, r.logUrl)!.en)).map((r) => r.logUrl);
    expect(notEnglish).toEqual([]);

    const zh = (await t.call<Array<{ module: string; moduleName: string }>>('POST', '/api/userlogsetting/getLogModular', { token, body: {} })).body.data;
    // The 模块 filter offered homePage, label, message, offline, only, qualityCenter, report as they were.
    expect(zh.filter((m) => !/^[\u4e00-\u9fff、]+$/.test(m.moduleName))).toEqual([]);
    expect(zh).toEqual(expect.arrayContaining([
      { module: 'offline', moduleName: '离线工位' }, { module: 'qualityCenter', moduleName: '质量中心' }, { module: 'homePage', moduleName: '首页' },
      { module: 'label', moduleName: '标签' }, { module: 'message', moduleName: '消息' }, { module: 'only', moduleName: '在线文档' }, { module: 'report', moduleName: '报表' },
    ]));
    const en = (await t.call<Array<{ module: string; moduleName: string }>>('POST', '/api/userlogsetting/getLogModular', { token, body: {}, headers: EN })).body.data;
    expect(en.map((m) => m.module)).toEqual(zh.map((m) => m.module));
    expect(en.filter((m) => !/^[A-Z][A-Za-z -]+$/.test(m.moduleName))).toEqual([]);
    expect(en).toEqual(expect.arrayContaining([{ module: 'offline', moduleName: 'Offline stations' }, { module: 'wdwarehouse', moduleName: 'Warehouses' }]));
  });

  it('shows a stored row by its stored module key, in Chinese by default and in English when asked', async () => {
    const id = await seed({ user_name: '回收员', path: '/api/storageOrder/scanHandel', code: 0, created_at: at(2019, 6, 1) });
    const old = await seed({ user_name: '工位', path: '/api/offline/queueReport', code: 0, created_at: at(2019, 6, 1) });
    const zh = (await t.call<PageResult<LogRow>>('POST', '/api/log/listPage', { token, body: { start: '2019-06-01', end: '2019-06-01' } })).body.data.list;
    expect(zh.find((r) => r.id === id)).toMatchObject({ module: 'storageOrder', moduleName: '出入库', operation: '回收' });
    // A row a station's report wrote before reports left the log: its module key kept, shown in words.
    expect(zh.find((r) => r.id === old)).toMatchObject({ module: 'offline', moduleName: '离线工位', operation: '报告离线暂存' });
    const en = (await t.call<PageResult<LogRow>>('POST', '/api/log/listPage', { token, headers: EN, body: { start: '2019-06-01', end: '2019-06-01' } })).body.data.list;
    expect(en.find((r) => r.id === id)).toMatchObject({ moduleName: 'Stock in and out', operation: 'Return' });
    expect((await t.call<LogDetail>('GET', `/api/log/info/${id}`, { token, headers: EN })).body.data).toMatchObject({ moduleName: 'Stock in and out', operation: 'Return' });
    // The filter still takes the stored key.
    expect((await t.call<PageResult<LogRow>>('POST', '/api/log/listPage', { token, body: { start: '2019-06-01', end: '2019-06-01', module: 'offline' } })).body.data.list.map((r) => r.id)).toEqual([old]);
  });

  it('leaves polls and reports out of the log: the bell, the station\'s queue report and its sync feed; no setting can put them back', async () => {
    const report = await t.call('POST', '/api/offline/queueReport', { token, body: { waiting: 3, oldestAt: null } });
    expect(report.body.code).toBe(0);
    const bell = await t.call('GET', '/api/message/getUserMessage/0', { token });
    expect(bell.body.code).toBe(0);
    const feed = await t.call('POST', '/api/offline/facts', { token, body: {} });
    for (const call of [report, bell, feed]) expect(await wasRecorded(call.headers['x-request-id'])).toBe(false);

    for (const [method, logUrl] of [['POST', '/api/offline/queueReport'], ['GET', '/api/message/getUserMessage/0'], ['POST', '/api/offline/facts']] as const) {
      expect((await saveSetting({ method, logUrl, logged: 1 })).body).toEqual({ code: -1, msg: `该接口由客户端自动调用（轮询或上报），不记入操作日志：${method} ${logUrl}`, data: null });
    }
    const listed = (await t.call<LogInterface[]>('POST', '/api/userlogsetting/getLogInterfaceList', { token, body: { module: 'offline' } })).body.data.map((r) => r.logUrl);
    expect(listed).not.toContain('/api/offline/queueReport');
    expect(listed).toContain('/api/offline/exception/resolve');
    // A person's call in the same module still is.
    const resolve = await t.call('POST', '/api/offline/exception/resolve', { token, body: { id: 1_999_999_999, action: EXCEPTION_ACTIONS[0], reason: '无' } });
    expect(await wasRecorded(resolve.headers['x-request-id'])).toBe(true);
  });

  it('names the interfaces of the settings screen in English when asked', async () => {
    const en = (await t.call<LogInterface[]>('POST', '/api/userlogsetting/getLogInterfaceList', { token, headers: EN, body: { module: 'produce' } })).body.data;
    expect(en).toContainEqual(expect.objectContaining({ method: 'POST', logUrl: '/api/produce/filling', summary: 'Fill', moduleName: 'Production' }));
  });
});

describe('interface-log settings', () => {
  it('refuses an undeclared route, a parameter the route lacks and a second setting of a route', async () => {
    expect((await saveSetting({ method: 'POST', logUrl: '/api/nothing/here', logged: 1 })).body).toEqual({ code: -1, msg: '接口不存在：POST /api/nothing/here', data: null });
    expect((await saveSetting({ method: 'GET', logUrl: WAREHOUSE.save.path, logged: 1 })).body.msg).toBe(`接口不存在：GET ${WAREHOUSE.save.path}`);
    expect((await saveSetting({ method: 'POST', logUrl: '/api/user/save', logged: 1, keptParams: ['username', 'salary'] })).body.msg).toBe('接口没有参数：salary');
    const first = await saveSetting({ method: 'POST', logUrl: '/api/role/saveRole', logged: 1 });
    expect(first.body.code).toBe(0);
    expect((await saveSetting({ method: 'POST', logUrl: '/api/role/saveRole', logged: 1, remark: '再来' })).body).toEqual({ code: -1, msg: '该接口已有日志设置', data: null });
    // Who may do what, and what is logged, can never be silenced.
    for (const logUrl of ['/api/role/editRole', '/api/userlogsetting/saveOrEditLogSet', '/api/user/updateStatus']) {
      expect((await saveSetting({ method: 'POST', logUrl, logged: 0 })).body).toEqual({ code: -1, msg: `该接口的操作必须记录日志：${logUrl}`, data: null });
    }
    const rows = (await t.call<PageResult<LogSetRow>>('POST', '/api/userlogsetting/listLogSet', { token, body: { logUrl: 'saveRole' } })).body.data;
    // The name defaults to the route's summary.
    expect(rows.list).toEqual([expect.objectContaining({ id: first.body.data.id, logName: ROLE.save.summary, module: 'role', moduleName: '角色', logged: 1, keptParams: [] })]);
    expect(await t.db.selectFrom('log_settings').select('id').where('log_url', 'in', ['/api/nothing/here', '/api/user/save', '/api/role/editRole']).execute()).toEqual([]);
  });

  it('logged = 0 silences a change; deleting the setting (a GET that is logged) restores the default', async () => {
    const set = await saveSetting({ method: 'POST', logUrl: WAREHOUSE.save.path, logName: '仓库保存', logged: 0, remark: '太频繁' });
    expect(set.body.code).toBe(0);
    const silenced = await saveWarehouse();
    expect(silenced.body.code).toBe(0);
    expect(await wasRecorded(silenced.headers['x-request-id'])).toBe(false);

    const del = await t.call('GET', `/api/userlogsetting/deleteById/${set.body.data.id}`, { token });
    expect(del.body.code).toBe(0);
    expect((await rowOf(del.headers['x-request-id'])).path).toBe(`/api/userlogsetting/deleteById/${set.body.data.id}`);
    const again = await saveWarehouse();
    expect(await wasRecorded(again.headers['x-request-id'])).toBe(true);
    expect((await t.call('GET', `/api/userlogsetting/deleteById/${set.body.data.id}`, { token })).body.msg).toBe(`日志设置不存在：${set.body.data.id}`);
  });

  it('logged = 1 records a read', async () => {
    const before = await t.call('POST', WAREHOUSE.page.path, { token, body: {} });
    expect(await wasRecorded(before.headers['x-request-id'])).toBe(false);
    expect((await saveSetting({ method: 'POST', logUrl: WAREHOUSE.page.path, logged: 1 })).body.code).toBe(0);
    const read = await t.call('POST', WAREHOUSE.page.path, { token, body: { warehouseName: '日志' } });
    expect(await rowOf(read.headers['x-request-id'])).toMatchObject({ path: WAREHOUSE.page.path, code: 0, params: { body: { warehouseName: '日志' } } });
  });

  it('keeps only the parameters a setting names, secrets still masked', async () => {
    const set = await saveSetting({ method: 'POST', logUrl: '/api/user/save', logged: 1, keptParams: ['username', 'password'] });
    expect(set.body.code).toBe(0);
    const res = await t.call('POST', '/api/user/save?authId=1', { token, body: { username: 'log_kept', name: '保留', password: 'Kept$ecret99', roleIds: [] } });
    expect(res.body.code).toBe(0);
    expect((await rowOf(res.headers['x-request-id'])).params).toEqual({ body: { username: 'log_kept', password: '***' } });
    // Editing the setting applies at once.
    expect((await saveSetting({ id: set.body.data.id, method: 'POST', logUrl: '/api/user/save', logged: 1, keptParams: [] })).body.code).toBe(0);
    const all = await t.call('POST', '/api/user/save', { token, body: { username: 'log_all', name: '全部', password: 'Kept$ecret99', roleIds: [] } });
    expect((await rowOf(all.headers['x-request-id'])).params).toEqual({ body: { username: 'log_all', name: '全部', password: '***', roleIds: [] } });
  });

  it('follows a setting another server saved as soon as its change notice arrives, without reading the settings per request', async () => {
    // A second server on the same database (its own listening connection), where the administrator saves.
    const other = await buildApp({ config: t.config, db: t.db, loginAttemptsPerMinute: 1000 });
    try {
      await other.ready();
      const before = await t.call('POST', WAREHOUSE.delete.path, { token, body: { id: 1_999_999_999 } });
      expect(await wasRecorded(before.headers['x-request-id'])).toBe(true);
      const saved = await other.inject({ method: 'POST', url: '/api/userlogsetting/saveOrEditLogSet', headers: { authorization: `Bearer ${token}` },
        payload: { method: 'POST', logUrl: WAREHOUSE.delete.path, logName: '别处', logged: 0 } });
      expect(saved.json()).toMatchObject({ code: 0 });
      // This server never re-reads on its own: only the notice can make it stop recording the route.
      for (let i = 0; ; i++) {
        const call = await t.call('POST', WAREHOUSE.delete.path, { token, body: { id: 1_999_999_999 } });
        await rowOf((await saveWarehouse()).headers['x-request-id']); // a later recorded call has landed
        if (!(await t.db.selectFrom('operation_logs').select('id').where('request_id', '=', String(call.headers['x-request-id'])).executeTakeFirst())) break;
        if (i > 100) throw new Error('the setting saved on the other server never applied here');
      }
      const id = saved.json<{ data: { id: number } }>().data.id;
      expect((await other.inject({ method: 'GET', url: `/api/userlogsetting/deleteById/${id}`, headers: { authorization: `Bearer ${token}` } })).json()).toMatchObject({ code: 0 });
    } finally {
      await other.close();
      await t.app.logSettings.reload(); // the markers of the tests below use the route again
    }
  });

  it("lists the log of a setting's route: the concrete paths of its pattern, of its method", async () => {
    const match = await seed({ user_name: '甲', path: '/api/role/delete/42', code: 0, created_at: at(2021, 3, 1) });
    await seed({ user_name: '甲', path: '/api/role/delete/42/more', code: 0, created_at: at(2021, 3, 1) });
    await seed({ user_name: '甲', path: '/api/role/deleteAll', code: 0, created_at: at(2021, 3, 1) });
    await seed({ user_name: '甲', path: '/api/role/delete/43', code: 0, created_at: at(2021, 3, 1), method: 'GET' });
    const set = await saveSetting({ method: 'POST', logUrl: '/api/role/delete/:id', logged: 1 });
    const live = await t.call('POST', '/api/role/delete/1999999', { token });
    const { id: liveId } = await rowOf(live.headers['x-request-id']);
    const res = await t.call<PageResult<LogRow>>('POST', '/api/userlogsetting/listLogByLogSet', { token, body: { id: set.body.data.id } });
    const ids = res.body.data.list.map((r) => r.id);
    expect(ids).toContain(match);
    expect(ids).toContain(liveId);
    expect(ids.indexOf(liveId)).toBeLessThan(ids.indexOf(match));
    expect(res.body.data.list.every((r) => /^\/api\/role\/delete\/[^/]+$/.test(r.path) && r.method === 'POST')).toBe(true);

    const stat = await saveSetting({ method: 'POST', logUrl: '/api/role/saveRole', logged: 1 });
    expect(stat.body.msg).toBe('该接口已有日志设置');
    const roleSet = (await t.db.selectFrom('log_settings').select('id').where('log_url', '=', '/api/role/saveRole').executeTakeFirstOrThrow()).id;
    const role = await t.call('POST', '/api/role/saveRole', { token, body: { roleName: '日志角色', roleCode: 'log_role' } });
    const { id: roleRow } = await rowOf(role.headers['x-request-id']);
    const exact = await t.call<PageResult<LogRow>>('POST', '/api/userlogsetting/listLogByLogSet', { token, body: { id: roleSet } });
    expect(exact.body.data.list.map((r) => r.id)).toEqual([roleRow]);
    expect((await t.call('POST', '/api/userlogsetting/listLogByLogSet', { token, body: { id: 1_999_999_999 } })).body.msg).toBe('日志设置不存在：1999999999');
  });

  it('refuses callers without the keys, changing nothing', async () => {
    const viewer = await createLimitedUser(t, token, 'log_viewer', ['log:view']);
    const limited = (await t.call<TokenData>('POST', '/api/home/login', { body: { username: viewer.username, password: viewer.password } })).body.data.token;
    expect((await page({}, limited)).body.code).toBe(0);
    expect((await t.call('POST', '/api/log/export', { token: limited, body: {} })).status).toBe(403);
    expect((await t.call('POST', '/api/userlogsetting/listLogSet', { token: limited, body: {} })).status).toBe(403);
    expect((await t.call('POST', '/api/userlogsetting/getLogInterfaceList', { token: limited, body: {} })).status).toBe(403);
    expect((await saveSetting({ method: 'POST', logUrl: '/api/material/save', logged: 0 }, limited)).status).toBe(403);
    const any = (await t.db.selectFrom('log_settings').select('id').executeTakeFirstOrThrow()).id;
    expect((await t.call('GET', `/api/userlogsetting/deleteById/${any}`, { token: limited })).status).toBe(403);
    expect(await t.db.selectFrom('log_settings').select('id').where('id', '=', any).executeTakeFirst()).toBeDefined();
    expect(await t.db.selectFrom('log_settings').select('id').where('log_url', '=', '/api/material/save').executeTakeFirst()).toBeUndefined();

    const stranger = await createLimitedUser(t, token, 'log_stranger', ['warehouse:view']);
    const strangerToken = (await t.call<TokenData>('POST', '/api/home/login', { body: { username: stranger.username, password: stranger.password } })).body.data.token;
    expect((await page({}, strangerToken)).status).toBe(403);
    expect((await t.call('GET', '/api/log/info/1', { token: strangerToken })).status).toBe(403);
  });
});
