import { STATUS } from '../lifecycle';

/**
 * The fill gate of DOMAIN.md in one place, for the server (fill-gate.repository reads the facts in the scan's
 * transaction) and for a station that must keep refusing what the server would refuse while the server is away
 * (its local copy holds GateFacts, see gateFactsOf and localGateReasons). Pure: no I/O, no clock.
 */

/** `date` (YYYY-MM-DD) plus `years`, the 29th of February becoming the 28th in a common year. */
export function addYears(date: string, years: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(y + years, m - 1, 1));
  const lastDay = new Date(Date.UTC(y + years, m, 0)).getUTCDate();
  target.setUTCDate(Math.min(d, lastDay));
  return target.toISOString().slice(0, 10);
}

/** What the gate needs to know about the cylinder (read by fillGateFor in src/server/modules/cylinder/fill-gate.repository.ts). */
export interface GateCylinder {
  code: string;
  status: number;
  materialId: number;
  /** Name of the gas the cylinder is registered for (for the wrong-medium message). */
  materialName?: string | null;
  manufactureDate: string | null;
  designLifeYears: number | null;
  lastInspectionDate: string | null;
  nextInspectionDate: string | null;
  /** 1 own, 2 a customer's. */
  ownerType: number;
  /** For ownerType 2: the owner is a known customer the plant fills for. */
  ownerIsCustomer?: boolean;
  /** ISO timestamp or YYYY-MM-DD of the last fill; null when never filled. */
  lastFilledAt: string | null;
  /** Date of its latest passed periodic inspection (for the design-life extension). */
  lastPassedInspection?: string | null;
}

export interface GateGas {
  id: number;
  materialName: string;
  flammable: boolean;
  designLifeYears: number | null;
  /** Life allowed after a passed inspection near the end of the design life (LPG: 12); null when none. */
  extendedLifeYears?: number | null;
}

/** Every reason the fill gate gives (the agreement test covers each, station against server). */
export const GATE_REASON_CODES = [
  'scrap', 'inspectionOverdue', 'designLifeExceeded', 'ownership', 'wrongMedium', 'vacuumRequired', 'operatorCertExpired', 'operatorUncertified',
] as const;
export type GateReasonCode = (typeof GATE_REASON_CODES)[number];

export interface GateReason {
  reason: GateReasonCode;
  /** Chinese, names the cylinder: shown to the operator as is. */
  message: string;
}

/**
 * The end of a cylinder's service life as the gate reads it: its own design life, else its gas's; extended
 * (DOMAIN.md: LPG 8 years, up to 12) by a passed periodic inspection dated in the last year of the design
 * life or later. Null without a manufacture date or a life.
 */
export function designLife(
  cylinder: Pick<GateCylinder, 'manufactureDate' | 'designLifeYears' | 'lastPassedInspection'>,
  gas: Pick<GateGas, 'designLifeYears' | 'extendedLifeYears'>,
): { years: number; end: string; extended: boolean } | null {
  const life = cylinder.designLifeYears ?? gas.designLifeYears;
  if (!cylinder.manufactureDate || !life) return null;
  const extended = !!(gas.extendedLifeYears && gas.extendedLifeYears > life && cylinder.lastPassedInspection
    && cylinder.lastPassedInspection >= addYears(cylinder.manufactureDate, life - 1));
  const years = extended ? gas.extendedLifeYears! : life;
  return { years, end: addYears(cylinder.manufactureDate, years), extended };
}

/** Why a flammable gas needs a vacuum first: its first fill, or the first after the inspection dated `inspected`. */
export type VacuumNeed = { firstFill: true } | { firstFill: false; inspected: string };

/**
 * Whether the vacuum rule (系统规则 "可燃气体首次充装前须抽真空") holds the cylinder back for `gas`; null when it
 * does not (not flammable, the rule off, not a first fill, or a vacuum after the inspection that made it one).
 */
