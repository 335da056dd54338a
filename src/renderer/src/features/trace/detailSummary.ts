import { actionLabel } from '@shared/lifecycle';
import { statusLabel } from '@renderer/utils/productStatus';
import type { Language } from '@renderer/i18n/i18n';
import type { MessageKey } from '@renderer/i18n/messages';

type T = (key: MessageKey, vars?: Record<string, string | number>) => string;

/** Names of the detail fields the server writes with its events; others show as written. */
const LABELS: Record<string, MessageKey> = {
  lotNo: 'trace.detail.lotNo',
  materialName: 'trace.detail.materialName',
  filledWeight: 'trace.detail.filledWeight',
  filledPressure: 'trace.detail.filledPressure',
  grossWeight: 'trace.detail.grossWeight',
  tareWeight: 'trace.detail.tareWeight',
  netWeight: 'trace.detail.netWeight',
  net: 'trace.detail.netWeight',
  targetNetWeight: 'trace.detail.targetNetWeight',
  tolerance: 'trace.detail.tolerance',
  deviation: 'trace.detail.deviation',
  source: 'trace.detail.source',
  scale: 'trace.detail.scale',
  reason: 'trace.detail.reason',
  decision: 'trace.detail.decision',
  pressure: 'trace.detail.pressure',
  remark: 'trace.detail.remark',
  failedItems: 'trace.detail.failedItems',
  result: 'trace.detail.result',
  orderNo: 'trace.detail.orderNo',
  customer: 'trace.detail.customer',
  warehouseName: 'trace.detail.warehouseName',
  undone: 'trace.detail.undone',
  discrepancy: 'trace.detail.discrepancy',
  expectedCustomer: 'trace.detail.expectedCustomer',
  fixedValue: 'trace.detail.fixedValue',
  inspectedOn: 'trace.detail.inspectedOn',
  nextDate: 'trace.detail.nextDate',
  reportNo: 'trace.detail.reportNo',
  oldValve: 'trace.detail.oldValve',
  newValve: 'trace.detail.newValve',
  changedOn: 'trace.detail.changedOn',
};
/** A failed item without a standard was stored as 外观（标准 —）: the empty standard says nothing. */
const NO_STANDARD = /（标准 —）/g;

function valueText(t: T, lang: Language, key: string, v: unknown): string | null {
  if (v === null || v === undefined || v === '') return null;
  if (key === 'decision' && typeof v === 'number') return statusLabel(t, v);
  if (key === 'undone' && typeof v === 'string') return lang === 'en' ? actionLabel(v, 'en') : actionLabel(v);
  if (key === 'source' && (v === 'scale' || v === 'manual')) return t(v === 'scale' ? 'production.source.scale' : 'production.source.manual');
  if (key === 'result' && (v === 0 || v === 1)) return t(v === 1 ? 'inspection.pass' : 'inspection.fail');
  if (typeof v === 'boolean') return t(v ? 'trace.yes' : 'trace.no');
  if (typeof v === 'number' || typeof v === 'string') return String(v);
  if (Array.isArray(v)) {
    const parts = v.filter((x) => typeof x === 'string' || typeof x === 'number').map((x) => String(x).replace(NO_STANDARD, ''));
    return parts.length ? parts.join('、') : null;
  }
  return null;
}

/**
 * An event's detail in one line: 批号：L01，充装量（kg）：14.5 … Only what has a name for a person: ids,
 * internals (failedProjects, the quality figures' copy of failedItems) and nested objects are left out.
 */
export function detailSummary(t: T, detail: unknown, lang: Language = 'zh-CN'): string {
  if (!detail || typeof detail !== 'object' || Array.isArray(detail)) return typeof detail === 'string' ? detail : '';
  return Object.entries(detail as Record<string, unknown>)
    .filter(([k]) => Object.hasOwn(LABELS, k))
    .map(([k, v]) => {
      const text = valueText(t, lang, k, v);
      return text === null ? null : `${t(LABELS[k]!)}：${text}`;
    })
    .filter(Boolean)
    .join('，');
}
