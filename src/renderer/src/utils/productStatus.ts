import { OWN_OWNER_NAME } from '@shared/owner';
import { isNamedStatus } from '@shared/lifecycle';
import type { MessageKey } from '@renderer/i18n/messages';

type T = (key: MessageKey) => string;

export const ALL_STATUSES = Array.from({ length: 14 }, (_, i) => i);
/** Codes without a name (11–13) are offered only while some cylinder has them. */
export { isNamedStatus };

/** A status in the UI language; 11–13 show as their number. */
export const statusLabel = (t: T, code: number): string => (isNamedStatus(code) ? t(`status.${code}` as MessageKey) : String(code));

/** Statuses worth offering: the named ones, and unnamed ones some cylinder has (counts from statusCount). */
export const offeredStatuses = (counts: { status: number; count: number }[]): number[] =>
  ALL_STATUSES.filter((s) => isNamedStatus(s) || (counts.find((c) => c.status === s)?.count ?? 0) > 0);

/** 产权单位 as the server names it (自有, or the owning customer), in the UI language; '—' when unknown. */
export const ownerLabel = (t: T, ownerName: string | null | undefined): string =>
  (ownerName === OWN_OWNER_NAME ? t('product.ownOwner') : ownerName || '—');

/**
 * One colour per status, the same in every chart and chip (the dashboard's pie and stock bars, the trace card,
 * the recall summary): 在库 is always blue, 待分析 always red.
 */
const STATUS_COLORS: Record<number, string> = {
  0: '#616161', 1: '#d32f2f', 2: '#1976d2', 3: '#0288d1', 4: '#7b1fa2', 5: '#00897b', 6: '#2e7d32',
  7: '#558b2f', 8: '#ef6c00', 9: '#5d4037', 10: '#c2185b',
};
/** The colour of a status; the unnamed codes 11–13 share a grey. */
export const statusColor = (code: number): string => STATUS_COLORS[code] ?? '#9e9e9e';
