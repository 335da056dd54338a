// jsdom has no IndexedDB: the stations' local database (Dexie) runs on an in-memory one.
import 'fake-indexeddb/auto';
import '@testing-library/jest-dom/vitest';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
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
import { resetScanRefreshForTests } from '@renderer/store/endpoints';
import { installFastLabels } from '@renderer/test/fastLabels';

// Screens load on demand (lazy chunks) and MUI X is heavy in jsdom: on a busy two-core CI machine the
// default 1 s for findBy*/waitFor is too short and makes correct tests flaky.
configure({ asyncUtilTimeout: 5000 });

// user-event checks before each pointer action that no element up the tree has \`pointer-events: none\`, by asking
// jsdom for the computed style of the target and every ancestor: in MUI's deep trees most of a click's time. The
// tests assert what a click does (a disabled button still ignores it), not the CSS; the default is off here for the
// direct API every test file uses (a call may still pass its own options).
const NO_CSS_CHECK = { pointerEventsCheck: PointerEventsCheckLevel.Never };
type Direct = typeof userEvent;
const direct = userEvent as { -readonly [K in keyof Direct]: Direct[K] };
const { click, dblClick, tripleClick, hover, unhover, pointer, type, upload, selectOptions, deselectOptions } = userEvent;
direct.click = (el, opts) => click(el, { ...NO_CSS_CHECK, ...opts });
direct.dblClick = (el, opts) => dblClick(el, { ...NO_CSS_CHECK, ...opts });
direct.tripleClick = (el, opts) => tripleClick(el, { ...NO_CSS_CHECK, ...opts });
direct.hover = (el, opts) => hover(el, { ...NO_CSS_CHECK, ...opts });
direct.unhover = (el, opts) => unhover(el, { ...NO_CSS_CHECK, ...opts });
direct.pointer = (input, opts) => pointer(input, { ...NO_CSS_CHECK, ...opts });
direct.type = (el, text, opts) => type(el, text, { ...NO_CSS_CHECK, ...opts });
direct.upload = (el, files, opts) => upload(el, files, { ...NO_CSS_CHECK, ...opts });
direct.selectOptions = (el, values, opts) => selectOptions(el, values, { ...NO_CSS_CHECK, ...opts });
direct.deselectOptions = (el, values, opts) => deselectOptions(el, values, { ...NO_CSS_CHECK, ...opts });

installFastLabels(window);

// As main.tsx does; the features' texts are all loaded up front, so a screen rendered alone shows its words.
registerFeatures();
beforeAll(() => loadMessages());

// What a test leaves in a module — a fake server, a running sync or reprint loop, toasts, the beep, the navigation's
// freshness, the stations' pending list refresh — is undone after it, and the stations' local database and print log after each file: the files must
// not depend on running in a fresh module graph (vitest.config.ts on isolate: false).
afterEach(async () => {
  cleanup();
  // What a test put in the page by hand (not through render, which cleanup unmounts): the next file's queries would
  // find it (a select left by one file was a second combobox in Form.test.tsx).
  document.body.replaceChildren();
  sessionStorage.clear();
  localStorage.clear();
  clearToasts();
  await stopSyncForTests();
  await stopReprintsForTests();
  http.setAdapter(undefined);
  resetNavForTests();
  resetBeepForTests();
  resetScanRefreshForTests();
});
afterAll(async () => {
  await resetOfflineDbForTests();
  await clearPrintLogForTests();
});
