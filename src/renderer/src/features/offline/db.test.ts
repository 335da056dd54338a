import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import Dexie from 'dexie';
import { OfflineDb } from './db';

describe('the offline database', () => {
  it('opens a version 1 database of a station as version 2, its queue and copy kept, with the field app\'s trips beside them', async () => {
    const name = `offline-upgrade-${Date.now()}`;
    const v1 = new Dexie(name);
    v1.version(1).stores({ queue: '++seq, station, scanId, code, orderId', facts: 'code, id', orders: 'id', meta: 'key' });
    await v1.table('queue').add({ station: 'pick', scanId: 's1', code: 'GP1', url: '/produce/addPicking', body: { code: 'GP1', scanId: 's1' }, at: '2026-11-28T08:00:00Z', tries: 0, nextAt: 0 });
    await v1.table('facts').put({ code: 'GP1', id: 1 });
    v1.close();

    const db = new OfflineDb(name);
    expect((await db.queue.toArray()).map((q) => [q.station, q.scanId])).toEqual([['pick', 's1']]);
    expect(await db.facts.count()).toBe(1);
    await db.trips.put({ id: 5 } as never);
    expect((await db.trips.get(5))?.id).toBe(5);
    expect(db.verno).toBe(2);
    db.close();
  });
});
