// `npm start`: builds what is out of date (desktop/renderer bundles and the server), then runs the server
// in the foreground under a supervisor (supervise.mjs): a server that dies is started again after a pause,
// SIGINT/SIGTERM stop it and end `npm start` with its exit code.
import { spawn } from 'node:child_process';
import { stop as stopEsbuild } from 'esbuild';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer } from './build-server.mjs';
import { isBuildStale, writeBuildStamp } from './build-stamp.mjs';
import { supervise } from './supervise.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

function run(command, args) {
  return new Promise((done, fail) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit' });
    child.on('error', fail);
    child.on('exit', (code, signal) =>
      code === 0 ? done() : fail(new Error(`${args.join(' ')} failed (${signal ?? `exit ${code}`})`)),
    );
  });
}

if (isBuildStale(root)) {
  const startedAt = Date.now();
  console.info('Building the app (electron-vite build + server bundle)...');
  try {
    await run(process.execPath, [join(root, 'node_modules/electron-vite/bin/electron-vite.js'), 'build']);
    await buildServer();
    // esbuild keeps a helper process alive; the server runs for hours, so let it go now.
    await stopEsbuild();
  } catch (error) {
    console.error(`Build failed: ${error.message}`);
    process.exit(1);
  }
  writeBuildStamp(root, startedAt);
  console.info(`Build done in ${((Date.now() - startedAt) / 1000).toFixed(1)} s`);
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
