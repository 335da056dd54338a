import { beforeEach, describe, expect, it, vi } from 'vitest';
import { BrowserWindow, resetElectronFake, screen, session, shell } from './electron.fake';
import type { WindowState } from './settings';
import { createMainWindow, hardenDefaultSession } from './window';

vi.mock('electron', () => import('./electron.fake'));

const CSP = "default-src 'self'; script-src 'self'; connect-src 'self' http://10.0.0.2:8080";
const open = (devUrl?: string) =>
  createMainWindow({ url: devUrl ?? 'app://renderer/', devUrl, currentCsp: () => CSP }) as unknown as BrowserWindow;

beforeEach(() => resetElectronFake());

describe('main window', () => {
  it('has a minimum size of 1200×800 and starts larger than that', () => {
    const { options } = open();
    expect(options).toMatchObject({ minWidth: 1200, minHeight: 800 });
    expect(options.width as number).toBeGreaterThanOrEqual(1200);
    expect(options.height as number).toBeGreaterThanOrEqual(800);
  });

  it('runs the renderer isolated, sandboxed, without Node, through the built CommonJS preload', () => {
    const { webPreferences } = open().options;
    expect(webPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      webviewTag: false,
    });
    expect(String(webPreferences?.preload)).toMatch(/[/\\]preload[/\\]index\.cjs$/);
  });

  it('loads the app and shows only once ready to show', () => {
    const win = open();
    expect(win.loadURL).toHaveBeenCalledWith('app://renderer/');
    expect(win.show).not.toHaveBeenCalled();
    win.emit('ready-to-show');
    expect(win.show).toHaveBeenCalled();
  });

  it('never opens a new Electron window; http(s) links go to the system browser', () => {
    const { webContents } = open();
    expect(webContents.windowOpenHandler!({ url: 'https://example.com/help' })).toEqual({ action: 'deny' });
    expect(shell.openExternal).toHaveBeenCalledWith('https://example.com/help');
    expect(webContents.windowOpenHandler!({ url: 'file:///etc/passwd' })).toEqual({ action: 'deny' });
    expect(webContents.windowOpenHandler!({ url: 'app://renderer/main/home' })).toEqual({ action: 'deny' });
    expect(shell.openExternal).toHaveBeenCalledTimes(1);
  });

  it.each(['https://evil.example.com/', 'file:///etc/passwd', 'http://127.0.0.1:8080/api/home/login', 'app://other/'])(
    'blocks navigating away to %s',
    (url) => {
      const { webContents } = open();
      const event = { url, preventDefault: vi.fn() };
      webContents.emit('will-navigate', event);
      expect(event.preventDefault).toHaveBeenCalled();
    },
  );

  it('lets the app navigate within itself', () => {
    const { webContents } = open();
    const event = { url: 'app://renderer/login', preventDefault: vi.fn() };
    webContents.emit('will-navigate', event);
    expect(event.preventDefault).not.toHaveBeenCalled();
  });

  it('in development treats the dev server as the app origin', () => {
    const { webContents } = open('http://localhost:5173');
    const inside = { url: 'http://localhost:5173/main/home', preventDefault: vi.fn() };
    const outside = { url: 'http://localhost:8080/', preventDefault: vi.fn() };
    webContents.emit('will-navigate', inside);
    webContents.emit('will-navigate', outside);
    expect(inside.preventDefault).not.toHaveBeenCalled();
    expect(outside.preventDefault).toHaveBeenCalled();
  });

  it('keeps the window itself on the app, while a subframe (the /webview screen) may show an http(s) site and nothing else', () => {
    const { webContents } = open();
    const navigate = (url: string, isMainFrame: boolean) => {
      const event = { url, isMainFrame, preventDefault: vi.fn() };
      webContents.emit('will-frame-navigate', event);
      return event.preventDefault.mock.calls.length === 0;
    };
    expect(navigate('app://renderer/main/home', true)).toBe(true);
    expect(navigate('https://intranet.example.com/report', true)).toBe(false);
    expect(navigate('https://intranet.example.com/report', false)).toBe(true);
    expect(navigate('http://10.0.0.9:8080/', false)).toBe(true);
    for (const url of ['file:///etc/passwd', 'data:text/html,<script>alert(1)</script>', 'javascript:alert(1)', 'app://other/']) {
      expect(navigate(url, false), url).toBe(false);
    }
  });

  it('refuses to attach webviews', () => {
    const { webContents } = open();
    const event = { preventDefault: vi.fn() };
    webContents.emit('will-attach-webview', event);
    expect(event.preventDefault).toHaveBeenCalled();
  });
});

