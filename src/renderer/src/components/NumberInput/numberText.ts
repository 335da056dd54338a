/** Pure helpers behind NumberInput: what a text stands for, and what is wrong with it. */

export const DEFAULT_DECIMAL = 2;

export interface NumberBounds {
  min?: number;
  max?: number;
  /** Fraction digits allowed: 0 means whole numbers only. */
  decimal?: number;
}

/** Plain decimal notation, optionally signed: no letters, no exponent, no thousands separators. */
const NUMERIC = /^-?(\d+\.?\d*|\.\d+)$/;

/**
 * The number a text stands for: null when empty, NaN when it is not a number (`1a2`, `abc14.2x`). Nothing
 * is dropped or guessed, so what the person sees is what is checked.
 */
export function parseNumber(text: string): number | null {
  const t = text.trim();
  if (t === '') return null;
  return NUMERIC.test(t) ? Number(t) : Number.NaN;
}

/** Rounds to `decimal` digits without binary noise. */
export function roundTo(value: number, decimal: number): number {
  return Number(value.toFixed(decimal));
}

export const fractionDigits = (value: number): number => (String(value).split('.')[1] ?? '').length;

export type NumberProblem =
  | { kind: 'notNumber' }
  | { kind: 'decimal'; n: number }
  | { kind: 'min'; n: number }
  | { kind: 'max'; n: number };

/** What is wrong with a value under the bounds, or null when nothing is (empty is not a problem here). */
export function numberProblem(value: number | null | undefined, { min, max, decimal = DEFAULT_DECIMAL }: NumberBounds): NumberProblem | null {
  if (value === null || value === undefined) return null;
  if (Number.isNaN(value)) return { kind: 'notNumber' };
  if (fractionDigits(value) > decimal) return { kind: 'decimal', n: decimal };
  if (min !== undefined && value < min) return { kind: 'min', n: min };
  if (max !== undefined && value > max) return { kind: 'max', n: max };
  return null;
}

/** Keeps a stepped value inside the bounds: the arrows change what the person sees, so this is visible. */
export function clamp(value: number, min?: number, max?: number): number {
  if (min !== undefined && value < min) return min;
  if (max !== undefined && value > max) return max;
  return value;
}

export const textOf = (value: number | null | undefined): string => (value === null || value === undefined || Number.isNaN(value) ? '' : String(value));