export function vacuumNeed(
  cylinder: Pick<GateCylinder, 'lastFilledAt' | 'lastInspectionDate'>, gas: Pick<GateGas, 'flammable'>,
  options: { vacuumSince?: string | null; inspectionRecordedAt?: string | null; vacuumRequired?: boolean } = {},
): VacuumNeed | null {
  if (!gas.flammable || options.vacuumRequired === false) return null;
  const lastFill = cylinder.lastFilledAt?.slice(0, 10) ?? null;
  const inspected = cylinder.lastInspectionDate;
  const vacuumAt = options.vacuumSince ?? null;
  const vacuum = vacuumAt?.slice(0, 10) ?? null;
  const firstFill = lastFill === null;
  const firstAfterInspection = !firstFill && inspected !== null && lastFill <= inspected;
  // The vacuum must come after the inspection that made this a first fill (if any): not before its date, and
  // not before it was recorded (a vacuum in the morning does not count for an inspection entered that afternoon).
  const recordedAt = options.inspectionRecordedAt ?? null;
  const vacuumDone = vacuum !== null && (inspected === null || (vacuum >= inspected && (recordedAt === null || vacuumAt! > recordedAt)));
  if (!(firstFill || firstAfterInspection) || vacuumDone) return null;
  return firstFill ? { firstFill: true } : { firstFill: false, inspected: inspected! };
}

const MESSAGES = {
  scrap: (c: string) => `气瓶 ${c} 已报废`,
  noNextInspection: (c: string) => `气瓶 ${c} 超期未检：没有下次检验日期`,
  overdue: (c: string, next: string) => `气瓶 ${c} 超期未检：下次检验日期 ${next} 已过`,
  designLife: (c: string, life: LifeFacts) => life.extended
    ? `气瓶 ${c} 已超过延长使用年限 ${life.years} 年（制造日期 ${life.manufactureDate}，${life.end} 到期）`
    : `气瓶 ${c} 已超过设计使用年限 ${life.years} 年（制造日期 ${life.manufactureDate}，${life.end} 到期）${life.extendableTo ? `；定期检验合格后可延长至 ${life.extendableTo} 年` : ''}`,
  ownership: (c: string) => `气瓶 ${c} 不是本单位气瓶，也不属于委托充装的客户`,
  wrongMedium: (c: string, registered: string | null | undefined, gasName: string) =>
    `气瓶 ${c} ${registered ? `登记介质为 ${registered}` : '登记介质不同'}，不能充装 ${gasName}`,
  vacuum: (c: string, need: VacuumNeed, gasName: string) =>
    `气瓶 ${c} ${need.firstFill ? '首次充装' : `定期检验（${need.inspected}）后首次充装`}可燃气体 ${gasName}，需先抽真空处理`,
} as const;

/**
 * The signed-in operator's filling-operator certificate (气瓶充装作业人员证) as the gate reads it, with the plant's
 * rule 充装人员须持有效作业证 (`required`): the server reads it from the user in the gate's statement, a station
 * keeps its own operator's in its copy (the facts feed's `operator`).
 */
export interface OperatorFacts {
  required: boolean;
  /** The operator's name, for the message. */
  name: string | null;
  certNo: string | null;
  /** YYYY-MM-DD, the last day it is valid. */
  certExpiry: string | null;
  /** The gas categories (material category codes) it covers. */
  categories: readonly string[];
}

/** The gas categories in words, for the certificate's messages (src/shared/api/material.ts GAS_CATEGORIES). */
const CATEGORY_WORDS: Record<string, string> = {
  compressed: '压缩气体', liquefied: '液化气体', dissolved: '溶解气体', mixture: '混合气体', cryogenic: '低温液化气体',
};

/**
 * Why the operator may not fill a gas of `category` on `today` (none when the rule is off or the certificate is
 * valid for it): 未持证 without a certificate covering the category, 超期 with one past its expiry. Pure.
 */
