import type { ChipProps } from '@mui/material';
import { CODE_TABLES, REGULATOR_RECORD_KINDS, REGULATOR_STATES, type RegulatorState } from '@shared/api/regulator';
import type { Language } from '@renderer/i18n/i18n';

type Named = { readonly code: string; readonly name: string; readonly en: string };
const nameIn = (list: readonly Named[], code: string, lang: Language): string => {
  const found = list.find((x) => x.code === code);
  return found ? (lang === 'en' ? found.en : found.name) : code;
};

/** 上报类型 in words (气瓶登记, 充装记录…). */
export const kindName = (code: string, lang: Language): string => nameIn(REGULATOR_RECORD_KINDS, code, lang);
/** A record's state in words (已接收, 被拒收…). */
export const stateName = (code: string, lang: Language): string => nameIn(REGULATOR_STATES, code, lang);
/** A code table's name (介质代码…). */
export const tableName = (code: string, lang: Language): string => nameIn(CODE_TABLES, code, lang);

export const kindOptions = (lang: Language) => REGULATOR_RECORD_KINDS.map((k) => ({ label: lang === 'en' ? k.en : k.name, value: k.code }));
export const stateOptions = (lang: Language) => REGULATOR_STATES.map((s) => ({ label: lang === 'en' ? s.en : s.name, value: s.code }));

/** The platform took it (green), refused it (red), it waits on something (orange), or it is on its way (grey). */
export const STATE_COLORS: Record<RegulatorState, ChipProps['color']> = {
  accepted: 'success', auditPassed: 'success',
  rejected: 'error', auditRejected: 'error',
  held: 'warning', pendingAudit: 'warning',
  queued: 'default', sent: 'default',
};

/** The states 重新上报 sends again. */
export const RESENDABLE: readonly string[] = ['rejected', 'auditRejected', 'held'];

/** A time the server gave (ISO or plant text) as yyyy-MM-dd HH:mm:ss; empty for none. */
export function shownTime(value: string | null | undefined): string {
  if (!value) return '';
  if (!value.includes('T')) return value;
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return value;
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}
