import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CancellationToken, type UpdateInfo } from 'electron-updater';
import { ElectronHttpExecutor } from 'electron-updater/out/electronHttpExecutor';
import { GenericProvider } from 'electron-updater/out/providers/GenericProvider';
import type { AppUpdater } from 'electron-updater';
import { parse } from 'yaml';
import { buildTestApp, type TestApp } from './app-helper';

/**
 * The desktop app's update feed, read the way electron-updater reads it: its own GenericProvider finds and
 * parses latest.yml, its own HttpExecutor downloads the installer and checks the sha512 — with the
 * transport swapped from Electron's net module to Node's http (Electron does not run here).
 */
class NodeExecutor extends ElectronHttpExecutor {
  override createRequest(options: Record<string, unknown>, callback: (response: unknown) => void) {
    return httpRequest(options, callback) as unknown as ReturnType<ElectronHttpExecutor['createRequest']>;
  }
  override addRedirectHandlers(): void {
    // The updates folder never redirects.
  }
}

let t: TestApp;
let base: string;
let dataDir: string;
const INSTALLER = 'cylinder-trace-1.3.0-win-x64.exe';
const installer = randomBytes(256 * 1024 + 123);
const sha512 = createHash('sha512').update(installer).digest('base64');

/** latest.yml as electron-builder writes it: sha512 is the base64 SHA-512 of the file. */
const latestYml = (hash = sha512) => `version: 1.3.0
files:
  - url: ${INSTALLER}
    sha512: ${hash}
    size: ${installer.length}
path: ${INSTALLER}
sha512: ${hash}
releaseDate: '2025-03-01T08:00:00.000Z'
`;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'updates-'));
  const updatesDir = join(dataDir, 'updates');
  // A built web UI as well: its index.html fallback must not answer for a missing update file.
  const rendererDir = join(dataDir, 'renderer');
  mkdirSync(rendererDir);
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>app</title>');
  writeFileSync(join(dataDir, 'secret.txt'), 'TOP-SECRET');
  t = await buildTestApp({ config: { dataDir, updatesDir, rendererDir, minClientVersion: '1.2.0' } });
  // Published by IT after the server started: the folder was created by the server.
  writeFileSync(join(updatesDir, INSTALLER), installer);
  writeFileSync(join(updatesDir, `${INSTALLER}.blockmap`), randomBytes(64));
  writeFileSync(join(updatesDir, 'latest.yml'), latestYml());
  writeFileSync(join(updatesDir, '.env'), 'HIDDEN');
  mkdirSync(join(updatesDir, 'old'));
  writeFileSync(join(updatesDir, 'old', 'latest.yml'), 'version: 1.2.0\n');
  for (const ext of ['dmg', 'zip', 'AppImage', 'deb']) writeFileSync(join(updatesDir, `cylinder-trace-1.3.0.${ext}`), 'x');
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
});
afterAll(async () => {
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A GET with the path sent exactly as written (fetch and inject would normalise ../). */
function rawGet(path: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const { hostname, port } = new URL(base);
    // host/port/path options, not a URL string: WHATWG URL parsing would resolve the ../ away.
    const req = httpRequest({ hostname, port, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

function provider(channel: string | null = null) {
  const updater = { channel, isAddNoCacheQuery: true } as unknown as AppUpdater;
  const executor = new NodeExecutor();
  return {
    executor,
    generic: new GenericProvider({ provider: 'generic', url: `${base}/updates/` }, updater, { isUseMultipleRangeRequest: false, platform: 'win32', executor }),
  };
}

describe('the update feed, as electron-updater reads it', () => {
  it('finds latest.yml without signing in, and the installer it names; the download matches its sha512', async () => {
    const { generic, executor } = provider();
    const info: UpdateInfo = await generic.getLatestVersion();
    expect(info.version).toBe('1.3.0');
    const [file] = generic.resolveFiles(info);
    expect(file!.url.href).toBe(`${base}/updates/${INSTALLER}`);
    expect(file!.info).toMatchObject({ sha512, size: installer.length });

    const destination = join(dataDir, 'downloaded.exe');
    await executor.download(file!.url, destination, { sha512: file!.info.sha512, cancellationToken: new CancellationToken() });
    expect(readFileSync(destination).equals(installer)).toBe(true);
  });

  it('refuses a download whose sha512 does not match latest.yml (as the app would)', async () => {
    const { executor } = provider();
    const wrong = createHash('sha512').update('another file').digest('base64');
    await expect(
      executor.download(new URL(`${base}/updates/${INSTALLER}`), join(dataDir, 'bad.exe'), { sha512: wrong, cancellationToken: new CancellationToken() }),
    ).rejects.toThrow(/sha512 checksum mismatch/);
  });

  it('serves byte ranges (differential download): 206 with content-range and exactly those bytes', async () => {
    const res = await fetch(`${base}/updates/${INSTALLER}`, { headers: { Range: 'bytes=1000-1999' } });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe(`bytes 1000-1999/${installer.length}`);
    expect(res.headers.get('accept-ranges')).toBe('bytes');
    expect(Buffer.from(await res.arrayBuffer()).equals(installer.subarray(1000, 2000))).toBe(true);

    const tail = await fetch(`${base}/updates/${INSTALLER}`, { headers: { Range: 'bytes=-500' } });
    expect(tail.status).toBe(206);
    expect(Buffer.from(await tail.arrayBuffer()).equals(installer.subarray(installer.length - 500))).toBe(true);

    const beyond = await fetch(`${base}/updates/${INSTALLER}`, { headers: { Range: `bytes=${installer.length + 10}-` } });
    expect(beyond.status).toBe(416);

    // Several ranges in one request get the whole file: why the app asks for one range at a time.
    const multi = await fetch(`${base}/updates/${INSTALLER}`, { headers: { Range: 'bytes=0-9,20-29' } });
    expect(multi.status).toBe(200);
    expect(Buffer.from(await multi.arrayBuffer()).length).toBe(installer.length);
  });

  it('answers the full file, and HEAD, with the installer\'s type', async () => {
    const full = await fetch(`${base}/updates/${INSTALLER}`);
    expect(full.status).toBe(200);
    const body = Buffer.from(await full.arrayBuffer());
    expect(createHash('sha512').update(body).digest('base64')).toBe(parse(latestYml()).sha512);
    expect(full.headers.get('content-type')).toBe('application/vnd.microsoft.portable-executable');

    const head = await fetch(`${base}/updates/${INSTALLER}`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(installer.length));
  });

  it('gives each published file its content type, and latest.yml no-cache', async () => {
    const expected: Record<string, string> = {
      'latest.yml': 'text/yaml; charset=utf-8',
      [`${INSTALLER}.blockmap`]: 'application/octet-stream',
      'cylinder-trace-1.3.0.dmg': 'application/x-apple-diskimage',
      'cylinder-trace-1.3.0.zip': 'application/zip',
      'cylinder-trace-1.3.0.AppImage': 'application/vnd.appimage',
      'cylinder-trace-1.3.0.deb': 'application/vnd.debian.binary-package',
    };
    for (const [name, type] of Object.entries(expected)) {
      const res = await fetch(`${base}/updates/${name}`);
      expect({ name, status: res.status, type: res.headers.get('content-type') }).toEqual({ name, status: 200, type });
    }
    const yml = await fetch(`${base}/updates/latest.yml?noCache=1a2b3c`);
    expect(yml.headers.get('cache-control')).toBe('no-cache');
    const exe = await fetch(`${base}/updates/${INSTALLER}`, { method: 'HEAD' });
    expect(exe.headers.get('cache-control')).not.toBe('no-cache');
  });

  it('reports a channel nobody published as missing (404), not with the web UI', async () => {
    const { generic } = provider('beta');
    await expect(generic.getLatestVersion()).rejects.toMatchObject({ code: 'ERR_UPDATER_CHANNEL_FILE_NOT_FOUND' });
    const res = await rawGet('/updates/latest-mac.yml');
    expect(res.status).toBe(404);
    expect(res.body.toString()).not.toContain('<title>app</title>');
  });
});

describe('nothing outside the updates folder', () => {
  it.each([
    '/updates/../secret.txt',
    '/updates/%2e%2e/secret.txt',
    '/updates/%2E%2E%2Fsecret.txt',
    '/updates/..%2fsecret.txt',
    '/updates/..%5csecret.txt',
    '/updates/old/../../secret.txt',
    `/updates//${dataDirPlaceholder()}/secret.txt`,
    '/updates/%2ftmp%2fsecret.txt',
    '/updates/.env',
    '/updates/secret.txt%00.yml',
  ])('refuses %s', async (path) => {
    const res = await rawGet(path.replace('@DATA@', dataDir.replace(/^\//, '')));
    expect([403, 404]).toContain(res.status);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.body.toString()).not.toMatch(/TOP-SECRET|HIDDEN/);
  });

  it('lists no directory', async () => {
    for (const path of ['/updates/', '/updates/old/', '/updates/old']) {
      const res = await rawGet(path);
      expect({ path, status: res.status }).toEqual({ path, status: 404 });
      expect(res.body.toString()).not.toContain('latest.yml');
    }
  });

  it('serves GET and HEAD only', async () => {
    const res = await fetch(`${base}/updates/latest.yml`, { method: 'POST', body: 'x' });
    expect(res.status).toBe(404);
  });
});

describe('the version floor', () => {
  it('is declared by GET / and HEAD / (x-min-client-version)', async () => {
    for (const method of ['GET', 'HEAD']) {
      const res = await fetch(`${base}/`, { method });
      expect(res.status).toBe(200);
      expect(res.headers.get('x-min-client-version')).toBe('1.2.0');
    }
  });

  it('is not declared when MIN_CLIENT_VERSION is not set', async () => {
    const plain = await buildTestApp({ config: { dataDir } });
    try {
      const res = await plain.app.inject({ method: 'HEAD', url: '/' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-min-client-version']).toBeUndefined();
    } finally {
      await plain.close();
    }
  });
});

/** The data directory as an absolute path without its leading slash (filled in when the test runs). */
function dataDirPlaceholder(): string {
  return '@DATA@';
}
