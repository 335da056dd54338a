import cluster, { type Worker } from 'node:cluster';
import type { AppConfig } from './config';
import { announce, listenUrl, prepareServer, runCleanups, serveApp, type RunningServer, type ServerHooks } from './start-server';

/** Between the first process and its API processes (node:cluster's IPC channel). */
type ToWorker = { type: 'serve'; connectionString: string };
type FromWorker = { type: 'hello' } | { type: 'ready'; port: number } | { type: 'failed'; message: string };

const RESTART_FIRST_MS = 1000;
const RESTART_MAX_MS = 30_000;
/** A worker that served this long before it died counts as healthy: the next pause is the first again. */
const STABLE_MS = 60_000;
const STOP_GRACE_MS = 30_000;

/**
 * WORKERS > 1: this process prepares the database once (embedded PostgreSQL, migrations, seed, file store
 * check) and runs WORKERS API processes (node:cluster) that share the listening port; the kernel's
 * connections are handed to them in turn. Each worker is a whole server on the same database: whatever must
 * be shared lives in PostgreSQL (README, Several servers). A worker that dies is replaced after a pause
 * that grows while it keeps dying; one that cannot start fails the start.
 */
export async function startWorkers(config: AppConfig, hooks: ServerHooks): Promise<RunningServer> {
  const count = config.workers ?? 1;
  const cleanups: Array<[string, () => Promise<unknown>]> = [];
  let stopping = false;
  const live = new Set<Worker>();
  let restartMs = 0;
  let connectionString = '';

  const fork = (): Promise<number> => {
    const worker = cluster.fork();
    live.add(worker);
    const startedAt = Date.now();
    let served = false;
    const ready = new Promise<number>((resolve, reject) => {
      worker.on('message', (message: FromWorker) => {
        // Asked for once the worker listens for messages (one sent before would be lost while its modules load).
        if (message.type === 'hello' && !stopping) worker.send({ type: 'serve', connectionString } satisfies ToWorker);
        else if (message.type === 'ready') {
          served = true;
          resolve(message.port);
        } else if (message.type === 'failed') reject(new Error(message.message));
      });
      worker.once('exit', (code, signal) => {
        live.delete(worker);
        if (!served) return reject(new Error(`an API process exited while starting (${signal ?? `exit code ${code}`})`));
        if (stopping) return;
        if (Date.now() - startedAt >= STABLE_MS) restartMs = 0;
        restartMs = Math.min(RESTART_MAX_MS, restartMs ? restartMs * 2 : RESTART_FIRST_MS);
        hooks.log(`An API process stopped unexpectedly (${signal ?? `exit code ${code}`}): starting another in ${restartMs / 1000} s`);
        setTimeout(() => {
          if (!stopping) {
          fork().then(
            () => hooks.log('The new API process is serving'),
            (error: unknown) => hooks.log(`An API process failed to start: ${(error as Error).message}`),
          );
        }
        }, restartMs).unref();
      });
    });
    return ready;
  };

  const stop = async () => {
    stopping = true;
    await Promise.all([...live].map((worker) => new Promise<void>((done) => {
      if (worker.isDead()) return done();
      const timer = setTimeout(() => worker.process.kill('SIGKILL'), STOP_GRACE_MS);
      worker.once('exit', () => {
        clearTimeout(timer);
        done();
      });
      // A signal, not a message: a worker still loading its modules would miss a message, never a signal.
      worker.process.kill('SIGTERM');
    })));
    await runCleanups(cleanups, hooks.log);
  };

  try {
    connectionString = await prepareServer(config, hooks, cleanups);
    const ports = await Promise.all(Array.from({ length: count }, () => fork()));
    const url = listenUrl({ address: () => ({ port: ports[0]!, address: config.host, family: '' }) }, config);
    announce(config, url, hooks, count);
    return { url, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * The API process under startWorkers: waits to be told the database, serves, and closes on SIGTERM (from its
 * first process) or SIGINT (a terminal's Ctrl-C reaches every process of the group).
 */
export function runWorker(config: AppConfig): void {
  const cleanups: Array<[string, () => Promise<unknown>]> = [];
  const log = (line: string) => console.error(`[worker ${cluster.worker?.id}] ${line}`);
  let stopping: Promise<void> | null = null;
  const stop = () => {
    stopping ??= runCleanups(cleanups, log).then(() => process.exit(0));
    return stopping;
  };
  process.on('message', (message: ToWorker) => {
    if (message.type !== 'serve') return;
    serveApp(config, message.connectionString, cleanups).then(
      (app) => {
        const address = app.server.address();
        process.send?.({ type: 'ready', port: typeof address === 'object' && address ? address.port : config.port } satisfies FromWorker);
      },
      async (error: unknown) => {
        process.send?.({ type: 'failed', message: (error as Error).message } satisfies FromWorker);
        await runCleanups(cleanups, log);
        process.exit(1);
      },
    );
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void stop());
  process.send?.({ type: 'hello' } satisfies FromWorker);
}
