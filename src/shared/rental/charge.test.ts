import { describe, expect, it } from 'vitest';
import type { AgreementLine } from '../api/rental';
import { chargeMonth, type ChargeVersion, type CustodyPeriod } from './charge';

/**
 * The rental rules of src/shared/api/rental.ts against answers computed by hand (the arithmetic is in each test).
 * Days are read in UTC here (dayOf) so the answers do not depend on the machine's zone.
 */
const utcDay = (at: Date) => at.toISOString().slice(0, 10);
const at = (day: string, time = '10:00') => new Date(`${day}T${time}:00Z`);
let next = 1;
const period = (code: string, from: string, to: string | null, more: Partial<CustodyPeriod> = {}): CustodyPeriod => ({
  cylinderId: next++, code, materialId: 1, materialName: '氮气', specification: '40L', ownerEnterpriseId: 1, enterpriseId: 7,
  fromAt: at(from), toAt: to ? at(to, '09:00') : null, fromTraceId: 100 + next, toTraceId: to ? 200 + next : null, deliveredStopId: null, ...more,
});
const line = (more: Partial<AgreementLine> = {}): AgreementLine => ({
  materialId: null, specification: null, method: 'daily', rateCents: 200, freeDays: 0, capCents: null, depositCents: 0, ...more,
});
const version = (validFrom: string, lines: AgreementLine[], more: Partial<ChargeVersion> = {}): ChargeVersion => ({
  validFrom, minimumMonthCents: 0, depositOffsetsRental: false, lines, ...more,
});
const charge = (month: string, periods: CustodyPeriod[], versions: ChargeVersion[]) => chargeMonth(month, periods, versions, utcDay);

