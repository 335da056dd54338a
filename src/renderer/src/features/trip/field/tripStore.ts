import type { ManifestCylinder, ManifestStop, TripManifest } from '@shared/api/trip';
import type { StopFact, TripCylinderFact } from '@shared/trip/delivery';
import { batchedBroadcast } from '@renderer/utils/batchedBroadcast';
import { offlineDb, offlineResetHooks, writeTripEffect, type KeptProof, type KeptTrip, type SavedTrip, type TripAct, type TripEffect } from '@renderer/features/offline';

/**
 * The driver's copy of a trip on the device: the server's manifest as saved (IndexedDB table `trips`, written only
 * by 保存离线) with the acts taken on the device laid over it (table `tripActs`, one small record per act), so the stop
 * lists show an act at once with no network.
 *
 * The merged copy is kept in memory, one per trip, and changed by each act as it is recorded: a scan reads no copy from
 * IndexedDB and writes a few hundred bytes (the act), where it used to read the whole copy (400 cylinders, 30 stops'
 * holdings) twice and write it once. The pages follow it through useKeptTrip. Another tab's acts come through a
 * BroadcastChannel (the copy is read again from IndexedDB).
 */

type Snapshot = KeptTrip | null | undefined;
interface Entry {
  value: Snapshot;
  listeners: Set<() => void>;
  loading: Promise<KeptTrip | null> | null;
  /** The generation the read under way began at. */
  loadingGen: number;
  /** Moves on with every change: a read from IndexedDB begun before a change does not overwrite it. */
  gen: number;
}
const entries = new Map<number, Entry>();

function entry(id: number): Entry {
  let e = entries.get(id);
  if (!e) entries.set(id, (e = { value: undefined, listeners: new Set(), loading: null, loadingGen: 0, gen: 0 }));
  return e;
}

function set(e: Entry, value: Snapshot): void {
  e.value = value;
  for (const l of e.listeners) l();
}

/** Other tabs hear of this tab's acts by trip id, together a moment later (they read the copy again). */
const otherTabs = batchedBroadcast<number>('cylinder-field-trips');
otherTabs?.listen((id) => {
  if (typeof id === 'number' && entries.get(id)?.value !== undefined) void load(id);
});
const tellOtherTabs = (id: number): void => otherTabs?.tell(id);

/** Tests: the copies in memory are forgotten (as when the app opens again); a page showing one reads it again. */
export function forgetKeptTripsForTests(): void {
  for (const [id, e] of entries) {
    e.gen += 1;
    e.loading = null;
    set(e, undefined);
    if (e.listeners.size) load(id).catch(() => set(e, null));
  }
}
offlineResetHooks.add(forgetKeptTripsForTests);

/** Reads the copy from IndexedDB (again); a read overtaken by a change gives way to one begun after it. */
function load(id: number): Promise<KeptTrip | null> {
  const e = entry(id);
  const gen = ++e.gen;
  const db = offlineDb();
  const read = (async (): Promise<KeptTrip | null> => {
    let value: KeptTrip | null;
    try {
      value = await db.transaction('r', db.trips, db.tripActs, async () => {
        const saved = await db.trips.get(id);
        return saved ? withActs(saved, await db.tripActs.where('tripId').equals(id).toArray()) : null;
      });
    } catch (error) {
      if (e.loadingGen === gen) e.loading = null;
      throw error;
    }
    // Changed meanwhile: a read begun since is the answer, else one begins now.
    if (gen !== e.gen) return e.loading && e.loadingGen !== gen ? e.loading : load(id);
    e.loading = null;
    set(e, value);
    return value;
  })();
  e.loading = read;
  e.loadingGen = gen;
  return read;
}

/** The device's copy of trip `id` (the last act included); null when the device holds none. */
export async function keptTrip(id: number): Promise<KeptTrip | null> {
  const e = entry(id);
  if (e.value !== undefined) return e.value;
  return e.loading ?? load(id);
}

/** For useSyncExternalStore: the copy as held now (undefined until read), and its changes. */
export function keptTripSnapshot(id: number): Snapshot {
  return entry(id).value;
}
export function subscribeKeptTrip(id: number, listener: () => void): () => void {
  const e = entry(id);
  e.listeners.add(listener);
  if (e.value === undefined && !e.loading) load(id).catch(() => set(e, null));
  return () => void e.listeners.delete(listener);
}

/** Saves the server's manifest (保存离线), keeping the proofs taken on this device (their receipts may not have come yet). */
export async function keepManifest(manifest: TripManifest, now = Date.now()): Promise<KeptTrip> {
  const db = offlineDb();
  const id = manifest.trip.id;
  await db.transaction('rw', db.trips, db.tripActs, async () => {
    await db.trips.put({ ...manifest, id, savedAt: now });
    // The server's manifest holds every act it has taken (nothing waits when it is saved): the device's deliveries and
    // take-backs go with the old copy (one the server refused must not show as done); the proofs stay for their receipts.
    await db.tripActs.where('tripId').equals(id).filter((a) => a.kind !== 'proof').delete();
  });
  tellOtherTabs(id);
  return (await load(id))!;
}

