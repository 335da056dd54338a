import { resolve } from 'node:path';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { LongestFirstSequencer } from './tests/setup/sequencer';

const alias = {
  '@renderer': resolve(__dirname, 'src/renderer/src'),
  '@shared': resolve(__dirname, 'src/shared'),
};

export default defineConfig({
  resolve: { alias },
  test: {
    // Longest files first on a clean clone too (tests/durations.json), so no long file ends a group alone on a core.
    sequence: { sequencer: LongestFirstSequencer },
    projects: [
      {
        extends: true,
        plugins: [react()],
        test: {
          name: 'renderer',
          environment: 'jsdom',
          // After the server suites (their own group): two screens at a time, one per core.
          sequence: { groupOrder: 1 },
          maxWorkers: 2,
          // A hang bound, not a speed check: two jsdom screens share the two cores, and a screen test's first render
          // took 5–6.5 s on a run beside the Playwright suite (vitest's default bound is 5 s).
          testTimeout: 20_000,
          // One module graph per worker instead of one per file (24 files: 100 s → 42 s; the whole project 422 → 275 s);
          // the setup file undoes what a test leaves in modules. A file must pass after any other: layout/navRefresh.test.tsx
          // failed only after others had loaded the screens' chunks (it read the menu one render after the redirect to
          // 403), and screenAccess.test.tsx answered an enumeration with a page, which broke the screen whenever the answer
          // came before the test ended — sooner with the modules already loaded.
          isolate: false,
          include: ['src/renderer/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/setup/renderer.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'desktop',
          environment: 'node',
          sequence: { groupOrder: 1 },
          maxWorkers: 2,
          // A hang bound, as for the screens: vitest's default 5 s was passed by a schema check of 2 s on a loaded run
          // (builder-config.test.ts, 8 s beside the Playwright run and other work).
          testTimeout: 20_000,
          include: ['src/main/**/*.test.ts', 'src/preload/**/*.test.ts', 'src/shared/**/*.test.ts', 'tests/devices/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          // First, three files at a time: a server suite mostly waits on PostgreSQL, so three keep two cores busy
          // (vitest's default on a 2-core machine is one file at a time). Each file has its own database.
          sequence: { groupOrder: 0 },
          maxWorkers: 3,
          // One module graph per worker, not one per file: importing the server for each of the 89 files was 297 s of
          // the project's 380 (2026-11-28, alone on the quiet machine: 6 min 22 s → 3 min 37 s, 10.3 → 5.4 CPU-min).
          // Safe because all the server's state hangs on the app or its database (WeakMaps keyed by the Kysely
          // instance), no server test uses vi.mock, and the few that set process.env put it back.
          isolate: false,
          include: ['src/server/**/*.test.ts', 'tests/server/**/*.test.ts'],
          globalSetup: ['tests/server/global-setup.ts'],
          // Cheap password hashes (scrypt N=2^10): hashing at the full cost is most of a sign-in's time, and the
          // suites sign in thousands of times. src/server/lib/password.test.ts proves the production default.
          env: { PASSWORD_HASH_COST: '10' },
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
