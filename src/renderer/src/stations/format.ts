import dayjs from 'dayjs';
import { DATETIME_FORMAT } from '@renderer/utils/dateFormats';

/** A server time (ISO or 'yyyy-MM-dd HH:mm:ss') as yyyy-MM-dd HH:mm:ss (SPEC 9); '—' when none. */
export const dateTime = (at: string | null | undefined): string => {
  if (!at) return '—';
  const d = dayjs(at);
  return d.isValid() ? d.format(DATETIME_FORMAT) : at;
};
