import { localGateMessages, type LocalGas, type OperatorFacts } from '@shared/cylinder/gate';
import { stepRefusal, TRANSITION_RULES as RULES, type TransitionRule } from '@shared/cylinder/transitions';
import { weightVerdict, type WeightVerdict } from '@shared/cylinder/weight';

/**
 * The rules a station checks a scan by on its local copy, pure (no copy, no clock), all of them the server's
 * own from src/shared/cylinder: the transition table, the fill gate and 复秤's verdict. localChecks.ts reads the
 * copy and applies them; tests/server/offline.test.ts proves they agree with the server case by case.
 */

/** A station action as the local checks know it: the transition table's rule. */
export type LocalRule = TransitionRule;

/** The server's transitions of the steps a station keeps through an outage (src/shared/cylinder/transitions.ts). */
export const LOCAL_RULES = {
  pick: RULES.pick,
  returnPick: RULES.returnPick,
  fill: RULES.fill,
  test: RULES.inspect,
  reweigh: RULES.metage,
  vacuum: RULES.vacuum,
  stockInEmpty: RULES.stockInEmpty,
  stockInProduct: RULES.stockInProduct,
  outboundScan: RULES.outboundScan,
  recover: RULES.recover,
} as const satisfies Record<string, LocalRule>;

/** What the copy keeps of a cylinder that the rules read (LocalFacts, the feed's FactsRow). */
export type RuleFacts = { code: string; [field: string]: unknown };

/**
 * Every reason the copy's cylinder must not take the step, in the server's words: the table's refusal (its
 * status, naming where a status puts it), then for picking and filling the fill gate for `gas` on `today`.
 */
export function localReasons(rule: LocalRule, facts: RuleFacts, gas: number | LocalGas, today: string, operator?: OperatorFacts | null): string[] {
  const reasons: string[] = [];
  const refusal = stepRefusal(rule, { code: facts.code, status: Number(facts.status) });
  if (refusal) reasons.push(refusal);
  // The operator's certificate (未持证, 超期) when the copy holds it (the feed's `operator`): the server's words too.
  if (rule.gate) reasons.push(...localGateMessages(facts, gas, today, operator));
  return reasons;
}

/** The kept facts 复秤 reads (tareWeight, targetNetWeight, tolerance; weightTolerance on older copies). */
export type WeighFacts = { [field: string]: unknown };

/**
 * 复秤 on the local copy: the net weight (gross less the copy's tare) against the gas's target and tolerance
 * kept with the cylinder's facts, by the server's verdict (src/shared/cylinder/weight.ts); null when the copy
 * does not have them (the station cannot tell offline).
 */
export function weighVerdict(facts: WeighFacts, gross: number): WeightVerdict | null {
  const tare = Number(facts.tareWeight);
  const target = Number(facts.targetNetWeight);
  const tolerance = Number(facts.tolerance ?? facts.weightTolerance);
  if (facts.tareWeight == null || facts.targetNetWeight == null || !Number.isFinite(tare) || !Number.isFinite(target) || !Number.isFinite(tolerance)) return null;
  return weightVerdict(gross, tare, target, tolerance);
}
