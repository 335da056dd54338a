import {
  MIN_CLIENT_VERSION_HEADER,
  UPDATE_CHANNELS,
  updaterChannel,
  updatesFeedUrl,
  type UpdateChannel,
  type UpdateState,
} from '../shared/updates';
import { isBelowFloor } from '../shared/version';

/**
 * The desktop app keeps itself up to date from the server it is configured for: electron-updater's generic
 * provider reads `${serverUrl}/updates/latest.yml` (or beta.yml), downloads in the background and installs
 * on quit unless the user restarts at once. This file is the logic only — electron-updater and the native
 * dialog are passed in (updater.electron.ts), so the flow is tested with fakes.
 */

/** Check at start and then this often: IT publishes during the day, the PCs run for weeks. */
export const CHECK_INTERVAL_MS = 4 * 60 * 60 * 1000;

/**
 * The updates folder is the version the plant runs: copying an older release back into it rolls the PCs
 * back (README, Desktop releases). electron-updater would otherwise ignore an older latest.yml.
 */
export const ALLOW_DOWNGRADE = true;

/** How long asking the server for its version floor may take. */
const FLOOR_TIMEOUT_MS = 10_000;

/** The part of electron-updater's AppUpdater used here; the real autoUpdater has it, tests pass a fake. */
export interface AutoUpdaterLike {
  autoDownload: boolean;
  autoInstallOnAppQuit: boolean;
  allowPrerelease: boolean;
  allowDowngrade: boolean;
  channel: string | null;
  setFeedURL(options: { provider: 'generic'; url: string; channel?: string; useMultipleRangeRequest?: boolean }): void;
  checkForUpdates(): Promise<unknown>;
  quitAndInstall(isSilent?: boolean, isForceRunAfter?: boolean): void;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- electron-updater's typed events, seen untyped
  on(event: string, listener: (...args: any[]) => void): unknown;
}

export interface ChannelStore {
  get(): UpdateChannel;
  set(channel: UpdateChannel): void;
}

export interface UpdaterDeps {
  /** null when this build does not update itself (not packaged): the floor is still checked. */
  autoUpdater: AutoUpdaterLike | null;
  currentVersion: string;
  serverUrl(): string;
  channel: ChannelStore;
  /** The server's MIN_CLIENT_VERSION, null for none; rejects when the server cannot be asked. */
  fetchMinClientVersion(serverUrl: string): Promise<string | null>;
  /** Every state change, for the renderer (the updates:state event). */
  broadcast(state: UpdateState): void;
  /** 新版本已下载，是否立即重启安装？ — true for 立即重启. */
  confirmRestart(version: string): Promise<boolean>;
  intervalMs?: number;
  log?: (message: string) => void;
}

export interface Updater {
  state(): UpdateState;
  /** Checks now and every CHECK_INTERVAL_MS. */
  start(): void;
  /** Asks the server for its floor and, when enabled, for a newer release; answers the state afterwards. */
  check(): Promise<UpdateState>;
  setChannel(channel: unknown): Promise<UpdateState>;
  /** The configured server changed: point the feed at it and check again. */
  serverUrlChanged(): void;
  /** Quit and install the downloaded release now. */
  install(): void;
  /** Stops the periodic check (on quit). */
  stop(): void;
}

type Info = { version?: string };

