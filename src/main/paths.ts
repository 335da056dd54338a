import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Build-output locations, relative to this bundle (out/main/index.js), so they hold in development,
 * in `electron .` and inside the packaged asar alike. (join() rather than `new URL(x, import.meta.url)`,
 * which Vite would try to treat as an asset import.)
 */
const here = dirname(fileURLToPath(import.meta.url));

export function preloadPath(): string {
  return join(here, '../preload/index.cjs');
}

export function rendererDir(): string {
  return join(here, '../renderer');
}
