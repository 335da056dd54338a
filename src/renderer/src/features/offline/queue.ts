import { useSyncExternalStore } from 'react';
import Dexie, { type ObservabilitySet } from 'dexie';
import { replayHeaders, type RefusedReplayData } from '@shared/api/offline';
import { ApiError } from '@renderer/http/errors';
import type { QueryError } from '@renderer/store/api';
import { toQueryError } from '@renderer/store/api';
import { resendCall } from '@renderer/store/endpoints';
import { batchedBroadcast } from '@renderer/utils/batchedBroadcast';
import { connectivity } from '@renderer/stations/connectivity';
import { keepCountedHint, OFFLINE_STATIONS, offlineDb, queueHint, type OfflineStation, type QueuedScan } from './db';

/** Headers a replayed scan carries (src/shared/api/offline.ts): the server marks its trace event replayed and keeps the station's time. */
export { REPLAYED_HEADER, STATION_AT_HEADER } from '@shared/api/offline';

/** Backoff between replay rounds that got no answer: 2 s doubling to at most this. */
export const MAX_BACKOFF_MS = 10_000;

/** A call that got no answer (network, timeout, no server) or a server failure (5xx): not a refusal. */
export function unanswered(e: QueryError): boolean {
  return typeof e.code !== 'number' || e.code >= 500;
}

/** Keeps a scan on this PC until the server answers it. */
export async function enqueue(scan: Omit<QueuedScan, 'seq' | 'tries' | 'nextAt'>): Promise<number> {
  const seq = await offlineDb().queue.add({ ...scan, tries: 0, nextAt: 0 });
  enqueued();
  return seq;
}

/** A scan added to the queue (by enqueue, or written past Dexie by keepFieldAct): the hint follows it. */
export function enqueued(): void {
  queueHint.changes += 1;
  if (queueHint.waiting !== null) queueHint.waiting += 1;
}

/**
 * Other windows of this browser hear of a kept act written past Dexie (whose own cross-tab message does not see it),
 * a moment later and together: they count their summary again.
 */
const queueChannel = batchedBroadcast<'changed'>('cylinder-offline-queue');
export function tellOtherTabsQueueChanged(): void {
  queueChannel?.tell('changed');
}

const dequeued = () => {
  queueHint.changes += 1;
  if (queueHint.waiting !== null) queueHint.waiting = Math.max(0, queueHint.waiting - 1);
};

/**
 * Whether a scan of `code` waits on this PC: a new scan of that cylinder then goes behind it (checked against
 * the local copy, which already holds the waiting scan's effect, and queued), never ahead of it to the server.
 */
export async function hasQueuedScan(code: string): Promise<boolean> {
  if (queueHint.waiting === 0) return false;
  const db = offlineDb();
  if (queueHint.waiting === null) {
    const since = queueHint.changes;
    const counted = await db.queue.count();
    keepCountedHint(counted, since);
    if (counted === 0) return false;
  }
  return (await db.queue.where('code').equals(code).count()) > 0;
}

/** How one queued scan fared on replay. */
export type ReplayOutcome =
  | { kind: 'done'; scan: QueuedScan }
  | { kind: 'refused'; scan: QueuedScan; message: string }
  | { kind: 'unanswered'; scan: QueuedScan; message: string };

/** The 待处理异常 the server recorded for a refused replay, as its answer names it (none: not recorded). */
function recordedException(e: unknown): number | null {
  const data = e instanceof ApiError ? (e.data as Partial<RefusedReplayData> | null | undefined) : null;
  return typeof data?.exceptionId === 'number' ? data.exceptionId : null;
}

/**
 * Kept acts that may be on their way together: the driver's deliveries and take-backs (issue 37), each of its own
 * cylinder, none a proof (a stop's proof goes alone, after everything kept before it has been answered). The stations'
 * scans go one by one as ever (a cylinder's scans at several stations follow one another).
 */
const TOGETHER = new Set(['/trip/deliver', '/trip/pickup']);
/** How many of them are sent at once on replay (each still its own call, with its scanId, through the same engine). */
export const REPLAY_WINDOW = 6;

/** The oldest kept scan, and the acts after it that may go with it (see TOGETHER): empty when nothing waits. */
async function nextWindow(): Promise<QueuedScan[]> {
  const db = offlineDb();
  const head = await db.queue.orderBy('seq').first();
  if (!head) return [];
  if (!TOGETHER.has(head.url)) return [head];
  const codes = new Set([head.code]);
  const rest = await db.queue.where('seq').above(head.seq!).limit(REPLAY_WINDOW - 1)
    .until((s) => {
      if (!TOGETHER.has(s.url) || codes.has(s.code)) return true;
      codes.add(s.code);
      return false;
    }, false).toArray();
  return [head, ...rest];
}

