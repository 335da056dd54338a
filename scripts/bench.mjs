#!/usr/bin/env node
// `npm run bench [name...]`: runs every bench/*.bench.ts (or the named ones) one after another with tsx,
// each in its own process, and fails when one fails. Each bench prints its own figures.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const wanted = process.argv.slice(2);
const files = readdirSync(join(root, 'bench'))
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => wanted.length === 0 || wanted.some((w) => f.startsWith(w)))
  .sort();
if (files.length === 0) {
  console.error(`No benchmark matches ${wanted.join(', ') || 'bench/*.bench.ts'}`);
  process.exit(1);
}
let failed = 0;
for (const file of files) {
  console.info(`\n=== ${file}`);
  const run = spawnSync(process.execPath, ['--import', 'tsx', join('bench', file)], { cwd: root, stdio: 'inherit' });
  if (run.status !== 0) failed += 1;
}
process.exit(failed ? 1 : 0);