export function operatorReasons(code: string, operator: OperatorFacts | null | undefined, category: string | null | undefined, today: string): GateReason[] {
  if (!operator?.required) return [];
  const who = operator.name ? `操作人员 ${operator.name} ` : '操作人员';
  const kind = category ? CATEGORY_WORDS[category] ?? category : null;
  if (!operator.certNo?.trim()) {
    return [{ reason: 'operatorUncertified', message: `气瓶 ${code} 不能充装：${who}未持有气瓶充装作业人员证` }];
  }
  if (!category || !operator.categories.includes(category)) {
    return [{ reason: 'operatorUncertified', message: `气瓶 ${code} 不能充装：${who}的气瓶充装作业人员证（${operator.certNo}）不含${kind ?? '该介质类别'}` }];
  }
  const expiry = operator.certExpiry?.slice(0, 10) ?? null;
  if (!expiry || expiry < today) {
    return [{
      reason: 'operatorCertExpired',
      message: `气瓶 ${code} 不能充装：${who}的气瓶充装作业人员证（${operator.certNo}）${expiry ? `已于 ${expiry} 到期` : '没有有效期'}`,
    }];
  }
  return [];
}

/** The end of the service life with what its message names. */
interface LifeFacts {
  years: number;
  end: string;
  extended: boolean;
  manufactureDate: string;
  /** The extension a passed inspection would allow (named in the message); null when none. */
  extendableTo: number | null;
}

function lifeFacts(cylinder: GateCylinder, gas: GateGas): LifeFacts | null {
  const life = designLife(cylinder, gas);
  if (!life) return null;
  const base = cylinder.designLifeYears ?? gas.designLifeYears!;
  return {
    ...life, manufactureDate: cylinder.manufactureDate!,
    extendableTo: !life.extended && gas.extendedLifeYears && gas.extendedLifeYears > base ? gas.extendedLifeYears : null,
  };
}

/**
 * The fill gate of DOMAIN.md: every reason the cylinder must not be picked for filling or filled with `gas`
 * on `today` (YYYY-MM-DD). Empty means it may. `vacuumSince` is the time (or date) of its latest vacuum handling,
 * `inspectionRecordedAt` when its latest periodic inspection was recorded (both 'YYYY-MM-DDTHH:MM:SS.ffffff', comparable as text);
 * `vacuumRequired: false` (a system rule) drops the vacuum reason.
 * Pure, so picking and filling and the screens all refuse for the same reasons.
 */
export function fillGateReasons(
  cylinder: GateCylinder, gas: GateGas, today: string,
  options: {
    vacuumSince?: string | null; inspectionRecordedAt?: string | null; vacuumRequired?: boolean;
    /** The operator who picks or fills, and the gas's category (the certificate rule); none: not judged. */
    operator?: OperatorFacts | null; gasCategory?: string | null;
  } = {},
): GateReason[] {
  const c = cylinder.code;
  const reasons: GateReason[] = [];
  if (cylinder.status === STATUS.scrap) reasons.push({ reason: 'scrap', message: MESSAGES.scrap(c) });
  if (!cylinder.nextInspectionDate) {
    reasons.push({ reason: 'inspectionOverdue', message: MESSAGES.noNextInspection(c) });
  } else if (cylinder.nextInspectionDate < today) {
    reasons.push({ reason: 'inspectionOverdue', message: MESSAGES.overdue(c, cylinder.nextInspectionDate) });
  }
  const life = lifeFacts(cylinder, gas);
  if (life && life.end <= today) reasons.push({ reason: 'designLifeExceeded', message: MESSAGES.designLife(c, life) });
  if (cylinder.ownerType !== 1 && !(cylinder.ownerType === 2 && cylinder.ownerIsCustomer)) {
    reasons.push({ reason: 'ownership', message: MESSAGES.ownership(c) });
  }
  if (cylinder.materialId !== gas.id) {
    reasons.push({ reason: 'wrongMedium', message: MESSAGES.wrongMedium(c, cylinder.materialName, gas.materialName) });
  }
  const need = vacuumNeed(cylinder, gas, options);
  if (need) reasons.push({ reason: 'vacuumRequired', message: MESSAGES.vacuum(c, need, gas.materialName) });
  reasons.push(...operatorReasons(c, options.operator, options.gasCategory, today));
  return reasons;
}

