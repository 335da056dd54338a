export { yuan } from '@shared/rental/money';

/** An ISO time as the reader's local date and time. */
export const localTime = (iso: string | null): string => (iso ? new Date(iso).toLocaleString() : '');
