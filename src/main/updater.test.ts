import { EventEmitter } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UpdateChannel, UpdateState, UpdateStatus } from '../shared/updates';
import { ALLOW_DOWNGRADE, CHECK_INTERVAL_MS, createUpdater, fetchMinClientVersion, type AutoUpdaterLike, type UpdaterDeps } from './updater';

type Script = (u: FakeAutoUpdater) => void | Promise<void>;

/** electron-updater's AppUpdater as far as the updater uses it; a check plays the scripted events. */
class FakeAutoUpdater extends EventEmitter implements AutoUpdaterLike {
  autoDownload = false;
  autoInstallOnAppQuit = false;
  allowPrerelease = false;
  allowDowngrade = false;
  private current: string | null = null;
  get channel(): string | null {
    return this.current;
  }
  // As electron-updater does: setting a channel turns downgrades on.
  set channel(value: string | null) {
    this.current = value;
    this.allowDowngrade = true;
  }
  script: Script = (u) => {
    u.emit('checking-for-update');
    u.emit('update-not-available', { version: '1.0.0' });
  };
  setFeedURL = vi.fn();
  quitAndInstall = vi.fn();
  checkForUpdates = vi.fn(async () => {
    await this.script(this);
    return {};
  });
}

/** A release found and downloaded in the background, with progress. */
const release = (version: string): Script => (u) => {
  u.emit('checking-for-update');
  u.emit('update-available', { version });
  for (const percent of [12.34, 57.9, 100]) u.emit('download-progress', { percent, bytesPerSecond: 1000, transferred: percent, total: 100 });
  u.emit('update-downloaded', { version, downloadedFile: `/tmp/cylinder-trace-${version}.exe` });
};

