import { getUser } from '@renderer/session/session';
import { readWorkstation } from '@renderer/session/workstation';
import { offlineDb, type OfflineDb, type ProofBodyRow, type QueuedScan, type TripAct } from './db';
import { enqueue, enqueued, keepInQueue, tellOtherTabsQueueChanged } from './queue';
import { kickSync } from './sync';

/** A driver's act at a stop (issue 37) to keep: the kept call (KEPT_CALLS of station 'field') and its body with its scanId. */
export interface FieldAct {
  /** The API path without /api: /trip/deliver, /trip/pickup, /trip/proof, and /household/deliver (配送到户). */
  url: '/trip/deliver' | '/trip/pickup' | '/trip/proof' | '/household/deliver';
  body: Record<string, unknown> & { scanId: string };
  /** The cylinder's code, or for a proof the stop's name (shown in the lists of kept scans). */
  code: string;
  note?: string;
}

/** What an act changes on the device's copy of the trip: its record, and for a proof waiting for its receipt, the body. */
export interface TripEffect {
  act: TripAct;
  body?: ProofBodyRow;
}

/** Writes an act's effect (inside a transaction over tripActs and proofBodies). */
export async function writeTripEffect(db: OfflineDb, effect: TripEffect): Promise<void> {
  await db.tripActs.put(effect.act);
  if (effect.body) await db.proofBodies.put(effect.body);
}

/**
 * The kept act and its effect in one plain IndexedDB transaction on Dexie's open connection, the same rows Dexie would
 * write: below Dexie's promise and zone machinery and its cross-tab message per write, which together took more of a
 * throttled phone's scan than the write itself (2026-11-29). False when there is no open connection (the caller writes
 * through Dexie, which opens it). Resolves once committed; a failed request aborts the whole transaction.
 */
function writeDirect(db: OfflineDb, row: Omit<QueuedScan, 'seq'>, effect: TripEffect | undefined): Promise<boolean> {
  if (!db.isOpen()) return Promise.resolve(false);
  const stores = ['queue', ...(effect ? ['tripActs'] : []), ...(effect?.body ? ['proofBodies'] : [])];
  return new Promise<boolean>((resolve, reject) => {
    let tx: IDBTransaction;
    try {
      tx = db.backendDB().transaction(stores, 'readwrite');
    } catch {
      return resolve(false);
    }
    tx.oncomplete = () => resolve(true);
    tx.onabort = () => reject(tx.error ?? new DOMException('IndexedDB write aborted', 'AbortError'));
    try {
      tx.objectStore('queue').add(row);
      if (effect) {
        tx.objectStore('tripActs').put(effect.act);
        if (effect.body) tx.objectStore('proofBodies').put(effect.body);
      }
    } catch (error) {
      // Nothing of the act is written: the transaction goes whole or not at all.
      tx.onabort = null;
      tx.abort();
      reject(error);
    }
  });
}

/**
 * Keeps a driver's act on the device, in the stations' one queue (station 'field'), with the device's time of the
 * act: the sync loop sends it again, oldest first, as it does the stations' scans. Its effect on the trip's copy is
 * written in the same transaction (no act kept without it, nor the other way round).
 */
export async function keepFieldAct(act: FieldAct, effect?: TripEffect, at = new Date()): Promise<void> {
  const name = getUser()?.name ?? '';
  const scan = {
    station: 'field' as const, scanId: act.body.scanId, code: act.code, url: act.url, body: act.body, at: at.toISOString(),
    operator: name, userName: name, workstation: readWorkstation(),
    ...(act.note ? { note: act.note } : {}),
  };
  const db = offlineDb();
  await keepInQueue(scan, async (noChangeEvent) => {
    if (await writeDirect(db, { ...scan, tries: 0, nextAt: 0 }, effect)) {
      noChangeEvent();
      enqueued();
      tellOtherTabsQueueChanged();
      return;
    }
    if (!effect) return void (await enqueue(scan));
    await db.transaction('rw', db.queue, db.tripActs, db.proofBodies, async () => {
      await enqueue(scan);
      await writeTripEffect(db, effect);
    });
  });
  kickSync();
}

/** Whether a kept act of `url` for cylinder `code` waits on this device (a second delivery of it is refused as the server would). */
export async function fieldActWaiting(url: FieldAct['url'], code: string): Promise<boolean> {
  return (await offlineDb().queue.where('code').equals(code).filter((s) => s.url === url).count()) > 0;
}

/** How many of the driver's acts wait on this device: a new act goes behind them (the server gets them in order). */
export function fieldActsWaiting(): Promise<number> {
  return offlineDb().queue.where('station').equals('field').count();
}
