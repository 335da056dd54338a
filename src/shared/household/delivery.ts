/**
 * 配送到户's rule of the user (瓶装液化气实名制, issue 37), judged by the server and by the field app on its copy of a
 * serving station's users while offline: the same words on both sides. Where the cylinder is (at the user's serving
 * station) is the server's to judge. Pure: no I/O.
 */

/** The two 系统规则 the rule reads. */
export interface HouseholdDeliveryRules {
  householdRefuseMajorHazard: boolean;
  householdCheckMaxDays: number;
}

/** What the rule reads of a user, as of the delivery's time. */
export interface HouseholdDeliveryFacts {
  /** 张**: the rule's words never carry more. */
  nameMasked: string;
  /** 1 enabled. */
  status: number;
  /** Open major hazards, and the items that found them (for the words; empty: counted only). */
  openMajor: number;
  majorItems: readonly string[];
  /** The day (yyyy-MM-dd, plant time) of the last safety check before the delivery; null: never checked. */
  lastCheckDay: string | null;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})/;

/** Whole days from `from` to `to` (yyyy-MM-dd…, calendar days; negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  const a = DAY.exec(from);
  const b = DAY.exec(to);
  if (!a || !b) return Number.NaN;
  const utc = (m: RegExpExecArray) => Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return Math.round((utc(b) - utc(a)) / 86_400_000);
}

/**
 * Why the user cannot be handed a cylinder on `day` (yyyy-MM-dd, the delivery's day in plant time), or null: the user
 * disabled, an open major hazard (when the rule says so), never checked, or the last check more than the allowed days
 * before.
 */
export function householdRefusal(f: HouseholdDeliveryFacts, rules: HouseholdDeliveryRules, day: string): string | null {
  const shown = f.nameMasked;
  if (f.status !== 1) return `用户 ${shown} 已停用，不能配送`;
  if (rules.householdRefuseMajorHazard && f.openMajor > 0) {
    const items = [...new Set(f.majorItems)];
    return `用户 ${shown} 有未整改的重大隐患（${items.length ? items.join('、') : `${f.openMajor} 项`}），拒绝配送：请先整改`;
  }
  if (f.lastCheckDay === null) return `用户 ${shown} 尚未入户安检，拒绝配送：请先安检`;
  if (daysBetween(f.lastCheckDay, day) > rules.householdCheckMaxDays) {
    return `用户 ${shown} 最近一次入户安检在 ${f.lastCheckDay.slice(0, 10)}，已超过 ${rules.householdCheckMaxDays} 天，拒绝配送：请重新安检`;
  }
  return null;
}
