import dayjs from 'dayjs';
import { offlineDb, readMeta, type LocalFacts, type OfflineStation } from './db';
import { FACTS_OPERATOR, FACTS_SYNCED_AT } from './sync';
import type { OperatorFacts } from '@shared/cylinder/gate';
import { localReasons, type LocalRule } from './localRules';

export { LOCAL_RULES, weighVerdict, type LocalRule } from './localRules';

/** What the local copy says of a scan. */
export type LocalCheck =
  /** The copy has never been filled (no feed yet): it cannot tell. */
  | { kind: 'unknownCopy' }
  /** The copy does not know the cylinder: refused offline. */
  | { kind: 'unknownCylinder' }
  /** Already kept on this PC for this station: nothing more to keep. */
  | { kind: 'queued' }
  | { kind: 'refused'; reasons: string[]; facts: LocalFacts }
  | { kind: 'allowed'; facts: LocalFacts };

/** Whether the local copy has been filled from the change feed at least once. */
export async function copyReady(): Promise<boolean> {
  return typeof (await readMeta<number | null>(FACTS_SYNCED_AT)) === 'number';
}

/**
 * Checks a scan against the local copy as the server would: the cylinder known, in a status the action
 * starts from, and (picking, filling) through the fill gate for the station's gas. Safety is never
 * relaxed: what the copy does not know is refused.
 */
export async function checkLocally(rule: LocalRule, code: string, station: OfflineStation, options: { materialId?: number | null; today?: string } = {}): Promise<LocalCheck> {
  if (!(await copyReady())) return { kind: 'unknownCopy' };
  const db = offlineDb();
  const facts = await db.facts.get(code);
  if (!facts) return { kind: 'unknownCylinder' };
  const kept = await db.queue.where('code').equals(code).filter((q) => q.station === station).count();
  if (kept) return { kind: 'queued' };
  const gas = options.materialId ?? Number(facts.materialId);
  // The server's refusal (status) and, picking and filling, its fill gate: src/shared/cylinder by localRules.
  const operator = rule.gate ? await readMeta<OperatorFacts | null>(FACTS_OPERATOR) : null;
  const reasons = localReasons(rule, facts, gas, options.today ?? dayjs().format('YYYY-MM-DD'), operator);
  return reasons.length ? { kind: 'refused', reasons, facts } : { kind: 'allowed', facts };
}

/** After a scan is kept: the local copy takes the status it leaves, so the next station on this PC sees it. */
export async function applyLocally(rule: LocalRule, code: string, to: number = rule.to): Promise<void> {
  await offlineDb().facts.update(code, { status: to });
}
