import type { ProductFilters, StatusCount } from '@shared/api/product';
import type { FormField, FormValues } from '@renderer/components/Form';
import type { MessageKey } from '@renderer/i18n/messages';
import { offeredStatuses, statusLabel } from '@renderer/utils/productStatus';
import type { Lookups } from './useLookups';

type T = (key: MessageKey, vars?: Record<string, string | number>) => string;

/** Owner and location choices share one select each: 'own' / 'c<id>' (customer) / 'w<id>' (warehouse). */
export const OWN = 'own';
export const customerKey = (id: number | string) => `c${id}`;
export const warehouseKey = (id: number | string) => `w${id}`;

const idOf = (key: unknown, prefix: string): number | undefined =>
  typeof key === 'string' && key.startsWith(prefix) ? Number(key.slice(prefix.length)) : undefined;
const text = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v.trim() : undefined);
const date = (v: unknown): string | undefined => (typeof v === 'string' && v ? v : undefined);

/** 气瓶档案 filters: code, steel stamp, gas (stopped ones too), status (11–13 only when in use), owner, location, dates. */
export function productFilterFields(t: T, lookups: Lookups, counts: StatusCount[]): FormField[] {
  const customers = lookups.customers.map((c) => ({ label: c.label, value: customerKey(c.value) }));
  return [
    { key: 'code', label: t('product.code') },
    { key: 'steelStamp', label: t('product.steelStamp') },
    { key: 'materialId', label: t('product.material'), type: 'select', options: lookups.allMaterials },
    { key: 'status', label: t('product.status'), type: 'select', options: offeredStatuses(counts).map((s) => ({ label: statusLabel(t, s), value: s })) },
    { key: 'owner', label: t('product.owner'), type: 'select', span: 4, options: [{ label: t('product.ownOwner'), value: OWN }, ...customers] },
    { key: 'location', label: t('product.location'), type: 'select', span: 4,
      options: [...lookups.warehouses.map((w) => ({ label: w.label, value: warehouseKey(w.value) })), ...customers] },
    { key: 'manufactureDate', label: t('product.manufactureDate'), type: 'daterange', span: 10 },
    { key: 'inspectionDueBefore', label: t('product.inspectionDueBefore'), type: 'date' },
  ];
}

/** The filter bar's values as the list contract's filters, empty ones left out (the request and the export alike). */
export function toProductFilters(v: FormValues): ProductFilters {
  const range = (v.manufactureDate as [string | null, string | null] | null | undefined) ?? [null, null];
  const filters: ProductFilters = {
    code: text(v.code),
    steelStamp: text(v.steelStamp),
    materialId: (v.materialId as number | undefined) || undefined,
    status: typeof v.status === 'number' ? v.status : undefined,
    ownerType: v.owner === OWN ? 1 : idOf(v.owner, 'c') ? 2 : undefined,
    ownerEnterpriseId: idOf(v.owner, 'c'),
    warehouseId: idOf(v.location, 'w'),
    locationEnterpriseId: idOf(v.location, 'c'),
    manufactureDateStart: date(range[0]),
    manufactureDateEnd: date(range[1]),
    inspectionDueBefore: date(v.inspectionDueBefore),
  };
  return Object.fromEntries(Object.entries(filters).filter(([, x]) => x !== undefined));
}

/**
 * Filters named in the address (a message's link: `?code=`, `?status=`, `?inspectionDueBefore=`; a dashboard figure:
 * `?status=`, `?warehouseId=`), or null
 * when it names none.
 */
export function filtersFromSearch(params: URLSearchParams): FormValues | null {
  const values: FormValues = {};
  const code = text(params.get('code'));
  if (code) values.code = code;
  const status = params.get('status');
  if (status !== null && /^\d{1,2}$/.test(status)) values.status = Number(status);
  // A dashboard figure (仓库库存) names the warehouse too.
  const warehouseId = params.get('warehouseId');
  if (warehouseId !== null && /^\d{1,9}$/.test(warehouseId)) values.location = warehouseKey(warehouseId);
  const due = params.get('inspectionDueBefore');
  if (due && /^\d{4}-\d{2}-\d{2}$/.test(due)) values.inspectionDueBefore = due;
  return Object.keys(values).length ? values : null;
}
