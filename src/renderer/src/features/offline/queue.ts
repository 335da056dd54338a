import { useEffect, useState } from 'react';
import { liveQuery } from 'dexie';
import { replayHeaders, type RefusedReplayData } from '@shared/api/offline';
import { ApiError } from '@renderer/http/errors';
import type { QueryError } from '@renderer/store/api';
import { toQueryError } from '@renderer/store/api';
import { resendCall } from '@renderer/store/endpoints';
import { connectivity } from '@renderer/stations/connectivity';
import { offlineDb, queueHint, type OfflineStation, type QueuedScan } from './db';

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
  if (queueHint.waiting !== null) queueHint.waiting += 1;
  return seq;
}

const dequeued = () => {
  if (queueHint.waiting !== null) queueHint.waiting = Math.max(0, queueHint.waiting - 1);
};

/**
 * Whether a scan of `code` waits on this PC: a new scan of that cylinder then goes behind it (checked against
 * the local copy, which already holds the waiting scan's effect, and queued), never ahead of it to the server.
 */
export async function hasQueuedScan(code: string): Promise<boolean> {
  if (queueHint.waiting === 0) return false;
  const db = offlineDb();
  if (queueHint.waiting === null) queueHint.waiting = await db.queue.count();
  return queueHint.waiting > 0 && (await db.queue.where('code').equals(code).count()) > 0;
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
 * Sends the queue again, oldest first (so each station's scans arrive in scan order), each with its own
 * scanId (a scan that did reach the server before the line dropped acts once), marked X-Replayed with
 * the station's time. A refusal the server recorded as a 待处理异常 (its answer names it) leaves the queue;
 * a scan that gets no answer, or a refusal the server did not record (the sign-in gone, the station's key taken
 * away, the database away), stops the round and is tried again later: a kept scan is never dropped unrecorded.
 */
export async function replayQueue(): Promise<ReplayOutcome[]> {
  const db = offlineDb();
  const outcomes: ReplayOutcome[] = [];
  for (;;) {
    const scan = await db.queue.orderBy('seq').first();
    if (!scan) break;
    try {
      await resendCall({ url: scan.url, data: scan.body, headers: replayHeaders(scan.at) });
      connectivity.answered();
      await db.queue.delete(scan.seq!);
      dequeued();
      outcomes.push({ kind: 'done', scan });
    } catch (e) {
      const error = toQueryError(e);
      if (typeof error.code !== 'number') connectivity.lost();
      else connectivity.answered();
      if (unanswered(error) || recordedException(e) === null) {
        await db.queue.update(scan.seq!, { tries: scan.tries + 1, lastError: error.message });
        outcomes.push({ kind: 'unanswered', scan, message: error.message });
        break;
      }
      await db.queue.delete(scan.seq!);
      dequeued();
      outcomes.push({ kind: 'refused', scan, message: error.message });
    }
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

export async function queueSummary(): Promise<QueueSummary> {
  const all = await offlineDb().queue.orderBy('seq').toArray();
  const byStation: QueueSummary['byStation'] = {};
  for (const s of all) byStation[s.station] = (byStation[s.station] ?? 0) + 1;
  queueHint.waiting = all.length;
  return { waiting: all.length, copy: await offlineDb().facts.count(), oldestAt: all[0]?.at ?? null, byStation };
}

/** The queue as it is now, kept current (a scan queued in another tab counts too). */
export function useQueueSummary(): QueueSummary {
  const [summary, setSummary] = useState<QueueSummary>(EMPTY);
  useEffect(() => {
    const sub = liveQuery(queueSummary).subscribe({ next: setSummary, error: () => setSummary(EMPTY) });
    return () => sub.unsubscribe();
  }, []);
  return summary;
}
