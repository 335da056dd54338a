/**
 * Desktop updates: the server publishes installers under /updates/ (electron-builder's generic provider
 * layout) and may declare the oldest client it accepts; the desktop app's update state as the renderer
 * sees it over the bridge.
 */

/** Where the server serves the updates folder; the desktop app's feed is `${serverUrl}${UPDATES_PATH}`. */
export const UPDATES_PATH = '/updates/';

/** Response header of GET / (and HEAD /): the oldest desktop client version the server accepts. */
export const MIN_CLIENT_VERSION_HEADER = 'x-min-client-version';

/** stable reads latest.yml, beta reads beta.yml (electron-builder's channel files). */
export type UpdateChannel = 'stable' | 'beta';
export const UPDATE_CHANNELS: readonly UpdateChannel[] = ['stable', 'beta'];

/** electron-updater's channel name for a setting. */
export function updaterChannel(channel: UpdateChannel): 'latest' | 'beta' {
  return channel === 'beta' ? 'beta' : 'latest';
}

export function updatesFeedUrl(serverUrl: string): string {
  return `${serverUrl.replace(/\/+$/, '')}${UPDATES_PATH}`;
}

/** none → checking → available → downloading → downloaded, or error from any of them. */
export type UpdateStatus = 'none' | 'checking' | 'available' | 'downloading' | 'downloaded' | 'error';

export interface UpdateState {
  status: UpdateStatus;
  /** False when this build does not update itself (development, not packaged): updates come with an installer. */
  enabled: boolean;
  channel: UpdateChannel;
  currentVersion: string;
  /** The version found on the server (available, downloading, downloaded). */
  availableVersion?: string;
  /** Download progress, 0–100 (downloading). */
  percent?: number;
  /** What went wrong (error), as electron-updater says it. */
  error?: string;
  /** When the last check finished (ISO time). */
  checkedAt?: string;
  /** The server's MIN_CLIENT_VERSION, null when it declares none or could not be asked. */
  minClientVersion: string | null;
  /** This client is older than the server accepts: it must update before using the server. */
  belowFloor: boolean;
}
