/**
 * Where the renderer lives and which URLs count as "the app": the single source for the protocol handler,
 * the navigation policy, the CSP and the IPC sender check. Pure — no electron import — so it is tested directly.
 */
export const APP_SCHEME = 'app';
export const APP_HOST = 'renderer';
/** Entry URL of the packaged renderer; react-router routes hang below it (app://renderer/main/home). */
export const APP_ENTRY_URL = `${APP_SCHEME}://${APP_HOST}/`;

/** The vite dev server electron-vite starts with `electron-vite dev`, if any. */
export function devRendererUrl(env: NodeJS.ProcessEnv = process.env): string | undefined {
  return env.ELECTRON_RENDERER_URL || undefined;
}

/**
 * True when `url` is a page of our renderer: app://renderer/… or, in development, the dev server origin.
 * Custom-scheme URLs have an opaque origin ("null") in WHATWG URL, so scheme and host are compared instead.
 */
export function isAppUrl(url: string, devUrl?: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol === `${APP_SCHEME}:` && parsed.host === APP_HOST) return true;
  if (!devUrl) return false;
  try {
    return parsed.origin === new URL(devUrl).origin;
  } catch {
    return false;
  }
}
