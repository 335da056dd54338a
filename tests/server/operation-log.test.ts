import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import type { DB } from '../../src/server/db/schema';
import { fillPath, type Endpoint } from '../../src/shared/api/endpoint';
import { AUTH } from '../../src/shared/api/auth';
import { ENTERPRISE } from '../../src/shared/api/enterprise';
import { PERIODIC_INSPECTION } from '../../src/shared/api/periodicInspection';
import { MATERIAL } from '../../src/shared/api/material';
import { PRODUCT } from '../../src/shared/api/product';
import { INSPECTION_ITEM } from '../../src/shared/api/inspectionItem';
import { ROLE, USER } from '../../src/shared/api/user';
import { WAREHOUSE } from '../../src/shared/api/warehouse';
import { buildTestApp, TEST_ADMIN_PASSWORD, type TestApp } from './app-helper';

let t: TestApp;
let adminToken: string;

beforeAll(async () => {
  t = await buildTestApp();
  adminToken = (await t.login()).token;
});
afterAll(async () => { await t?.close(); });

/** The log is written after the answer; wait for the row of `path` to land. */
async function logRows(db: Kysely<DB>, path: string, count = 1) {
  for (let i = 0; i < 100; i++) {
    const rows = await db
      .selectFrom('operation_logs')
      .select(['user_id', 'user_name', 'ip', 'method', 'path', 'params', 'code', 'duration_ms', 'request_id'])
      .where('path', '=', path)
      .orderBy('id')
      .execute();
    if (rows.length >= count) return rows;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`no operation log row for ${path}`);
}

it('records sign-in attempts with the user name and the password masked', async () => {
  await t.call('POST', '/api/home/login', { body: { username: 'admin', password: 'definitely-wrong' } });
  const rows = await logRows(t.db, '/api/home/login', 2);
  const failed = rows.find((r) => r.code === -1)!;
  expect(failed).toMatchObject({
    user_id: null, user_name: 'admin', method: 'POST', ip: '127.0.0.1',
    params: { body: { username: 'admin', password: '***' } },
  });
  const succeeded = rows.find((r) => r.code === 0)!;
  expect(succeeded.user_id).toBe(1);
  expect(JSON.stringify(rows)).not.toContain(TEST_ADMIN_PASSWORD);
  expect(JSON.stringify(rows)).not.toContain('definitely-wrong');
});

it('records a mutating call: user, path, masked parameters, result code, duration, request id', async () => {
  const res = await t.call('POST', '/api/user/save?authId=1&authName=x', {
    token: adminToken,
    body: { username: 'logged', name: '记录', password: 'Passw0rd!x', roleIds: [] },
  });
  expect(res.body.code).toBe(0);
  const [row] = await logRows(t.db, '/api/user/save');
  expect(row).toMatchObject({
    user_id: 1, user_name: '管理员', method: 'POST', code: 0, request_id: res.headers['x-request-id'],
    params: { body: { username: 'logged', name: '记录', password: '***', roleIds: [] } },
  });
  expect(row!.duration_ms).toBeGreaterThanOrEqual(0);
});

it('records refused and failed calls with their codes', async () => {
  await t.call('POST', '/api/home/adminResetPassWd/1', { body: { newPassword: 'whatever-123' } });
  const [row] = await logRows(t.db, '/api/home/adminResetPassWd/1');
  // Refused before the body is even read: the row has the path parameters only.
  expect(row).toMatchObject({ code: 401, user_id: null, params: { params: { id: '1' } } });
  expect(JSON.stringify(row)).not.toContain('whatever-123');
  await t.call('POST', '/api/user/save', { token: adminToken, body: { username: 'logged', name: '记录', password: 'Passw0rd!x' } });
  const rows = await logRows(t.db, '/api/user/save', 2);
  expect(rows[1]!.code).toBe(-1);
});

it('does not record reads', async () => {
  await t.call('GET', '/api/user/pageList', { token: adminToken });
  await t.call('POST', '/api/home/logout', { token: (await t.login()).token });
  await logRows(t.db, '/api/home/logout');
  const reads = await t.db.selectFrom('operation_logs').select('id').where('path', '=', '/api/user/pageList').execute();
  expect(reads).toEqual([]);
});