function setup(overrides: Partial<UpdaterDeps> & { floor?: string | null | Error; channel?: UpdateChannel; answer?: boolean } = {}) {
  const autoUpdater = new FakeAutoUpdater();
  const states: UpdateState[] = [];
  let channel: UpdateChannel = overrides.channel ?? 'stable';
  let serverUrl = 'http://10.0.0.2:8080';
  let floor = overrides.floor === undefined ? null : overrides.floor;
  const confirmRestart = vi.fn(async () => overrides.answer ?? false);
  const fetchFloor = vi.fn(async () => {
    if (floor instanceof Error) throw floor;
    return floor;
  });
  const updater = createUpdater({
    autoUpdater,
    currentVersion: '1.2.0',
    serverUrl: () => serverUrl,
    channel: { get: () => channel, set: (c) => void (channel = c) },
    fetchMinClientVersion: fetchFloor,
    broadcast: (s) => void states.push(s),
    confirmRestart,
    ...overrides,
  });
  /** The statuses the renderer was told, without repeats. */
  const statuses = (): UpdateStatus[] => states.map((s) => s.status).filter((s, i, all) => i === 0 || all[i - 1] !== s);
  return {
    updater, autoUpdater, states, statuses, confirmRestart, fetchFloor,
    setServer: (url: string) => void (serverUrl = url),
    setFloor: (f: string | null | Error) => void (floor = f),
    channel: () => channel,
  };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('updater: feed and channel', () => {
  it('points electron-updater at the configured server\'s /updates/ with the stable channel, downloading and installing on quit', async () => {
    const { updater, autoUpdater } = setup();
    updater.start();
    await updater.check();
    expect(autoUpdater.setFeedURL).toHaveBeenCalledWith({ provider: 'generic', url: 'http://10.0.0.2:8080/updates/', channel: 'latest', useMultipleRangeRequest: false });
    expect(autoUpdater).toMatchObject({ channel: 'latest', allowPrerelease: false, autoDownload: true, autoInstallOnAppQuit: true, allowDowngrade: ALLOW_DOWNGRADE });
    updater.stop();
  });

  it('reads beta.yml and accepts pre-releases on the beta channel, and keeps a channel switch', async () => {
    const { updater, autoUpdater, channel } = setup();
    updater.start();
    const state = await updater.setChannel('beta');
    expect(channel()).toBe('beta');
    expect(state.channel).toBe('beta');
    expect(autoUpdater.setFeedURL).toHaveBeenLastCalledWith(expect.objectContaining({ channel: 'beta' }));
    expect(autoUpdater).toMatchObject({ channel: 'beta', allowPrerelease: true, allowDowngrade: ALLOW_DOWNGRADE });
    await expect(updater.setChannel('nightly')).rejects.toThrow('更新通道无效：nightly');
    expect(channel()).toBe('beta');
    updater.stop();
  });

  it('follows a change of the server address: new feed, new floor, a check at once', async () => {
    const { updater, autoUpdater, setServer, setFloor, fetchFloor } = setup({ floor: '1.3.0' });
    updater.start();
    await updater.check();
    expect(updater.state().belowFloor).toBe(true);
    setServer('http://10.0.0.9:8080');
    setFloor(null);
    updater.serverUrlChanged();
    await vi.waitFor(() => expect(autoUpdater.setFeedURL).toHaveBeenLastCalledWith(expect.objectContaining({ url: 'http://10.0.0.9:8080/updates/' })));
    expect(fetchFloor).toHaveBeenLastCalledWith('http://10.0.0.9:8080');
    expect(updater.state()).toMatchObject({ minClientVersion: null, belowFloor: false });
    updater.stop();
  });
});

describe('updater: no server yet', () => {
  it('asks nothing before a server address is known (first run, local server starting), then checks once it is', async () => {
    let address = '';
    const { updater, autoUpdater, fetchFloor } = setup({ serverUrl: () => address });
    updater.start();
    await updater.check();
    expect(autoUpdater.setFeedURL).not.toHaveBeenCalled();
    expect(autoUpdater.checkForUpdates).not.toHaveBeenCalled();
    expect(fetchFloor).not.toHaveBeenCalled();
    address = 'http://10.0.0.2:8080';
    updater.serverUrlChanged();
    await vi.waitFor(() => expect(autoUpdater.checkForUpdates).toHaveBeenCalled());
    expect(autoUpdater.setFeedURL).toHaveBeenCalledWith(expect.objectContaining({ url: 'http://10.0.0.2:8080/updates/' }));
    updater.stop();
  });
});

describe('updater: the update flow', () => {
  it('says none when the server has nothing newer', async () => {
    const { updater, statuses } = setup();
    const state = await updater.check();
    expect(statuses()).toEqual(['checking', 'none']);
    expect(state.status).toBe('none');
    expect(state.checkedAt).toBeDefined();
  });

  it('goes checking → available → downloading with progress → downloaded, then asks to restart; 立即重启 installs now', async () => {
    const { updater, autoUpdater, states, statuses, confirmRestart } = setup({ answer: true });
    autoUpdater.script = release('1.3.0');
    await updater.check();
    expect(statuses()).toEqual(['checking', 'available', 'downloading', 'downloaded']);
    expect(states.filter((s) => s.status === 'downloading').map((s) => s.percent)).toEqual([12, 58, 100]);
    expect(updater.state()).toMatchObject({ status: 'downloaded', availableVersion: '1.3.0', currentVersion: '1.2.0' });
    await vi.waitFor(() => expect(autoUpdater.quitAndInstall).toHaveBeenCalledWith(true, true));
    expect(confirmRestart).toHaveBeenCalledWith('1.3.0');
  });

  it('稍后 leaves the release for the quit, and does not ask again for the same version', async () => {
    const { updater, autoUpdater, confirmRestart } = setup({ answer: false });
    autoUpdater.script = release('1.3.0');
    await updater.check();
    await vi.waitFor(() => expect(confirmRestart).toHaveBeenCalledTimes(1));
    expect(autoUpdater.quitAndInstall).not.toHaveBeenCalled();
    expect(autoUpdater.autoInstallOnAppQuit).toBe(true);
    await updater.check(); // electron-updater reports the cached download again
    expect(confirmRestart).toHaveBeenCalledTimes(1);
    // The About dialog's 立即重启 installs the downloaded release.
    updater.install();
    expect(autoUpdater.quitAndInstall).toHaveBeenCalledWith(true, true);
  });

  it('refuses to install when nothing was downloaded', () => {
    const { updater } = setup();
    expect(() => updater.install()).toThrow('没有已下载的新版本');
  });

  it('shows an error with electron-updater\'s message, and recovers at the next check', async () => {
    const { updater, autoUpdater, statuses } = setup();
    autoUpdater.script = (u) => {
      u.emit('checking-for-update');
      const error = new Error('Cannot find channel "latest.yml" update info: HttpError: 404');
      u.emit('error', error);
      throw error;
    };
    const failed = await updater.check();
    expect(failed).toMatchObject({ status: 'error', error: 'Cannot find channel "latest.yml" update info: HttpError: 404' });
    autoUpdater.script = release('1.3.0');
    await updater.check();
    expect(statuses()).toEqual(['checking', 'error', 'checking', 'available', 'downloading', 'downloaded']);
    expect(updater.state().error).toBeUndefined();
  });

  it('an error during the download ends in error', async () => {
    const { updater, autoUpdater } = setup();
    autoUpdater.script = (u) => {
      u.emit('checking-for-update');
      u.emit('update-available', { version: '1.3.0' });
      u.emit('download-progress', { percent: 40 });
      u.emit('error', new Error('sha512 checksum mismatch'));
    };
    expect(await updater.check()).toMatchObject({ status: 'error', error: 'sha512 checksum mismatch', availableVersion: '1.3.0' });
  });

  it('checks at start and every 4 hours, without a second check while one runs; stop() ends it', async () => {
    vi.useFakeTimers();
    const { updater, autoUpdater } = setup();
    updater.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(autoUpdater.checkForUpdates).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(CHECK_INTERVAL_MS - 1000);
    expect(autoUpdater.checkForUpdates).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(autoUpdater.checkForUpdates).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(CHECK_INTERVAL_MS);
    expect(autoUpdater.checkForUpdates).toHaveBeenCalledTimes(3);
    updater.stop();
    await vi.advanceTimersByTimeAsync(CHECK_INTERVAL_MS * 3);
    expect(autoUpdater.checkForUpdates).toHaveBeenCalledTimes(3);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('does not update a build that is not packaged, but still reads the floor', async () => {
    const { updater, fetchFloor } = setup({ autoUpdater: null, floor: '2.0.0' });
    updater.start();
    const state = await updater.check();
    expect(state).toMatchObject({ enabled: false, status: 'none', minClientVersion: '2.0.0', belowFloor: true });
    expect(fetchFloor).toHaveBeenCalled();
    updater.stop();
  });
});

describe('updater: the version floor', () => {
  it.each([
    [null, false],
    ['1.1.0', false],
    ['1.2.0', false],
    ['1.2.1', true],
    ['not-a-version', false],
  ])('floor %s → below floor %s (client 1.2.0)', async (floor, below) => {
    const { updater } = setup({ floor });
    expect(await updater.check()).toMatchObject({ minClientVersion: floor, belowFloor: below });
  });

  it('keeps what it knew when the server cannot be asked, and tells the renderer when the floor moves', async () => {
    const { updater, setFloor, states } = setup({ floor: '1.3.0' });
    await updater.check();
    setFloor(new Error('ECONNREFUSED'));
    expect(await updater.check()).toMatchObject({ minClientVersion: '1.3.0', belowFloor: true });
    setFloor('1.0.0');
    await updater.check();
    expect(states.at(-1)).toMatchObject({ minClientVersion: '1.0.0', belowFloor: false });
  });
});

describe('fetchMinClientVersion', () => {
  let server: Server;
  let url: string;
  let header: string | undefined;
  beforeEach(async () => {
    server = createServer((req, res) => {
      res.setHeader('x-seen', `${req.method} ${req.url}`);
      if (header !== undefined) res.setHeader('x-min-client-version', header);
      res.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterEach(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it('reads the x-min-client-version header of HEAD /', async () => {
    header = '1.4.0';
    const seen: string[] = [];
    const spy: typeof fetch = async (input, init) => {
      const res = await fetch(input, init);
      seen.push(res.headers.get('x-seen') ?? '');
      return res;
    };
    expect(await fetchMinClientVersion(`${url}/`, spy)).toBe('1.4.0');
    expect(seen).toEqual(['HEAD /']);
    header = undefined;
    expect(await fetchMinClientVersion(url)).toBeNull();
  });

  it('rejects when the server is not there', async () => {
    await new Promise((resolve) => server.close(resolve));
    server = createServer();
    server.listen(0);
    await expect(fetchMinClientVersion(url)).rejects.toThrow();
  });
});
