import Dexie, { type Table } from 'dexie';

/** The stations that keep working when the server is away (issue "offline stations"). */
export type OfflineStation = 'pick' | 'fill' | 'inspect' | 'metage' | 'vacuum' | 'inStock' | 'outbound' | 'recover';

/**
 * One scan kept while the server could not be reached: the call to send again (path and body, with the
 * scan's own scanId, so a scan that did reach the server acts once), when it happened at the station and
 * who did it where.
 */
export interface QueuedScan {
  /** Scan order on this PC (auto-increment): replay goes by it. */
  seq?: number;
  station: OfflineStation;
  scanId: string;
  code: string;
  /** The API path the scan calls, without the /api prefix (as the HTTP client takes it). */
  url: string;
  body: Record<string, unknown>;
  /** The station's time of the scan (ISO), sent as X-Station-At on replay. */
  at: string;
  /** The station's operator field and the signed-in user. */
  operator: string;
  userName: string;
  workstation: string;
  /** Words shown for the scan (what was measured), for the lists. */
  note?: string;
  /** Replay attempts that got no answer, and when to try next (epoch ms). */
  tries: number;
  nextAt: number;
  lastError?: string;
  /** The outbound order the scan belongs to (出库扫描), for the local line counts. */
  orderId?: number;
  lineKey?: string;
}

/** What the station's checks need of one cylinder (the change feed keeps it current); keyed by code. */
export interface LocalFacts {
  code: string;
  id: number;
  [field: string]: unknown;
}

/** An outbound order with its lines as last seen online: offline scans are counted against it. */
export interface LocalOrder {
  id: number;
  orderNo: string;
  /** Per line: what it may hold and what the server had counted when last seen. */
  lines: { key: string; materialId: number | null; specification: string | null; quantity: number; scanned: number; name: string }[];
  /** Codes on the order when last seen (the server's). */
  codes: string[];
  savedAt: number;
}

export interface MetaRow {
  key: string;
  value: unknown;
}

export class OfflineDb extends Dexie {
  queue!: Table<QueuedScan, number>;
  facts!: Table<LocalFacts, string>;
  orders!: Table<LocalOrder, number>;
  meta!: Table<MetaRow, string>;

  constructor(name = 'cylinder-offline') {
    super(name);
    this.version(1).stores({
      queue: '++seq, station, scanId, code, orderId',
      facts: 'code, id',
      orders: 'id',
      meta: 'key',
    });
  }
}

let instance: OfflineDb | null = null;

/** The one local database of this browser profile (per PC and site). */
export function offlineDb(): OfflineDb {
  instance ??= new OfflineDb();
  return instance;
}

/**
 * Scans waiting on this PC as this window last counted them (each enqueue, replay and queue summary keeps it),
 * null before the first count: a scan on a PC with nothing waiting does not ask IndexedDB (the scan path stays
 * fast); a scan queued in another tab is counted at the sync loop's next round.
 */
export const queueHint: { waiting: number | null } = { waiting: null };

/** Tests start from an empty database. */
export async function resetOfflineDbForTests(): Promise<void> {
  queueHint.waiting = null;
  const db = offlineDb();
  await Promise.all([db.queue.clear(), db.facts.clear(), db.orders.clear(), db.meta.clear()]);
}

export async function readMeta<T>(key: string): Promise<T | undefined> {
  return (await offlineDb().meta.get(key))?.value as T | undefined;
}

export async function writeMeta(key: string, value: unknown): Promise<void> {
  await offlineDb().meta.put({ key, value });
}
