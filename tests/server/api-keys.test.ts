import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { ApiKeyCreated, ApiKeyRow } from '../../src/shared/api/apiKey';
import type { PageResult } from '../../src/shared/api/schema';
import { buildTestApp, TEST_ADMIN_PASSWORD, type TestApp } from './app-helper';

// Issue 35, API keys: a service account's key reads what its role allows and nothing else, is refused at the next
// request once revoked or expired, shows its last use, is limited per key (429, code -1), is named in the operation
// log by its account, and its secret is in no log.
const RATE = 20;
const logged: string[] = [];
let t: TestApp;
let admin: string;
let readerRoleId: number;

beforeAll(async () => {
  t = await buildTestApp({
    apiKeyRequestsPerMinute: RATE,
    // Everything the server logs, at every level, kept to grep for the secret.
    logger: { level: 'trace', stream: { write: (line: string) => logged.push(line) } },
  });
  admin = (await t.login()).token;
  const role = await t.db.insertInto('roles').values({ role_name: '对接只读', role_code: 'feed_reader', remark: null, created_at: sql`now()` })
    .returning('id').executeTakeFirstOrThrow();
  readerRoleId = role.id;
  await t.db.insertInto('role_buttons').values([{ role_id: role.id, button_key: 'user:view' }]).execute();
});
afterAll(async () => { await t?.close(); });

async function createKey(name: string, expiresOn?: string): Promise<ApiKeyCreated> {
  const res = await t.call<ApiKeyCreated>('POST', '/api/apiKey/create', { token: admin, body: { name, roleId: readerRoleId, expiresOn } });
  expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 0 });
  expect(res.body.data.key).toMatch(/^ctk_[0-9a-f]{12}_[A-Za-z0-9_-]{43}$/);
  return res.body.data;
}

const withKey = (key: string, how: 'bearer' | 'header' = 'header'): Record<string, string> =>
  how === 'bearer' ? { authorization: `Bearer ${key}` } : { 'x-api-key': key };

async function keys(): Promise<ApiKeyRow[]> {
  const res = await t.call<PageResult<ApiKeyRow>>('GET', '/api/apiKey/pageList?size=100', { token: admin });
  expect(res.body.code).toBe(0);
  return res.body.data.list;
}

type LogRow = { user_id: number | null; user_name: string | null; path: string; code: number | null; params: unknown };
/**
 * The operation log rows of `path` once one of them is the row `wanted` looks for (the log is written in batches after
 * the answer; a row of an earlier call of the path must not stand in for it). Waits up to 15 s: a hang bound.
 */
async function logRowsOf(path: string, wanted: (row: LogRow) => boolean = () => true): Promise<LogRow[]> {
  for (const until = Date.now() + 15_000; Date.now() < until;) {
    const rows = await t.db.selectFrom('operation_logs').select(['user_id', 'user_name', 'path', 'code', 'params']).where('path', '=', path).orderBy('id').execute();
    if (rows.some(wanted)) return rows;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`no such operation log row for ${path}`);
}

it('a key reads what its role allows, in either header, and is refused what it does not', async () => {
  const { key } = await createKey('ERP 对接');
  for (const how of ['bearer', 'header'] as const) {
    const read = await t.call('GET', '/api/user/pageList', { headers: withKey(key, how) });
    expect(read.status).toBe(200);
    expect(read.body.code).toBe(0);
  }
  const refused = await t.call('GET', '/api/apiKey/pageList', { headers: withKey(key) });
  expect(refused.status).toBe(403);
  expect(refused.body.msg).toContain('没有权限');
  const write = await t.call('POST', '/api/user/save', { headers: withKey(key), body: { username: 'x1', name: 'x', password: 'Passw0rd!x', roleIds: [] } });
  expect(write.status).toBe(403);
  // A wrong secret with a real prefix, and garbage, are refused like a revoked key.
  const wrong = `${key.slice(0, -4)}AAAA`;
  for (const bad of [wrong, 'ctk_nonsense']) {
    const res = await t.call('GET', '/api/user/pageList', { headers: withKey(bad) });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ code: -1, msg: '接口密钥无效' });
  }
});

it('the service account cannot sign in with a password', async () => {
  const created = await createKey('无密码账户');
  const account = await t.db.selectFrom('api_keys as k').innerJoin('users as u', 'u.id', 'k.user_id')
    .select(['u.username', 'u.kind']).where('k.id', '=', created.id).executeTakeFirstOrThrow();
  expect(account.kind).toBe('service');
  const res = await t.call('POST', '/api/home/login', { body: { username: account.username, password: '!service-account' } });
  expect(res.body.code).toBe(-1);
  expect(res.body.msg).toContain('用户名或密码错误');
});

