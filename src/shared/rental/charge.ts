import type { AgreementLine, RentalMethod, StatementLine } from '../api/rental';
import { dayNumber, localDayOf, monthDays, shareHalfUp } from './days';

/**
 * The month's charges of one customer from its custody periods and its agreement's versions, by the rules written
 * in src/shared/api/rental.ts (integer cents, plant calendar days; the delivery day counts, the return day does not).
 * Pure: the server feeds it the periods (the cylinder module's custody record) and the versions; the tests feed it
 * hand-made ones and check the answers computed by hand.
 */

export interface CustodyPeriod {
  cylinderId: number;
  code: string;
  materialId: number | null;
  materialName: string | null;
  specification: string | null;
  ownerEnterpriseId: number | null;
  enterpriseId: number;
  fromAt: Date;
  toAt: Date | null;
  fromTraceId: number | null;
  toTraceId: number | null;
  deliveredStopId: number | null;
}

export interface ChargeVersion {
  validFrom: string;
  minimumMonthCents: number;
  depositOffsetsRental: boolean;
  lines: AgreementLine[];
}

export interface MonthCharges {
  lines: StatementLine[];
  balances: Array<{ materialName: string | null; specification: string | null; method: RentalMethod; balance: number; rateCents: number; days: number; amountCents: number }>;
  deposits: Array<{ cylinderId: number; code: string; kind: 'taken' | 'refunded'; at: Date; traceId: number | null; amountCents: number }>;
  rentalCents: number;
  minimumTopUpCents: number;
  depositTakenCents: number;
  depositRefundedCents: number;
  depositBalanceCents: number;
  totalCents: number;
}

/** The most specific line of a version for a cylinder: gas and specification, gas, specification, then neither. */
export function lineFor(version: ChargeVersion, c: { materialId: number | null; specification: string | null }): AgreementLine | null {
  let best: AgreementLine | null = null;
  let bestScore = -1;
  for (const line of version.lines) {
    if (line.materialId !== null && line.materialId !== c.materialId) continue;
    if (line.specification !== null && line.specification !== c.specification) continue;
    const score = (line.materialId !== null ? 2 : 0) + (line.specification !== null ? 1 : 0);
    if (score > bestScore) {
      best = line;
      bestScore = score;
    }
  }
  return best;
}

/** The version in force on each day: the last whose validFrom is on or before it (versions sorted by validFrom). */
function versionIndexer(versions: readonly ChargeVersion[]): (day: number) => number {
  const starts = versions.map((v) => dayNumber(v.validFrom));
  return (day) => {
    let found = -1;
    for (let i = 0; i < starts.length; i++) if (starts[i]! <= day) found = i;
    return found;
  };
}

