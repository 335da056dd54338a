import { beforeEach, describe, expect, it, vi } from 'vitest';
import { EVENT_CHANNELS, INVOKE_CHANNELS, SEND_CHANNELS, methodName } from '../shared/ipc';
import { contextBridge, ipcRenderer, resetElectronFake } from '../main/electron.fake';
import { buildApi } from './ipc';

vi.mock('electron', () => import('../main/electron.fake'));

beforeEach(() => resetElectronFake());

describe('window.api built from the IPC contract', () => {
  it('offers exactly the contract methods, named by methodName, plus on()', () => {
    const api = buildApi();
    const expected = [...INVOKE_CHANNELS, ...SEND_CHANNELS].map(methodName).concat('on');
    expect(Object.keys(api).sort()).toEqual(expected.sort());
    expect(Object.keys(api)).toEqual(expect.arrayContaining(['windowMaximize', 'settingsGetServerUrl', 'windowReload']));
  });

  it('invokes each invoke channel with its arguments and returns the answer', async () => {
    ipcRenderer.invoke.mockResolvedValue('http://10.0.0.2:8080');
    const api = buildApi();
    await expect(api.settingsSetServerUrl('http://10.0.0.2:8080')).resolves.toBe('http://10.0.0.2:8080');
    expect(ipcRenderer.invoke).toHaveBeenCalledWith('settings:setServerUrl', 'http://10.0.0.2:8080');
    await api.windowMaximize();
    expect(ipcRenderer.invoke).toHaveBeenLastCalledWith('window:maximize');
    for (const channel of INVOKE_CHANNELS) {
      await (buildApi() as unknown as Record<string, () => Promise<unknown>>)[methodName(channel)]!();
      expect(ipcRenderer.invoke).toHaveBeenLastCalledWith(channel);
    }
  });

  it('sends fire-and-forget channels without waiting', () => {
    const api = buildApi();
    expect(api.windowReload()).toBeUndefined();
    expect(ipcRenderer.send).toHaveBeenCalledWith('window:reload');
    expect(ipcRenderer.invoke).not.toHaveBeenCalled();
  });

  it('delivers event payloads without the IpcRendererEvent and unsubscribes', () => {
    const api = buildApi();
    const listener = vi.fn();
    const off = api.on('app:serverUrlChanged', listener);
    ipcRenderer.emit('app:serverUrlChanged', { sender: 'secret', ports: [] }, 'http://10.0.0.2:8080');
    expect(listener).toHaveBeenCalledWith('http://10.0.0.2:8080');
    expect(listener.mock.calls[0]).toHaveLength(1);
    off();
    ipcRenderer.emit('app:serverUrlChanged', {}, 'http://10.0.0.3:8080');
    expect(listener).toHaveBeenCalledTimes(1);
    expect(ipcRenderer.count('app:serverUrlChanged')).toBe(0);
  });

  it('subscribes to nothing for an event name outside the contract', () => {
    const api = buildApi();
    const listener = vi.fn();
    const off = (api.on as (e: string, l: () => void) => () => void)('electron-store-get-data', listener);
    expect(ipcRenderer.listeners.size).toBe(0);
    ipcRenderer.emit('electron-store-get-data', {}, 'x');
    expect(listener).not.toHaveBeenCalled();
    expect(off).toBeTypeOf('function');
    expect(EVENT_CHANNELS).not.toContain('electron-store-get-data');
  });
});

describe('preload entry', () => {
  it('exposes the api as window.api through the context bridge', async () => {
    await import('./index');
    expect(contextBridge.exposeInMainWorld).toHaveBeenCalledWith('api', expect.objectContaining({ windowMaximize: expect.any(Function) }));
  });
});
