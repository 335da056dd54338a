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
          include: ['src/renderer/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/setup/renderer.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'desktop',
          environment: 'node',
          include: ['src/main/**/*.test.ts', 'src/preload/**/*.test.ts', 'src/shared/**/*.test.ts', 'tests/devices/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
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
