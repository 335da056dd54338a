// Builds the desktop/renderer bundles and the server when any of their inputs is newer than the last build
// (build-stamp.mjs). Used by `npm start` and by the end-to-end runner, which builds once for its two servers.
import { spawn } from 'node:child_process';
import { stop as stopEsbuild } from 'esbuild';
import { join } from 'node:path';
import { buildServer } from './build-server.mjs';
import { isBuildStale, writeBuildStamp } from './build-stamp.mjs';

function run(root, command, args) {
  return new Promise((done, fail) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit' });
    child.on('error', fail);
    child.on('exit', (code, signal) =>
      code === 0 ? done() : fail(new Error(`${args.join(' ')} failed (${signal ?? `exit ${code}`})`)),
    );
  });
}

/** Resolves when the build in `root` is current; rejects with the failing step. */
export async function buildIfStale(root) {
  if (!isBuildStale(root)) return;
  const startedAt = Date.now();
  console.info('Building the app (electron-vite build + server bundle)...');
  await run(root, process.execPath, [join(root, 'node_modules/electron-vite/bin/electron-vite.js'), 'build']);
  await buildServer();
  // esbuild keeps a helper process alive; the server runs for hours, so let it go now.
  await stopEsbuild();
  writeBuildStamp(root, startedAt);
  console.info(`Build done in ${((Date.now() - startedAt) / 1000).toFixed(1)} s`);
}
