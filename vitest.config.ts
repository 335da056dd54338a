import { resolve } from 'node:path';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

const alias = {
  '@renderer': resolve(__dirname, 'src/renderer/src'),
  '@shared': resolve(__dirname, 'src/shared'),
};

export default defineConfig({
  resolve: { alias },
  test: {
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
          // isolate: false (one module graph and one jsdom per worker instead of per file) cut 24 files from 100 s to
          // 42 s, and the setup resets what a test leaves in modules; but a full run still had one order-dependent
          // failure (layout/navRefresh.test.tsx, green alone): kept isolated until that leak is found.
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
