import { app, BrowserWindow, dialog, type MessageBoxOptions } from 'electron';
import Store from 'electron-store';
// CommonJS with a lazy `autoUpdater` getter: taken from the default export (electron-builder's advice for ESM).
import electronUpdater from 'electron-updater';
import type { UpdateChannel } from '../shared/updates';
import { broadcastEvent } from './ipc';
import { createUpdater, fetchMinClientVersion, type ChannelStore, type Updater } from './updater';

/** The native question asked when a release has been downloaded (button 0 restarts). */
export const RESTART_PROMPT = {
  title: '软件更新',
  message: '新版本已下载，是否立即重启安装？',
  buttons: ['立即重启', '稍后'],
} as const;

/** 立即重启 → true; 稍后 (or closing the box) → false, and the release installs when the app quits. */
export async function confirmRestart(version: string): Promise<boolean> {
  const options: MessageBoxOptions = {
    type: 'question',
    title: RESTART_PROMPT.title,
    message: RESTART_PROMPT.message,
    detail: `新版本 ${version}。选择“稍后”将在退出程序时自动安装。`,
    buttons: [...RESTART_PROMPT.buttons],
    defaultId: 0,
    cancelId: 1,
    noLink: true,
  };
  const win = BrowserWindow.getAllWindows()[0];
  const { response } = win ? await dialog.showMessageBox(win, options) : await dialog.showMessageBox(options);
  return response === 0;
}

/** The update channel of this PC, kept with electron-store (updates.json in the user-data folder). */
export function openChannelStore(cwd?: string): ChannelStore {
  const store = new Store<{ channel: UpdateChannel }>({ name: 'updates', defaults: { channel: 'stable' }, ...(cwd ? { cwd } : {}) });
  return {
    // A hand-edited file with anything else means stable.
    get: () => (store.get('channel') === 'beta' ? 'beta' : 'stable'),
    set: (channel) => store.set('channel', channel),
  };
}

/**
 * Started once from index.ts after 'ready'. A build that is not packaged (development, `electron .`) does
 * not update itself — electron-updater would refuse anyway — but still reads the server's version floor.
 */
export function startAppUpdater(serverUrl: () => string): Updater {
  const updater = createUpdater({
    autoUpdater: app.isPackaged ? electronUpdater.autoUpdater : null,
    currentVersion: app.getVersion(),
    serverUrl,
    channel: openChannelStore(),
    fetchMinClientVersion: (url) => fetchMinClientVersion(url),
    broadcast: (state) => broadcastEvent('updates:state', state),
    confirmRestart,
    log: (message) => console.warn(`[updater] ${message}`),
  });
  updater.start();
  app.on('will-quit', () => updater.stop());
  return updater;
}
