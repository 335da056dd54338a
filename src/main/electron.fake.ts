/**
 * A recording stand-in for the 'electron' module (Electron cannot run in tests). Tests use
 *   vi.mock('electron', () => import('./electron.fake'));
 * then drive the recorded handlers (IPC, window events, webRequest, protocol) as Electron would.
 */
import { vi } from 'vitest';

type Listener = (...args: unknown[]) => unknown;

class Emitter {
  readonly listeners = new Map<string, Listener[]>();
  on(name: string, fn: Listener): this {
    this.listeners.set(name, [...(this.listeners.get(name) ?? []), fn]);
    return this;
  }
  once(name: string, fn: Listener): this {
    return this.on(name, fn);
  }
  removeListener(name: string, fn: Listener): this {
    this.listeners.set(name, (this.listeners.get(name) ?? []).filter((l) => l !== fn));
    return this;
  }
  emit(name: string, ...args: unknown[]): void {
    for (const fn of this.listeners.get(name) ?? []) fn(...args);
  }
  count(name: string): number {
    return this.listeners.get(name)?.length ?? 0;
  }
}

export class FakeWebContents extends Emitter {
  url = 'app://renderer/';
  windowOpenHandler: ((details: { url: string }) => { action: string }) | undefined;
  send = vi.fn();
  reload = vi.fn();
  getURL = () => this.url;
  isDestroyed = () => false;
  setWindowOpenHandler(fn: (details: { url: string }) => { action: string }): void {
    this.windowOpenHandler = fn;
  }
}

export class BrowserWindow extends Emitter {
  static instances: BrowserWindow[] = [];
  static fromWebContents(wc: unknown): BrowserWindow | null {
    return BrowserWindow.instances.find((w) => w.webContents === wc) ?? null;
  }
  static getAllWindows(): BrowserWindow[] {
    return [...BrowserWindow.instances];
  }
  readonly webContents = new FakeWebContents();
  maximized = false;
  destroyed = false;
  show = vi.fn();
  loadURL = vi.fn(async () => {});
  maximize = vi.fn(() => {
    this.maximized = true;
  });
  constructor(readonly options: Record<string, unknown> & { webPreferences?: Record<string, unknown> }) {
    super();
    BrowserWindow.instances.push(this);
  }
  isMaximized = () => this.maximized;
  isDestroyed = () => this.destroyed;
}

export const ipcMain = {
  handlers: new Map<string, Listener>(),
  listeners: new Map<string, Listener>(),
  handle: vi.fn((channel: string, fn: Listener) => void ipcMain.handlers.set(channel, fn)),
  on: vi.fn((channel: string, fn: Listener) => void ipcMain.listeners.set(channel, fn)),
};

export const ipcRenderer = Object.assign(new Emitter(), {
  invoke: vi.fn(async (..._args: unknown[]) => undefined as unknown),
  send: vi.fn(),
});

export const contextBridge = { exposeInMainWorld: vi.fn() };

type HeadersListener = (
  details: { url: string; responseHeaders?: Record<string, string[]> },
  callback: (response: { responseHeaders?: Record<string, string | string[]> }) => void,
) => void;
type PermissionHandler = (wc: { getURL(): string }, permission: string, callback: (granted: boolean) => void) => void;

export const session = {
  defaultSession: {
    headersListener: undefined as HeadersListener | undefined,
    permissionHandler: undefined as PermissionHandler | undefined,
    webRequest: {
      onHeadersReceived: vi.fn((fn: HeadersListener) => {
        session.defaultSession.headersListener = fn;
      }),
    },
    setPermissionRequestHandler: vi.fn((fn: PermissionHandler) => {
      session.defaultSession.permissionHandler = fn;
    }),
  },
};

export const shell = { openExternal: vi.fn(async () => {}) };

export const protocol = {
  handler: undefined as ((request: { url: string }) => Promise<Response>) | undefined,
  registerSchemesAsPrivileged: vi.fn(),
  handle: vi.fn((_scheme: string, fn: (request: { url: string }) => Promise<Response>) => {
    protocol.handler = fn;
  }),
};

export const app = Object.assign(new Emitter(), {
  getVersion: () => '0.1.0-test',
  getAppPath: () => '/app',
  isPackaged: false,
});

/** Clears every recording between tests. */
export function resetElectronFake(): void {
  vi.clearAllMocks();
  BrowserWindow.instances = [];
  ipcMain.handlers.clear();
  ipcMain.listeners.clear();
  ipcRenderer.listeners.clear();
  session.defaultSession.headersListener = undefined;
  session.defaultSession.permissionHandler = undefined;
  protocol.handler = undefined;
}

export default { BrowserWindow, ipcMain, ipcRenderer, contextBridge, session, shell, protocol, app };
