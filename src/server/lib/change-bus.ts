import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import type { DB } from '../db/schema';

/** The one PostgreSQL channel every server of a plant listens on. */
export const CHANGE_CHANNEL = 'cylinder_changes';
const RETRY_FIRST_MS = 1000;
const RETRY_MAX_MS = 30_000;
/** PostgreSQL refuses payloads of 8000 bytes or more; a key is an id or a code, far below. */
const MAX_KEY_LENGTH = 1000;

/**
 * Called once for every change published on its topic by any server process of the database (this one
 * included), after the publishing transaction committed. `key` is what the publisher named (an id, a
 * code) or null: "anything of this topic may have changed" — sent after the listening connection was lost
 * and came back, since changes may have been missed meanwhile. Drop what you cached.
 */
export type ChangeHandler = (key: string | null) => void;

/**
 * Called with the payload of every NOTIFY on a channel (from any session of the database), or with null after the
 * listening connection was lost and came back: notices may have been missed meanwhile.
 */
export type ChannelHandler = (payload: string | null) => void;

/** What modules see as `app.changes`. */
export interface Changes {
  /**
   * Listens on a PostgreSQL channel of another module (the outbox's) on the process's one listening connection;
   * returns the unsubscribe. False `listening`: no connection to listen on (a database made outside createDb).
   */
  channel(name: string, handler: ChannelHandler): () => void;
  readonly listening: boolean;
  /** Runs `handler` for every change of `topic` in every process; returns the unsubscribe. */
  subscribe(topic: string, handler: ChangeHandler): () => void;
  /**
   * Tells every process that `topic` (and `key`, when given) changed. Pass the transaction that makes the
   * change: the notice then goes out when it commits, never for a change rolled back.
   */
  publish(db: Kysely<DB>, topic: string, key?: string | number): Promise<void>;
}

/**
 * Cache invalidation across every server process on one database, through PostgreSQL's LISTEN/NOTIFY:
 * one listening connection per process (outside the pool), re-opened with growing pauses when it ends; on
 * every re-connection all subscribers hear `null`. Without a connection to listen on (`connect` absent: a
 * database made outside createDb), notices are delivered in this process only. The same connection listens on
 * the channels other modules ask for (`channel`), so a process holds one listening connection, not one per module.
 */
export class ChangeBus implements Changes {
  private readonly handlers = new Map<string, Set<ChangeHandler>>();
  private readonly channels = new Map<string, Set<ChannelHandler>>();
  private client: pg.Client | null = null;
  private retryMs = 0;
  private timer: NodeJS.Timeout | null = null;
  private closed = false;
  private connectedOnce = false;

  constructor(
    private readonly connect: (() => pg.Client) | null,
    private readonly log: (message: string) => void,
  ) {}

  subscribe(topic: string, handler: ChangeHandler): () => void {
    let set = this.handlers.get(topic);
    if (!set) this.handlers.set(topic, (set = new Set()));
    set.add(handler);
    return () => set.delete(handler);
  }

  get listening(): boolean {
    return this.connect !== null;
  }

  channel(name: string, handler: ChannelHandler): () => void {
    if (!/^[a-z_][a-z0-9_]*$/.test(name) || name === CHANGE_CHANNEL) throw new Error(`Not a channel name: ${name}`);
    let set = this.channels.get(name);
    if (!set) {
      this.channels.set(name, (set = new Set()));
      // Already listening: add the channel now (a failure here is a lost connection, which re-listens to all).
      this.client?.query(`LISTEN ${name}`).catch(() => undefined);
    }
    set.add(handler);
    return () => set.delete(handler);
  }

  async publish(db: Kysely<DB>, topic: string, key?: string | number): Promise<void> {
    const k = key === undefined ? null : String(key).slice(0, MAX_KEY_LENGTH);
    if (!this.connect) {
      this.deliver(topic, k);
      return;
    }
    await sql`select pg_notify(${CHANGE_CHANNEL}, ${JSON.stringify({ t: topic, k })})`.execute(db);
  }

  /** Opens the listening connection; resolves once listening (or after the first failure, retrying in the background). */
  async start(): Promise<void> {
    if (!this.connect || this.closed) return;
    const client = this.connect();
    client.on('notification', (message) => {
      if (message.channel === CHANGE_CHANNEL) this.onNotice(message.payload);
      else this.onChannel(message.channel, message.payload ?? '');
    });
    client.on('error', () => this.lost(client));
    client.on('end', () => this.lost(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANGE_CHANNEL}`);
      for (const name of this.channels.keys()) await client.query(`LISTEN ${name}`);
    } catch (error) {
      this.log(`Change notices: cannot listen (${(error as Error).message}); trying again`);
      this.lost(client);
      return;
    }
    if (this.closed) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    this.retryMs = 0;
    // What was published while no one listened here is unknown: every cache starts over.
    if (this.connectedOnce) {
      this.log('Change notices: listening again');
      for (const topic of this.handlers.keys()) this.deliver(topic, null);
      for (const name of this.channels.keys()) this.onChannel(name, null);
    }
    this.connectedOnce = true;
  }

  async stop(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  private lost(client: pg.Client): void {
    if (this.client && this.client !== client) return;
    this.client = null;
    client.removeAllListeners('end');
    client.end().catch(() => undefined);
    if (this.closed || this.timer) return;
    this.retryMs = Math.min(RETRY_MAX_MS, this.retryMs ? this.retryMs * 2 : RETRY_FIRST_MS);
    // A first connection that failed counts as lost too: caches loaded meanwhile may miss a change.
    this.connectedOnce = true;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.start();
    }, this.retryMs);
    this.timer.unref();
  }

  private onNotice(payload: string | undefined): void {
    try {
      const { t, k } = JSON.parse(payload ?? '') as { t: unknown; k: unknown };
      if (typeof t === 'string') this.deliver(t, typeof k === 'string' ? k : null);
    } catch {
      // Not ours (someone else's NOTIFY on the channel): ignored.
    }
  }

  private onChannel(name: string, payload: string | null): void {
    for (const handler of this.channels.get(name) ?? []) {
      try {
        handler(payload);
      } catch (error) {
        this.log(`Change notices: a handler of channel ${name} failed: ${(error as Error).message}`);
      }
    }
  }

  private deliver(topic: string, key: string | null): void {
    for (const handler of this.handlers.get(topic) ?? []) {
      try {
        handler(key);
      } catch (error) {
        this.log(`Change notices: a handler of ${topic} failed: ${(error as Error).message}`);
      }
    }
  }
}
