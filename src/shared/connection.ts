/**
 * Where the desktop app finds its server: the plant's server at a saved address, or (standalone mode, a
 * plant with one PC) the bundled server the app starts itself. Shared by src/main (settings, the local
 * server) and the renderer's 服务器设置 and retry screens.
 */

/** Standalone mode as the user sets it on 服务器设置. */
export interface StandaloneSettings {
  standalone: boolean;
  /** Open the local server to other PCs of the LAN (listen on 0.0.0.0 instead of 127.0.0.1). */
  lanAccess: boolean;
  /** HTTP port of the local server; null: a free port (or STANDALONE_LAN_PORT when open to the LAN). */
  port: number | null;
}

export interface ConnectionState extends StandaloneSettings {
  /** The saved address of the plant's server; null on a fresh install until 服务器设置 saved one. */
  serverUrl: string | null;
  /** Where the app talks to now: the saved address, or the local server's while it runs; null: nowhere yet. */
  activeUrl: string | null;
  /** Why the local server is not running (standalone mode only), else null. */
  standaloneError: string | null;
}

/** The answer of 检测: GET <url>/ and the server's version from its x-app-version header. */
export type ServerProbe = { ok: true; url: string; version: string } | { ok: false; url: string; reason: string };

/** Other PCs must find a server open to the LAN at a known port, so it gets a fixed default. */
export const STANDALONE_LAN_PORT = 8080;