export function chargeMonth(
  month: string, periods: readonly CustodyPeriod[], unsortedVersions: readonly ChargeVersion[], dayOf: (at: Date) => string = localDayOf,
): MonthCharges {
  const versions = [...unsortedVersions].sort((a, b) => a.validFrom.localeCompare(b.validFrom));
  const inForce = versionIndexer(versions);
  const { first, last, count } = monthDays(month);
  const lines: StatementLine[] = [];
  const deposits: MonthCharges['deposits'] = [];
  let rentalCents = 0;
  let depositTakenCents = 0;
  let depositRefundedCents = 0;
  let depositBalanceCents = 0;
  // Monthly methods: per version and line, the end-of-day counts of the month.
  const activeVersions = [...new Set(Array.from({ length: count }, (_v, i) => inForce(first + i)).filter((v) => v >= 0))];
  const monthly = new Map<string, { version: number; line: AgreementLine; counts: number[]; name: string | null }>();

  for (const p of periods) {
    const start = dayNumber(dayOf(p.fromAt));
    const end = p.toAt ? dayNumber(dayOf(p.toAt)) - 1 : Number.POSITIVE_INFINITY; // the last day held
    const from = Math.max(start, first);
    const to = Math.min(end, last);
    const owned = p.ownerEnterpriseId !== null && p.ownerEnterpriseId === p.enterpriseId;
    const atStart = inForce(start);
    const startLine = atStart >= 0 ? lineFor(versions[atStart]!, p) : null;
    const deposit = owned ? 0 : (startLine?.depositCents ?? 0);
    const freeDays = startLine?.freeDays ?? 0;

    // The deposit: taken at the period's start, refunded (the same amount) at its end.
    if (deposit > 0) {
      if (start >= first && start <= last) {
        deposits.push({ cylinderId: p.cylinderId, code: p.code, kind: 'taken', at: p.fromAt, traceId: p.fromTraceId, amountCents: deposit });
        depositTakenCents += deposit;
      }
      const returnDay = p.toAt ? dayNumber(dayOf(p.toAt)) : null;
      if (p.toAt && returnDay !== null && returnDay >= first && returnDay <= last) {
        deposits.push({ cylinderId: p.cylinderId, code: p.code, kind: 'refunded', at: p.toAt, traceId: p.toTraceId, amountCents: deposit });
        depositRefundedCents += deposit;
      }
      if (start <= last && (returnDay === null || returnDay > last)) depositBalanceCents += deposit;
    }
    if (from > to) {
      // Delivered and returned the same day (no day held), or outside the month: only its deposit moves.
      if (start > last || (p.toAt && dayNumber(dayOf(p.toAt)) < first)) continue;
    }

    let daysHeld = 0;
    let freeUsed = 0;
    let charged = 0;
    let amount = 0;
    let rate = 0;
    let cap: number | null = null;
    let method: RentalMethod = 'none';
    let exempt: StatementLine['exempt'] = owned ? 'customerOwned' : null;
    for (let d = from; d <= to; d++) {
      daysHeld++;
      if (owned) continue;
      const vi = inForce(d);
      const version = vi >= 0 ? versions[vi]! : null;
      const line = version ? lineFor(version, p) : null;
      if (!line || !version) {
        method = 'none';
        continue;
      }
      method = line.method;
      rate = line.rateCents;
      if (line.method !== 'daily') continue;
      if (d - start < freeDays) {
        freeUsed++;
        continue;
      }
      if (version.depositOffsetsRental && deposit > 0) {
        exempt = 'depositHeld';
        continue;
      }
      charged++;
      amount += line.rateCents;
      cap = line.capCents;
    }
    // Monthly lines count the cylinder on each day it was held, classed by every version in force in the month: the
    // month's balance (end or peak) is each version's, charged for the days that version was in force.
    if (!owned) {
      for (const vi of activeVersions) {
        const version = versions[vi]!;
        const line = lineFor(version, p);
        if (!line || (line.method !== 'monthEnd' && line.method !== 'monthPeak')) continue;
        if (version.depositOffsetsRental && deposit > 0) {
          exempt = 'depositHeld';
          continue;
        }
        const key = `${vi}:${version.lines.indexOf(line)}`;
        const slot = monthly.get(key) ?? { version: vi, line, counts: new Array<number>(count).fill(0), name: p.materialName };
        for (let d = from; d <= to; d++) slot.counts[d - first]! += 1;
        monthly.set(key, slot);
      }
    }
    const capped = cap !== null && amount > cap;
    if (capped) amount = cap!;
    rentalCents += amount;
    lines.push({
      cylinderId: p.cylinderId, code: p.code, materialName: p.materialName, specification: p.specification,
      deliveredAt: p.fromAt.toISOString(), deliveredTraceId: p.fromTraceId, deliveredStopId: p.deliveredStopId,
      returnedAt: p.toAt ? p.toAt.toISOString() : null, returnedTraceId: p.toTraceId,
      method, daysHeld, freeDays: freeUsed, daysCharged: charged, rateCents: rate, amountCents: amount, capped, exempt,
    });
  }

  // Monthly lines: each version charges the month's balance for the days it was in force.
  const balances: MonthCharges['balances'] = [];
  for (const slot of monthly.values()) {
    let days = 0;
    for (let d = first; d <= last; d++) if (inForce(d) === slot.version) days++;
    const balance = slot.line.method === 'monthEnd' ? slot.counts[count - 1]! : Math.max(...slot.counts);
    const amountCents = shareHalfUp(slot.line.rateCents, balance, days, count);
    rentalCents += amountCents;
    balances.push({
      materialName: slot.line.materialId === null ? null : slot.name, specification: slot.line.specification, method: slot.line.method,
      balance, rateCents: slot.line.rateCents, days, amountCents,
    });
  }

  // The minimum of the version in force on the month's last day, for a customer who held cylinders in the month.
  const lastVersion = inForce(last);
  const minimum = lastVersion >= 0 && lines.length > 0 ? versions[lastVersion]!.minimumMonthCents : 0;
  const minimumTopUpCents = Math.max(0, minimum - rentalCents);
  lines.sort((a, b) => a.code.localeCompare(b.code) || a.deliveredAt.localeCompare(b.deliveredAt));
  return {
    lines, balances, deposits, rentalCents, minimumTopUpCents, depositTakenCents, depositRefundedCents, depositBalanceCents,
    totalCents: rentalCents + minimumTopUpCents + depositTakenCents - depositRefundedCents,
  };
}

