import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { E2E_ADMIN_PASSWORD } from './constants';

/** A TCP port free on 127.0.0.1 right now (asked from the OS, then released). */
function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.unref();
    server.on('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? done(address.port) : fail(new Error('no port'))));
    });
  });
}

/** How long a start may take: a new embedded PostgreSQL cluster, migrations and the seed on a busy machine. */
const START_TIMEOUT_MS = 180_000;

export interface OwnServer {
  /** http://127.0.0.1:port — the same on every start, so the browser's origin (and its service worker) stays. */
  url: string;
  /** Starts the built server (out/server/index.mjs) on this spec's data directory; resolves once it listens. */
  start(): Promise<void>;
  /** SIGTERM, as an operator stops the service: HTTP and its embedded PostgreSQL go; resolves once it exited. */
  stop(): Promise<void>;
  /** Stops it and removes its data and backup directories. */
  dispose(): Promise<void>;
}

/**
 * A server of the spec's own, with its own data directory, embedded PostgreSQL and port: a spec that stops the
 * server (not only cuts the browser's line) must not stop the one the other specs use (playwright.config.ts).
 */
export async function ownServer(name: string): Promise<OwnServer> {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
  const dataDir = resolve(root, '.tmp', `e2e-${name}-${Date.now()}-${process.pid}`);
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true, mode: 0o755 });
  const [port, pgPort] = [await freePort(), await freePort()];
  const url = `http://127.0.0.1:${port}`;
  let child: ChildProcess | null = null;

  const stop = (): Promise<void> => new Promise((done) => {
    const running = child;
    child = null;
    if (!running || running.exitCode !== null || running.signalCode !== null) return done();
    running.once('exit', () => done());
    running.kill('SIGTERM');
  });

  const start = (): Promise<void> => new Promise((done, fail) => {
    const env = {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(pgPort),
      INITIAL_ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
    };
    const started = spawn(process.execPath, ['--enable-source-maps', resolve(root, 'out/server/index.mjs')], {
      cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = started;
    let out = '';
    const timer = setTimeout(() => fail(new Error(`the server did not listen on ${url}:\n${out}`)), START_TIMEOUT_MS);
    const seen = (chunk: Buffer) => {
      out += chunk.toString('utf8');
      if (out.includes(`listening on ${url}`)) {
        clearTimeout(timer);
        done();
      }
    };
    started.stdout.on('data', seen);
    started.stderr.on('data', seen);
    started.once('exit', (code, signal) => {
      clearTimeout(timer);
      fail(new Error(`the server exited (${signal ?? code}):\n${out}`));
    });
  });

  return {
    url,
    start,
    stop,
    async dispose() {
      await stop();
      // The server keeps its backups beside its data directory (BACKUP_DIR's default).
      for (const dir of [dataDir, `${dataDir}-backups`]) rmSync(dir, { recursive: true, force: true });
    },
  };
}
