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

// Specs that fill lists and move cylinders, which the other specs' counts and first pages do not expect: they run
// after the others of their server (project 'last').
const LAST = ['layout', 'lifecycle', 'storage-loop', 'plant-rules', 'dashboard', 'labels', 'documents', 'offline', 'fill-cycle'];
// With E2E_PROCESSES=2, `npm run test:e2e` (scripts/e2e.mjs) runs two Playwright processes at once, each with its own
// server and database (E2E_GROUP 1 and 2), so no spec sees another's data or plant rules; CI runs one (see there).
// Group 2 is listed; group 1 is every other spec, new ones included.
const GROUP_2 = ['offline', 'storage-loop', 'dashboard', 'lifecycle', 'documents', 'quality', 'messages', 'permissions', 'webview', 'master-screens'];
const group = process.env.E2E_GROUP;
const inGroup = (name: string): boolean => !group || (group === '2') === GROUP_2.includes(name);
const specs = readdirSync(resolve(root, 'tests/e2e')).filter((f) => f.endsWith('.spec.ts')).map((f) => f.slice(0, -'.spec.ts'.length));
/** Exact spec files as patterns (an empty list matches nothing). */
const match = (names: string[]): RegExp[] => names.map((n) => new RegExp(`[\\\\/]${n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\.spec\\.ts$`));
const FIRST_SPECS = match(specs.filter((n) => inGroup(n) && !LAST.includes(n)));
const LAST_SPECS = match(specs.filter((n) => inGroup(n) && LAST.includes(n)));

export default defineConfig({
  testDir: 'tests/e2e',
  // A hang bound, not a speed check: in CI this suite runs beside `npm test` on two cores, and the first specs meet
  // the server suites at their busiest (administration.spec.ts, 50 s on a quiet machine, passed 60 s there).
  timeout: 120_000,
  expect: { timeout: 10_000 },
  // Each process of scripts/e2e.mjs keeps its traces and screenshots apart (Playwright empties its output folder).
  outputDir: group ? `test-results/group-${group}` : 'test-results',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL,
    locale: 'zh-CN',
    // No trace by default: recording one for every test (kept only on failure) cost half of the suite's CPU — Chromium
    // sending a screencast frame and a DOM snapshot at each step (3 specs: 27 → 13 CPU-s, 60 → 47 s; 2026-11-28). To
    // look into a failure: `npx playwright test <spec> --trace retain-on-failure`. The screenshot at a failure stays.
    trace: 'off',
    screenshot: 'only-on-failure',
    // No service worker: precaching the whole build (~4 MB) in every new context costs each spec, and Playwright's
    // page.route, which the offline specs cut the line with, does not see what a worker answers (they passed with it
    // allowed too, 2026-11-28: the worker leaves /api to the network). The worker's own spec allows it in its context
    // (station-offline-reload.spec.ts).
    serviceWorkers: 'block',
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
    { name: 'chromium', use: { browserName: 'chromium' }, testMatch: FIRST_SPECS },
    { name: 'last', use: { browserName: 'chromium' }, testMatch: LAST_SPECS, dependencies: ['chromium'] },
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