/**
 * What a station keeps of one cylinder to check it while the server is away (the rows of the change feed,
 * src/shared/api/offline.ts; the station's LocalFacts): everything the gate reads, already reduced to what does
 * not depend on the day, for the cylinder's own gas (a cylinder of another gas is refused as the wrong medium
 * whatever else is true). Dates are YYYY-MM-DD.
 */
export interface GateFacts {
  code: string;
  id: number;
  status: number;
  /** status is 报废 (kept so the station names the reason instead of "unknown cylinder"). */
  scrapped: boolean;
  materialId: number;
  materialName: string | null;
  /** Its own gas's category (the certificate rule offline); null when unknown. */
  materialCategory?: string | null;
  specification: string | null;
  tareWeight: number | null;
  nextInspectionDate: string | null;
  /** End of the service life (design life, or extended by a passed inspection); null when none is known. */
  lifeEnd: string | null;
  lifeYears: number | null;
  lifeExtended: boolean;
  manufactureDate: string | null;
  /** The extension a passed inspection would allow (named in the refusal); null when none. */
  lifeExtendableTo: number | null;
  /** Own cylinder, or a customer's the plant fills for. */
  ownerOk: boolean;
  /** The vacuum rule holds it back for its own gas (first fill, or first after an inspection). */
  vacuumNeeded: boolean;
  /** The inspection that made it a first fill (for the message); null for a first fill ever. */
  vacuumAfterInspection: string | null;
  /** The vacuum rule would hold it back for a flammable gas (whatever its own gas): for a station asked for another gas. */
  vacuumPending: boolean;
  /** The cylinder's own design life (null: its gas's), and its latest passed periodic inspection: the life for another gas. */
  designLifeYears: number | null;
  lastPassedInspection: string | null;
  /** 复秤 on the station: the gas's target net weight and tolerance (kg); null when the gas has none. */
  targetNetWeight: number | null;
  tolerance: number | null;
}

/** The facts a station keeps of `cylinder`, whose own gas is `gas` (the server builds the feed with it). */
export function gateFactsOf(
  cylinder: GateCylinder & { id: number; specification?: string | null; tareWeight?: number | null },
  gas: GateGas & { targetNetWeight?: number | null; weightTolerance?: number | null; category?: string | null },
  options: { vacuumSince?: string | null; inspectionRecordedAt?: string | null; vacuumRequired?: boolean } = {},
): GateFacts {
  const life = lifeFacts(cylinder, gas);
  const need = vacuumNeed(cylinder, gas, options);
  const pending = vacuumNeed(cylinder, { flammable: true }, options);
  return {
    code: cylinder.code, id: cylinder.id, status: cylinder.status, scrapped: cylinder.status === STATUS.scrap,
    materialId: cylinder.materialId, materialName: cylinder.materialName ?? null, materialCategory: gas.category ?? null,
    specification: cylinder.specification ?? null, tareWeight: cylinder.tareWeight ?? null,
    nextInspectionDate: cylinder.nextInspectionDate, lifeEnd: life?.end ?? null, lifeYears: life?.years ?? null,
    lifeExtended: life?.extended ?? false, manufactureDate: cylinder.manufactureDate, lifeExtendableTo: life?.extendableTo ?? null,
    ownerOk: cylinder.ownerType === 1 || (cylinder.ownerType === 2 && cylinder.ownerIsCustomer === true),
    vacuumNeeded: need !== null, vacuumAfterInspection: pending && !pending.firstFill ? pending.inspected : null,
    vacuumPending: pending !== null, designLifeYears: cylinder.designLifeYears, lastPassedInspection: cylinder.lastPassedInspection ?? null,
    targetNetWeight: gas.targetNetWeight ?? null, tolerance: gas.weightTolerance ?? null,
  };
}

const text = (v: unknown): string | null => (typeof v === 'string' && v ? v.slice(0, 10) : null);

/**
 * The gas a station fills, as localGateReasons needs it: its id and name; for a gas other than the cylinder's
 * own, also what the gate reads of it (the feed's `gases`, the plant's rules applied) so the reasons agree in
 * full. Without them a cylinder of another gas is still refused (wrong medium), with fewer reasons listed.
 */