/**
 * Sends the queue again, oldest first (so each station's scans arrive in scan order), each with its own
 * scanId (a scan that did reach the server before the line dropped acts once), marked X-Replayed with
 * the station's time. A refusal the server recorded as a 待处理异常 (its answer names it) leaves the queue;
 * a scan that gets no answer, or a refusal the server did not record (the sign-in gone, the station's key taken
 * away, the database away), stops the round and is tried again later: a kept scan is never dropped unrecorded.
 *
 * A driver's deliveries and take-backs of distinct cylinders go a few at a time (REPLAY_WINDOW): a day's thousand
 * acts no longer wait one round trip each. They are independent (each its own cylinder; the server locks the stop
 * for each); a proof waits for every act kept before it. One of them without an answer stops the round after the
 * others of its window have been answered.
 */
export async function replayQueue(): Promise<ReplayOutcome[]> {
  const db = offlineDb();
  const outcomes: ReplayOutcome[] = [];
  for (;;) {
    const window = await nextWindow();
    if (!window.length) break;
    const answers = await Promise.allSettled(window.map((scan) => resendCall({ url: scan.url, data: scan.body, headers: replayHeaders(scan.at) })));
    const gone: number[] = [];
    let stop = false;
    for (const [i, scan] of window.entries()) {
      const answer = answers[i]!;
      if (answer.status === 'fulfilled') {
        connectivity.answered();
        gone.push(scan.seq!);
        outcomes.push({ kind: 'done', scan });
        continue;
      }
      const error = toQueryError(answer.reason);
      if (typeof error.code !== 'number') connectivity.lost();
      else connectivity.answered();
      if (unanswered(error) || recordedException(answer.reason) === null) {
        await db.queue.update(scan.seq!, { tries: scan.tries + 1, lastError: error.message });
        outcomes.push({ kind: 'unanswered', scan, message: error.message });
        stop = true;
        continue;
      }
      gone.push(scan.seq!);
      outcomes.push({ kind: 'refused', scan, message: error.message });
    }
    if (gone.length) {
      await db.queue.bulkDelete(gone);
      for (let i = 0; i < gone.length; i++) dequeued();
    }
    if (stop) break;
  }
  return outcomes;
}

export interface QueueSummary {
  waiting: number;
  /** Cylinders in the local copy of the gate facts. */
  copy: number;
  /** The oldest waiting scan's station time (ISO), null when none. */
  oldestAt: string | null;
  byStation: Partial<Record<OfflineStation, number>>;
}

const EMPTY: QueueSummary = { waiting: 0, copy: 0, oldestAt: null, byStation: {} };

/**
 * The queue counted by its `station` index (keys only) and its oldest entry: no kept act's body is read (a day's queue
 * holds a thousand acts and thirty proofs' photos; the summary runs after every act kept and every act replayed).
 */
export async function queueSummary(): Promise<QueueSummary> {
  const db = offlineDb();
  const since = queueHint.changes;
  return db.transaction('r', db.queue, db.facts, async () => {
    // Counted by IndexedDB itself, one count per station (a cursor over the keys cost a callback per kept act).
    const counts = await Promise.all(OFFLINE_STATIONS.map((s) => db.queue.where('station').equals(s).count()));
    const byStation: QueueSummary['byStation'] = {};
    let waiting = 0;
    OFFLINE_STATIONS.forEach((s, i) => {
      if (counts[i]) byStation[s] = counts[i];
      waiting += counts[i]!;
    });
    keepCountedHint(waiting, since);
    const oldest = waiting ? await db.queue.orderBy('seq').first() : undefined;
    return { waiting, copy: await db.facts.count(), oldestAt: oldest?.at ?? null, byStation };
  });
}

/**
 * How long a change of the queue waits before it is counted: every change within it is counted once. The counter
 * follows a scan by at most this, and the count no longer runs right behind each act (a driver's scans come one
 * after another; each count read IndexedDB once per station: about 10 ms of a throttled phone's scan, 2026-11-29).
 */
export const SUMMARY_DELAY_MS = 150;

/**
 * One summary for every component that shows it (the app bar's counter, the trip and stop pages): counted when
 * first asked for, then after changes of the queue or the copy (in this window or another: Dexie's storagemutated
 * event), at most once per SUMMARY_DELAY_MS.
 */
const shared = {
  value: EMPTY,
  listeners: new Set<() => void>(),
  watching: null as (() => void) | null,
  timer: null as ReturnType<typeof setTimeout> | null,
  counting: false,
  /** A change came while a count ran: count again once it ends. */
  again: false,
  /** Moves on with each act this window added to the summary itself: a count begun before it is stale. */
  version: 0,
  /** This window's own kept acts under way, whose change event is not to cause a count (see keepInQueue). */
  ownPending: 0,
  /** …and those whose change event came already. */
  ownConsumed: 0,
};

