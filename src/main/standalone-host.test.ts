import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { StandaloneSettings } from '../shared/connection';
import { connectionHandlers } from './connection.handlers';
import { app, resetElectronFake } from './electron.fake';
import type { IpcContext } from './ipc';
import { createSettings, type KeyValueStore } from './settings';
import { StandaloneHost, stopBeforeQuit, type LocalServer } from './standalone-host';

vi.mock('electron', () => import('./electron.fake'));
vi.mock('electron-store', () => ({ default: class {} }));

function memoryStore(): KeyValueStore {
  const values = new Map<string, unknown>();
  return { get: (k) => values.get(k), set: (k, v) => void values.set(k, v) };
}

/** A local server whose start can succeed or fail, recording what it was asked. */
class FakeServer implements LocalServer {
  url: string | null = null;
  get active(): boolean {
    return this.url !== null;
  }
  calls: string[] = [];
  failWith: string | null = null;
  async start(settings: StandaloneSettings): Promise<string> {
    this.calls.push(`start ${JSON.stringify(settings)}`);
    if (this.failWith) throw new Error(this.failWith);
    this.url = `http://127.0.0.1:${settings.port ?? 41001}`;
    return this.url;
  }
  async stop(): Promise<void> {
    this.calls.push('stop');
    this.url = null;
  }
}

function setup() {
  const changed = vi.fn();
  const settings = createSettings(memoryStore(), changed);
  const server = new FakeServer();
  const host = new StandaloneHost(settings, server);
  const handlers = connectionHandlers({
    settings,
    standalone: host,
    probe: async (url) => ({ ok: true, url, version: '1.0.0' }),
  });
  const ctx = {} as IpcContext;
  return { settings, server, host, handlers, ctx, changed };
}

beforeEach(() => resetElectronFake());

describe('standalone mode in the app', () => {
  it('a fresh install reports no address and no standalone mode (the renderer shows 服务器设置)', () => {
    const { handlers, ctx } = setup();
    expect(handlers['settings:getConnection'](ctx)).toEqual({
      serverUrl: null, standalone: false, lanAccess: false, port: null, activeUrl: null, standaloneError: null,
    });
  });

  it('turning it on starts the local server and points the app at it; off stops it and returns to the saved address', async () => {
    const { handlers, ctx, settings, server, changed } = setup();
    settings.setServerUrl('http://10.0.0.2:8080');
    changed.mockClear();
    const on = await handlers['settings:setStandalone'](ctx, { standalone: true, lanAccess: false, port: 9100 });
    expect(on).toMatchObject({ standalone: true, port: 9100, activeUrl: 'http://127.0.0.1:9100', serverUrl: 'http://10.0.0.2:8080', standaloneError: null });
    expect(changed).toHaveBeenLastCalledWith('http://127.0.0.1:9100');

    const off = await handlers['settings:setStandalone'](ctx, { standalone: false, lanAccess: false, port: 9100 });
    expect(off).toMatchObject({ standalone: false, activeUrl: 'http://10.0.0.2:8080', standaloneError: null });
    expect(server.calls).toEqual(['start {"standalone":true,"lanAccess":false,"port":9100}', 'stop']);
    expect(changed).toHaveBeenLastCalledWith('http://10.0.0.2:8080');
  });

  it('a server that fails to start leaves no address and the reason for the retry screen; a retry that works clears it', async () => {
    const { handlers, ctx, server } = setup();
    server.failWith = '本机服务器未能启动（退出码 1）：端口已被占用';
    const failed = await handlers['settings:setStandalone'](ctx, { standalone: true, lanAccess: true, port: null });
    expect(failed).toMatchObject({ standalone: true, activeUrl: null, standaloneError: '本机服务器未能启动（退出码 1）：端口已被占用' });
    server.failWith = null;
    const retried = await handlers['settings:setStandalone'](ctx, { standalone: true, lanAccess: true, port: null });
    expect(retried).toMatchObject({ activeUrl: 'http://127.0.0.1:41001', standaloneError: null });
  });

  it('saving the same settings again does not restart a running server; other settings do', async () => {
    const { handlers, ctx, server } = setup();
    const local = { standalone: true, lanAccess: false, port: 9100 };
    await handlers['settings:setStandalone'](ctx, local);
    await handlers['settings:setStandalone'](ctx, local);
    await handlers['settings:setStandalone'](ctx, { ...local, lanAccess: true });
    expect(server.calls).toHaveLength(2);
  });

  it('refuses invalid settings without touching the server', async () => {
    const { handlers, ctx, server } = setup();
    await expect(handlers['settings:setStandalone'](ctx, { standalone: true, lanAccess: false, port: 80 })).rejects.toThrow('端口必须是');
    expect(server.calls).toEqual([]);
  });

  it('a crash while running takes the address away and gives the reason', async () => {
    const { handlers, ctx, host } = setup();
    await handlers['settings:setStandalone'](ctx, { standalone: true, lanAccess: false, port: null });
    host.crashed('本机服务器意外退出（退出码 1）');
    expect(handlers['settings:getConnection'](ctx)).toMatchObject({ activeUrl: null, standaloneError: '本机服务器意外退出（退出码 1）' });
  });

  it('检测 probes the given address', async () => {
    const { handlers, ctx } = setup();
    expect(await handlers['settings:probeServer'](ctx, 'http://10.0.0.9:8080')).toEqual({ ok: true, url: 'http://10.0.0.9:8080', version: '1.0.0' });
  });
});

describe('quitting with the local server running', () => {
  it('holds the quit until the server and its database stopped, then quits', async () => {
    const { handlers, ctx, host, server } = setup();
    await handlers['settings:setStandalone'](ctx, { standalone: true, lanAccess: false, port: null });
    stopBeforeQuit(host);
    const event = { preventDefault: vi.fn() };
    app.emit('before-quit', event);
    expect(event.preventDefault).toHaveBeenCalled();
    expect(app.quit).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(app.quit).toHaveBeenCalledTimes(1));
    expect(server.calls.at(-1)).toBe('stop');

    // The quit that follows goes through.
    const again = { preventDefault: vi.fn() };
    app.emit('before-quit', again);
    expect(again.preventDefault).not.toHaveBeenCalled();
  });

  it('does not hold a quit when no local server runs', () => {
    const { host } = setup();
    stopBeforeQuit(host);
    const event = { preventDefault: vi.fn() };
    app.emit('before-quit', event);
    expect(event.preventDefault).not.toHaveBeenCalled();
  });
});
