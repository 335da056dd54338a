import '@testing-library/jest-dom/vitest';
import { afterEach, beforeAll } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { registerFeatures } from '@renderer/app/features';
import { loadMessages } from '@renderer/i18n/dictionaries';
import { clearToasts } from '@renderer/notify/toast';

// Screens load on demand (lazy chunks) and MUI X is heavy in jsdom: on a busy two-core CI machine the
// default 1 s for findBy*/waitFor is too short and makes correct tests flaky.
configure({ asyncUtilTimeout: 5000 });

// As main.tsx does; the features' texts are all loaded up front, so a screen rendered alone shows its words.
registerFeatures();
beforeAll(() => loadMessages());

afterEach(() => {
  cleanup();
  sessionStorage.clear();
  localStorage.clear();
  // Toasts are a module-level queue: one test's messages must not leak into the next.
  clearToasts();
});
