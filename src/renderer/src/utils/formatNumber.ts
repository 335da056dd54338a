/** Most fraction digits the formatter shows (SPEC 9). */
export const MAX_FRACTION_DIGITS = 20;

/**
 * A number with thousands separators and up to 20 decimals (SPEC 9): 1234567.891 → '1,234,567.891'.
 * `decimals` caps the fraction digits (rounding half away from zero); trailing zeros are dropped.
 * Numbers are cut to 15 significant digits first so binary noise (0.1 + 0.2) never shows; decimal
 * strings are formatted exactly as written. Empty or non-numeric input gives ''.
 */
export function formatNumber(value: number | string | null | undefined, decimals: number = MAX_FRACTION_DIGITS): string {
  if (value === null || value === undefined) return '';
  const digits = Math.min(Math.max(Math.trunc(decimals), 0), MAX_FRACTION_DIGITS);
  const format = new Intl.NumberFormat('en-US', { maximumFractionDigits: digits, roundingMode: 'halfExpand' });
  if (typeof value === 'string') {
    const text = value.trim().replace(/,/g, '');
    if (!/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(text)) return '';
    // Intl reads a decimal string exactly (no conversion to a double).
    return format.format(text as unknown as number);
  }
  if (!Number.isFinite(value)) return '';
  return format.format(Number(value.toPrecision(15)));
}
