import { defineConfig } from '@playwright/test';
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { E2E_ADMIN_PASSWORD } from './tests/e2e/constants';

const root = dirname(fileURLToPath(import.meta.url));

// One fresh data directory and free-ish ports per run, decided once in the runner process
// (workers inherit the environment). Data directories of earlier runs are removed here rather than
// in a global teardown, which Playwright runs before it stops the web server.
if (!process.env.E2E_DATA_DIR) {
  const tmp = resolve(root, '.tmp');
  mkdirSync(tmp, { recursive: true });
  for (const name of readdirSync(tmp)) {
    if (name.startsWith('e2e-')) rmSync(resolve(tmp, name), { recursive: true, force: true });
  }
  const stamp = `${Date.now()}-${process.pid}`;
  process.env.E2E_DATA_DIR = resolve(tmp, `e2e-${stamp}`);
  process.env.E2E_PORT = String(18000 + (process.pid % 1000));
  process.env.E2E_PG_PORT = String(55000 + (process.pid % 1000));
  rmSync(process.env.E2E_DATA_DIR, { recursive: true, force: true });
  mkdirSync(process.env.E2E_DATA_DIR, { recursive: true, mode: 0o755 });
}
const baseURL = `http://127.0.0.1:${process.env.E2E_PORT}`;

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL,
    locale: 'zh-CN',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    { name: 'chromium', use: { browserName: 'chromium' }, testIgnore: /(layout|lifecycle|storage-loop|plant-rules|dashboard|labels|documents|offline[\w-]*)\.spec\.ts$/ },
    // Last: these fill lists and move cylinders, which the other specs' counts and first pages do not expect.
    { name: 'last', use: { browserName: 'chromium' }, testMatch: /(layout|lifecycle|storage-loop|plant-rules|dashboard|labels|documents|offline[\w-]*)\.spec\.ts$/, dependencies: ['chromium'] },
  ],
  // After the server is up: the certificate rule off for the specs' admin (tests/e2e/global-setup.ts).
  globalSetup: './tests/e2e/global-setup.ts',
  webServer: {
    // The README's product command: builds what is needed, then serves UI + API on an embedded PostgreSQL.
    command: 'node scripts/start.mjs',
    url: `${baseURL}/api/docs/json`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    env: {
      PORT: process.env.E2E_PORT!,
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR,
      EMBEDDED_PG_PORT: process.env.E2E_PG_PORT!,
      INITIAL_ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
      // The alert job every 2 s, so an alert reaches the top bar within one poll (tests/e2e/messages.spec.ts).
      ALERT_INTERVAL_SECONDS: '2',
    },
  },
});
