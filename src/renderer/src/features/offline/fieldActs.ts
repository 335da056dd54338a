import { getUser } from '@renderer/session/session';
import { readWorkstation } from '@renderer/session/workstation';
import { offlineDb } from './db';
import { enqueue } from './queue';
import { kickSync } from './sync';

/** A driver's act at a stop (issue 37) to keep: the kept call (KEPT_CALLS of station 'field') and its body with its scanId. */
export interface FieldAct {
  /** The API path without /api: /trip/deliver, /trip/pickup, /trip/proof. */
  url: '/trip/deliver' | '/trip/pickup' | '/trip/proof';
  body: Record<string, unknown> & { scanId: string };
  /** The cylinder's code, or for a proof the stop's name (shown in the lists of kept scans). */
  code: string;
  note?: string;
}

/**
 * Keeps a driver's act on the device, in the stations' one queue (station 'field'), with the device's time of the
 * act: the sync loop sends it again, oldest first, as it does the stations' scans.
 */
export async function keepFieldAct(act: FieldAct, at = new Date()): Promise<void> {
  await enqueue({
    station: 'field', scanId: act.body.scanId, code: act.code, url: act.url, body: act.body, at: at.toISOString(),
    operator: getUser()?.name ?? '', userName: getUser()?.name ?? '', workstation: readWorkstation(),
    ...(act.note ? { note: act.note } : {}),
  });
  kickSync();
}

/** How many of the driver's acts wait on this device: a new act goes behind them (the server gets them in order). */
export function fieldActsWaiting(): Promise<number> {
  return offlineDb().queue.where('station').equals('field').count();
}
