import type { IpcHandlers } from './ipc';
import type { Settings } from './settings';

type SettingsHandlers = Pick<IpcHandlers, 'settings:getServerUrl' | 'settings:setServerUrl' | 'app:getVersion'>;

export function settingsHandlers(settings: Pick<Settings, 'getServerUrl' | 'setServerUrl'>, appVersion: () => string): SettingsHandlers {
  return {
    'settings:getServerUrl': () => settings.getServerUrl(),
    // Throws InvalidServerUrlError for bad input; the renderer's invoke rejects with its message.
    'settings:setServerUrl': (_ctx, url) => settings.setServerUrl(url),
    'app:getVersion': () => appVersion(),
  };
}
