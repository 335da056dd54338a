import Store from 'electron-store';
import type { StandaloneSettings } from '../shared/connection';
import { validateServerUrl, validateStandaloneSettings } from './settings-rules';
import { MIN_HEIGHT, MIN_WIDTH } from './window-policy';

export {
  InvalidServerUrlError,
  InvalidStandaloneSettingsError,
  MIN_STANDALONE_PORT,
  validateServerUrl,
  validateStandaloneSettings,
} from './settings-rules';

/**
 * Desktop settings kept with electron-store (a JSON file in the user-data folder): where the server is
 * (a saved address, or standalone mode), and the window's last bounds.
 *
 * A fresh install has no address: the renderer asks for one (服务器设置) before the login screen, instead of
 * silently talking to a server that is not there.
 */

/** The window as it was closed, restored at the next start (window-state.ts). */
export interface WindowState {
  x?: number;
  y?: number;
  width: number;
  height: number;
  maximized: boolean;
}

/** The part of electron-store we use, so tests can pass a real store in a temp dir or a plain fake. */
export interface KeyValueStore {
  get(key: string): unknown;
  set(key: string, value: unknown): void;
}

function readWindowState(raw: unknown): WindowState | null {
  if (!raw || typeof raw !== 'object') return null;
  const s = raw as Record<string, unknown>;
  const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
  if (!finite(s.width) || !finite(s.height)) return null;
  return {
    ...(finite(s.x) && finite(s.y) ? { x: Math.round(s.x), y: Math.round(s.y) } : {}),
    width: Math.max(MIN_WIDTH, Math.round(s.width)),
    height: Math.max(MIN_HEIGHT, Math.round(s.height)),
    maximized: s.maximized === true,
  };
}

export interface Settings {
  /**
   * The origin the renderer talks to: the local server's while standalone mode runs it, else the saved
   * address; '' when there is none yet (first run, or a local server that is not running).
   */
  getServerUrl(): string;
  /** Validates, stores and returns the normalised URL; notifies onServerUrlChanged when the active one differs. */
  setServerUrl(input: unknown): string;
  /** The saved address of the plant's server, null until one was saved. */
  getSavedServerUrl(): string | null;
  getStandalone(): StandaloneSettings;
  /** Validates and stores standalone mode (starting or stopping the server is standalone-host.ts's). */
  setStandalone(input: unknown): StandaloneSettings;
  /** Set by the standalone host when its server answers (its URL) and when it stops (null). Not stored. */
  setLocalServerUrl(url: string | null): void;
  getWindowState(): WindowState | null;
  setWindowState(state: WindowState): void;
}

export function createSettings(store: KeyValueStore, onServerUrlChanged: (url: string) => void = () => {}): Settings {
  let localServerUrl: string | null = null;
  const saved = (): string | null => {
    // A hand-edited config file must not break start-up: an invalid address counts as none.
    try {
      return validateServerUrl(store.get('serverUrl'));
    } catch {
      return null;
    }
  };
  const standalone = (): StandaloneSettings => {
    try {
      return validateStandaloneSettings({
        standalone: store.get('standalone') ?? false,
        lanAccess: store.get('lanAccess') ?? false,
        port: store.get('standalonePort') ?? null,
      });
    } catch {
      return { standalone: false, lanAccess: false, port: null };
    }
  };
  const active = (): string => (standalone().standalone ? (localServerUrl ?? '') : (saved() ?? ''));
  /** Runs a change and tells the windows when the active origin moved. */
  const changing = <T>(change: () => T): T => {
    const before = active();
    const result = change();
    const after = active();
    if (after !== before) onServerUrlChanged(after);
    return result;
  };

  return {
    getServerUrl: active,
    setServerUrl(input) {
      const url = validateServerUrl(input);
      changing(() => store.set('serverUrl', url));
      return url;
    },
    getSavedServerUrl: saved,
    getStandalone: standalone,
    setStandalone(input) {
      const next = validateStandaloneSettings(input);
      changing(() => {
        store.set('standalone', next.standalone);
        store.set('lanAccess', next.lanAccess);
        store.set('standalonePort', next.port);
      });
      return next;
    },
    setLocalServerUrl(url) {
      changing(() => (localServerUrl = url));
    },
    getWindowState: () => readWindowState(store.get('windowState')),
    setWindowState(state) {
      const valid = readWindowState(state);
      if (valid) store.set('windowState', valid);
    },
  };
}

/** The electron-store file; `cwd` only for tests (in the app it defaults to app.getPath('userData')). */
export function openSettingsStore(cwd?: string): KeyValueStore {
  // No default server address: an empty store is how a first run is recognised.
  return new Store<Record<string, unknown>>({ name: 'settings', ...(cwd ? { cwd } : {}) });
}
