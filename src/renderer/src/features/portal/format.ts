/** Integer cents as yuan with two decimals (money is never a float on the wire). */
export function yuan(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** An ISO time as the reader's local date and time. */
export const localTime = (iso: string | null): string => (iso ? new Date(iso).toLocaleString() : '');
