// `npm start`: builds what is out of date (desktop/renderer bundles and the server), then runs the server
// in the foreground under a supervisor (supervise.mjs): a server that dies is started again after a pause,
// SIGINT/SIGTERM stop it and end `npm start` with its exit code.
import { spawn } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIfStale } from './build-if-stale.mjs';
import { supervise } from './supervise.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

try {
  await buildIfStale(root);
} catch (error) {
  console.error(`Build failed: ${error.message}`);
  process.exit(1);
}

const supervisor = supervise({
  spawnServer: () =>
    spawn(process.execPath, ['--enable-source-maps', join(root, 'out', 'server', 'index.mjs')], {
      cwd: root,
      // The IPC channel carries the server's "ready" and "start-failed" to the supervisor.
      stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
    }),
  log: (line) => console.error(`[npm start] ${line}`),
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => supervisor.stop(signal));
process.exit(await supervisor.done);
