import type { DesktopApi } from '@shared/ipc';

declare global {
  interface Window {
    /** The desktop bridge; absent in a plain browser. */
    api?: DesktopApi;
  }
}

export {};
