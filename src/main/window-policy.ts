import { isAppUrl } from './app-origin';

/**
 * Decisions of the window's security policy, kept pure so they are tested without Electron.
 * window.ts wires them to BrowserWindow events.
 */
export const MIN_WIDTH = 1200;
export const MIN_HEIGHT = 800;

/** window.open / target=_blank: never a new Electron window; http(s) links go to the system browser. */
export function windowOpenDecision(url: string): { openExternally: boolean } {
  try {
    const { protocol } = new URL(url);
    return { openExternally: protocol === 'http:' || protocol === 'https:' };
  } catch {
    return { openExternally: false };
  }
}

/** The window may only navigate within the app (reloads, location changes to app routes). */
export function isNavigationAllowed(url: string, devUrl?: string): boolean {
  return isAppUrl(url, devUrl);
}

/**
 * A frame's navigation: the main frame never leaves the app; a subframe may also show an http(s) site — the
 * /webview screen frames a linked menu item's site (sandboxed: it can neither reach the app nor navigate its
 * window), and that site's own frames go where it sends them. Anything else (file:, data:, …) is refused.
 */
export function isFrameNavigationAllowed(url: string, isMainFrame: boolean, devUrl?: string): boolean {
  if (isAppUrl(url, devUrl)) return true;
  if (isMainFrame) return false;
  try {
    const { protocol } = new URL(url);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

/** Permissions a page may ask Chromium for; everything else (microphone, geolocation, serial …) is denied. */
const ALLOWED_PERMISSIONS = new Set(['clipboard-sanitized-write', 'fullscreen']);

/**
 * `mediaTypes`: what a 'media' request wants (Electron's details.mediaTypes). The camera alone is allowed to the
 * app (scanning a label with a station's camera, stations/CameraScan.tsx); a microphone never.
 */
export function isPermissionAllowed(permission: string, requestingUrl: string, devUrl?: string, mediaTypes?: readonly string[]): boolean {
  if (!isAppUrl(requestingUrl, devUrl)) return false;
  if (permission === 'media') return Boolean(mediaTypes?.length) && mediaTypes!.every((type) => type === 'video');
  return ALLOWED_PERMISSIONS.has(permission);
}
