import { BrowserWindow, screen, session, shell } from 'electron';
import { APP_INFO } from '../shared/app';
import { isAppUrl } from './app-origin';
import { withCsp } from './csp';
import { preloadPath } from './paths';
import type { WindowState } from './settings';
import { initialWindow, windowStateOf } from './window-state';
import { MIN_HEIGHT, MIN_WIDTH, isFrameNavigationAllowed, isNavigationAllowed, isPermissionAllowed, windowOpenDecision } from './window-policy';

export interface MainWindowOptions {
  /** What to load: app://renderer/ in production, the vite dev server in development. */
  url: string;
  /** Dev server URL, trusted like the app origin. */
  devUrl?: string;
  /** The current Content-Security-Policy (follows the configured server URL). */
  currentCsp: () => string;
  icon?: string;
  /** The state the window was closed in last time, and where to keep it at this close. */
  windowState?: { saved: WindowState | null; save(state: WindowState): void };
}

/**
 * Session-wide hardening, once per app: the CSP on every response of our renderer origin (the dev server's
 * too; app:// answers already carry it from protocol.ts) and a deny-by-default permission handler.
 */
export function hardenDefaultSession(options: Pick<MainWindowOptions, 'devUrl' | 'currentCsp'>): void {
  session.defaultSession.webRequest.onHeadersReceived((details, callback) => {
    if (!isAppUrl(details.url, options.devUrl)) return callback({});
    callback({ responseHeaders: withCsp(details.responseHeaders, options.currentCsp()) });
  });
  session.defaultSession.setPermissionRequestHandler((webContents, permission, callback, details) => {
    const mediaTypes = 'mediaTypes' in details ? details.mediaTypes : undefined;
    callback(isPermissionAllowed(permission, webContents.getURL(), options.devUrl, mediaTypes));
  });
}

export function createMainWindow(options: MainWindowOptions): BrowserWindow {
  const start = initialWindow(options.windowState?.saved ?? null, screen.getAllDisplays());
  const win = new BrowserWindow({
    ...start.bounds,
    minWidth: MIN_WIDTH,
    minHeight: MIN_HEIGHT,
    show: false,
    title: APP_INFO.title,
    autoHideMenuBar: true,
    ...(options.icon ? { icon: options.icon } : {}),
    webPreferences: {
      preload: preloadPath(),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      webviewTag: false,
    },
  });

  // Shown once painted, so the user never sees a white frame; maximised first if it was closed so.
  win.once('ready-to-show', () => {
    if (start.maximized) win.maximize();
    win.show();
  });
  win.on('close', () => options.windowState?.save(windowStateOf(win)));

  win.webContents.setWindowOpenHandler(({ url }) => {
    if (windowOpenDecision(url).openExternally) void shell.openExternal(url);
    return { action: 'deny' };
  });
  // Also covers subframes: only the /webview screen's frame (and the frames of the site in it) may show an
  // http(s) site; the app's window itself never leaves the app.
  win.webContents.on('will-frame-navigate', (event) => {
    if (!isFrameNavigationAllowed(event.url, event.isMainFrame, options.devUrl)) event.preventDefault();
  });
  win.webContents.on('will-navigate', (event) => {
    if (!isNavigationAllowed(event.url, options.devUrl)) event.preventDefault();
  });
  win.webContents.on('will-attach-webview', (event) => event.preventDefault());

  void win.loadURL(options.url);
  return win;
}

