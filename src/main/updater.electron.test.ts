import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { app, BrowserWindow, resetElectronFake } from './electron.fake';

const dialog = vi.hoisted(() => ({ showMessageBox: vi.fn(async (..._args: unknown[]) => ({ response: 0 })) }));
vi.mock('electron', async () => ({ ...(await import('./electron.fake')), dialog }));

// electron-updater's autoUpdater as the packaged app gets it (the real one needs a running Electron).
const fakeAutoUpdater = vi.hoisted(() => ({
  autoDownload: false, autoInstallOnAppQuit: false, allowPrerelease: false, allowDowngrade: false, channel: null as string | null,
  on: vi.fn(), setFeedURL: vi.fn(), quitAndInstall: vi.fn(), checkForUpdates: vi.fn(async () => null),
}));
vi.mock('electron-updater', () => ({ default: { autoUpdater: fakeAutoUpdater } }));

// electron-store wraps `conf` (vi.mock('electron') cannot reach its own import): store through conf in a temp dir.
let storeDir: string;
vi.mock('electron-store', async () => {
  const { default: Conf } = await import('conf');
  return {
    default: class extends Conf<Record<string, unknown>> {
      constructor({ name, cwd, ...options }: { name?: string; cwd?: string; defaults?: Record<string, unknown> }) {
        super({ ...options, cwd: cwd ?? storeDir, configName: name ?? 'config' });
      }
    },
  };
});

const { confirmRestart, openChannelStore, RESTART_PROMPT, startAppUpdater } = await import('./updater.electron');

const fetchMock = vi.fn(async (..._args: unknown[]) => new Response(null, { headers: { 'x-min-client-version': '9.0.0' } }));

beforeEach(() => {
  resetElectronFake();
  storeDir = mkdtempSync(join(tmpdir(), 'updater-'));
  vi.stubGlobal('fetch', fetchMock);
  app.isPackaged = false;
  app.listeners.clear();
});
afterEach(() => {
  rmSync(storeDir, { recursive: true, force: true });
  vi.unstubAllGlobals();
});

describe('restart prompt', () => {
  it('asks 新版本已下载，是否立即重启安装？ over the window with 立即重启 / 稍后', async () => {
    const win = new BrowserWindow({});
    expect(await confirmRestart('1.3.0')).toBe(true);
    const [parent, options] = dialog.showMessageBox.mock.calls[0]!;
    expect(parent).toBe(win);
    expect(options).toMatchObject({ message: '新版本已下载，是否立即重启安装？', buttons: ['立即重启', '稍后'], defaultId: 0, cancelId: 1 });
    expect((options as { detail: string }).detail).toContain('1.3.0');
    expect(RESTART_PROMPT.buttons[0]).toBe('立即重启');
    dialog.showMessageBox.mockResolvedValueOnce({ response: 1 });
    expect(await confirmRestart('1.3.0')).toBe(false);
  });
});

describe('startAppUpdater', () => {
  it('in development: no self-update, but the floor of the configured server reaches the windows', async () => {
    const win = new BrowserWindow({});
    const updater = startAppUpdater(() => 'http://10.0.0.2:8080');
    await vi.waitFor(() => expect(win.webContents.send).toHaveBeenCalledWith('updates:state', expect.objectContaining({ belowFloor: true })));
    expect(fetchMock).toHaveBeenCalledWith('http://10.0.0.2:8080/', expect.objectContaining({ method: 'HEAD' }));
    expect(updater.state()).toMatchObject({ enabled: false, currentVersion: '0.1.0-test', minClientVersion: '9.0.0', channel: 'stable' });
    expect(fakeAutoUpdater.setFeedURL).not.toHaveBeenCalled();
    app.emit('will-quit');
  });

  it('packaged: drives electron-updater\'s autoUpdater against the server, and stops checking on quit', async () => {
    app.isPackaged = true;
    vi.useFakeTimers();
    try {
      const updater = startAppUpdater(() => 'http://10.0.0.2:8080');
      expect(updater.state().enabled).toBe(true);
      expect(fakeAutoUpdater.setFeedURL).toHaveBeenCalledWith(expect.objectContaining({ provider: 'generic', url: 'http://10.0.0.2:8080/updates/' }));
      expect(fakeAutoUpdater).toMatchObject({ autoDownload: true, autoInstallOnAppQuit: true });
      await vi.advanceTimersByTimeAsync(0);
      expect(fakeAutoUpdater.checkForUpdates).toHaveBeenCalledTimes(1);
      expect(vi.getTimerCount()).toBe(1);
      app.emit('will-quit');
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('channel setting', () => {
  it('is stable by default, keeps beta across starts, and reads a hand-edited value as stable', () => {
    expect(openChannelStore(storeDir).get()).toBe('stable');
    openChannelStore(storeDir).set('beta');
    expect(openChannelStore(storeDir).get()).toBe('beta');
    writeFileSync(join(storeDir, 'updates.json'), JSON.stringify({ channel: 'nightly' }));
    expect(openChannelStore(storeDir).get()).toBe('stable');
  });
});
