// `npm start`: builds what is out of date (desktop/renderer bundles and the server), then runs the server
// in the foreground, forwarding SIGINT/SIGTERM and exiting with its exit code.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer } from './build-server.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, 'out');
const stamp = join(out, '.build-stamp');
const buildInputs = [
  'src',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'electron.vite.config.ts',
  'scripts/build-server.mjs',
];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, name) => Math.max(newest, newestMtime(join(path, name))), stat.mtimeMs);
}

function needsBuild() {
  if (!existsSync(join(out, 'server', 'index.mjs')) || !existsSync(join(out, 'renderer')) || !existsSync(stamp)) {
    return true;
  }
  const built = statSync(stamp).mtimeMs;
  return buildInputs.some((input) => newestMtime(join(root, input)) > built);
}

function run(command, args) {
  return new Promise((done, fail) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit' });
    child.on('error', fail);
    child.on('exit', (code, signal) =>
      code === 0 ? done() : fail(new Error(`${args.join(' ')} failed (${signal ?? `exit ${code}`})`)),
    );
  });
}

if (needsBuild()) {
  const startedAt = Date.now();
  console.info('Building the app (electron-vite build + server bundle)...');
  try {
    await run(process.execPath, [join(root, 'node_modules/electron-vite/bin/electron-vite.js'), 'build']);
    await buildServer();
  } catch (error) {
    console.error(`Build failed: ${error.message}`);
    process.exit(1);
  }
  // Dated to the build's start, so a file saved during the build still triggers the next one.
  writeFileSync(stamp, `${new Date(startedAt).toISOString()}\n`);
  utimesSync(stamp, new Date(startedAt), new Date(startedAt));
  console.info(`Build done in ${((Date.now() - startedAt) / 1000).toFixed(1)} s`);
}

const server = spawn(process.execPath, ['--enable-source-maps', join(out, 'server', 'index.mjs')], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
