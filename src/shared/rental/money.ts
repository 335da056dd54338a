/**
 * Money as integer cents (issue 38): the API, the database and the rules never hold a float. These turn cents into
 * yuan text with two decimals and back, exactly (string arithmetic, no parseFloat).
 */

/** Integer cents as yuan with two decimals: 2000 → '20.00', -5 → '-0.05'. */
export function yuan(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Largest amount typed in yuan (the database's integer, in cents). */
export const MAX_CENTS = 2_147_483_647;

/**
 * Yuan typed by a person ('20', '20.5', '20.05', ' 1,200.00 ') as integer cents; null when it is not an amount of
 * at most two decimals between 0 and MAX_CENTS (negative, three decimals, letters, empty).
 */
export function centsOf(text: string): number | null {
  const m = /^(\d{1,10})(?:\.(\d{0,2}))?$/.exec(text.trim().replace(/,/g, ''));
  if (!m) return null;
  const cents = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(cents) && cents <= MAX_CENTS ? cents : null;
}
