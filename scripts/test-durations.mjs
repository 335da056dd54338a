// `node scripts/test-durations.mjs`: after a full `npm test`, writes tests/durations.json from vitest's cache of that
// run (seconds per test file, keyed project:path) for tests/setup/sequencer.ts, which starts the longest files first
// on a clean clone.
import { readdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const cacheDir = join(root, 'node_modules', '.vite', 'vitest');
if (!existsSync(cacheDir)) {
  console.error('No vitest cache: run `npm test` first.');
  process.exit(1);
}
const out = {};
for (const dir of readdirSync(cacheDir)) {
  const file = join(cacheDir, dir, 'results.json');
  if (!existsSync(file)) continue;
  for (const [key, result] of JSON.parse(readFileSync(file, 'utf8')).results) {
    if (result && typeof result.duration === "number") out[key] = Math.round(result.duration / 100) / 10;
  }
}
const sorted = Object.fromEntries(Object.entries(out).sort(([a], [b]) => (a < b ? -1 : 1)));
writeFileSync(join(root, 'tests', 'durations.json'), `${JSON.stringify(sorted, null, 1)}\n`);
console.info(`tests/durations.json: ${Object.keys(sorted).length} files`);
