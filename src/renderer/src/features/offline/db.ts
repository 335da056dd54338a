import Dexie, { type Table } from 'dexie';
import type { HouseholdCopyRow } from '@shared/api/household';
import type { TripManifest } from '@shared/api/trip';

/** The stations that keep working when the server is away (issue "offline stations"), and the field app's acts (issue 37). */
export const OFFLINE_STATIONS = ['pick', 'fill', 'inspect', 'metage', 'vacuum', 'inStock', 'outbound', 'recover', 'field'] as const;
export type OfflineStation = (typeof OFFLINE_STATIONS)[number];

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
 * A trip as the driver's device keeps it for a shift (issue 37): the server's manifest when saved, with the acts taken
 * on the device at its stops (a delivery, a take-back, a proof) laid over it, so the stop lists show them at once with
 * no network. The table `trips` holds the manifest as saved (written only by 保存离线); each act is a small record of
 * its own in `tripActs` (a scan writes a few hundred bytes, not the whole copy); tripStore merges them.
 */
export interface KeptTrip extends TripManifest {
  /** The trip's id (the key). */
  id: number;
  /** When the device saved the server's copy (epoch ms). */
  savedAt: number;
  /** Per stop id: the proof taken on this device (its body waits in `proofBodies` until the receipt came). */
  proofs: Record<number, KeptProof>;
}

/** The trip as saved (the row of `trips`): the manifest without the device's acts. */
export type SavedTrip = Omit<KeptTrip, 'proofs'> & { proofs?: Record<number, KeptProof> };

export interface KeptProof {
  scanId: string;
  /** The receipt's token once the server answered. */
  receiptToken: string | null;
  at: string;
}

/**
 * One act taken on the device at a stop of a kept trip (`tripActs`, keyed by trip and `key`): `d:<code>` a delivery,
 * `p:<code>` an empty taken back, `s:<stopId>` the stop's proof (with its receipt once the server gave it).
 */
export type TripAct =
  | { tripId: number; key: string; kind: 'deliver'; code: string }
  | { tripId: number; key: string; kind: 'pickup'; code: string; stopId: number; forced: boolean }
  | {
    tripId: number; key: string; kind: 'proof'; stopId: number; receiverName: string; provedAt: string;
    /** Per cylinder left on board: its 差异原因. */
    reasons: Record<string, string>;
    proof: KeptProof;
  };

/** A proof's body as sent (ProofBody: signature, photo…), kept to ask again for its receipt with the same scanId. */
export interface ProofBodyRow {
  scanId: string;
  tripId: number;
  stopId: number;
  body: Record<string, unknown>;
}

export interface MetaRow {
  key: string;
  value: unknown;
}

/** A household user as the field device keeps them (masked; the delivery rule's facts as saved), issue 37. */
export type KeptHousehold = HouseholdCopyRow;

export class OfflineDb extends Dexie {
  queue!: Table<QueuedScan, number>;
  facts!: Table<LocalFacts, string>;
  orders!: Table<LocalOrder, number>;
  meta!: Table<MetaRow, string>;
  trips!: Table<SavedTrip, number>;
  tripActs!: Table<TripAct, [number, string]>;
  proofBodies!: Table<ProofBodyRow, string>;
  households!: Table<KeptHousehold, number>;

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
    // Version 3: a kept trip's acts in small records of their own (a scan no longer rewrites the whole copy) and the
    // proofs' bodies (signature, photo) apart, so reading the trip never loads them. A version 2 copy already holds
    // its acts (its rows were changed by them): its proofs become act records, their bodies rows of `proofBodies`.
    this.version(3).stores({ tripActs: '[tripId+key], tripId', proofBodies: 'scanId, tripId' }).upgrade(async (tx) => {
      const trips = tx.table<SavedTrip & { proofs?: Record<number, KeptProof & { body?: Record<string, unknown> }> }, number>('trips');
      for (const trip of await trips.toArray()) {
        for (const [stopKey, old] of Object.entries(trip.proofs ?? {})) {
          const stopId = Number(stopKey);
          const stop = trip.stops.find((s) => s.id === stopId);
          await tx.table<TripAct>('tripActs').put({
            tripId: trip.id, key: `s:${stopId}`, kind: 'proof', stopId, receiverName: stop?.receiverName ?? '', provedAt: stop?.provedAt ?? old.at,
            reasons: {}, proof: { scanId: old.scanId, receiptToken: old.receiptToken, at: old.at },
          });
          if (!old.receiptToken && old.body && Object.keys(old.body).length) {
            await tx.table<ProofBodyRow>('proofBodies').put({ scanId: old.scanId, tripId: trip.id, stopId, body: old.body });
          }
        }
        delete trip.proofs;
        await trips.put(trip);
      }
    });
    // Version 4: a serving station's LPG household users (masked), to deliver to them offline.
    this.version(4).stores({ households: 'id, customerId' });
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
export const queueHint: { waiting: number | null; changes: number } = { waiting: null, changes: 0 };

/**
 * Keeps a count read from IndexedDB as the hint, unless the queue changed in this window since the read began (`since`:
 * queueHint.changes then): an enqueue or replay counted meanwhile would be lost, and a hint too low sends a scan ahead
 * of one still waiting.
 */
export function keepCountedHint(counted: number, since: number): void {
  if (queueHint.changes === since) queueHint.waiting = counted;
  else queueHint.waiting = null;
}

/** Called when the tests empty the database (a feature's copy in memory forgets what it held). */
export const offlineResetHooks = new Set<() => void>();

/** Tests start from an empty database. */
export async function resetOfflineDbForTests(): Promise<void> {
  queueHint.waiting = null;
  queueHint.changes += 1;
  const db = offlineDb();
  await Promise.all([db.queue.clear(), db.facts.clear(), db.orders.clear(), db.meta.clear(), db.trips.clear(), db.tripActs.clear(), db.proofBodies.clear(), db.households.clear()]);
  for (const hook of offlineResetHooks) hook();
}

export async function readMeta<T>(key: string): Promise<T | undefined> {
  return (await offlineDb().meta.get(key))?.value as T | undefined;
}

export async function writeMeta(key: string, value: unknown): Promise<void> {
  await offlineDb().meta.put({ key, value });
}
