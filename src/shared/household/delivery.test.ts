import { describe, expect, it } from 'vitest';
import { daysBetween, householdRefusal, type HouseholdDeliveryFacts } from './delivery';

const RULES = { householdRefuseMajorHazard: true, householdCheckMaxDays: 365 };
const user = (over: Partial<HouseholdDeliveryFacts> = {}): HouseholdDeliveryFacts => ({
  nameMasked: '张**', status: 1, openMajor: 0, majorItems: [], lastCheckDay: '2026-01-10', ...over,
});

describe('配送到户: the rule of the user (server and field device alike)', () => {
  it('counts calendar days across months and years', () => {
    expect(daysBetween('2025-12-31', '2026-01-01')).toBe(1);
    expect(daysBetween('2024-02-28', '2024-03-01')).toBe(2);
    expect(daysBetween('2026-01-10 09:00:00', '2027-01-10')).toBe(365);
  });

  it('accepts a checked user with no open major hazard up to the last allowed day, and refuses the day after', () => {
    expect(householdRefusal(user(), RULES, '2027-01-10')).toBeNull();
    expect(householdRefusal(user(), RULES, '2027-01-11')).toBe('用户 张** 最近一次入户安检在 2026-01-10，已超过 365 天，拒绝配送：请重新安检');
  });

  it('refuses a disabled user, an unchecked one, and one with an open major hazard naming its items once', () => {
    expect(householdRefusal(user({ status: 0 }), RULES, '2026-02-01')).toBe('用户 张** 已停用，不能配送');
    expect(householdRefusal(user({ lastCheckDay: null }), RULES, '2026-02-01')).toBe('用户 张** 尚未入户安检，拒绝配送：请先安检');
    expect(householdRefusal(user({ openMajor: 2, majorItems: ['胶管', '胶管'] }), RULES, '2026-02-01'))
      .toBe('用户 张** 有未整改的重大隐患（胶管），拒绝配送：请先整改');
    expect(householdRefusal(user({ openMajor: 2 }), RULES, '2026-02-01')).toBe('用户 张** 有未整改的重大隐患（2 项），拒绝配送：请先整改');
  });

  it('lets the rule allow an open major hazard, but never an unchecked user', () => {
    const lenient = { ...RULES, householdRefuseMajorHazard: false };
    expect(householdRefusal(user({ openMajor: 1, majorItems: ['胶管'] }), lenient, '2026-02-01')).toBeNull();
    expect(householdRefusal(user({ openMajor: 1, lastCheckDay: null }), lenient, '2026-02-01')).toBe('用户 张** 尚未入户安检，拒绝配送：请先安检');
  });
});
