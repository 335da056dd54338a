import { useSyncExternalStore } from 'react';

/**
 * Whether this PC reaches the server, as the stations and the sync loop found it: offline from the first
 * call that got no answer (network error, timeout, no server) until one is answered again; syncing while
 * the queue is being sent again.
 */
export interface Connectivity {
  online: boolean;
  /** Epoch ms of the first unanswered call of this outage; null online. */
  since: number | null;
  syncing: boolean;
}

let state: Connectivity = { online: true, since: null, syncing: false };
const listeners = new Set<() => void>();

function set(next: Partial<Connectivity>): void {
  const merged = { ...state, ...next };
  if (merged.online === state.online && merged.since === state.since && merged.syncing === state.syncing) return;
  state = merged;
  for (const l of listeners) l();
}

export const connectivity = {
  get: (): Connectivity => state,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** A call got no answer. */
  lost(at = Date.now()): void {
    if (state.online) set({ online: false, since: at });
  },
  /** A call was answered (even with a refusal): the server is there. */
  answered(): void {
    if (!state.online) set({ online: true, since: null });
  },
  syncing(on: boolean): void {
    set({ syncing: on });
  },
  /** Tests start online. */
  reset(): void {
    state = { online: true, since: null, syncing: false };
    for (const l of listeners) l();
  },
};

export function useConnectivity(): Connectivity {
  return useSyncExternalStore(connectivity.subscribe, connectivity.get, connectivity.get);
}
