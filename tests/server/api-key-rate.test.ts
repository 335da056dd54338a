import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ApiKeyCreated } from '../../src/shared/api/apiKey';
import type { TokenData } from '../../src/shared/api/auth';
import type { ApiResult } from '../../src/shared/api/envelope';
import { buildApp } from '../../src/server/app';
import { createDb } from '../../src/server/db/database';
import { testConfig, TEST_ADMIN_PASSWORD } from './app-helper';
import { createTestDatabase, type TestDatabase } from './db-helper';

// Issue 35: a key's rate limit holds across server processes on one database (the counters live in PostgreSQL), so
// two servers do not give a key twice its calls.
const RATE = 6;
let database: TestDatabase;
let second: ReturnType<typeof createDb>;
let a: FastifyInstance;
let b: FastifyInstance;
let admin: string;

beforeAll(async () => {
  database = await createTestDatabase();
  second = createDb(database.url);
  const config = testConfig({ webhooks: false });
  a = await buildApp({ config, db: database.db, loginAttemptsPerMinute: 1000, apiKeyRequestsPerMinute: RATE });
  b = await buildApp({ config, db: second, loginAttemptsPerMinute: 1000, apiKeyRequestsPerMinute: RATE });
  await a.ready();
  await b.ready();
  const login = await a.inject({ method: 'POST', url: '/api/home/login', payload: { username: 'admin', password: TEST_ADMIN_PASSWORD } });
  admin = login.json<ApiResult<TokenData>>().data.token;
});

afterAll(async () => {
  await a?.close();
  await b?.close();
  await second?.destroy();
  await database?.destroy();
});

async function createKey(name: string): Promise<string> {
  const role = await database.db.insertInto('roles').values({ role_name: `${name}角色`, role_code: `r_${Date.now()}`, remark: null, created_at: sql`now()` })
    .returning('id').executeTakeFirstOrThrow();
  await database.db.insertInto('role_buttons').values([{ role_id: role.id, button_key: 'user:view' }]).execute();
  const res = await a.inject({ method: 'POST', url: '/api/apiKey/create', headers: { authorization: `Bearer ${admin}` }, payload: { name, roleId: role.id } });
  return res.json<ApiResult<ApiKeyCreated>>().data.key;
}

it('the (N+1)th call of a key within the minute is answered 429 whichever server it reaches', async () => {
  const key = await createKey('两台服务器');
  const statuses: number[] = [];
  let refused: ApiResult<unknown> | undefined;
  let retryAfter: unknown;
  for (let i = 0; i < RATE + 1; i++) {
    const res = await (i % 2 === 0 ? a : b).inject({ method: 'GET', url: '/api/user/pageList', headers: { 'x-api-key': key } });
    statuses.push(res.statusCode);
    if (res.statusCode === 429) {
      refused = res.json();
      retryAfter = res.headers['retry-after'];
    }
  }
  expect(statuses).toEqual([...Array<number>(RATE).fill(200), 429]);
  expect(refused).toMatchObject({ code: -1 });
  expect(refused?.msg).toContain('接口密钥调用过于频繁');
  expect(Number(retryAfter)).toBeGreaterThan(0);
  // Through the other server too.
  const other = await a.inject({ method: 'GET', url: '/api/user/pageList', headers: { 'x-api-key': key } });
  expect(other.statusCode).toBe(429);
  // Another key is not limited by it, and people are never counted.
  const fresh = await createKey('另一把');
  expect((await b.inject({ method: 'GET', url: '/api/user/pageList', headers: { 'x-api-key': fresh } })).statusCode).toBe(200);
  for (let i = 0; i < RATE + 2; i++) {
    expect((await b.inject({ method: 'GET', url: '/api/user/pageList', headers: { authorization: `Bearer ${admin}` } })).statusCode).toBe(200);
  }
});

it('a new window starts once the old one has passed', async () => {
  const key = await createKey('新窗口');
  for (let i = 0; i < RATE; i++) await b.inject({ method: 'GET', url: '/api/user/pageList', headers: { 'x-api-key': key } });
  expect((await a.inject({ method: 'GET', url: '/api/user/pageList', headers: { 'x-api-key': key } })).statusCode).toBe(429);
  // The window's start moved a minute back, as if a minute had passed.
  await sql`update api_key_rate_windows set window_start = window_start - interval '61 seconds'`.execute(database.db);
  expect((await a.inject({ method: 'GET', url: '/api/user/pageList', headers: { 'x-api-key': key } })).statusCode).toBe(200);
});