it('does not record reads sent as POST (lists, pages, details), but records the saves beside them', async () => {
  const groups = [AUTH, ENTERPRISE, PERIODIC_INSPECTION, MATERIAL, PRODUCT, INSPECTION_ITEM, USER, ROLE, WAREHOUSE];
  const reads = groups.flatMap((g) => Object.values(g) as Endpoint[]).filter((e) => e.method === 'POST' && e.readOnly);
  expect(reads.map((e) => e.path)).toEqual(expect.arrayContaining([
    '/api/product/listPage', '/api/material/listPage', '/api/enterprise/list', '/api/role/list', '/api/produce/testProjectDetail',
  ]));
  for (const e of reads) {
    // Whatever the answer (a read with a bad body is still a read), nothing is recorded.
    const res = await t.call('POST', fillPath(e.path, { id: 1 }).path, { token: adminToken, body: { id: 1 } });
    expect(res.status, e.path).toBe(200);
  }
  const saved = await t.call('POST', '/api/material/save', { token: adminToken, body: { materialName: '氮气', code: 'N2', category: 'compressed' } });
  expect(saved.body.code).toBe(0);
  await t.call('POST', '/api/role/saveRole', { token: adminToken, body: { roleName: '记录', roleCode: 'logged_role' } });
  await logRows(t.db, '/api/material/save');
  await logRows(t.db, '/api/role/saveRole');
  const recorded = await t.db.selectFrom('operation_logs').select('path')
    .where('path', 'in', reads.map((e) => fillPath(e.path, { id: 1 }).path)).execute();
  expect(recorded).toEqual([]);
});

it('keeps only the beginning of very large parameters', async () => {
  const remark = '备'.repeat(40_000);
  // A route that reads bodies this large (a role's, up to 320 KB).
  const res = await t.call('POST', '/api/role/saveRole', { token: adminToken, body: { roleName: '日志库', roleCode: 'log_big', remark } });
  expect(res.body.code).toBe(-1); // refused (remark too long), and recorded all the same
  const row = await logRowOf(res.headers['x-request-id']);
  const params = row.params as { truncated: boolean; length: number; head: string };
  expect(params.truncated).toBe(true);
  expect(params.length).toBeGreaterThan(40_000);
  expect(params.head.length).toBe(2048);
  expect(params.head).toContain('日志库');
});

/** The log row of one answer (by its request id), once written. */
async function logRowOf(requestId: unknown) {
  for (let i = 0; i < 100; i++) {
    const row = await t.db.selectFrom('operation_logs').select(['user_id', 'code', 'params']).where('request_id', '=', String(requestId)).executeTakeFirst();
    if (row) return row;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`no operation log row for request ${String(requestId)}`);
}

/** `{"a":{"a":…{"a":1}…}}` with `levels` objects, as raw JSON text (built without recursion). */
const nestedJson = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;

it('refuses a body nested too deep with -1, changes nothing, and still records the call', async () => {
  const body = `{"username":"deep_user","name":"深","password":"Passw0rd!x","roleIds":[],"extra":${nestedJson(2000)}}`;
  const res = await t.app.inject({
    method: 'POST', url: USER.save.path, payload: body,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
  });
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual({ code: -1, msg: '参数错误：请求内容的嵌套层级过多（最多 32 层）', data: null });
  expect(await t.db.selectFrom('users').select('id').where('username', '=', 'deep_user').execute()).toEqual([]);
  const row = await logRowOf(res.headers['x-request-id']);
  // Refused on its text, before it was parsed: the row names the call and its caller, with no parameters.
  expect(row).toMatchObject({ code: -1, user_id: 1, params: null });
});

it('records a saved call whose body nests an extra field down to the limit', async () => {
  // The body object is level 1, so the extra field may hold 31 more.
  const body = `{"username":"nested_user","name":"嵌","password":"Passw0rd!x","roleIds":[],"extra":${nestedJson(31)}}`;
  const res = await t.app.inject({
    method: 'POST', url: USER.save.path, payload: body,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
  });
  expect(res.json()).toMatchObject({ code: 0 });
  const row = await logRowOf(res.headers['x-request-id']);
  expect(row).toMatchObject({ code: 0, params: { body: { username: 'nested_user', password: '***', extra: { a: { a: { a: {} } } } } } });
  expect(JSON.stringify(row.params)).toContain('{"a":1}');
});
