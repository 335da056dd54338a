import { Chip } from '@mui/material';
import { IN_TYPES, ORDER_CANCELLED, ORDER_TYPES, OUT_TYPES, type OrderType } from '@shared/api/storage';
import { placeLabel as sharedPlaceLabel } from '@shared/cylinder/place';
import type { FieldOption, FormField, FormValues } from '@renderer/components/Form';
import type { Language } from '@renderer/i18n/i18n';
import { useLanguage, useT } from '@renderer/i18n/useT';
import type { MessageKey } from '@renderer/i18n/messages';

/** Column widths that show a whole order number (RK20260301-000123) and date-time in the order lists. */
export const ORDER_NO_WIDTH = 160;
export const DATE_TIME_WIDTH = 160;

/** An order type (spaceRk, productCK, …) in the UI language; an unknown one as it is. */
export const typeLabel = (lang: Language, type: string): string => {
  const def = (ORDER_TYPES as Record<string, { zh: string; en: string } | undefined>)[type];
  return def ? (lang === 'en' ? def.en : def.zh) : type;
};

/** Where a cylinder is (shared/cylinder/place.ts) in the UI language; an unknown place as it is. */
export const placeLabel = (lang: Language, place: string): string => sharedPlaceLabel(place, lang === 'en' ? 'en' : 'zh');

export const typeOptions = (lang: Language, types: readonly OrderType[]): FieldOption[] => types.map((v) => ({ value: v, label: typeLabel(lang, v) }));

const STATUS_KEYS: Record<'in' | 'out', MessageKey[]> = {
  in: ['storage.inStatus.0', 'storage.inStatus.1'],
  out: ['storage.outStatus.0', 'storage.outStatus.1', 'storage.outStatus.2'],
};

/** 入库中 / 入库完成, 出库待扫描 / 出库完成 / 已作废 (IN_ORDER_STATUS, OUT_ORDER_STATUS). */
export const statusText = (t: ReturnType<typeof useT>, direction: 'in' | 'out', status: number): string => {
  const key = STATUS_KEYS[direction][status];
  return key ? t(key) : String(status);
};

export const statusOptions = (t: ReturnType<typeof useT>, direction: 'in' | 'out'): FieldOption[] =>
  STATUS_KEYS[direction].map((_k, s) => ({ value: s, label: statusText(t, direction, s) }));

/** The filter bar of an order list: 单号, type, who it is for (`party`: warehouse or customer), status, days. */
export const orderFilterFields = (t: ReturnType<typeof useT>, lang: Language, direction: 'in' | 'out', party: FormField): FormField[] => [
  { key: 'orderNo', label: t('storage.orderNo'), span: 4 },
  { key: 'type', label: t(direction === 'in' ? 'storage.inType' : 'storage.outType'), type: 'select', options: typeOptions(lang, direction === 'in' ? IN_TYPES : OUT_TYPES), span: 4 },
  party,
  { key: 'status', label: t('storage.orderStatus'), type: 'select', options: statusOptions(t, direction), span: 4 },
  { key: 'date', label: t('storage.date'), type: 'daterange', span: 8 },
];

/** Open orange, done green, cancelled (已作废) grey. */
export function OrderStatusChip({ direction, status }: { direction: 'in' | 'out'; status: number }) {
  const t = useT();
  const color = status === 1 ? 'success' : status === ORDER_CANCELLED ? 'default' : 'warning';
  return <Chip size="small" color={color} variant={status === 0 ? 'filled' : 'outlined'} label={statusText(t, direction, status)} sx={{ height: 22 }} />;
}

export function useTypeLabel(): (type: string) => string {
  const lang = useLanguage();
  return (type) => typeLabel(lang, type);
}

const text = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v.trim() : undefined);

/** A filter bar's values as a list contract's: trimmed text, the day range as dateFrom / dateTo, 0 kept. */
export function filterQuery(v: FormValues): Record<string, unknown> {
  const { date, ...rest } = v;
  const range = (date as [string | null, string | null] | null | undefined) ?? [null, null];
  const out: Record<string, unknown> = {};
  for (const [k, value] of Object.entries(rest)) out[k] = typeof value === 'string' ? text(value) : value;
  return { ...out, dateFrom: range[0] || undefined, dateTo: range[1] || undefined };
}
