import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import type { TokenData } from '../../src/shared/api/auth';
import type { ApiResult } from '../../src/shared/api/envelope';
import { buildApp, type BuildAppOptions } from '../../src/server/app';
import type { AppConfig } from '../../src/server/config';
import type { DB } from '../../src/server/db/schema';
import { createTestDatabase, TEST_ADMIN_PASSWORD } from './db-helper';

export { TEST_ADMIN_PASSWORD };

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir: '.tmp/test-data',
    embeddedPgPort: 0,
    accessTokenSecret: 'test-secret-test-secret-test-secret-0123',
    dataEncryptionKey: 'test-data-key-test-data-key-test-data-0123',
    accessTokenTtl: 900,
    refreshTokenTtl: 108_000,
    corsOrigins: [],
    version: '9.8.7-test',
    trustProxy: false,
    ...overrides,
  };
}

export interface TestApp {
  app: FastifyInstance;
  db: Kysely<DB>;
  config: AppConfig;
  /** Signs in and returns the token data; fails the test when sign-in is refused. */
  login(username?: string, password?: string): Promise<TokenData>;
  /** app.inject with JSON and an optional access token; returns status, parsed body and headers. */
  call<T = unknown>(method: string, url: string, opts?: { token?: string; body?: unknown; headers?: Record<string, string> }): Promise<{
    status: number;
    body: ApiResult<T>;
    headers: Record<string, unknown>;
  }>;
  close(): Promise<void>;
}

/** The server on a database of its own (migrated and seeded with admin / TEST_ADMIN_PASSWORD). */
export async function buildTestApp(
  opts: { config?: Partial<AppConfig> } & Omit<BuildAppOptions, 'config' | 'db'> = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  const config = testConfig(opts.config);
  // A test file signs in far more often than a person; the per-IP limit has its own test.
  const app = await buildApp({ loginAttemptsPerMinute: 1000, ...opts, config, db: database.db });
  await app.ready();

  const call: TestApp['call'] = async (method, url, o = {}) => {
    const headers: Record<string, string> = { ...o.headers };
    if (o.token) headers.authorization = `Bearer ${o.token}`;
    const res = await app.inject({ method: method as 'GET', url, headers, ...(o.body !== undefined ? { payload: o.body as object } : {}) });
    let body: ApiResult<never>;
    try {
      body = res.json();
    } catch {
      body = { code: Number.NaN, msg: res.body, data: undefined as never };
    }
    return { status: res.statusCode, body, headers: res.headers };
  };

  return {
    app,
    db: database.db,
    config,
    call,
    async login(username = 'admin', password = TEST_ADMIN_PASSWORD) {
      const res = await call<TokenData>('POST', '/api/home/login', { body: { username, password } });
      expect(res.body, `login ${username}`).toMatchObject({ code: 0 });
      return res.body.data;
    },
    async close() {
      await app.close();
      await database.destroy();
    },
  };
}

/**
 * Creates a role holding `buttonKeys` (and their screens) and a user with it, via the API as admin.
 * Returns the user's id and password.
 */
export async function createLimitedUser(
  t: TestApp,
  adminToken: string,
  username: string,
  buttonKeys: string[],
): Promise<{ id: number; username: string; password: string }> {
  const role = await t.call<{ id: number }>('POST', '/api/role/saveRole', {
    token: adminToken,
    body: { roleName: `角色 ${username}`, roleCode: `role_${username}`, buttonKeys },
  });
  expect(role.body).toMatchObject({ code: 0 });
  const password = 'Passw0rd!x';
  const user = await t.call<{ id: number }>('POST', '/api/user/save', {
    token: adminToken,
    body: { username, name: `用户 ${username}`, password, roleIds: [role.body.data.id], mustChangePassword: false },
  });
  expect(user.body).toMatchObject({ code: 0 });
  return { id: user.body.data.id, username, password };
}