it('service accounts are not people: hidden from 用户管理, one per key, never signing in, disabled with their revoked key', async () => {
  const one = await createKey('对接账户甲');
  const two = await createKey('对接账户乙');
  const accounts = await t.db.selectFrom('api_keys as k').innerJoin('users as u', 'u.id', 'k.user_id')
    .select(['k.id', 'u.id as userId', 'u.username', 'u.kind']).where('k.id', 'in', [one.id, two.id]).orderBy('k.id').execute();
  expect(accounts.map((a) => a.kind)).toEqual(['service', 'service']);
  expect(new Set(accounts.map((a) => a.userId)).size).toBe(2);
  const people = await t.call<PageResult<{ id: number; name: string }>>('GET', '/api/user/pageList?size=100', { token: admin });
  expect(people.body.code).toBe(0);
  expect(people.body.data.list.some((u) => u.name === 'admin' || u.id === 1)).toBe(true);
  expect(people.body.data.list.map((u) => u.name)).not.toContain('对接账户甲');
  expect(people.body.data.list.map((u) => u.id)).not.toContain(accounts[0]!.userId);
  const options = await t.call<{ id: number; name: string }[]>('GET', '/api/user/getAllUser', { token: admin });
  expect(options.body.code).toBe(0);
  expect(options.body.data.map((u) => u.id)).not.toContain(accounts[0]!.userId);
  // Even with a person's password hash written to it, the account does not sign in.
  const adminHash = await t.db.selectFrom('users').select('password_hash').where('username', '=', 'admin').executeTakeFirstOrThrow();
  await t.db.updateTable('users').set({ password_hash: adminHash.password_hash }).where('id', '=', accounts[0]!.userId).execute();
  const login = await t.call('POST', '/api/home/login', { body: { username: accounts[0]!.username, password: TEST_ADMIN_PASSWORD } });
  expect(login.body.code).toBe(-1);
  expect(login.body.msg).toContain('用户名或密码错误');
  // Revoking one key disables its account only; the other key goes on.
  expect((await t.call('POST', '/api/apiKey/revoke', { token: admin, body: { id: one.id } })).body.code).toBe(0);
  const status = await t.db.selectFrom('users').select(['id', 'status']).where('id', 'in', accounts.map((a) => a.userId)).orderBy('id').execute();
  expect(status.map((s) => s.status)).toEqual([0, 1]);
  expect((await t.call('GET', '/api/user/pageList', { headers: withKey(one.key) })).body).toMatchObject({ code: -1, msg: '接口密钥已吊销' });
  expect((await t.call('GET', '/api/user/pageList', { headers: withKey(two.key) })).body.code).toBe(0);
});

it('a revoked key is refused at the next request; the list shows it revoked and never the secret', async () => {
  const created = await createKey('将被吊销');
  expect((await t.call('GET', '/api/user/pageList', { headers: withKey(created.key) })).body.code).toBe(0);
  const revoke = await t.call('POST', '/api/apiKey/revoke', { token: admin, body: { id: created.id } });
  expect(revoke.body.code).toBe(0);
  const after = await t.call('GET', '/api/user/pageList', { headers: withKey(created.key) });
  expect(after.status).toBe(401);
  expect(after.body).toMatchObject({ code: -1, msg: '接口密钥已吊销' });
  const again = await t.call('POST', '/api/apiKey/revoke', { token: admin, body: { id: created.id } });
  expect(again.body).toMatchObject({ code: -1, msg: '接口密钥已吊销' });
  const list = await t.call('GET', '/api/apiKey/pageList?size=100', { token: admin });
  const row = (list.body.data as PageResult<ApiKeyRow>).list.find((k) => k.id === created.id)!;
  expect(row).toMatchObject({ prefix: created.prefix, accountName: '将被吊销', roleNames: ['对接只读'], active: false });
  expect(row.revokedAt).not.toBeNull();
  // The secret is all after the prefix: base64url, so it may itself hold '_' (split('_')[2] was '' for one starting so).
  const secret = created.key.split('_').slice(2).join('_');
  expect(secret).toHaveLength(43);
  expect(JSON.stringify(list.body)).not.toContain(secret);
});

it('an expired key is refused; a past expiry date is refused at creation', async () => {
  const created = await createKey('将过期', '2199-12-31');
  expect((await t.call('GET', '/api/user/pageList', { headers: withKey(created.key) })).body.code).toBe(0);
  await t.db.updateTable('api_keys').set({ expires_at: sql`now() - interval '1 second'` }).where('id', '=', created.id).execute();
  const res = await t.call('GET', '/api/user/pageList', { headers: withKey(created.key) });
  expect(res.status).toBe(401);
  expect(res.body).toMatchObject({ code: -1, msg: '接口密钥已过期' });
  const past = await t.call('POST', '/api/apiKey/create', { token: admin, body: { name: '过去', roleId: readerRoleId, expiresOn: '2020-01-01' } });
  expect(past.body).toMatchObject({ code: -1, msg: '有效期至不能早于今天' });
});

