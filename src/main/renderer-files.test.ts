import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentTypeOf, resolveRendererRequest, serveRendererRequest } from './renderer-files';

let root: string;
let outside: string;

beforeAll(() => {
  const base = mkdtempSync(join(tmpdir(), 'renderer-files-'));
  root = join(base, 'renderer');
  outside = join(base, 'secret.txt');
  mkdirSync(join(root, 'assets'), { recursive: true });
  writeFileSync(join(root, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(join(root, 'assets', 'index-abc.js'), 'console.log(1)');
  writeFileSync(outside, 'top secret');
});
afterAll(() => rmSync(join(root, '..'), { recursive: true, force: true }));

describe('resolveRendererRequest', () => {
  it('serves existing files', async () => {
    expect(await resolveRendererRequest(root, 'app://renderer/assets/index-abc.js')).toEqual({
      status: 200,
      file: join(root, 'assets', 'index-abc.js'),
    });
  });

  it.each(['app://renderer/', 'app://renderer/main/home', 'app://renderer/login?redirect=%2Fmain', 'app://renderer/main/'])(
    'falls back to index.html for the client route %s',
    async (url) => {
      expect(await resolveRendererRequest(root, url)).toEqual({ status: 200, file: join(root, 'index.html') });
    },
  );

  it('answers 404 for a missing asset so a stale chunk fails instead of receiving HTML', async () => {
    expect(await resolveRendererRequest(root, 'app://renderer/assets/gone-123.js')).toEqual({ status: 404 });
  });

  it.each([
    'app://renderer/..%2Fsecret.txt',
    'app://renderer/assets/..%2F..%2Fsecret.txt',
    'app://renderer/%2e%2e%2fsecret.txt',
    'app://renderer/..%5Csecret.txt',
    'app://renderer/index.html%00.js',
  ])('refuses the traversal attempt %s', async (url) => {
    expect(await resolveRendererRequest(root, url)).toEqual({ status: 403 });
  });

  it('never reads outside the root even when URL parsing collapses dot segments', async () => {
    const result = await resolveRendererRequest(root, 'app://renderer/../../secret.txt');
    expect(result).not.toEqual({ status: 200, file: outside });
  });

  it('serves nothing for another host', async () => {
    expect(await resolveRendererRequest(root, 'app://elsewhere/index.html')).toEqual({ status: 404 });
  });
});

describe('serveRendererRequest', () => {
  it('answers the file with its content type and the CSP', async () => {
    const res = await serveRendererRequest(root, 'app://renderer/assets/index-abc.js', "default-src 'self'");
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(res.headers.get('content-security-policy')).toBe("default-src 'self'");
    expect(await res.text()).toBe('console.log(1)');
  });

  it('types the web app manifest index.html links', () => {
    expect(contentTypeOf('/out/renderer/manifest.webmanifest')).toBe('application/manifest+json; charset=utf-8');
  });

  it('answers index.html as HTML for a route', async () => {
    const res = await serveRendererRequest(root, 'app://renderer/main/home', 'csp');
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await res.text()).toContain('id="root"');
  });

  it('answers 403 without the file for traversal', async () => {
    const res = await serveRendererRequest(root, 'app://renderer/..%2Fsecret.txt', 'csp');
    expect(res.status).toBe(403);
    expect(await res.text()).not.toContain('top secret');
  });
});
