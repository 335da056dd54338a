import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import Dexie from 'dexie';
import { renderHook, waitFor } from '@testing-library/react';
import { offlineDb, resetOfflineDbForTests } from './db';
import { keepFieldAct } from './fieldActs';
import { SUMMARY_DELAY_MS, useQueueSummary } from './queue';
import { stopSyncForTests } from './sync';

const act = (code: string) => ({ url: '/trip/pickup' as const, body: { stopId: 1, code, scanId: `00000000-0000-4000-8000-${code.padStart(12, '0')}` }, code });

afterEach(async () => {
  await stopSyncForTests();
  await resetOfflineDbForTests();
});

describe('the 待同步 summary', () => {
  it('adds a kept act at once, and counts a change made otherwise (another tab, a replay) from the queue itself', async () => {
    await resetOfflineDbForTests();
    const { result, unmount } = renderHook(() => useQueueSummary());
    await waitFor(() => expect(result.current.waiting).toBe(0));
    const at = new Date('2026-11-29T08:00:00Z');
    await keepFieldAct(act('1'), undefined, at);
    // No count of the queue behind it: the summary already holds it when the act is kept.
    expect(result.current).toMatchObject({ waiting: 1, oldestAt: at.toISOString(), byStation: { field: 1 } });
    await keepFieldAct(act('2'), undefined, new Date('2026-11-29T08:01:00Z'));
    expect(result.current).toMatchObject({ waiting: 2, oldestAt: at.toISOString(), byStation: { field: 2 } });

    // Written past keepInQueue (as another tab's or the replay's changes are): counted from IndexedDB shortly after.
    await offlineDb().queue.add({
      station: 'pick', scanId: 's3', code: 'P3', url: '/produce/addPicking', body: {}, at: '2026-11-29T07:00:00.000Z', operator: '', userName: '', workstation: '', tries: 0, nextAt: 0,
    });
    await waitFor(() => expect(result.current).toMatchObject({ waiting: 3, oldestAt: at.toISOString(), byStation: { field: 2, pick: 1 } }), { timeout: SUMMARY_DELAY_MS * 20 });
    await offlineDb().queue.where('station').equals('field').delete();
    await waitFor(() => expect(result.current).toMatchObject({ waiting: 1, oldestAt: '2026-11-29T07:00:00.000Z', byStation: { pick: 1 } }), { timeout: SUMMARY_DELAY_MS * 20 });
    unmount();
  });

  it('counts another change whose event came while a kept act was written below Dexie (it raises none of its own)', async () => {
    await resetOfflineDbForTests();
    const { result, unmount } = renderHook(() => useQueueSummary());
    await waitFor(() => expect(result.current.waiting).toBe(0));
    const db = offlineDb();
    await db.open();
    // Another tab's scan, in IndexedDB; its change event arrives below, while this window's act is being written.
    await new Promise<void>((done, fail) => {
      const tx = db.backendDB().transaction('queue', 'readwrite');
      tx.objectStore('queue').add({
        station: 'pick', scanId: 'other', code: 'P9', url: '/produce/addPicking', body: {}, at: '2026-11-29T07:00:00.000Z', operator: '', userName: '', workstation: '', tries: 0, nextAt: 0,
      });
      tx.oncomplete = () => done();
      tx.onerror = () => fail(tx.error);
    });
    const kept = keepFieldAct(act('1'), undefined, new Date('2026-11-29T08:00:00Z'));
    Dexie.on.storagemutated.fire({ [`idb://${db.name}/queue/`]: true } as never);
    await kept;
    await waitFor(() => expect(result.current).toMatchObject({ waiting: 2, byStation: { field: 1, pick: 1 } }), { timeout: SUMMARY_DELAY_MS * 20 });
    unmount();
  });
});
