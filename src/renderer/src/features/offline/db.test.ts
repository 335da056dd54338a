import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import Dexie from 'dexie';
import { OfflineDb } from './db';

const V1 = { queue: '++seq, station, scanId, code, orderId', facts: 'code, id', orders: 'id', meta: 'key' };

describe('the offline database', () => {
  it('opens a version 1 database of a station at the latest version, its queue and copy kept, with the field app\'s tables beside them', async () => {
    const name = `offline-upgrade-${Date.now()}`;
    const v1 = new Dexie(name);
    v1.version(1).stores(V1);
    await v1.table('queue').add({ station: 'pick', scanId: 's1', code: 'GP1', url: '/produce/addPicking', body: { code: 'GP1', scanId: 's1' }, at: '2026-11-28T08:00:00Z', tries: 0, nextAt: 0 });
    await v1.table('facts').put({ code: 'GP1', id: 1 });
    v1.close();

    const db = new OfflineDb(name);
    expect((await db.queue.toArray()).map((q) => [q.station, q.scanId])).toEqual([['pick', 's1']]);
    expect(await db.facts.count()).toBe(1);
    await db.trips.put({ id: 5 } as never);
    expect((await db.trips.get(5))?.id).toBe(5);
    expect(await db.tripActs.count()).toBe(0);
    // Version 4: the LPG household users kept for offline deliveries, empty until saved.
    expect(await db.households.count()).toBe(0);
    expect(db.verno).toBe(4);
    db.close();
  });

  it('moves a version 2 trip copy\'s proofs to act records and their bodies apart, the copy\'s own changes kept', async () => {
    const name = `offline-upgrade-v2-${Date.now()}`;
    const v2 = new Dexie(name);
    v2.version(1).stores(V1);
    v2.version(2).stores({ trips: 'id' });
    const stop = (id: number, status: number, receiverName: string | null) => ({ id, seq: id - 10, status, receiverName, provedAt: status ? '2026-11-28T09:00:00.000Z' : null, customerName: `客户${id}`, holdings: [] });
    await v2.table('trips').put({
      id: 7, savedAt: 1, trip: { id: 7 }, at: '2026-11-28T08:00:00Z', pickups: [{ stopId: 11, code: 'E1', forced: false }],
      stops: [stop(11, 1, '王五'), stop(12, 1, '赵六')],
      cylinders: [{ code: 'C1', stopId: 11, outcome: 'delivered', reason: null }],
      proofs: {
        11: { scanId: 'p-11', body: { scanId: 'p-11', stopId: 11, photo: 'data:image/jpeg;base64,BBBB' }, receiptToken: null, at: '2026-11-28T09:00:00.000Z' },
        12: { scanId: 'p-12', body: {}, receiptToken: 'RCPT-12', at: '2026-11-28T09:30:00.000Z' },
      },
    });
    v2.close();

    const db = new OfflineDb(name);
    const trip = await db.trips.get(7);
    expect(trip?.proofs).toBeUndefined();
    expect(trip?.cylinders[0]?.outcome).toBe('delivered');
    expect(await db.tripActs.where('tripId').equals(7).toArray()).toEqual([
      { tripId: 7, key: 's:11', kind: 'proof', stopId: 11, receiverName: '王五', provedAt: '2026-11-28T09:00:00.000Z', reasons: {}, proof: { scanId: 'p-11', receiptToken: null, at: '2026-11-28T09:00:00.000Z' } },
      { tripId: 7, key: 's:12', kind: 'proof', stopId: 12, receiverName: '赵六', provedAt: '2026-11-28T09:00:00.000Z', reasons: {}, proof: { scanId: 'p-12', receiptToken: 'RCPT-12', at: '2026-11-28T09:30:00.000Z' } },
    ]);
    // Only the proof still waiting for its receipt keeps its body.
    expect(await db.proofBodies.toArray()).toEqual([{ scanId: 'p-11', tripId: 7, stopId: 11, body: { scanId: 'p-11', stopId: 11, photo: 'data:image/jpeg;base64,BBBB' } }]);
    db.close();
  });
});
