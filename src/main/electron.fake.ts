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
  minimized = false;
  visible = false;
  destroyed = false;
  /** Bounds when neither maximised nor minimised (what getNormalBounds answers). */
  normalBounds = { x: 0, y: 0, width: 0, height: 0 };
  show = vi.fn(() => {
    this.visible = true;
  });
  loadURL = vi.fn(async () => {});
  maximize = vi.fn(() => {
    this.maximized = true;
  });
  restore = vi.fn(() => {
    this.minimized = false;
  });
  focus = vi.fn();
  constructor(readonly options: Record<string, unknown> & { webPreferences?: Record<string, unknown> }) {
    super();
    BrowserWindow.instances.push(this);
    const n = (v: unknown) => (typeof v === 'number' ? v : 0);
    this.normalBounds = { x: n(options.x), y: n(options.y), width: n(options.width), height: n(options.height) };
  }
  isMaximized = () => this.maximized;
  isMinimized = () => this.minimized;
  isVisible = () => this.visible;
  getNormalBounds = () => ({ ...this.normalBounds });
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
type PermissionHandler = (wc: { getURL(): string }, permission: string, callback: (granted: boolean) => void, details: { mediaTypes?: string[] }) => void;

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
  getPath: vi.fn((name: string) => `/fake/${name}`),
  isPackaged: false,
  requestSingleInstanceLock: vi.fn(() => true),
  quit: vi.fn(),
});

interface FakeDisplay {
  id: number;
  bounds: { x: number; y: number; width: number; height: number };
  workArea: { x: number; y: number; width: number; height: number };
}
const fullHd: FakeDisplay = { id: 1, bounds: { x: 0, y: 0, width: 1920, height: 1080 }, workArea: { x: 0, y: 0, width: 1920, height: 1040 } };

/** Displays as screen.getAllDisplays() reports them; tests replace `displays`. */
export const screen = {
  displays: [fullHd] as FakeDisplay[],
  getAllDisplays: vi.fn(() => screen.displays),
  getPrimaryDisplay: vi.fn(() => screen.displays[0]!),
};

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
  app.listeners.clear();
  app.requestSingleInstanceLock.mockImplementation(() => true);
  screen.displays = [fullHd];
}

export default { BrowserWindow, ipcMain, ipcRenderer, contextBridge, session, shell, protocol, app, screen };