it('shows when a key was last used, written at most once a minute', async () => {
  const created = await createKey('最近使用');
  expect((await keys()).find((k) => k.id === created.id)!.lastUsedAt).toBeNull();
  await t.call('GET', '/api/user/pageList', { headers: withKey(created.key) });
  const first = (await keys()).find((k) => k.id === created.id)!.lastUsedAt;
  expect(first).not.toBeNull();
  await t.db.updateTable('api_keys').set({ last_used_at: sql`now() - interval '30 seconds'` }).where('id', '=', created.id).execute();
  const before = (await keys()).find((k) => k.id === created.id)!.lastUsedAt;
  await t.call('GET', '/api/user/pageList', { headers: withKey(created.key) });
  expect((await keys()).find((k) => k.id === created.id)!.lastUsedAt).toBe(before);
  await t.db.updateTable('api_keys').set({ last_used_at: sql`now() - interval '2 minutes'` }).where('id', '=', created.id).execute();
  const stale = (await keys()).find((k) => k.id === created.id)!.lastUsedAt;
  await t.call('GET', '/api/user/pageList', { headers: withKey(created.key) });
  expect((await keys()).find((k) => k.id === created.id)!.lastUsedAt).not.toBe(stale);
});

it('limits calls per key: 429 with code -1; another key and people are not limited by it', async () => {
  const busy = await createKey('频繁调用');
  const other = await createKey('另一个');
  let refused: Awaited<ReturnType<TestApp['call']>> | undefined;
  for (let i = 0; i < RATE + 1 && !refused; i++) {
    const res = await t.call('GET', '/api/user/pageList', { headers: withKey(busy.key) });
    if (res.status === 429) refused = res;
    else expect(res.body.code).toBe(0);
  }
  expect(refused?.body.code).toBe(-1);
  expect(refused?.body.msg).toContain('接口密钥调用过于频繁');
  expect(refused?.headers['retry-after']).toBeDefined();
  expect((await t.call('GET', '/api/user/pageList', { headers: withKey(other.key) })).body.code).toBe(0);
  for (let i = 0; i < RATE + 5; i++) {
    expect((await t.call('GET', '/api/user/pageList', { token: admin })).status).toBe(200);
  }
});

it('every call a key makes is in the operation log under the account name, and the secret is in no log', async () => {
  const created = await createKey('日志账户');
  await t.call('GET', '/api/dept/getListDept', { headers: withKey(created.key, 'bearer') });
  await t.call('POST', '/api/user/save', { headers: withKey(created.key), body: { username: 'x2', name: 'x', password: 'Passw0rd!x', roleIds: [] } });
  const reads = await logRowsOf('/api/dept/getListDept', (r) => r.user_name === '日志账户');
  expect(reads.some((r) => r.user_name === '日志账户' && r.code === 0)).toBe(true);
  const refused = await logRowsOf('/api/user/save', (r) => r.user_name === '日志账户');
  expect(refused.some((r) => r.user_name === '日志账户' && r.code === 403)).toBe(true);
  // The creation itself is logged (by the administrator), without the key it answered.
  const creations = await logRowsOf('/api/apiKey/create');
  // The part after ctk_<prefix>_: base64url, so it may itself hold '_' (a split on '_' gave '' once, when it began with one).
  const secret = created.key.slice('ctk_'.length + 12 + 1);
  expect(secret).toHaveLength(43);
  const everyLogRow = await t.db.selectFrom('operation_logs').selectAll().execute();
  expect(everyLogRow.length).toBeGreaterThan(creations.length);
  expect(JSON.stringify(everyLogRow)).not.toContain(secret);
  expect(logged.length).toBeGreaterThan(0);
  expect(logged.join('')).not.toContain(secret);
  expect(logged.join('')).not.toContain(created.key);
});

it('the OpenAPI document declares the key scheme', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  const doc = res.json<{ components: { securitySchemes: Record<string, unknown> } }>();
  expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'apiKey', in: 'header', name: 'X-Api-Key' });
  expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
});

// Last in the file: were it to fail, the administrator would be disabled.
it('a service account holding the administrator role does not count as the last enabled administrator', async () => {
  const adminRole = await t.db.selectFrom('roles').select('id').where('role_code', '=', 'admin').executeTakeFirstOrThrow();
  const res = await t.call<ApiKeyCreated>('POST', '/api/apiKey/create', { token: admin, body: { name: '管理对接', roleId: adminRole.id } });
  expect(res.body.code).toBe(0);
  // A person who may disable users (not an administrator) disables the one administrator person: refused.
  const role = await t.db.insertInto('roles').values({ role_name: '账号管理', role_code: 'user_status', remark: null, created_at: sql`now()` })
    .returning('id').executeTakeFirstOrThrow();
  await t.db.insertInto('role_buttons').values([{ role_id: role.id, button_key: 'user:status' }]).execute();
  const me = await t.db.selectFrom('users').select(['id', 'password_hash']).where('username', '=', 'admin').executeTakeFirstOrThrow();
  const clerk = await t.db.insertInto('users').values({ username: 'clerk', name: '账号管理员', password_hash: me.password_hash, created_at: sql`now()`, updated_at: sql`now()` })
    .returning('id').executeTakeFirstOrThrow();
  await t.db.insertInto('user_roles').values({ user_id: clerk.id, role_id: role.id }).execute();
  const clerkToken = (await t.login('clerk', TEST_ADMIN_PASSWORD)).token;
  const disable = await t.call('POST', '/api/user/updateStatus', { token: clerkToken, body: { id: me.id, status: 0 } });
  expect(disable.body).toMatchObject({ code: -1, msg: '至少保留一个启用的超级管理员' });
});
