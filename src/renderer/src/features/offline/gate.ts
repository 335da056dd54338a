import { localGateMessages } from '@shared/cylinder/gate';
import type { LocalFacts } from './db';

/**
 * The fill gate on the local copy's facts of one cylinder, for `materialId` on `today` (YYYY-MM-DD): every
 * reason it must not be picked or filled, in the server's words (the shared gate, src/shared/cylinder/gate.ts,
 * which the server's fill gate uses too); empty when it may.
 */
export function localGateReasons(facts: LocalFacts, materialId: number, today: string): string[] {
  return localGateMessages(facts, materialId, today);
}
