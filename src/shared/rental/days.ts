/**
 * Calendar days as 'YYYY-MM-DD' and as day numbers (days since 1970-01-01), for the rental rules
 * (src/shared/api/rental.ts): a day is a calendar day of the plant's time zone; which day an instant falls on is
 * the caller's (`dayOf`, the process's time zone by default, the one the database sessions speak).
 */

const DAY_MS = 86_400_000;

export function dayNumber(day: string): number {
  return Math.round(Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10))) / DAY_MS);
}

export function dayText(n: number): string {
  return new Date(n * DAY_MS).toISOString().slice(0, 10);
}

/** The plant's calendar day of an instant: the process's local time zone. */
export function localDayOf(at: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${p(at.getMonth() + 1)}-${p(at.getDate())}`;
}

/** The first and last day numbers of 'YYYY-MM'. */
export function monthDays(month: string): { first: number; last: number; count: number } {
  const y = Number(month.slice(0, 4));
  const m = Number(month.slice(5, 7));
  const first = Math.round(Date.UTC(y, m - 1, 1) / DAY_MS);
  const last = Math.round(Date.UTC(y, m, 1) / DAY_MS) - 1;
  return { first, last, count: last - first + 1 };
}

/** rate × quantity × share ÷ whole, rounded half up to the cent (integers only: no floating point). */
export function shareHalfUp(rateCents: number, quantity: number, share: number, whole: number): number {
  const numerator = BigInt(rateCents) * BigInt(quantity) * BigInt(share);
  const d = BigInt(whole);
  return Number((numerator * 2n + d) / (2n * d));
}