describe('window state kept between starts', () => {
  const openWith = (saved: WindowState | null) => {
    const save = vi.fn();
    const win = createMainWindow({ url: 'app://renderer/', currentCsp: () => CSP, windowState: { saved, save } }) as unknown as BrowserWindow;
    return { win, save };
  };

  it('saves the bounds and the maximised state when the window closes', () => {
    const { win, save } = openWith(null);
    win.normalBounds = { x: 40, y: 30, width: 1400, height: 900 };
    win.maximized = true;
    win.emit('close', { preventDefault: vi.fn() });
    expect(save).toHaveBeenCalledWith({ x: 40, y: 30, width: 1400, height: 900, maximized: true });
  });

  it('reopens with the saved bounds, maximised before it is shown', () => {
    const { win } = openWith({ x: 40, y: 30, width: 1400, height: 900, maximized: true });
    expect(win.options).toMatchObject({ x: 40, y: 30, width: 1400, height: 900, minWidth: 1200, minHeight: 800 });
    expect(win.maximize).not.toHaveBeenCalled();
    win.emit('ready-to-show');
    expect(win.maximize).toHaveBeenCalled();
    expect(win.show).toHaveBeenCalled();
  });

  it('a window last seen on a monitor that is gone opens on the remaining one', () => {
    screen.displays = [{ id: 2, bounds: { x: 0, y: 0, width: 1600, height: 900 }, workArea: { x: 0, y: 0, width: 1600, height: 860 } }];
    const { win } = openWith({ x: 2500, y: 100, width: 1300, height: 850, maximized: false });
    expect(win.options).toMatchObject({ x: 300, y: 10, width: 1300, height: 850 });
    win.emit('ready-to-show');
    expect(win.maximize).not.toHaveBeenCalled();
  });
});

describe('session hardening', () => {
  const headersFor = (url: string) => {
    let answer: { responseHeaders?: Record<string, string | string[]> } | undefined;
    session.defaultSession.headersListener!({ url, responseHeaders: { 'Content-Type': ['text/html'] } }, (r) => {
      answer = r;
    });
    return answer!;
  };

  it('puts the CSP on responses of the app (dev server included)', () => {
    hardenDefaultSession({ devUrl: 'http://localhost:5173', currentCsp: () => CSP });
    expect(headersFor('http://localhost:5173/').responseHeaders).toEqual({
      'Content-Type': ['text/html'],
      'Content-Security-Policy': [CSP],
    });
    expect(headersFor('app://renderer/index.html').responseHeaders?.['Content-Security-Policy']).toEqual([CSP]);
  });

  it('leaves responses of other origins (the API server) untouched', () => {
    hardenDefaultSession({ currentCsp: () => CSP });
    expect(headersFor('http://10.0.0.2:8080/api/home/login')).toEqual({});
  });

  it('denies device and privacy permissions, allows clipboard writes and the camera alone from the app', () => {
    hardenDefaultSession({ currentCsp: () => CSP });
    const ask = (permission: string, url = 'app://renderer/', mediaTypes?: string[]) => {
      const callback = vi.fn();
      session.defaultSession.permissionHandler!({ getURL: () => url }, permission, callback, { mediaTypes });
      return callback.mock.calls[0]![0];
    };
    expect(ask('media')).toBe(false);
    expect(ask('media', 'app://renderer/', ['video'])).toBe(true);
    expect(ask('media', 'app://renderer/', ['audio'])).toBe(false);
    expect(ask('media', 'app://renderer/', ['video', 'audio'])).toBe(false);
    expect(ask('media', 'https://evil.example.com/', ['video'])).toBe(false);
    expect(ask('geolocation')).toBe(false);
    expect(ask('clipboard-sanitized-write')).toBe(true);
    expect(ask('clipboard-sanitized-write', 'https://evil.example.com/')).toBe(false);
  });
});
