import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './app-helper';

let t: TestApp;
let rendererDir: string;

beforeAll(async () => {
  // With a built UI, so the pages a clickjacker would frame are the real ones.
  rendererDir = mkdtempSync(join(tmpdir(), 'renderer-'));
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>app</title>');
  writeFileSync(join(rendererDir, 'app.js'), 'console.log(1)');
  mkdirSync(join(rendererDir, 'updates'));
  writeFileSync(join(rendererDir, 'updates', 'latest.yml'), 'version: 1.0.0\n');
  t = await buildTestApp({ config: { rendererDir, updatesDir: join(rendererDir, 'updates') } });
});
afterAll(async () => {
  await t?.close();
  rmSync(rendererDir, { recursive: true, force: true });
});

const expectNoForeignFraming = (headers: Record<string, unknown>) => {
  expect(headers['x-frame-options']).toBe('SAMEORIGIN');
  expect(headers['content-security-policy']).toBe("frame-ancestors 'self'");
};

describe('no other origin may frame the product', () => {
  it('GET / (the UI), its assets and its client routes', async () => {
    for (const url of ['/', '/app.js', '/Setting/user']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expectNoForeignFraming(res.headers);
    }
  });

  it('API answers: success, refusal, 401 and 404', async () => {
    const login = await t.call('POST', '/api/home/login', { body: { username: 'admin', password: 'wrong-password' } });
    expect(login.body.code).toBe(-1);
    expectNoForeignFraming(login.headers);
    const nav = await t.call('POST', '/api/home/nav/0');
    expect(nav.status).toBe(401);
    expectNoForeignFraming(nav.headers);
    const token = (await t.login()).token;
    const ok = await t.call('GET', '/api/user/pageList', { token });
    expect(ok.body.code).toBe(0);
    expectNoForeignFraming(ok.headers);
    const missing = await t.call('GET', '/api/nothing/here', { token });
    expect(missing.status).toBe(404);
    expectNoForeignFraming(missing.headers);
  });
});

describe('security headers (helmet), on a plain-HTTP plant server', () => {
  it('are sent on the UI and the API, without the ones that would break a LAN server or the web UI', async () => {
    const token = (await t.login()).token;
    const answers = [
      await t.app.inject({ method: 'GET', url: '/' }),
      await t.app.inject({ method: 'GET', url: '/app.js' }),
      await t.app.inject({ method: 'GET', url: '/updates/latest.yml' }),
      await t.app.inject({ method: 'GET', url: '/api/docs/json' }),
      await t.app.inject({ method: 'GET', url: '/api/user/pageList', headers: { authorization: `Bearer ${token}` } }),
      await t.app.inject({ method: 'POST', url: '/api/home/nav/0' }),
    ];
    for (const res of answers) {
      const url = res.raw.req.url;
      expect(res.statusCode, url).toBeLessThan(500);
      expect(res.headers, url).toMatchObject({
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'no-referrer',
        'cross-origin-resource-policy': 'same-origin',
        'x-frame-options': 'SAMEORIGIN',
        // Only framing is restricted: MUI injects styles, the UI calls the local print agent, and a plant
        // serves it over http (no upgrade-insecure-requests).
        'content-security-policy': "frame-ancestors 'self'",
      });
      expect(res.headers['strict-transport-security'], url).toBeUndefined();
      expect(res.headers['cross-origin-opener-policy'], url).toBeUndefined();
      expect(res.headers['cross-origin-embedder-policy'], url).toBeUndefined();
    }
  });
});

