/**
 * 复秤's verdict in one place, for the server (production.transitions' metage, checkWeight) and for a station
 * judging a weighing on its local copy while the server is away: the same net weight, deviation and pass.
 * Pure: no I/O.
 */

/**
 * How far past the tolerance a deviation still passes, in kg. Both the net weight and the deviation are
 * rounded to grams first (as the weighing record keeps them), so a deviation exactly at the tolerance is the
 * same double as the tolerance itself; the epsilon only absorbs the binary error of a tolerance kept with
 * more decimals than grams (0.1 + 0.2 style), never a real gram: 1e-9 kg is a microgram.
 */
export const WEIGHT_EPSILON = 1e-9;

/** Rounded to grams, as the server keeps weights. */
export const kg = (n: number): number => Math.round(n * 1000) / 1000;

export interface WeightVerdict {
  net: number;
  target: number;
  tolerance: number;
  deviation: number;
  passed: boolean;
}

/** net = gross − tare (to grams) against the gas's target ± tolerance: passed when |deviation| ≤ tolerance (+ WEIGHT_EPSILON). */
export function weightVerdict(gross: number, tare: number, target: number, tolerance: number): WeightVerdict {
  const net = kg(gross - tare);
  const deviation = kg(net - target);
  return { net, target, tolerance, deviation, passed: Math.abs(deviation) <= tolerance + WEIGHT_EPSILON };
}
