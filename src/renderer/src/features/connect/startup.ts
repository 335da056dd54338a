import type { ConnectionState, ServerProbe } from '@shared/connection';
import type { DesktopApi } from '@shared/ipc';

/**
 * The desktop app's start-up check, before login or any screen: is there a server, and does it answer?
 * Pure decisions here; StartupGate.tsx runs them. In a browser (web mode) the page's origin is the
 * server, so none of this applies.
 */
export type StartupStatus =
  | { kind: 'checking'; url: string | null }
  | { kind: 'ready' }
  /** No address saved and not standalone: 服务器设置 first. */
  | { kind: 'needsAddress' }
  /** `url` null: the local server (standalone); `reason` null: it is simply not running. */
  | { kind: 'unreachable'; url: string | null; reason: string | null; standalone: boolean; attempt: number };

export type FirstStep = Exclude<StartupStatus, { kind: 'checking' } | { kind: 'ready' }> | { kind: 'probe'; url: string };

export function firstStep(connection: ConnectionState, attempt = 0): FirstStep {
  if (connection.standalone) {
    // The main process waited for the local server before opening the window: it answers, or it failed.
    if (connection.activeUrl) return { kind: 'probe', url: connection.activeUrl };
    return { kind: 'unreachable', url: null, reason: connection.standaloneError, standalone: true, attempt };
  }
  if (!connection.serverUrl) return { kind: 'needsAddress' };
  return { kind: 'probe', url: connection.activeUrl ?? connection.serverUrl };
}

export function afterProbe(probe: ServerProbe, standalone: boolean, attempt: number): StartupStatus {
  if (probe.ok) return { kind: 'ready' };
  return { kind: 'unreachable', url: standalone ? null : probe.url, reason: probe.reason, standalone, attempt };
}

/** Waits between automatic retries of a remote server: 2, 4, 8, 16, then every 30 seconds. */
export function retryDelayMs(attempt: number): number {
  return Math.min(2000 * 2 ** Math.max(0, attempt), 30_000);
}

/**
 * A remote server is retried by itself (it may be booting, or the network coming up). A local server that
 * failed to start is not: each try starts PostgreSQL again, so the user decides (重试).
 */
export function autoRetries(status: StartupStatus): boolean {
  return status.kind === 'unreachable' && !status.standalone;
}

type ConnectionApi = Pick<DesktopApi, 'settingsGetConnection' | 'settingsProbeServer' | 'settingsSetStandalone'>;

/**
 * window.api when it is the desktop shell's full bridge. Undefined in a browser — and for a partial stand-in
 * without the connection channels, which is treated like a browser rather than crashing the start.
 */
export function connectionApi(): ConnectionApi | undefined {
  const api = typeof window === 'undefined' ? undefined : window.api;
  return api && typeof api.settingsGetConnection === 'function' ? api : undefined;
}

/** The reason from a rejected IPC call, without Electron's "Error invoking remote method '…': XError:" prefix. */
export function ipcErrorMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/^Error invoking remote method '[^']*':\s*/, '').replace(/^\w*Error:\s*/, '');
}
