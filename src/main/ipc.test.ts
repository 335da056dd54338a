import { beforeEach, describe, expect, it, vi } from 'vitest';
import { INVOKE_CHANNELS, SEND_CHANNELS } from '../shared/ipc';
import { BrowserWindow, ipcMain, resetElectronFake } from './electron.fake';
import { devicesHandlers } from './devices.handlers';
import { createDeviceSettings } from './devices/device-settings';
import { DeviceStation } from './devices/fill/device-station';
import { connectionHandlers } from './connection.handlers';
import { broadcastEvent, registerIpcHandlers, sendEvent, type IpcHandlers } from './ipc';
import { createSettings, type KeyValueStore } from './settings';
import { settingsHandlers } from './settings.handlers';
import { createUpdater } from './updater';
import { updaterHandlers } from './updater.handlers';
import { windowHandlers } from './window.handlers';

vi.mock('electron', () => import('./electron.fake'));
// settings.ts opens electron-store, an external module vi.mock('electron') cannot reach; here an in-memory store is used.
vi.mock('electron-store', () => ({ default: class {} }));

function memoryStore(): KeyValueStore {
  const values = new Map<string, unknown>();
  return { get: (k) => values.get(k), set: (k, v) => void values.set(k, v) };
}

function wire(devUrl?: string) {
  const settings = createSettings(memoryStore(), (url) => broadcastEvent('app:serverUrlChanged', url));
  const devices = devicesHandlers({
    settings: createDeviceSettings(memoryStore()),
    station: new DeviceStation({ scales: () => [], relays: () => [] }),
    agent: () => ({ url: 'http://127.0.0.1:9527', running: true }),
  });
  const updater = createUpdater({
    autoUpdater: null, currentVersion: '1.2.3', serverUrl: () => settings.getServerUrl(),
    channel: { get: () => 'stable', set: () => {} }, fetchMinClientVersion: async () => null,
    broadcast: (state) => broadcastEvent('updates:state', state), confirmRestart: async () => false,
  });
  registerIpcHandlers({ ...windowHandlers(), ...settingsHandlers(settings, () => '1.2.3'), ...devices, ...updaterHandlers(updater),
    ...connectionHandlers({ settings, standalone: { apply: async () => {}, lastError: () => null } }) }, { devUrl });
  return new BrowserWindow({});
}

/** An IPC event as Electron builds it: the sender's webContents and the frame the call came from. */
function eventFrom(win: BrowserWindow, url = 'app://renderer/main/home', parent: unknown = null) {
  return { sender: win.webContents, senderFrame: { url, parent } };
}

const invoke = (channel: string, event: unknown, ...args: unknown[]) =>
  Promise.resolve().then(() => ipcMain.handlers.get(channel)!(event, ...args));

beforeEach(() => resetElectronFake());

describe('IPC wiring', () => {
  it('answers every invoke channel of the contract and listens on every send channel', () => {
    wire();
    expect([...ipcMain.handlers.keys()].sort()).toEqual([...INVOKE_CHANNELS].sort());
    expect([...ipcMain.listeners.keys()].sort()).toEqual([...SEND_CHANNELS].sort());
  });

  it('refuses to start with a channel left without a handler', () => {
    const partial = { ...windowHandlers() } as unknown as IpcHandlers;
    expect(() => registerIpcHandlers(partial)).toThrow('No IPC handler for settings:getServerUrl');
  });

  it('maximises the calling window on window:maximize', async () => {
    const win = wire();
    await invoke('window:maximize', eventFrom(win));
    expect(win.maximize).toHaveBeenCalledTimes(1);
    expect(await invoke('window:isMaximized', eventFrom(win))).toBe(true);
    await invoke('window:maximize', eventFrom(win));
    expect(win.maximize).toHaveBeenCalledTimes(1);
  });

  it('reloads the calling page on window:reload', () => {
    const win = wire();
    ipcMain.listeners.get('window:reload')!(eventFrom(win));
    expect(win.webContents.reload).toHaveBeenCalled();
  });

  it('keeps the server URL, rejects an invalid one with its reason and tells the windows about a change', async () => {
    const win = wire();
    // A fresh install has no address: the renderer asks for one (服务器设置) before login.
    expect(await invoke('settings:getServerUrl', eventFrom(win))).toBe('');
    expect(await invoke('settings:setServerUrl', eventFrom(win), 'http://10.0.0.2:8080/')).toBe('http://10.0.0.2:8080');
    expect(win.webContents.send).toHaveBeenCalledWith('app:serverUrlChanged', 'http://10.0.0.2:8080');
    await expect(invoke('settings:setServerUrl', eventFrom(win), 'ftp://x')).rejects.toThrow('只支持 http 或 https');
    expect(await invoke('settings:getServerUrl', eventFrom(win))).toBe('http://10.0.0.2:8080');
    expect(await invoke('app:getVersion', eventFrom(win))).toBe('1.2.3');
  });

  it.each([
    ['a foreign page', 'https://evil.example.com/', null],
    ['a file page', 'file:///tmp/x.html', null],
    ['an iframe inside the app', 'app://renderer/', { url: 'app://renderer/' }],
  ])('refuses invoke calls from %s', async (_name, url, parent) => {
    const win = wire();
    await expect(invoke('window:maximize', eventFrom(win, url, parent))).rejects.toThrow('refused');
    await expect(invoke('settings:setServerUrl', eventFrom(win, url, parent), 'http://1.2.3.4')).rejects.toThrow(
      'refused',
    );
    expect(win.maximize).not.toHaveBeenCalled();
    expect(win.webContents.send).not.toHaveBeenCalled();
  });

  it('ignores send calls from an untrusted sender and a destroyed frame', () => {
    const win = wire();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    ipcMain.listeners.get('window:reload')!(eventFrom(win, 'https://evil.example.com/'));
    ipcMain.listeners.get('window:reload')!({ sender: win.webContents, senderFrame: null });
    expect(win.webContents.reload).not.toHaveBeenCalled();
    warn.mockRestore();
  });

  it('trusts the dev server origin only when running under electron-vite dev', async () => {
    const dev = wire('http://localhost:5173');
    await invoke('window:maximize', eventFrom(dev, 'http://localhost:5173/login'));
    expect(dev.maximize).toHaveBeenCalled();

    resetElectronFake();
    const prod = wire();
    await expect(invoke('window:maximize', eventFrom(prod, 'http://localhost:5173/login'))).rejects.toThrow();
  });
});

describe('sendEvent', () => {
  it('sends a contract event to the window, and nothing to a closed one', () => {
    const win = new BrowserWindow({});
    sendEvent(win as never, 'app:serverUrlChanged', 'http://10.0.0.2:8080');
    expect(win.webContents.send).toHaveBeenCalledWith('app:serverUrlChanged', 'http://10.0.0.2:8080');
    win.destroyed = true;
    sendEvent(win as never, 'app:serverUrlChanged', 'http://10.0.0.3:8080');
    expect(win.webContents.send).toHaveBeenCalledTimes(1);
  });

  it('refuses an event name outside the contract', () => {
    expect(() => sendEvent(new BrowserWindow({}) as never, 'app:nope' as never, 'x' as never)).toThrow('Unknown IPC event');
  });
});
