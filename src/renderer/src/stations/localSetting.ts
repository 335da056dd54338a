import { useCallback, useState } from 'react';

/**
 * What a station remembers on this PC across sign-ins (SPEC 3 storage keys): its operator and its gas.
 * Kept in localStorage, not in the session storage cleared at sign-out: the station keeps its set-up.
 */
export const STATION_KEYS = {
  /** The operator of the picking and filling stations. */
  fillingUser: 'FILLINGUSER',
  /** The operator of the re-weighing station. */
  reweighUser: 'METAGEUSER',
  /** The operator of the inspection station. */
  testUser: 'TESTUSER',
  /** The gas chosen at the picking / filling station (its id). */
  material: 'MATERIAL_WEIGHING',
} as const;
export type StationKey = (typeof STATION_KEYS)[keyof typeof STATION_KEYS];

export function readSetting<T>(key: StationKey, fallback: T): T {
  try {
    const raw = localStorage.getItem(key);
    return raw === null ? fallback : (JSON.parse(raw) as T);
  } catch {
    return fallback;
  }
}

export function writeSetting<T>(key: StationKey, value: T): void {
  try {
    if (value === null || value === undefined || value === '') localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // A full or blocked storage only means the station asks again next time.
  }
}

/** useState remembered in localStorage under `key`. */
export function useLocalSetting<T>(key: StationKey, fallback: T): [T, (value: T) => void] {
  const [value, setValue] = useState<T>(() => readSetting(key, fallback));
  const set = useCallback((next: T) => {
    setValue(next);
    writeSetting(key, next);
  }, [key]);
  return [value, set];
}
