import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_PATH_PREFIXES } from '../../src/shared/site';
import { buildTestApp, type TestApp } from './app-helper';

let t: TestApp;
let rendererDir: string;
const routes: { method: string; url: string }[] = [];

beforeAll(async () => {
  // A built renderer as vite-plugin-pwa leaves it (electron.vite.config.ts).
  rendererDir = mkdtempSync(join(tmpdir(), 'renderer-'));
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>app</title>');
  writeFileSync(join(rendererDir, 'sw.js'), 'importScripts("/workbox-5a1b2c3d.js")');
  writeFileSync(join(rendererDir, 'workbox-5a1b2c3d.js'), 'self.workbox = {}');
  writeFileSync(join(rendererDir, 'manifest.webmanifest'), JSON.stringify({ name: '气瓶追溯平台', start_url: '/field' }));
  mkdirSync(join(rendererDir, 'assets'));
  writeFileSync(join(rendererDir, 'assets', 'index-D4e5F6.js'), 'console.log(1)');
  t = await buildTestApp({
    config: { rendererDir },
    onRoute: (route: RouteOptions) => {
      for (const method of [route.method].flat()) routes.push({ method, url: route.url });
    },
  });
});
afterAll(async () => {
  await t?.close();
  rmSync(rendererDir, { recursive: true, force: true });
});

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('the service worker and the manifest of the web UI', () => {
  it('are served fresh every time (no-cache), so a new release is picked up', async () => {
    const sw = await get('/sw.js');
    expect(sw.statusCode).toBe(200);
    expect(sw.body).toContain('importScripts');
    expect(sw.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(sw.headers['cache-control']).toBe('no-cache');

    const runtime = await get('/workbox-5a1b2c3d.js');
    expect(runtime.statusCode).toBe(200);
    expect(runtime.headers['cache-control']).toBe('no-cache');

    const manifest = await get('/manifest.webmanifest');
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect(manifest.json()).toMatchObject({ name: '气瓶追溯平台', start_url: '/field' });

    const withQuery = await get('/sw.js?v=2');
    expect(withQuery.headers['cache-control']).toBe('no-cache');
  });

  it('hashed build files keep their ordinary caching', async () => {
    const chunk = await get('/assets/index-D4e5F6.js');
    expect(chunk.statusCode).toBe(200);
    expect(chunk.headers['cache-control']).not.toBe('no-cache');
  });

  it('a build file that is gone answers 404, not the app page; a client route still gets the page', async () => {
    for (const url of ['/workbox-0ld0ld.js', '/assets/Gone-1a2b.js', '/assets/zxing_reader-9z.wasm', '/old.webmanifest']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).not.toMatch(/text\/html/);
    }
    const field = await get('/field');
    expect(field.statusCode).toBe(200);
    expect(field.headers['content-type']).toMatch(/text\/html/);
    expect(field.body).toContain('<title>app</title>');
  });

  it('every page the server renders itself is under a prefix the service worker leaves to the network', () => {
    // The worker answers any other navigation with the app (navigateFallbackDenylist, electron.vite.config.ts).
    const own = routes.filter((r) => r.method === 'GET' && r.url !== '/' && r.url !== '/*');
    expect(own.length).toBeGreaterThan(0);
    const uncovered = own.filter((r) => !SERVER_PATH_PREFIXES.some((prefix) => r.url.startsWith(prefix)));
    expect(uncovered.map((r) => r.url)).toEqual([]);
    for (const page of ['/q/:token', '/objectStorage/file/download']) expect(own.map((r) => r.url)).toContain(page);
  });
});
