// jsdom has no IndexedDB: the stations' local database (Dexie) runs on an in-memory one.
import 'fake-indexeddb/auto';
import '@testing-library/jest-dom/vitest';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { registerFeatures } from '@renderer/app/features';
import { resetBeepForTests } from '@renderer/components/ScanInput/beep';
import { resetNavForTests } from '@renderer/features/auth/sessionFlow';
import { clearPrintLogForTests } from '@renderer/features/label/printLog';
import { stopReprintsForTests } from '@renderer/features/label/reprints';
import { resetOfflineDbForTests } from '@renderer/features/offline/db';
import { stopSyncForTests } from '@renderer/features/offline/sync';
import { http } from '@renderer/http/client';
import { loadMessages } from '@renderer/i18n/dictionaries';
import { clearToasts } from '@renderer/notify/toast';

// Screens load on demand (lazy chunks) and MUI X is heavy in jsdom: on a busy two-core CI machine the
// default 1 s for findBy*/waitFor is too short and makes correct tests flaky.
configure({ asyncUtilTimeout: 5000 });

// As main.tsx does; the features' texts are all loaded up front, so a screen rendered alone shows its words.
registerFeatures();
beforeAll(() => loadMessages());

// The test files of a worker share one module graph and one jsdom (vitest.config.ts, isolate: false): what a
// test leaves in a module — a fake server, a running sync or reprint loop, toasts, the beep, the navigation's
// freshness — is undone after it, and the stations' local database and print log after each file.
afterEach(async () => {
  cleanup();
  sessionStorage.clear();
  localStorage.clear();
  clearToasts();
  await stopSyncForTests();
  await stopReprintsForTests();
  http.setAdapter(undefined);
  resetNavForTests();
  resetBeepForTests();
});
afterAll(async () => {
  await resetOfflineDbForTests();
  await clearPrintLogForTests();
});
