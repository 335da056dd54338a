import { HOUSEHOLD } from '@shared/api/household';
import { householdRefusal, type HouseholdDeliveryRules } from '@shared/household/delivery';
import { fieldActWaiting, fieldActsWaiting, keepFieldAct, type KeptHousehold } from '@renderer/features/offline';
import type { MessageKey } from '@renderer/i18n/messages';
import { connectivity } from '@renderer/stations/connectivity';
import { failureOf, newScanId } from '@renderer/stations/scan';
import { callEndpoint } from '@renderer/store/endpoints';
import { householdCopyInfo, keptHousehold } from './householdCopy';

type T = (key: MessageKey, vars?: Record<string, string | number>) => string;

/** What a 配送到户 scan came to: done by the server, kept on the device to be sent later, or refused with the reason. */
export type HouseholdVerdict =
  | { kind: 'ok'; message: string; code: string; at: string }
  | { kind: 'queued'; message: string; code: string; at: string }
  | { kind: 'refused'; message: string };

/** The user as the device saw them, and the rules saved with the copy (none: not kept on this device). */
export interface KeptUser {
  user: KeptHousehold;
  rules: HouseholdDeliveryRules;
}

/** The user from the device's copy of their serving station, with its rules; null when the device does not keep them. */
export async function keptUser(id: number): Promise<KeptUser | null> {
  const [user, info] = await Promise.all([keptHousehold(id), householdCopyInfo()]);
  return user && info ? { user, rules: info.rules } : null;
}

const QUIET = { silent: true, action: true } as const;
const pad = (n: number) => String(n).padStart(2, '0');
/** yyyy-MM-dd HH:mm:ss of the device's clock (the plant's time, as the server's answers are). */
const localTime = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;

/**
 * 配送到户 of `code` to user `householdId`: sent when online with nothing kept before it; else — offline, no answer, or
 * the driver's earlier acts still waiting (a new act goes behind them) — judged on the device's copy by the shared rule
 * (the user's open major hazards and last safety check as saved) and kept in the stations' queue with its scanId and the
 * device's time, for the server to judge again at that time on replay.
 */
export async function deliverToHousehold(t: T, householdId: number, code: string, at = new Date()): Promise<HouseholdVerdict> {
  const body = { householdId, code, scanId: newScanId() };
  const keep = async (): Promise<HouseholdVerdict> => {
    const kept = await keptUser(householdId);
    if (!kept) return { kind: 'refused', message: t('field.household.notKept') };
    const { user, rules } = kept;
    if (await fieldActWaiting('/household/deliver', code)) {
      return { kind: 'refused', message: `气瓶 ${code} 已配送到户（用户 ${user.nameMasked}），回收后才能再次配送` };
    }
    const when = localTime(at);
    const refusal = householdRefusal({
      nameMasked: user.nameMasked, status: user.status, openMajor: user.openMajor, majorItems: user.majorItems, lastCheckDay: user.lastCheckAt?.slice(0, 10) ?? null,
    }, rules, when.slice(0, 10));
    if (refusal) return { kind: 'refused', message: refusal };
    await keepFieldAct({ url: '/household/deliver', body, code, note: user.nameMasked }, undefined, at);
    return { kind: 'queued', message: t('field.household.kept', { code }), code, at: when };
  };
  if (!connectivity.get().online || (await fieldActsWaiting()) > 0) return keep();
  try {
    const done = await callEndpoint(HOUSEHOLD.deliver, body, QUIET);
    connectivity.answered();
    return { kind: 'ok', message: done.message, code: done.code, at: done.deliveredAt };
  } catch (e) {
    const failure = failureOf(e);
    if (typeof (e as { code?: unknown } | null)?.code !== 'number') {
      connectivity.lost();
      return keep();
    }
    connectivity.answered();
    return { kind: 'refused', message: failure.message ?? t('field.household.noNetwork') };
  }
}