export function createUpdater(deps: UpdaterDeps): Updater {
  const au = deps.autoUpdater;
  const log = deps.log ?? (() => {});
  let state: UpdateState = {
    status: 'none',
    enabled: au !== null,
    channel: deps.channel.get(),
    currentVersion: deps.currentVersion,
    minClientVersion: null,
    belowFloor: false,
  };
  let fed: { url: string; channel: string } | null = null;
  let timer: NodeJS.Timeout | undefined;
  let promptedVersion: string | undefined;
  let started = false;

  const statusNow = (): UpdateState['status'] => state.status;
  const set = (patch: Partial<UpdateState>): void => {
    state = { ...state, ...patch };
    deps.broadcast(state);
  };

  /** (Re)points electron-updater at the configured server and channel; cheap when nothing changed. */
  const applyFeed = (updater: AutoUpdaterLike): void => {
    if (!deps.serverUrl()) return;
    const url = updatesFeedUrl(deps.serverUrl());
    const channel = updaterChannel(state.channel);
    if (fed?.url === url && fed.channel === channel) return;
    // One range per request: @fastify/static (the server) answers a multi-range request with the whole file.
    updater.setFeedURL({ provider: 'generic', url, channel, useMultipleRangeRequest: false });
    updater.channel = channel;
    updater.allowPrerelease = state.channel === 'beta';
    // Set after channel: electron-updater's channel setter turns allowDowngrade on by itself.
    updater.allowDowngrade = ALLOW_DOWNGRADE;
    fed = { url, channel };
  };

  const refreshFloor = async (): Promise<void> => {
    // No server yet (first run, or the local server still starting): nothing to ask.
    if (!deps.serverUrl()) return;
    try {
      const floor = await deps.fetchMinClientVersion(deps.serverUrl());
      if (floor !== state.minClientVersion || isBelowFloor(deps.currentVersion, floor) !== state.belowFloor) {
        set({ minClientVersion: floor, belowFloor: isBelowFloor(deps.currentVersion, floor) });
      }
    } catch (e) {
      // An unreachable server keeps what was known: being offline must not block (nor unblock) the app.
      log(`version floor not read: ${(e as Error).message}`);
    }
  };

  const checkForUpdate = async (): Promise<void> => {
    if (!au || state.status === 'checking' || state.status === 'downloading') return;
    if (!deps.serverUrl()) return;
    applyFeed(au);
    try {
      await au.checkForUpdates();
    } catch (e) {
      set({ status: 'error', error: (e as Error).message });
    }
    // A check that ended without saying anything (electron-updater inactive) is not left 'checking'
    // (read through a function: the events changed `state` while this function awaited).
    const ended = statusNow() === 'checking' ? { status: 'none' as const } : {};
    set({ checkedAt: new Date().toISOString(), ...ended });
  };

  const onDownloaded = async (info: Info): Promise<void> => {
    const version = info.version ?? state.availableVersion ?? '';
    set({ status: 'downloaded', availableVersion: version, percent: 100, error: undefined });
    // electron-updater reports a cached download again at the next check: ask once per version.
    if (promptedVersion === version) return;
    promptedVersion = version;
    try {
      if (await deps.confirmRestart(version)) au?.quitAndInstall(true, true);
    } catch (e) {
      log(`restart prompt failed: ${(e as Error).message}`);
    }
  };

  const listen = (updater: AutoUpdaterLike): void => {
    updater.autoDownload = true;
    updater.autoInstallOnAppQuit = true;
    updater.on('checking-for-update', () => set({ status: 'checking', error: undefined }));
    updater.on('update-available', (info: Info) =>
      set({ status: 'available', availableVersion: info.version, percent: 0, error: undefined }),
    );
    updater.on('update-not-available', () => set({ status: 'none', availableVersion: undefined, percent: undefined, error: undefined }));
    updater.on('download-progress', (progress: { percent?: number }) =>
      set({ status: 'downloading', percent: Math.max(0, Math.min(100, Math.round(progress.percent ?? 0))) }),
    );
    updater.on('update-downloaded', (info: Info) => void onDownloaded(info));
    updater.on('error', (error: Error | null) => set({ status: 'error', error: error?.message ?? String(error) }));
  };

  // Listening from the start: a check asked for by the renderer before start() still reports its states.
  if (au) {
    listen(au);
    applyFeed(au);
  }

  const check = async (): Promise<UpdateState> => {
    await Promise.all([refreshFloor(), checkForUpdate()]);
    return state;
  };

  return {
    state: () => state,
    start() {
      if (started) return;
      started = true;
      void check();
      timer = setInterval(() => void check(), deps.intervalMs ?? CHECK_INTERVAL_MS);
      // The timer must not keep a quitting app alive.
      timer.unref?.();
    },
    check,
    async setChannel(channel) {
      if (typeof channel !== 'string' || !UPDATE_CHANNELS.includes(channel as UpdateChannel)) {
        throw new Error(`更新通道无效：${String(channel)}`);
      }
      deps.channel.set(channel as UpdateChannel);
      set({ channel: channel as UpdateChannel });
      return check();
    },
    serverUrlChanged() {
      // The floor belongs to the old server; the new one is asked at once.
      set({ minClientVersion: null, belowFloor: false });
      void check();
    },
    install() {
      if (!au || state.status !== 'downloaded') throw new Error('没有已下载的新版本');
      au.quitAndInstall(true, true);
    },
    stop() {
      clearInterval(timer);
      timer = undefined;
    },
  };
}

/**
 * The server's MIN_CLIENT_VERSION, from the header of HEAD / (sent with every answer to the site root, so
 * even a server without the web UI tells it). null when the server declares none.
 */
export async function fetchMinClientVersion(serverUrl: string, fetchImpl: typeof fetch = fetch): Promise<string | null> {
  const res = await fetchImpl(`${serverUrl.replace(/\/+$/, '')}/`, { method: 'HEAD', signal: AbortSignal.timeout(FLOOR_TIMEOUT_MS) });
  const value = res.headers.get(MIN_CLIENT_VERSION_HEADER)?.trim();
  return value ? value : null;
}
