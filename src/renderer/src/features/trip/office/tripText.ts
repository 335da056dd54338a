import { DIFFERENCE_REASONS, TRIP_STATUS_NAMES } from '@shared/api/trip';
import type { Language } from '@renderer/i18n/i18n';

/** A trip's status in words. */
export const tripStatusText = (lang: Language, status: number): string => {
  const name = TRIP_STATUS_NAMES[status];
  return name ? (lang === 'en' ? name.en : name.zh) : String(status);
};

/** A difference reason's code in words (the code itself when unknown). */
export const reasonText = (lang: Language, code: string | null): string => {
  if (!code) return '';
  const r = DIFFERENCE_REASONS.find((x) => x.code === code);
  return r ? (lang === 'en' ? r.en : r.zh) : code;
};
