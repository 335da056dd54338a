import { useEffect, useState } from 'react';
import Dexie, { liveQuery, type Table } from 'dexie';
import type { PrintStation } from './stationPrint';

/**
 * Which label a station printed for which cylinder: the designed one, the plain one (简易标签（离线）, while the
 * server was away) or the designed one printed afterwards for a plain one (补打). Kept in this PC's IndexedDB
 * (its own database, beside the offline queue), shown at the station (打印记录); a plain label's entry holds the
 * reprint it waits for.
 */
export type LabelKind = 'designed' | 'plain' | 'reprint';
/** A plain label's designed one: waiting, printed, not printed (the server never recorded the scan), or given up. */
export type ReprintState = 'pending' | 'done' | 'skipped' | 'failed';

export interface LabelPrint {
  id?: number;
  /** When (ISO). */
  at: string;
  station: PrintStation;
  code: string;
  label: LabelKind;
  templateId: number | null;
  templateName: string;
  printer: string;
  copies: number;
  /** The print failed: why. */
  error?: string;
  /** The scan kept offline the label is for: the designed label waits until the server recorded it. */
  scanId?: string;
  reprint?: ReprintState;
  /** Why the reprint was not made (yet), and how many tries the printer refused. */
  reprintNote?: string;
  tries?: number;
  reprintedAt?: string;
}

class PrintLogDb extends Dexie {
  prints!: Table<LabelPrint, number>;

  constructor() {
    super('cylinder-label-prints');
    this.version(1).stores({ prints: '++id, reprint, at' });
  }
}

let instance: PrintLogDb | null = null;
const db = (): PrintLogDb => (instance ??= new PrintLogDb());

/** Entries kept: the newest this many (a pending reprint is never dropped). */
export const LOG_SIZE = 1000;

export async function logPrint(entry: Omit<LabelPrint, 'id'>): Promise<number> {
  const id = await db().prints.add(entry);
  if (id % 100 === 0) {
    const old = await db().prints.where('id').below(id - LOG_SIZE).filter((p) => p.reprint !== 'pending').primaryKeys();
    await db().prints.bulkDelete(old);
  }
  return id;
}

export async function updatePrint(id: number, patch: Partial<LabelPrint>): Promise<void> {
  await db().prints.update(id, patch);
}

/** Plain labels whose designed label waits, oldest first. */
export const pendingReprints = (): Promise<LabelPrint[]> => db().prints.where('reprint').equals('pending').sortBy('id');

const newest = (limit: number) => db().prints.orderBy('id').reverse().limit(limit).toArray();

/** The newest entries and how many reprints wait, kept current (another tab's prints too). */
export function usePrintLog(limit = 200): { entries: LabelPrint[]; pending: number } {
  const [state, setState] = useState<{ entries: LabelPrint[]; pending: number }>({ entries: [], pending: 0 });
  useEffect(() => {
    const sub = liveQuery(async () => ({ entries: await newest(limit), pending: await db().prints.where('reprint').equals('pending').count() }))
      .subscribe({ next: setState, error: () => setState({ entries: [], pending: 0 }) });
    return () => sub.unsubscribe();
  }, [limit]);
  return state;
}

/** Tests start from an empty log. */
export async function clearPrintLogForTests(): Promise<void> {
  await db().prints.clear();
}
