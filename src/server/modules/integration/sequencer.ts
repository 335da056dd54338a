import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Changes } from '../../lib/change-bus';
import { onCommitted } from '../../db/committed';
import { lastSeq, numberBatch, OUTBOX_CHANNEL, SEQUENCED_CHANNEL } from './outbox.repository';

/** The most rows one numbering transaction takes; a larger backlog is numbered in several, at once. */
export const BATCH = 2000;
/** How often it numbers without being woken: a safety net, and the retry after a failed numbering. */
export const FALLBACK_MS = 1000;

export type SequencedHandler = (lastSeq: number) => void;

/**
 * The outbox's sequencer (docs/INTEGRATION.md): in every server process, woken after this process's transactions
 * commit (db/committed.ts: the transition engine and inTransaction), by its fallback timer (what other writers left)
 * and after the listening connection came back; numbers the committed
 * rows in transactions that hold the counter's lock, so the processes number one at a time. Also hears
 * NOTIFY outbox_sequenced from every process and tells its subscribers the last number. It listens on the process's
 * one listening connection (`app.changes`, lib/change-bus.ts), which re-opens itself when lost.
 */
export class Sequencer {
  private readonly handlers = new Set<SequencedHandler>();
  private readonly unlisten: Array<() => void> = [];
  private fallback: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private closed = false;
  /** Numbering failed last time: said once per outage, not every second. */
  private failing = false;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly changes: Changes,
    private readonly log: (message: string) => void,
  ) {
    // Woken by this process's commits (db/committed.ts); NOTIFY outbox is still heard from a server of an older version
    // on the same database. Subscribed now, before the app is ready: the bus starts listening on these channels with its own.
    this.unlisten.push(onCommitted(() => void this.wake()));
    this.unlisten.push(changes.channel(OUTBOX_CHANNEL, () => void this.wake()));
    this.unlisten.push(changes.channel(SEQUENCED_CHANNEL, (payload) => {
      // null: the connection came back and numbers given meanwhile were missed: number now, then tell the last one.
      if (payload === null) {
        void this.wake().then(() => lastSeq(this.db)).then((last) => this.deliver(last), () => undefined);
        return;
      }
      const last = Number(payload);
      if (Number.isSafeInteger(last)) this.deliver(last);
    }));
  }

  /** Calls `handler` with the last number after every numbering of any process; returns the unsubscribe. */
  onSequenced(handler: SequencedHandler): () => void {
    this.handlers.add(handler);
    return () => this.handlers.delete(handler);
  }

  start(): void {
    if (this.closed) return;
    this.fallback = setInterval(() => void this.wake(), FALLBACK_MS);
    this.fallback.unref();
    void this.wake();
  }

  /** Stops numbering and waits for a numbering in progress. */
  async stop(): Promise<void> {
    this.closed = true;
    if (this.fallback) clearInterval(this.fallback);
    for (const off of this.unlisten) off();
    await this.running;
  }

  /** Numbers what is there now; resolves when done (a wake during a run runs once more after it). */
  wake(): Promise<void> {
    if (this.closed) return Promise.resolve();
    if (this.running) {
      this.again = true;
      // Resolves after the run that follows this one (it sees what committed before this call).
      return this.running.then(() => this.running ?? undefined);
    }
    this.running = this.drain().finally(() => {
      this.running = null;
      if (this.again && !this.closed) {
        this.again = false;
        void this.wake();
      }
    });
    return this.running;
  }

  private async drain(): Promise<void> {
    try {
      for (;;) {
        const done = await numberBatch(this.db, BATCH);
        if (this.failing) this.log('Outbox: numbering again');
        this.failing = false;
        if (!done) return;
        // Without a listening connection (a database made outside createDb) the subscribers hear it from here.
        if (done.numbered > 0 && !this.changes.listening) this.deliver(done.lastSeq);
        if (done.numbered < BATCH || this.closed) return;
      }
    } catch (error) {
      if (!this.failing) this.log(`Outbox: numbering failed (${(error as Error).message}); tried again every second`);
      this.failing = true;
    }
  }

  private deliver(lastSeq: number): void {
    for (const handler of this.handlers) {
      try {
        handler(lastSeq);
      } catch (error) {
        this.log(`Outbox: a subscriber failed: ${(error as Error).message}`);
      }
    }
  }
}