describe('rental of a month', () => {
  it('daily with free days: delivered the 3rd, returned the 20th, 7 free days at 2.00/day → 20.00', () => {
    // Held the 3rd to the 19th (the return day does not count): 17 days; the 3rd–9th free (7); the 10th–19th charged:
    // 10 × 200 = 2000 cents.
    const r = charge('2026-10', [period('A1', '2026-10-03', '2026-10-20')], [version('2026-01-01', [line({ freeDays: 7 })])]);
    expect(r.lines).toMatchObject([{ code: 'A1', daysHeld: 17, freeDays: 7, daysCharged: 10, rateCents: 200, amountCents: 2000, capped: false }]);
    expect(r).toMatchObject({ rentalCents: 2000, minimumTopUpCents: 0, totalCents: 2000 });
  });

  it('free days run from the delivery across months: delivered 28 Sep with 7 free days, October charged from the 5th', () => {
    // Free: 28, 29, 30 Sep (3) and 1–4 Oct (4). October held 1–31 (31 days), 4 free, 27 charged × 200 = 5400.
    const r = charge('2026-10', [period('A2', '2026-09-28', null)], [version('2026-01-01', [line({ freeDays: 7 })])]);
    expect(r.lines[0]).toMatchObject({ daysHeld: 31, freeDays: 4, daysCharged: 27, amountCents: 5400 });
  });

  it('month-end and peak balances over October with deliveries and returns on known days', () => {
    // A held from 20 Sep (open); B 5–25 Oct; D 10–31 Oct; C from 28 Oct (open). End-of-day counts:
    // 1–4: 1 (A); 5–9: 2 (A B); 10–24: 3 (A B D); 25–27: 2 (A D); 28–30: 3 (A D C); 31: 2 (A C — D returned the 31st).
    const periods = () => [period('A', '2026-09-20', null), period('B', '2026-10-05', '2026-10-25'), period('D', '2026-10-10', '2026-10-31'), period('C', '2026-10-28', null)];
    // Month end: 2 × 30.00 = 60.00.
    const end = charge('2026-10', periods(), [version('2026-01-01', [line({ method: 'monthEnd', rateCents: 3000 })])]);
    expect(end.balances).toEqual([{ materialName: null, specification: null, method: 'monthEnd', balance: 2, rateCents: 3000, days: 31, amountCents: 6000 }]);
    expect(end.rentalCents).toBe(6000);
    // Peak: 3 × 30.00 = 90.00.
    const peak = charge('2026-10', periods(), [version('2026-01-01', [line({ method: 'monthPeak', rateCents: 3000 })])]);
    expect(peak.balances[0]).toMatchObject({ balance: 3, amountCents: 9000 });
    // The statement still lists each cylinder with its days, charged through the balance (0 on its line).
    expect(peak.lines.map((l) => [l.code, l.daysHeld, l.amountCents])).toEqual([['A', 31, 0], ['B', 20, 0], ['C', 4, 0], ['D', 21, 0]]);
  });

  it('an agreement changed mid-month: each day at the version in force that day', () => {
    // Daily: 2.00 until 15 Oct, 3.00 from 16 Oct; held all October: 15 × 200 + 16 × 300 = 3000 + 4800 = 7800.
    const daily = charge('2026-10', [period('V1', '2026-09-01', null)], [version('2026-01-01', [line()]), version('2026-10-16', [line({ rateCents: 300 })])]);
    expect(daily.lines[0]).toMatchObject({ daysCharged: 31, amountCents: 7800, rateCents: 300 });
    // Month end, 31.00 then 62.00 a month, balance 1: 3100 × 15/31 = 1500; 6200 × 16/31 = 3200; 4700 in all.
    const monthly = charge('2026-10', [period('V2', '2026-09-01', null)], [
      version('2026-01-01', [line({ method: 'monthEnd', rateCents: 3100 })]), version('2026-10-16', [line({ method: 'monthEnd', rateCents: 6200 })]),
    ]);
    expect(monthly.balances.map((b) => [b.days, b.balance, b.amountCents])).toEqual([[15, 1, 1500], [16, 1, 3200]]);
    expect(monthly.rentalCents).toBe(4700);
  });

  it('a deposit taken at the delivery and refunded at the return; the balance is what is still held', () => {
    // D1: 3–20 Oct, deposit 100.00 taken and refunded. D2: from 25 Oct, 100.00 taken and held.
    // Rental 0.00/day. Total = 0 + 20000 taken − 10000 refunded = 10000; balance 10000.
    const r = charge('2026-10', [period('D1', '2026-10-03', '2026-10-20'), period('D2', '2026-10-25', null)],
      [version('2026-01-01', [line({ rateCents: 0, depositCents: 10000 })])]);
    expect(r.deposits.map((d) => [d.code, d.kind, d.amountCents])).toEqual([['D1', 'taken', 10000], ['D1', 'refunded', 10000], ['D2', 'taken', 10000]]);
    expect(r).toMatchObject({ depositTakenCents: 20000, depositRefundedCents: 10000, depositBalanceCents: 10000, totalCents: 10000 });
    // November: D2's deposit is still held, nothing moves.
    const nov = charge('2026-11', [period('D2', '2026-10-25', null)], [version('2026-01-01', [line({ rateCents: 0, depositCents: 10000 })])]);
    expect(nov).toMatchObject({ depositTakenCents: 0, depositRefundedCents: 0, depositBalanceCents: 10000, totalCents: 0 });
  });

  it('a deposit offsets the rental when the agreement says so', () => {
    const v = version('2026-01-01', [line({ rateCents: 200, depositCents: 10000 })], { depositOffsetsRental: true });
    const r = charge('2026-10', [period('O1', '2026-09-01', null)], [v]);
    expect(r.lines[0]).toMatchObject({ daysHeld: 31, daysCharged: 0, amountCents: 0, exempt: 'depositHeld' });
  });

  it('the cap per cylinder and month, and the monthly minimum', () => {
    // 31 days × 2.00 = 62.00, capped at 50.00.
    const capped = charge('2026-10', [period('K1', '2026-09-01', null)], [version('2026-01-01', [line({ capCents: 5000 })])]);
    expect(capped.lines[0]).toMatchObject({ daysCharged: 31, amountCents: 5000, capped: true });
    // 10 days × 2.00 = 20.00, raised to the minimum of 50.00: 30.00 added.
    const small = charge('2026-10', [period('M1', '2026-10-10', '2026-10-20')], [version('2026-01-01', [line()], { minimumMonthCents: 5000 })]);
    expect(small).toMatchObject({ rentalCents: 2000, minimumTopUpCents: 3000, totalCents: 5000 });
  });

  it('cylinders the customer owns are never charged nor take a deposit; the most specific line applies', () => {
    const lines = [line({ rateCents: 100 }), line({ materialId: 1, rateCents: 200 }), line({ materialId: 1, specification: '40L', rateCents: 300, depositCents: 500 })];
    const r = charge('2026-10', [
      period('OWN', '2026-10-01', '2026-10-11', { ownerEnterpriseId: 7 }),
      period('S40', '2026-10-01', '2026-10-11'),
      period('S8', '2026-10-01', '2026-10-11', { specification: '8L' }),
      period('AR', '2026-10-01', '2026-10-11', { materialId: 2, materialName: '氩气' }),
    ], [version('2026-01-01', lines)]);
    // 10 days each: 40L N2 at 3.00 = 30.00; 8L N2 at 2.00 = 20.00; argon at 1.00 = 10.00; owned 0.
    expect(r.lines.map((l) => [l.code, l.amountCents, l.exempt])).toEqual([['AR', 1000, null], ['OWN', 0, 'customerOwned'], ['S40', 3000, null], ['S8', 2000, null]]);
    expect(r.deposits.map((d) => d.code)).toEqual(['S40', 'S40']);
  });

  it('nothing before the first version is in force', () => {
    // Held all October, the agreement in force from the 21st: 11 days × 2.00.
    const r = charge('2026-10', [period('N1', '2026-09-01', null)], [version('2026-10-21', [line()])]);
    expect(r.lines[0]).toMatchObject({ daysHeld: 31, daysCharged: 11, amountCents: 2200 });
  });
});