export interface LocalGas {
  id: number;
  materialName?: string | null;
  flammable?: boolean;
  designLifeYears?: number | null;
  extendedLifeYears?: number | null;
  /** Its category (the certificate rule); for the cylinder's own gas the copy's materialCategory when absent. */
  category?: string | null;
}

/**
 * The fill gate on a station's copy of one cylinder (GateFacts, or the station's LocalFacts with those fields)
 * for the gas `gas` (its id, or LocalGas) on `today` (YYYY-MM-DD): the same reasons, in the same words, as
 * fillGateReasons on the server's rows. Facts it cannot read refuse (a missing next inspection date is
 * overdue, as on the server).
 */
export function localGateReasons(
  facts: { code: string; [field: string]: unknown }, gas: number | LocalGas, today: string, operator?: OperatorFacts | null,
): GateReason[] {
  const c = facts.code;
  const g: LocalGas = typeof gas === 'number' ? { id: gas } : gas;
  const ownGas = Number(facts.materialId) === g.id;
  const gasName = g.materialName || (ownGas ? text2(facts.materialName) : null) || '该介质';
  const reasons: GateReason[] = [];
  if (Number(facts.status) === STATUS.scrap || facts.scrapped === true) reasons.push({ reason: 'scrap', message: MESSAGES.scrap(c) });
  const next = text(facts.nextInspectionDate);
  if (!next) reasons.push({ reason: 'inspectionOverdue', message: MESSAGES.noNextInspection(c) });
  else if (next < today) reasons.push({ reason: 'inspectionOverdue', message: MESSAGES.overdue(c, next) });
  let life: LifeFacts | null = null;
  const end = text(facts.lifeEnd);
  if (ownGas && end) {
    life = {
      end, years: Number(facts.lifeYears), extended: facts.lifeExtended === true, manufactureDate: text(facts.manufactureDate) ?? '',
      extendableTo: typeof facts.lifeExtendableTo === 'number' ? facts.lifeExtendableTo : null,
    };
  } else if (!ownGas && g.designLifeYears !== undefined) {
    const own = typeof facts.designLifeYears === 'number' ? facts.designLifeYears : null;
    life = lifeFacts({
      code: c, status: 0, materialId: 0, manufactureDate: text(facts.manufactureDate), designLifeYears: own, lastInspectionDate: null,
      nextInspectionDate: null, ownerType: 1, lastFilledAt: null, lastPassedInspection: text(facts.lastPassedInspection),
    }, { id: g.id, materialName: gasName, flammable: g.flammable === true, designLifeYears: g.designLifeYears, extendedLifeYears: g.extendedLifeYears ?? null });
  }
  if (life && life.end <= today) reasons.push({ reason: 'designLifeExceeded', message: MESSAGES.designLife(c, life) });
  if (facts.ownerOk !== true) reasons.push({ reason: 'ownership', message: MESSAGES.ownership(c) });
  if (!ownGas) reasons.push({ reason: 'wrongMedium', message: MESSAGES.wrongMedium(c, text2(facts.materialName), gasName) });
  // Its own gas: the copy's verdict; another gas: the pending vacuum, when the station says the gas is flammable.
  if (ownGas ? facts.vacuumNeeded === true : g.flammable === true && facts.vacuumPending === true) {
    const inspected = text(facts.vacuumAfterInspection);
    reasons.push({ reason: 'vacuumRequired', message: MESSAGES.vacuum(c, inspected ? { firstFill: false, inspected } : { firstFill: true }, gasName) });
  }
  const category = g.category ?? (ownGas ? text2(facts.materialCategory) : null);
  reasons.push(...operatorReasons(c, operator, category, today));
  return reasons;
}

const text2 = (v: unknown): string | null => (typeof v === 'string' && v ? v : null);

/** localGateReasons as the words the station shows. */
export function localGateMessages(
  facts: { code: string; [field: string]: unknown }, gas: number | LocalGas, today: string, operator?: OperatorFacts | null,
): string[] {
  return localGateReasons(facts, gas, today, operator).map((r) => r.message);
}
