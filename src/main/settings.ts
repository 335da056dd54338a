import Store from 'electron-store';

/**
 * Desktop settings kept with electron-store (a JSON file in the user-data folder). For now only the
 * backend origin the renderer talks to.
 */
export const DEFAULT_SERVER_URL = 'http://127.0.0.1:8080';

interface SettingsShape {
  serverUrl: string;
}

/** The part of electron-store we use, so tests can pass a real store in a temp dir or a plain fake. */
export interface KeyValueStore {
  get(key: 'serverUrl'): unknown;
  set(key: 'serverUrl', value: string): void;
}

export class InvalidServerUrlError extends Error {
  constructor(input: unknown, reason: string) {
    super(`服务器地址无效（${String(input)}）：${reason}。示例：http://192.168.1.10:8080`);
    this.name = 'InvalidServerUrlError';
  }
}

/**
 * Accepts an http(s) origin — scheme, host and optional port, nothing else — and returns it normalised
 * (lower-case host, default port dropped, no trailing slash). A path would be silently ignored by the
 * API client, credentials would leak into logs; both are rejected with a message a person can act on.
 */
export function validateServerUrl(input: unknown): string {
  if (typeof input !== 'string' || input.trim() === '') throw new InvalidServerUrlError(input, '不能为空');
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    throw new InvalidServerUrlError(input, '不是合法的网址');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new InvalidServerUrlError(input, '只支持 http 或 https');
  }
  if (url.username || url.password) throw new InvalidServerUrlError(input, '不能包含用户名或密码');
  if (url.pathname !== '/' || url.search || url.hash) {
    throw new InvalidServerUrlError(input, '只填写协议、主机和端口，不能包含路径或参数');
  }
  return url.origin;
}

export interface Settings {
  getServerUrl(): string;
  /** Validates, stores and returns the normalised URL; notifies onServerUrlChanged when it differs. */
  setServerUrl(input: unknown): string;
}

export function createSettings(store: KeyValueStore, onServerUrlChanged: (url: string) => void = () => {}): Settings {
  return {
    getServerUrl() {
      // A hand-edited config file must not break start-up: fall back to the default.
      try {
        return validateServerUrl(store.get('serverUrl'));
      } catch {
        return DEFAULT_SERVER_URL;
      }
    },
    setServerUrl(input) {
      const url = validateServerUrl(input);
      const previous = this.getServerUrl();
      store.set('serverUrl', url);
      if (url !== previous) onServerUrlChanged(url);
      return url;
    },
  };
}

/** The electron-store file; `cwd` only for tests (in the app it defaults to app.getPath('userData')). */
export function openSettingsStore(cwd?: string): KeyValueStore {
  return new Store<SettingsShape>({ name: 'settings', defaults: { serverUrl: DEFAULT_SERVER_URL }, ...(cwd ? { cwd } : {}) });
}
