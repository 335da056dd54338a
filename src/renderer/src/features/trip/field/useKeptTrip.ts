import { useCallback, useSyncExternalStore } from 'react';
import type { KeptTrip } from '@renderer/features/offline';
import { keptTripSnapshot, subscribeKeptTrip } from './tripStore';

/** The device's copy of a trip, kept current (an act, a save, another tab): undefined while read, null when none. */
export function useKeptTrip(id: number): KeptTrip | null | undefined {
  const subscribe = useCallback((listener: () => void) => subscribeKeptTrip(id, listener), [id]);
  const snapshot = useCallback(() => keptTripSnapshot(id), [id]);
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

/** How old the copy is, in words. */
export function ageWords(t: (k: 'field.trip.justNow' | 'field.trip.minutes' | 'field.trip.hours' | 'field.trip.days', v?: Record<string, number>) => string, savedAt: number, now = Date.now()): string {
  const minutes = Math.floor((now - savedAt) / 60_000);
  if (minutes < 1) return t('field.trip.justNow');
  if (minutes < 60) return t('field.trip.minutes', { n: minutes });
  if (minutes < 48 * 60) return t('field.trip.hours', { n: Math.floor(minutes / 60) });
  return t('field.trip.days', { n: Math.floor(minutes / 1440) });
}