function publish(value: QueueSummary): void {
  if (sameSummary(shared.value, value)) return;
  shared.value = value;
  for (const l of shared.listeners) l();
}

async function recount(): Promise<void> {
  shared.timer = null;
  if (!shared.watching) return;
  if (shared.counting) return void (shared.again = true);
  shared.counting = true;
  const version = shared.version;
  try {
    const value = await queueSummary().catch(() => EMPTY);
    // An act added meanwhile may or may not be in this count: counted again.
    if (shared.version !== version) shared.again = true;
    else if (shared.listeners.size) publish(value);
  } finally {
    shared.counting = false;
    if (shared.again) {
      shared.again = false;
      countSoon();
    }
  }
}

function countSoon(): void {
  shared.timer ??= setTimeout(() => void recount(), SUMMARY_DELAY_MS);
}

function watchQueue(): () => void {
  const prefixes = ['queue', 'facts'].map((table) => `idb://${offlineDb().name}/${table}/`);
  const onMutated = (parts: ObservabilitySet) => {
    for (const part in parts) {
      if (!prefixes.some((p) => part.startsWith(p))) continue;
      // This window's own kept act (its commit fires this before its writer resumes): added by keepInQueue itself.
      if (shared.ownPending > 0) {
        shared.ownPending -= 1;
        shared.ownConsumed += 1;
        return;
      }
      return countSoon();
    }
  };
  Dexie.on.storagemutated.subscribe(onMutated);
  const stopListening = queueChannel?.listen(() => countSoon());
  return () => {
    Dexie.on.storagemutated.unsubscribe(onMutated);
    stopListening?.();
  };
}

function subscribeSummary(listener: () => void): () => void {
  shared.listeners.add(listener);
  if (!shared.watching) {
    shared.watching = watchQueue();
    void recount();
  }
  return () => {
    shared.listeners.delete(listener);
    if (shared.listeners.size || !shared.watching) return;
    shared.watching();
    shared.watching = null;
    if (shared.timer) clearTimeout(shared.timer);
    shared.timer = null;
    shared.value = EMPTY;
  };
}

const summaryNow = () => shared.value;
const stillWatching = () => shared.watching !== null;

/**
 * Keeps a scan or act in the queue by `write` (which adds it, alone or with its effect in one transaction) and adds it
 * to the shown summary at once, without counting the queue again: a driver's or a station's scan no longer pays for
 * a count of every station's kept scans right behind it (about 11 ms of each scan on a throttled phone, 2026-11-29).
 * Changes made otherwise (a replay, another tab) are counted as before. A write below Dexie raises no change event of
 * its own: it calls `noChangeEvent`, and a change event taken as its own meanwhile was another's, counted then.
 */
export async function keepInQueue<T>(scan: { station: OfflineStation; at: string }, write: (noChangeEvent: () => void) => Promise<T>): Promise<T> {
  let silent = false;
  const noChangeEvent = () => void (silent = true);
  if (!shared.watching) return write(noChangeEvent);
  shared.ownPending += 1;
  let kept = false;
  try {
    const result = await write(noChangeEvent);
    kept = true;
    return result;
  } finally {
    // The change event of this write came (and was taken as its own) or it did not: either way the mark goes. Taken by
    // a write that raises none, it was another change's (a replay's, another tab's): the queue is counted.
    let othersTaken = false;
    if (shared.ownConsumed > 0) {
      shared.ownConsumed -= 1;
      othersTaken = silent;
    } else shared.ownPending = Math.max(0, shared.ownPending - 1);
    // Still shown (the last component may have gone while the write ran).
    if (kept && stillWatching()) {
      shared.version += 1;
      const now = shared.value;
      publish({
        ...now, waiting: now.waiting + 1, oldestAt: now.waiting ? now.oldestAt : scan.at,
        byStation: { ...now.byStation, [scan.station]: (now.byStation[scan.station] ?? 0) + 1 },
      });
      if (othersTaken) countSoon();
    } else if (stillWatching()) {
      countSoon();
    }
  }
}

function sameSummary(a: QueueSummary, b: QueueSummary): boolean {
  if (a.waiting !== b.waiting || a.copy !== b.copy || a.oldestAt !== b.oldestAt) return false;
  const keys = Object.keys(a.byStation) as OfflineStation[];
  return keys.length === Object.keys(b.byStation).length && keys.every((k) => a.byStation[k] === b.byStation[k]);
}

/** The queue as it is now, kept current (a scan queued in another tab counts too). */
export function useQueueSummary(): QueueSummary {
  return useSyncExternalStore(subscribeSummary, summaryNow, summaryNow);
}
