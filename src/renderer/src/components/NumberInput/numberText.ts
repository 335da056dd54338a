/** Pure helpers behind NumberInput: what may be typed, and the committed value. */

export const DEFAULT_DECIMAL = 2;

/** Whether `text` is an acceptable partial entry: digits, at most `decimal` fraction digits, a sign only when negatives are allowed. */
export function isTypable(text: string, decimal: number, allowNegative: boolean): boolean {
  const sign = allowNegative ? '-?' : '';
  const fraction = decimal > 0 ? `(\\.\\d{0,${decimal}})?` : '';
  return new RegExp(`^${sign}\\d*${fraction}$`).test(text);
}

/** The number a text stands for, or null when it holds none ('' , '-', '.'). */
export function parseNumber(text: string): number | null {
  if (!/\d/.test(text)) return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : null;
}

/** Rounds to `decimal` digits without binary noise. */
export function roundTo(value: number, decimal: number): number {
  return Number(value.toFixed(decimal));
}

/** Clamps to [min, max] and rounds to the allowed decimals. */
export function commitValue(value: number | null, decimal: number, min?: number, max?: number): number | null {
  if (value === null) return null;
  let v = roundTo(value, decimal);
  if (min !== undefined && v < min) v = min;
  if (max !== undefined && v > max) v = max;
  return v;
}

export const textOf = (value: number | null | undefined): string => (value === null || value === undefined || Number.isNaN(value) ? '' : String(value));
