import type { ManifestCylinder, ManifestStop, TripManifest } from '@shared/api/trip';
import type { StopFact, TripCylinderFact } from '@shared/trip/delivery';
import { offlineDb, type KeptProof, type KeptTrip } from '@renderer/features/offline';

/**
 * The driver's copy of a trip on the device (the offline feature's table `trips`): saved from the server's manifest,
 * changed by each act at a stop so the lists show it at once, with no network.
 */

export const keptTrip = async (id: number): Promise<KeptTrip | null> => (await offlineDb().trips.get(id)) ?? null;

/** Saves the server's manifest (保存离线), keeping the proofs taken on this device whose receipt has not come yet. */
export async function keepManifest(manifest: TripManifest, now = Date.now()): Promise<KeptTrip> {
  const db = offlineDb();
  return db.transaction('rw', db.trips, async () => {
    const before = await db.trips.get(manifest.trip.id);
    const kept: KeptTrip = { ...manifest, id: manifest.trip.id, savedAt: now, proofs: before?.proofs ?? {} };
    await db.trips.put(kept);
    return kept;
  });
}

/** Changes the kept trip in one transaction; null when the device holds no copy. */
async function change(id: number, edit: (trip: KeptTrip) => void): Promise<KeptTrip | null> {
  const db = offlineDb();
  return db.transaction('rw', db.trips, async () => {
    const trip = await db.trips.get(id);
    if (!trip) return null;
    edit(trip);
    await db.trips.put(trip);
    return trip;
  });
}

export const markDelivered = (tripId: number, code: string) => change(tripId, (trip) => {
  const c = trip.cylinders.find((x) => x.code === code);
  if (c) c.outcome = 'delivered';
});

export const addPickup = (tripId: number, stopId: number, code: string, forced: boolean) => change(tripId, (trip) => {
  if (!trip.pickups.some((p) => p.code === code)) trip.pickups.push({ stopId, code, forced });
});

/** The proof taken at a stop: the stop is closed, each cylinder left on board carries its reason. */
export const markProved = (tripId: number, stopId: number, proof: KeptProof, receiverName: string, reasons: Record<string, string>) =>
  change(tripId, (trip) => {
    const stop = trip.stops.find((s) => s.id === stopId);
    if (stop) Object.assign(stop, { status: 1, receiverName, provedAt: proof.at });
    for (const c of trip.cylinders) if (c.stopId === stopId && reasons[c.code]) c.reason = reasons[c.code]!;
    trip.proofs[stopId] = proof;
  });

export const keepReceipt = (tripId: number, stopId: number, receiptToken: string) => change(tripId, (trip) => {
  const proof = trip.proofs[stopId];
  if (proof) trip.proofs[stopId] = { ...proof, receiptToken, body: {} };
});

/** What the shared rules (shared/trip/delivery.ts) read of the copy. */
export const stopFact = (s: ManifestStop): StopFact => ({ id: s.id, seq: s.seq, customerName: s.customerName, status: s.status });
export const cylinderFacts = (cs: readonly ManifestCylinder[]): TripCylinderFact[] => cs.map((c) => ({ code: c.code, stopId: c.stopId, outcome: c.outcome }));