/**
 * The copy with `acts` laid over it: a new object sharing every stop, cylinder and pickup the acts leave as they were
 * (the pages' memoized rows render again only for what changed).
 */
export function withActs(saved: SavedTrip, acts: readonly TripAct[]): KeptTrip {
  const trip: KeptTrip = { ...saved, proofs: { ...saved.proofs } };
  if (!acts.length) return trip;
  let cylinders: ManifestCylinder[] | null = null;
  let stops: ManifestStop[] | null = null;
  let pickups: KeptTrip['pickups'] | null = null;
  for (const act of acts) {
    if (act.kind === 'deliver') {
      const i = (cylinders ?? trip.cylinders).findIndex((c) => c.code === act.code);
      if (i >= 0 && (cylinders ?? trip.cylinders)[i]!.outcome !== 'delivered') {
        cylinders ??= [...trip.cylinders];
        cylinders[i] = { ...cylinders[i]!, outcome: 'delivered' };
      }
    } else if (act.kind === 'pickup') {
      const list = pickups ?? trip.pickups;
      if (!list.some((p) => p.code === act.code)) (pickups ??= [...trip.pickups]).push({ stopId: act.stopId, code: act.code, forced: act.forced });
    } else {
      stops ??= [...trip.stops];
      const i = stops.findIndex((s) => s.id === act.stopId);
      if (i >= 0) stops[i] = { ...stops[i]!, status: 1, receiverName: act.receiverName, provedAt: act.provedAt };
      if (Object.keys(act.reasons).length) {
        cylinders = (cylinders ?? trip.cylinders).map((c) => (c.stopId === act.stopId && act.reasons[c.code] ? { ...c, reason: act.reasons[c.code]! } : c));
      }
      trip.proofs[act.stopId] = act.proof;
    }
  }
  if (cylinders) trip.cylinders = cylinders;
  if (stops) trip.stops = stops;
  if (pickups) trip.pickups = pickups;
  return trip;
}

/**
 * An act written to IndexedDB (by the caller, with the queued call in one transaction, or here): the copy in memory
 * takes it, the pages show it, other tabs read it.
 */
export function actKept(act: TripAct): void {
  const e = entry(act.tripId);
  e.gen += 1;
  if (e.value) set(e, withActs(e.value, [act]));
  else if (e.listeners.size || e.loading) void load(act.tripId);
  tellOtherTabs(act.tripId);
}

/** Records an act taken online (its call answered): written, then shown. */
export async function keepEffect(effect: TripEffect): Promise<void> {
  const db = offlineDb();
  await db.transaction('rw', db.tripActs, db.proofBodies, () => writeTripEffect(db, effect));
  actKept(effect.act);
}

export const deliveredAct = (tripId: number, code: string): TripAct => ({ tripId, key: `d:${code}`, kind: 'deliver', code });
export const pickupRecord = (tripId: number, stopId: number, code: string, forced: boolean): TripAct =>
  ({ tripId, key: `p:${code}`, kind: 'pickup', code, stopId, forced });
/** The proof taken at a stop: the stop is closed, each cylinder left on board carries its reason. */
export const provedAct = (tripId: number, stopId: number, proof: KeptProof, receiverName: string, reasons: Record<string, string>): TripAct =>
  ({ tripId, key: `s:${stopId}`, kind: 'proof', stopId, receiverName, provedAt: proof.at, reasons, proof });

/** A proof's receipt came: kept with the proof, its body no longer needed. */
export async function keepReceipt(tripId: number, stopId: number, receiptToken: string): Promise<void> {
  const db = offlineDb();
  const act = await db.transaction('rw', db.tripActs, db.proofBodies, async () => {
    const row = await db.tripActs.get([tripId, `s:${stopId}`]);
    if (!row || row.kind !== 'proof') return null;
    const next: TripAct = { ...row, proof: { ...row.proof, receiptToken } };
    await db.tripActs.put(next);
    await db.proofBodies.delete(row.proof.scanId);
    return next;
  });
  if (act) actKept(act);
}

/** The body a proof was sent with (to ask again for its receipt), null once its receipt came. */
export async function proofBody(scanId: string): Promise<Record<string, unknown> | null> {
  return (await offlineDb().proofBodies.get(scanId))?.body ?? null;
}

/** What the shared rules (shared/trip/delivery.ts) read of the copy. */
export const stopFact = (s: ManifestStop): StopFact => ({ id: s.id, seq: s.seq, customerName: s.customerName, status: s.status });
export const cylinderFacts = (cs: readonly ManifestCylinder[]): TripCylinderFact[] => cs.map((c) => ({ code: c.code, stopId: c.stopId, outcome: c.outcome }));
