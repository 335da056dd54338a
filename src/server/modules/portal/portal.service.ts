import type { HeldCylinder } from '@shared/api/portal';
import { today } from '../../lib/dates';
import type { HeldRow } from './holdings';

const DAY_MS = 86_400_000;

/** A date's calendar day in the plant's (the server's) time zone. */
const localDay = (d: Date) => today(d);

/** Days held up to today, the first day counted (a statement's rule: delivered today is 1 day). */
export function daysHeld(since: Date | null, now = new Date()): number {
  if (!since) return 0;
  const from = Date.parse(`${localDay(since)}T00:00:00Z`);
  const to = Date.parse(`${localDay(now)}T00:00:00Z`);
  return Math.max(0, Math.round((to - from) / DAY_MS)) + 1;
}

export function asHeld(row: HeldRow, now = new Date()): HeldCylinder {
  return {
    code: row.code, gasName: row.gasName, specification: row.specification,
    since: row.since ? row.since.toISOString() : null, daysHeld: daysHeld(row.since, now),
  };
}
