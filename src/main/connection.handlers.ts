import type { ConnectionState, ServerProbe } from '../shared/connection';
import type { IpcHandlers } from './ipc';
import { probeServer } from './server-probe';
import type { Settings } from './settings';
import type { StandaloneHost } from './standalone-host';

type ConnectionHandlers = Pick<IpcHandlers, 'settings:getConnection' | 'settings:probeServer' | 'settings:setStandalone'>;

export interface ConnectionDeps {
  settings: Settings;
  standalone: Pick<StandaloneHost, 'apply' | 'lastError'>;
  probe?: (url: string) => Promise<ServerProbe>;
}

export function connectionState({ settings, standalone }: ConnectionDeps): ConnectionState {
  return {
    serverUrl: settings.getSavedServerUrl(),
    ...settings.getStandalone(),
    activeUrl: settings.getServerUrl() || null,
    standaloneError: standalone.lastError(),
  };
}

/** 服务器设置 and the renderer's start-up check: where the server is, 检测, and standalone mode. */
export function connectionHandlers(deps: ConnectionDeps): ConnectionHandlers {
  return {
    'settings:getConnection': () => connectionState(deps),
    'settings:probeServer': (_ctx, url) => (deps.probe ?? probeServer)(url),
    // Invalid input throws (the renderer shows the message); a server that fails to start does not:
    // the answer carries standaloneError.
    'settings:setStandalone': async (_ctx, input) => {
      deps.settings.setStandalone(input);
      await deps.standalone.apply();
      return connectionState(deps);
    },
  };
}
