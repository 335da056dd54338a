import { BusinessError } from '../../lib/errors';

const FILTER_TIME = /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/**
 * A filter time 'yyyy-MM-dd[ HH:mm[:ss]]' in the server's local time zone (the plant's clock). As an end,
 * the instant just after it: the end includes its whole last unit (the whole day of a date alone, the
 * whole minute of HH:mm, the whole second of HH:mm:ss).
 */
export function filterTime(value: string, label: string, asEnd = false): Date {
  const m = FILTER_TIME.exec(value);
  const [y, mo, d, h, mi, s] = (m?.slice(1) ?? []).map((part) => (part === undefined ? undefined : Number(part)));
  const date = m ? new Date(y!, mo! - 1, d, h ?? 0, mi ?? 0, s ?? 0) : new Date(Number.NaN);
  if (!m || date.getFullYear() !== y || date.getMonth() !== mo! - 1 || date.getDate() !== d) {
    throw new BusinessError(`参数错误：${label}不是有效的时间：${value}`);
  }
  if (asEnd) {
    if (h === undefined) date.setDate(date.getDate() + 1);
    else if (s === undefined) date.setMinutes(date.getMinutes() + 1);
    else date.setSeconds(date.getSeconds() + 1);
  }
  return date;
}

const two = (n: number) => String(n).padStart(2, '0');

/** 'yyyy-MM-dd HH:mm:ss' in the server's local time zone, as the filters read it. */
export const localDateTime = (d: Date): string =>
  `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())} ${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`;
