// The server entry (`npm start`, `node out/server/index.mjs`). Startup problems end in one readable line
// and exit code 1, after stopping whatever was started; SIGINT/SIGTERM shut down cleanly with exit code 0.
import cluster from 'node:cluster';
import { ConfigError, loadConfig } from './config';
import { startServer } from './start-server';
import { runWorker, startWorkers } from './workers';

/** Shown once, on the run that created the admin; the password is never logged anywhere else. */
function printGeneratedPassword(password: string): void {
  const line = '='.repeat(72);
  process.stdout.write(`\n${line}\n  首次启动：管理员账号 admin，初始密码 ${password}（请登录后立即修改）\n${line}\n\n`);
}

/**
 * Under `npm start` (scripts/supervise.mjs) an IPC channel tells the supervisor how the start went: it
 * restarts a server that dies after it was ready, retries a failed start a few times, and never restarts
 * one whose configuration is wrong. Without a channel (`node out/server/index.mjs`) there is no one to tell.
 */
function tellSupervisor(message: { type: 'ready' } | { type: 'start-failed'; permanent: boolean }): Promise<void> {
  return new Promise((resolve) => {
    if (!process.send || !process.connected) return resolve();
    process.send(message, undefined, undefined, () => resolve());
  });
}

// An API process of WORKERS > 1 (workers.ts): its first process prepared everything, it only serves.
if (cluster.isWorker) runWorker(loadConfig());
else {
  const hooks = { log: (line: string) => console.info(line), onGeneratedAdminPassword: printGeneratedPassword };
  const starting = Promise.resolve().then(() => {
    const config = loadConfig();
    return (config.workers ?? 1) > 1 ? startWorkers(config, hooks) : startServer(config, hooks);
  });
  let stopping = false;

  async function onSignal(signal: NodeJS.Signals): Promise<void> {
    // A terminal's Ctrl-C reaches both `npm start` (which forwards it) and us: one shutdown is enough.
    if (stopping) return;
    stopping = true;
    console.info(`${signal} received: shutting down`);
    const server = await starting.catch(() => undefined);
    await server?.stop();
    process.exit(0);
  }
  process.on('SIGINT', (signal) => void onSignal(signal));
  process.on('SIGTERM', (signal) => void onSignal(signal));

  starting.then(
    () => tellSupervisor({ type: 'ready' }),
    async (error: unknown) => {
      if (stopping) return;
      console.error(`Server failed to start: ${error instanceof Error ? error.message : String(error)}`);
      await tellSupervisor({ type: 'start-failed', permanent: error instanceof ConfigError });
      process.exit(1);
    },
  );
}
