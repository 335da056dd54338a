/**
 * "A transaction of this process committed and may have written outbox rows": raised after the commits of the
 * transition engine and inTransaction, heard by the outbox's sequencer of every app in the process (modules/integration),
 * which numbers what is there. It replaces a NOTIFY per committed transaction (PostgreSQL serialises notifying commits:
 * bench/README "The outbox on and off"); rows written by other transactions are numbered by the sequencer's
 * one-second timer, and other processes' rows by their own sequencers.
 */
const listeners = new Set<() => void>();

export function onCommitted(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function committed(): void {
  for (const l of listeners) l();
}

/** `work`'s promise, raising committed() once it has resolved (the transaction committed). */
export async function thenCommitted<T>(work: Promise<T>): Promise<T> {
  const result = await work;
  committed();
  return result;
}
