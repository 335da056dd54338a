import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import pg from 'pg';
import { E2E_ADMIN_PASSWORD } from './constants';

export const ADMIN = { username: 'admin', password: E2E_ADMIN_PASSWORD };

/** Signs in through the login screen and waits for the home screen. */
export async function signIn(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('用户名').fill(username);
  await page.getByLabel('密码').fill(password);
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page).toHaveURL(/\/main\/home/);
}

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

/** Calls the API directly (as a second client would) and returns the envelope. */
export async function api<T>(
  request: APIRequestContext,
  method: 'GET' | 'POST',
  path: string,
  opts: { token?: string; data?: unknown } = {},
): Promise<{ status: number; body: Envelope<T> }> {
  const res = await request.fetch(`/api${path}`, {
    method,
    headers: opts.token ? { Authorization: `Bearer ${opts.token}` } : {},
    data: opts.data,
  });
  return { status: res.status(), body: (await res.json()) as Envelope<T> };
}

/** An API caller as `token` that expects each call done (code 0; the path and message in a failure) and gives its data. */
export function caller(request: APIRequestContext, token: string) {
  return async <T = unknown>(path: string, data?: unknown, method: 'GET' | 'POST' = 'POST'): Promise<T> => {
    const r = await api<T>(request, method, path, { token, data });
    expect(r.body.code, `${path}: ${r.body.msg}`).toBe(0);
    return r.body.data;
  };
}

export async function apiLogin(request: APIRequestContext, username: string, password: string): Promise<string> {
  const { body } = await api<{ token: string }>(request, 'POST', '/home/login', { data: { username, password } });
  expect(body.code, body.msg).toBe(0);
  return body.data.token;
}

/** The secrets file of the server under test's data directory (its embedded PostgreSQL's password). */
function secretsIn(dir: string): string | null {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (name === 'secrets.json') return path;
    if (statSync(path).isDirectory() && !name.startsWith('pg')) {
      const found = secretsIn(path);
      if (found) return found;
    }
  }
  return null;
}

/**
 * Runs `work` on a connection to the embedded PostgreSQL of the server under test, in the machine's time zone: for
 * what no screen makes (a month of history, events on known past days).
 */
export async function withPlantDb<T>(work: (db: pg.Client) => Promise<T>): Promise<T> {
  const secrets = JSON.parse(readFileSync(secretsIn(process.env.E2E_DATA_DIR!)!, 'utf8')) as { pgSuperuserPassword: string };
  const db = new pg.Client({
    connectionString: `postgres://postgres:${encodeURIComponent(secrets.pgSuperuserPassword)}@127.0.0.1:${process.env.E2E_PG_PORT}/cylinder_trace`,
  });
  await db.connect();
  try {
    await db.query(`set timezone = '${Intl.DateTimeFormat().resolvedOptions().timeZone}'`);
    return await work(db);
  } finally {
    await db.end();
  }
}
