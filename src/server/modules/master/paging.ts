import type { PageQuery } from '@shared/api/envelope';
import { BusinessError } from '../../lib/errors';

/**
 * The sort column for `sidx` from a whitelist (sidx → SQL column); anything else is refused by name, so a
 * client can never sort by a column no index serves.
 */
export function sortColumn<T extends Record<string, string>>(sorts: T, sidx: string | undefined, fallback: keyof T): T[keyof T] {
  if (sidx === undefined || sidx === '') return sorts[fallback];
  if (!Object.hasOwn(sorts, sidx)) throw new BusinessError(`参数错误：sidx 不支持按 ${sidx} 排序`);
  return sorts[sidx as keyof T];
}

export function pageWindow(q: PageQuery): { limit: number; offset: number } {
  const size = q.size ?? 15;
  return { limit: size, offset: ((q.page ?? 1) - 1) * size };
}

export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Empty strings from cleared form fields mean "not given". */
export function blankToNull(value: string | null | undefined): string | null {
  const v = value?.trim();
  return v ? v : null;
}
