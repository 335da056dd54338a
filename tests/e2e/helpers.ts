import { expect, type APIRequestContext, type Page } from '@playwright/test';
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

export async function apiLogin(request: APIRequestContext, username: string, password: string): Promise<string> {
  const { body } = await api<{ token: string }>(request, 'POST', '/home/login', { data: { username, password } });
  expect(body.code, body.msg).toBe(0);
  return body.data.token;
}
