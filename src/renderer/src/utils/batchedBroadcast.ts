/**
 * A BroadcastChannel whose messages go out a moment after they are told and together: each distinct message once per
 * moment. For changes other windows of this browser only need to hear of (they read IndexedDB again), told on a path
 * that must stay fast — a driver's scan tells them after the scan's verdict is on screen, and a burst of scans is one
 * message. Null outside a browser with BroadcastChannel (nothing to tell). Half a second by default: each message is
 * its own task of a few milliseconds on a throttled phone, which a scan arriving then waits behind.
 */
export interface BatchedBroadcast<T extends string | number> {
  /** Queues `message` for the next batch (a message already queued is sent once). */
  tell(message: T): void;
  /** Calls `listener` with each message another window sent; returns the unsubscribe. */
  listen(listener: (message: unknown) => void): () => void;
}

export function batchedBroadcast<T extends string | number>(name: string, delayMs = 500): BatchedBroadcast<T> | null {
  if (typeof BroadcastChannel !== 'function') return null;
  const channel = new BroadcastChannel(name);
  const untold = new Set<T>();
  return {
    tell(message) {
      if (!untold.size) {
        setTimeout(() => {
          for (const m of untold) channel.postMessage(m);
          untold.clear();
        }, delayMs);
      }
      untold.add(message);
    },
    listen(listener) {
      const onMessage = (m: MessageEvent) => listener(m.data);
      channel.addEventListener('message', onMessage);
      return () => channel.removeEventListener('message', onMessage);
    },
  };
}
