import type { DesktopApi } from './ipc';

/**
 * window.api exists only inside the Electron shell (src/preload); in a plain browser it is undefined,
 * so the renderer must check for it (`window.api?.windowMaximize()`).
 */
declare global {
  interface Window {
    api?: DesktopApi;
  }
}

export {};
