import { app, BrowserWindow } from 'electron';
import { join } from 'node:path';
import { APP_ENTRY_URL, devRendererUrl } from './app-origin';
import { buildCsp } from './csp';
import { startDevices } from './devices.handlers';
import { broadcastEvent, registerIpcHandlers } from './ipc';
import { rendererDir } from './paths';
import { handleAppProtocol, registerAppScheme } from './protocol';
import { createSettings, openSettingsStore } from './settings';
import { settingsHandlers } from './settings.handlers';
import { createMainWindow, hardenDefaultSession } from './window';
import { windowHandlers } from './window.handlers';

// Privileged schemes must be declared before 'ready'.
registerAppScheme();

if (!app.requestSingleInstanceLock()) {
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
    });

  // A second launch focuses the running window instead of opening another client.
  app.on('second-instance', () => {
    const win = BrowserWindow.getAllWindows()[0];
    if (!win) return;
    if (win.isMinimized()) win.restore();
    win.focus();
  });

  void app.whenReady().then(() => {
    settings = createSettings(openSettingsStore(), (url) => broadcastEvent('app:serverUrlChanged', url));
    handleAppProtocol(rendererDir(), currentCsp);
    hardenDefaultSession({ devUrl, currentCsp });
    registerIpcHandlers(
      { ...windowHandlers(), ...settingsHandlers(settings, () => app.getVersion()), ...startDevices(() => settings.getServerUrl()) },
      { devUrl },
    );
    openWindow();
    app.on('activate', () => {
      if (BrowserWindow.getAllWindows().length === 0) openWindow();
    });
  });

  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
}
