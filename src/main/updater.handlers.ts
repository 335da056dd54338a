import type { IpcHandlers } from './ipc';
import type { Updater } from './updater';

type UpdaterHandlers = Pick<IpcHandlers, 'updates:getState' | 'updates:check' | 'updates:setChannel' | 'updates:install'>;

/** 关于 / 检查更新 in the renderer: read the state, check now, switch channel, restart into the download. */
export function updaterHandlers(updater: Updater): UpdaterHandlers {
  return {
    'updates:getState': () => updater.state(),
    'updates:check': () => updater.check(),
    // Throws for a channel other than stable/beta; the renderer's invoke rejects with the message.
    'updates:setChannel': (_ctx, channel) => updater.setChannel(channel),
    'updates:install': () => updater.install(),
  };
}
