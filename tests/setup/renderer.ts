import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import { clearToasts } from '@renderer/notify/toast';

afterEach(() => {
  cleanup();
  sessionStorage.clear();
  localStorage.clear();
  // Toasts are a module-level queue: one test's messages must not leak into the next.
  clearToasts();
});
