import { readFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * vitest's order (groupOrder, then project, failed first, longest first), with the longest-first known on a clean
 * clone too: vitest takes a file's duration from its cache under node_modules/.vite, which a fresh checkout (CI)
 * does not have, and then runs the largest files first — so a short but large file can start before a long one and
 * the long one ends the run alone on a core. tests/durations.json holds the seconds each file took in a full run
 * (`node scripts/test-durations.mjs` after `npm test` refreshes it); the cache wins where it has the file.
 */
const durations: Record<string, number> = JSON.parse(readFileSync(resolve(__dirname, '../durations.json'), 'utf8'));

export class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const cache = this.ctx.cache;
    const key = (f: TestSpecification) => `${f.project.name}:${relative(this.ctx.config.root, f.moduleId)}`;
    // Unknown files (new ones) first, as vitest does: they may be long.
    const seconds = (f: TestSpecification): number => {
      const cached = cache.getFileTestResults(key(f));
      if (cached) return cached.duration / 1000;
      return durations[key(f)] ?? Number.POSITIVE_INFINITY;
    };
    return [...files].sort((a, b) => {
      const groupOrderDiff = a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder;
      if (groupOrderDiff !== 0) return groupOrderDiff;
      if (a.project.name !== b.project.name) return a.project.name < b.project.name ? -1 : 1;
      if (a.project.config.isolate && !b.project.config.isolate) return -1;
      if (!a.project.config.isolate && b.project.config.isolate) return 1;
      const failedA = cache.getFileTestResults(key(a))?.failed ?? false;
      const failedB = cache.getFileTestResults(key(b))?.failed ?? false;
      if (failedA !== failedB) return failedA ? -1 : 1;
      const diff = seconds(b) - seconds(a);
      return Number.isNaN(diff) ? 0 : diff;
    });
  }
}
