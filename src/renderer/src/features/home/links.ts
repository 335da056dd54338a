/**
 * Where each dashboard figure leads: the list behind it, with the figure's filter in the query string
 * (each list reads it with useUrlFilters).
 */
const q = (path: string, params: Record<string, string | number | undefined>) => {
  const s = new URLSearchParams(Object.entries(params).filter(([, v]) => v !== undefined).map(([k, v]) => [k, String(v)]));
  return `${path}?${s.toString()}`;
};

/** A bucket ('YYYY-MM-DD' or 'YYYY-MM') as its first and last day. */
export function bucketRange(bucket: string): [string, string] {
  if (bucket.length === 10) return [bucket, bucket];
  const [y, m] = bucket.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return [`${bucket}-01`, `${bucket}-${String(last).padStart(2, '0')}`];
}

/** 充装记录 of a day (or month), optionally of one gas. */
export const fillRecordsLink = (from: string, to: string, materialId?: number) =>
  q('/produce/produce', { records: 'filling', from, to, materialId });
/** 检验记录 of a day (or month). */
export const testRecordsLink = (from: string, to: string) => q('/produce/inspect', { from, to });
/** 气瓶档案 by status, optionally in one warehouse. */
export const cylindersLink = (status: number, warehouseId?: number) => q('/product/product', { status, warehouseId });
/** 定期检验: due within `days` (overdue included), or overdue only. */
export const dueLink = (days: number, overdueOnly = false) => q('/product/detect', { days, overdueOnly: overdueOnly ? 1 : undefined });
/** 库存查询 持瓶明细: one customer's cylinders, or those out longer than the rule's days. */
export const holdingsLink = (customerId?: number, overdue = false) =>
  q('/storage/query', { part: 'holdings', customerId, overdue: overdue ? 1 : undefined });
/** 出库管理: the open orders. */
export const openOrdersLink = () => q('/storage/outbound', { status: 0 });

const ymd = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/** The first and last day of a period on this computer's calendar (the plant's, for a workstation in the plant). */
export function periodRange(period: 'today' | '7d' | '30d' | '12m', now: Date = new Date()): [string, string] {
  const from = new Date(now);
  if (period === '12m') from.setMonth(from.getMonth() - 11, 1);
  else from.setDate(from.getDate() - (period === 'today' ? 0 : period === '7d' ? 6 : 29));
  return [ymd(from), ymd(now)];
}
