// Decides whether `npm start` must rebuild: out/.build-stamp is dated to the start of the last build.
import { existsSync, readdirSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** What the bundles are built from: every source file and the configuration of the build itself. */
export const BUILD_INPUTS = [
  'src',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'electron.vite.config.ts',
  'scripts/build-server.mjs',
];
/** What a complete build leaves in out/. */
export const BUILD_OUTPUTS = ['out/server/index.mjs', 'out/server/template-worker.mjs', 'out/renderer/index.html', 'out/main', 'out/preload'];
export const STAMP = 'out/.build-stamp';

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, name) => Math.max(newest, newestMtime(join(path, name))), stat.mtimeMs);
}

export function isBuildStale(root) {
  const stamp = join(root, STAMP);
  if (!existsSync(stamp) || BUILD_OUTPUTS.some((output) => !existsSync(join(root, output)))) return true;
  const builtAt = statSync(stamp).mtimeMs;
  return BUILD_INPUTS.some((input) => newestMtime(join(root, input)) > builtAt);
}

/** Dated to the build's start, so a file saved during the build still triggers the next one. */
export function writeBuildStamp(root, startedAt) {
  const stamp = join(root, STAMP);
  writeFileSync(stamp, `${new Date(startedAt).toISOString()}\n`);
  utimesSync(stamp, new Date(startedAt), new Date(startedAt));
}
