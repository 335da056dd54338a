import { app, BrowserWindow } from 'electron';
import { join } from 'node:path';
import { APP_ENTRY_URL, devRendererUrl } from './app-origin';
import { connectionHandlers } from './connection.handlers';
import { buildCsp } from './csp';
import { releaseRelaysBeforeQuit, startDevices } from './devices.handlers';
import { broadcastEvent, registerIpcHandlers } from './ipc';
import { rendererDir } from './paths';
import { handleAppProtocol, registerAppScheme } from './protocol';
import { createSettings, openSettingsStore } from './settings';
import { settingsHandlers } from './settings.handlers';
import { createStandaloneHost, stopBeforeQuit } from './standalone-host';
import { startAppUpdater } from './updater.electron';
import { updaterHandlers } from './updater.handlers';
import { createMainWindow, hardenDefaultSession } from './window';
import { windowHandlers } from './window.handlers';
import { claimSingleInstance } from './window-instance';

// Privileged schemes must be declared before 'ready'.
registerAppScheme();

// One client per PC; a second launch focuses the running window instead.
if (!claimSingleInstance(() => BrowserWindow.getAllWindows()[0])) {
  app.quit();
} else {
  const devUrl = devRendererUrl();
  let settings: ReturnType<typeof createSettings>;
  const currentCsp = (): string => buildCsp({ serverUrl: settings.getServerUrl(), devUrl });
  const openWindow = (): BrowserWindow =>
    createMainWindow({
      url: devUrl ?? APP_ENTRY_URL,
      devUrl,
      currentCsp,
      // resources/ ships inside the asar (electron-builder.yml files), so this holds packaged too.
      icon: join(app.getAppPath(), 'resources/icon.png'),
      windowState: { saved: settings.getWindowState(), save: (state) => settings.setWindowState(state) },
    });

  void app.whenReady().then(async () => {
    settings = createSettings(openSettingsStore(), (url) => {
      broadcastEvent('app:serverUrlChanged', url);
      // Called only after start-up (the renderer changes the address), when `updater` exists.
      updater.serverUrlChanged();
    });
    // Updates and the version floor come from the configured server (/updates/, x-min-client-version).
    const updater = startAppUpdater(() => settings.getServerUrl());
    // Standalone mode: the bundled server on an embedded PostgreSQL under <userData>/server.
    const standalone = createStandaloneHost(settings);
    stopBeforeQuit(standalone);
    handleAppProtocol(rendererDir(), currentCsp);
    hardenDefaultSession({ devUrl, currentCsp });
    const devices = startDevices(() => settings.getServerUrl());
    releaseRelaysBeforeQuit(app, devices.station);
    registerIpcHandlers(
      { ...windowHandlers(), ...settingsHandlers(settings, () => app.getVersion()), ...devices.handlers, ...updaterHandlers(updater),
        ...connectionHandlers({ settings, standalone }) },
      { devUrl },
    );
    // The local server (standalone) answers, or its failure is known to the retry screen, before the window opens.
    await standalone.apply();
    openWindow();
    app.on('activate', () => {
      if (BrowserWindow.getAllWindows().length === 0) openWindow();
    });
  });

  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
}
