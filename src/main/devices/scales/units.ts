/** Scale units to kg. Rounded to 6 decimals so 4139 g is 4.139 kg, not 4.139000000000001. */
const FACTORS: Record<string, number> = { kg: 1, g: 0.001, t: 1000, lb: 0.45359237 };

export function toKg(value: number, unit: string): number | undefined {
  const factor = FACTORS[unit.trim().toLowerCase()];
  if (factor === undefined || !Number.isFinite(value)) return undefined;
  return Math.round(value * factor * 1e6) / 1e6;
}

export const isKnownUnit = (unit: string): boolean => unit.trim().toLowerCase() in FACTORS;
