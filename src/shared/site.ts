/**
 * What the server answers itself rather than the web UI: a navigation below one of these prefixes is never
 * given the app's index.html — not by the server's client-route fallback, not by the service worker's
 * offline fallback (electron.vite.config.ts). A new server-rendered page adds its prefix here
 * (tests/server/service-worker.test.ts fails on a GET route outside these and the app's files).
 */
export const SERVER_PATH_PREFIXES = [
  '/api/',
  // File downloads (FILE_DOWNLOAD_PATH, src/shared/api/file.ts).
  '/objectStorage/',
  // A cylinder's public page (QR_PATH, src/server/modules/qrPage/qr-token.ts).
  '/q/',
  // Desktop releases (UPDATES_PATH, src/shared/updates.ts).
  '/updates/',
] as const;

/**
 * Files of the web UI a browser must fetch fresh each time (never from its HTTP cache): the service worker
 * and its Workbox runtime, so a new release's worker is found; the manifest and the page itself.
 */
export const NO_CACHE_FILES: readonly RegExp[] = [/^\/sw\.js$/, /^\/workbox-[\w-]+\.js$/, /^\/manifest\.webmanifest$/, /^\/index\.html$/];

/** The installed app's colours: the MUI theme's primary (src/renderer/src/theme.ts) and the page behind it. */
export const BRAND_COLOR = '#1f6fb2';
export const BACKGROUND_COLOR = '#ffffff';

/** The Cache Storage cache the service worker answers the camera's ZXing reader (.wasm) from; the app fills it where needed. */
export const READER_CACHE = 'zxing-reader';
