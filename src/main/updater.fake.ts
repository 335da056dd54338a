import { createUpdater, type Updater } from './updater';
import { updaterHandlers } from './updater.handlers';

/**
 * An updater that never updates (as in development), for tests that register every IPC handler but are
 * about something else. Its state and floor are reachable through the updates:* channels.
 */
export function idleUpdater(version = '1.0.0'): Updater {
  return createUpdater({
    autoUpdater: null,
    currentVersion: version,
    serverUrl: () => 'http://127.0.0.1:8080',
    channel: { get: () => 'stable', set: () => {} },
    fetchMinClientVersion: async () => null,
    broadcast: () => {},
    confirmRestart: async () => false,
  });
}

export const idleUpdaterHandlers = (version?: string) => updaterHandlers(idleUpdater(version));
