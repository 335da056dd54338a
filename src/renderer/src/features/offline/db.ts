import Dexie, { type Table } from 'dexie';
import type { TripManifest } from '@shared/api/trip';

/** The stations that keep working when the server is away (issue "offline stations"), and the field app's acts (issue 37). */
export type OfflineStation = 'pick' | 'fill' | 'inspect' | 'metage' | 'vacuum' | 'inStock' | 'outbound' | 'recover' | 'field';

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

/**
 * A trip as the driver's device keeps it for a shift (issue 37): the server's manifest when saved, changed on the
 * device by each act at a stop (a delivery, a take-back, a proof), so the stop lists show them at once with no network.
 */
export interface KeptTrip extends TripManifest {
  /** The trip's id (the key). */
  id: number;
  /** When the device saved the server's copy (epoch ms). */
  savedAt: number;
  /** Per stop id: the proof taken on this device, kept until the server's answer gave its receipt. */
  proofs: Record<number, KeptProof>;
}

export interface KeptProof {
  scanId: string;
  /** The proof's body as sent (ProofBody), to ask again for the receipt with the same scanId once the queue has drained. */
  body: Record<string, unknown>;
  /** The receipt's token once the server answered. */
  receiptToken: string | null;
  at: string;
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
  trips!: Table<KeptTrip, number>;

  constructor(name = 'cylinder-offline') {
    super(name);
    this.version(1).stores({
      queue: '++seq, station, scanId, code, orderId',
      facts: 'code, id',
      orders: 'id',
      meta: 'key',
    });
    // Version 2 (issue 37) adds the field app's saved trips; the stations' tables are kept as they are.
    this.version(2).stores({ trips: 'id' });
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
  await Promise.all([db.queue.clear(), db.facts.clear(), db.orders.clear(), db.meta.clear(), db.trips.clear()]);
}

export async function readMeta<T>(key: string): Promise<T | undefined> {
  return (await offlineDb().meta.get(key))?.value as T | undefined;
}

export async function writeMeta(key: string, value: unknown): Promise<void> {
  await offlineDb().meta.put({ key, value });
}
