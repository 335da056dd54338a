/**
 * Session storage with a deadline beside every value (SPEC sections 3, 4 and 9).
 * The value lives under its key as JSON; its deadline (epoch ms) under `<key>${EXPIRY_SUFFIX}`.
 */
export const STORAGE_KEYS = {
  USER_INFO: 'USER_INFO',
  USER_ID: 'USER_ID',
  TOKEN: 'TOKEN',
  SET_USER_PROMISE_KEY: 'SET_USER_PROMISE_KEY',
  SET_USER_MENU_LIST_KEY: 'SET_USER_MENU_LIST_KEY',
  BREADCRUMB: 'BREADCRUMB',
  CONNECT_HISTORY: 'CONNECT_HISTORY',
  MATERIAL_WEIGHING: 'MATERIAL_WEIGHING',
  HISTORY_ACC: 'HISTORY_ACC',
  FILLINGUSER: 'FILLINGUSER',
  TESTUSER: 'TESTUSER',
  METAGEUSER: 'METAGEUSER',
} as const;
export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

/** Suffix of the key holding a value's deadline. */
export const EXPIRY_SUFFIX = '_TIMESTAMP';
/** Default stored lifetime: 30 hours. */
export const DEFAULT_LIFETIME_MS = 30 * 60 * 60 * 1000;
/** Reading a live value pushes its deadline to 300 hours from now. */
export const READ_EXTENSION_MS = 1_080_000_000;
/**
 * A read writes the pushed deadline only when it moves by more than this: the user and the token are read by every
 * request and every kept scan, and the write was most of such a read (about 2 ms of a scan on a throttled phone). The
 * deadline is then 300 hours from a read at most a minute ago.
 */
export const READ_EXTENSION_STEP_MS = 60_000;

export function setItem<T>(key: StorageKey, value: T, lifetimeMs = DEFAULT_LIFETIME_MS): void {
  sessionStorage.setItem(key, JSON.stringify(value));
  sessionStorage.setItem(key + EXPIRY_SUFFIX, String(Date.now() + lifetimeMs));
}

export function removeItem(key: StorageKey): void {
  sessionStorage.removeItem(key);
  sessionStorage.removeItem(key + EXPIRY_SUFFIX);
}

/** The live value of a key, or null when absent or expired (an expired value is removed). */
export function getItem<T>(key: StorageKey): T | null {
  const raw = sessionStorage.getItem(key);
  if (raw === null) return null;
  const deadline = Number(sessionStorage.getItem(key + EXPIRY_SUFFIX));
  // A value without a readable deadline was not written by us: treat it as expired.
  if (!Number.isFinite(deadline) || deadline <= Date.now()) {
    removeItem(key);
    return null;
  }
  try {
    const value = JSON.parse(raw) as T;
    const extended = Date.now() + READ_EXTENSION_MS;
    if (extended - deadline > READ_EXTENSION_STEP_MS) sessionStorage.setItem(key + EXPIRY_SUFFIX, String(extended));
    return value;
  } catch {
    removeItem(key);
    return null;
  }
}

/** Removes every key of this module (used when the session is gone). */
export function clearAll(): void {
  for (const key of Object.values(STORAGE_KEYS)) removeItem(key);
}
