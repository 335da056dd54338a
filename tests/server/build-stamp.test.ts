import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BUILD_OUTPUTS, isBuildStale, writeBuildStamp } from '../../scripts/build-stamp.mjs';

let root: string;
const touch = (path: string, at: number) => {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), '');
  utimesSync(join(root, path), at / 1000, at / 1000);
};

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'stamp-test-'));
  touch('src/server/index.ts', Date.now() - 60_000);
  touch('package.json', Date.now() - 60_000);
  for (const output of BUILD_OUTPUTS) touch(output.includes('.') ? output : `${output}/index.js`, Date.now());
  // Folders count too (a deleted file changes its folder's mtime): date them with the old sources.
  for (const dir of ['src', 'src/server']) utimesSync(join(root, dir), (Date.now() - 60_000) / 1000, (Date.now() - 60_000) / 1000);
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('npm start build staleness', () => {
  it('builds when there is no stamp (fresh clone)', () => {
    expect(isBuildStale(root)).toBe(true);
  });

  it('skips the build when nothing changed since the last build started', () => {
    writeBuildStamp(root, Date.now() - 30_000);
    expect(isBuildStale(root)).toBe(false);
  });

  it('rebuilds when a source file is newer than the stamp, even one saved during the build', () => {
    const startedAt = Date.now() - 30_000;
    touch('src/server/index.ts', startedAt + 5_000);
    writeBuildStamp(root, startedAt);
    expect(isBuildStale(root)).toBe(true);
  });

  it('rebuilds when an output is missing', () => {
    writeBuildStamp(root, Date.now());
    rmSync(join(root, 'out/server/index.mjs'));
    expect(isBuildStale(root)).toBe(true);
  });
});
