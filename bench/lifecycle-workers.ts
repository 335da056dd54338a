/**
 * The built server (`out/server`'s bundle, as `npm start` runs it) on the bench database with WORKERS API
 * processes, for bench/lifecycle.bench.ts's one-worker / two-worker comparison. No alert job, no web UI.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { buildServer } from '../scripts/build-server.mjs';
import { freePort } from '../tests/server/free-port';
import { BENCH_TOKEN_SECRET } from './lifecycle-servers';

export interface WorkerServer { workers: number; port: number; stop(): Promise<void> }

let bundle: Promise<string> | undefined;

export async function startWorkerServer(url: string, workers: number): Promise<WorkerServer> {
  bundle ??= buildServer(resolve('.tmp/bench-build/server.mjs'));
  const port = await freePort();
  const dataDir = resolve(`.tmp/bench-workers-${workers}`);
  mkdirSync(dataDir, { recursive: true });
  const child: ChildProcess = spawn(process.execPath, ['--enable-source-maps', await bundle], {
    env: {
      ...process.env, DATABASE_URL: url, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, WORKERS: String(workers),
      ALERT_INTERVAL_SECONDS: '0', ACCESS_TOKEN_SECRET: BENCH_TOKEN_SECRET, ACCESS_TOKEN_TTL: '14400', RENDERER_DIR: dataDir,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((done, fail) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
      if (out.includes('listening on')) done();
    });
    child.once('exit', (code) => fail(new Error(`the server with WORKERS=${workers} exited (${code}) before listening:\n${out}`)));
  });
  return {
    workers,
    port,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
