import type { ProductFilters } from '@shared/api/product';
import type { FormValues } from '@renderer/components/Form';

/** Owner and location choices share one select each: 'own' / 'c<id>' (customer) / 'w<id>' (warehouse). */
export const OWN = 'own';
export const customerKey = (id: number | string) => `c${id}`;
export const warehouseKey = (id: number | string) => `w${id}`;

const idOf = (key: unknown, prefix: string): number | undefined =>
  typeof key === 'string' && key.startsWith(prefix) ? Number(key.slice(prefix.length)) : undefined;
const text = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v.trim() : undefined);
const date = (v: unknown): string | undefined => (typeof v === 'string' && v ? v : undefined);

/** The filter bar's values as the list contract's filters (status comes from the tabs). */
export function toProductFilters(v: FormValues): ProductFilters {
  const range = (v.manufactureDate as [string | null, string | null] | null | undefined) ?? [null, null];
  return {
    code: text(v.code),
    steelStamp: text(v.steelStamp),
    materialId: (v.materialId as number | undefined) ?? undefined,
    ownerType: v.owner === OWN ? 1 : idOf(v.owner, 'c') ? 2 : undefined,
    ownerEnterpriseId: idOf(v.owner, 'c'),
    warehouseId: idOf(v.location, 'w'),
    locationEnterpriseId: idOf(v.location, 'c'),
    manufactureDateStart: date(range[0]),
    manufactureDateEnd: date(range[1]),
    inspectionDueBefore: date(v.inspectionDueBefore),
  };
}

/** Drops empty filters so the request (and the export) carries only what was chosen. */
export const presentFilters = (f: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(Object.entries(f).filter(([, x]) => x !== undefined && x !== null && x !== ''));
