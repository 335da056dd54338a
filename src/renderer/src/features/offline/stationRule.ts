import type { Endpoint, EndpointArg } from '@shared/api/endpoint';
import { httpArgs } from '@renderer/store/endpoints';
import type { useT } from '@renderer/i18n/useT';
import type { OfflineRule, Verdict } from '@renderer/stations/useStation';
import type { LocalFacts, OfflineStation } from './db';
import { applyLocally, checkLocally, type LocalCheck, type LocalRule } from './localChecks';
import type { OfflineScan } from './offlineScan';

type T = ReturnType<typeof useT>;

/** What a further local check adds to the kept scan; `status` the copy then takes (when it depends on what was measured). */
type Extra = Partial<OfflineScan> & { status?: number };

export interface StationRuleOptions<E extends Endpoint> {
  station: OfflineStation;
  rule: LocalRule;
  code: string;
  /** The call the online scan makes, and its argument without the scanId. */
  endpoint: E;
  arg: Omit<EndpointArg<E>, 'scanId'>;
  operator?: string;
  /** The gas the fill gate checks (picking, filling). */
  materialId?: number | null;
  /** Words for 已暂存 (what was measured). */
  note?: string;
  /** The title of a refusal by the gate ("气瓶 X 不能充装"); the reasons are listed under it. */
  refusedTitle?: string;
  /**
   * A further local check on the known cylinder (tolerances, order lines): a refusal, or what to keep with the
   * scan (kept under `scanId`: a label printed for it waits for that scan to be recorded).
   */
  extra?: (facts: LocalFacts, scanId: string) => Promise<Verdict | Extra | undefined> | Verdict | Extra | undefined;
  /** The status the copy takes (when it depends on what was measured). */
  to?: number;
  /** The order the scan goes onto (入库, 出库扫描). */
  orderId?: number;
}

/**
 * What the station shows for a scan the local copy does not allow: null when the copy cannot tell (never filled),
 * else the refusal (unknown cylinder, the copy's reasons under `refusedTitle`) or 已暂存 already.
 */
export function notAllowed(t: T, check: Exclude<LocalCheck, { kind: 'allowed' }>, code: string, refusedTitle?: string): Verdict | null {
  switch (check.kind) {
    case 'unknownCopy': return null;
    case 'unknownCylinder': return { kind: 'refused', code, title: t('offline.unknownCylinder', { code }) };
    case 'queued': return { kind: 'repeated', code, title: t('offline.alreadyQueued', { code }) };
    case 'refused': return check.reasons.length > 1 || refusedTitle
      ? { kind: 'refused', code, title: refusedTitle ?? check.reasons[0]!, lines: check.reasons }
      : { kind: 'refused', code, title: check.reasons[0]! };
  }
}

/**
 * A station's offline rule from its local rule: the scan checked against the local copy as the server
 * would check it, and when allowed kept as the very call the online scan makes (same body, same scanId).
 */
export function stationRule<E extends Endpoint>(t: T, o: StationRuleOptions<E>): OfflineRule {
  return async (scanId) => {
    const { code } = o;
    const check = await checkLocally(o.rule, code, o.station, { materialId: o.materialId });
    if (check.kind !== 'allowed') return notAllowed(t, check, code, o.refusedTitle);
    const more = o.extra ? await o.extra(check.facts, scanId) : undefined;
    if (more && 'kind' in more) return more;
    const { url, data } = httpArgs(o.endpoint, { ...o.arg, scanId });
    const { status, ...adds } = more ?? {};
    await applyLocally(o.rule, code, status ?? o.to);
    const scan: OfflineScan = {
      station: o.station, url, body: data as Record<string, unknown>,
      ...(o.orderId !== undefined ? { orderId: o.orderId } : {}),
      ...(o.operator ? { operator: o.operator } : {}), ...(o.note ? { note: o.note } : {}), ...adds,
    };
    return scan;
  };
}
