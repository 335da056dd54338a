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
