import { addYears } from '../../lib/dates';
import { STATUS } from '@shared/lifecycle';

/** What the gate needs to know about the cylinder (see fillGateInputs in product.repository). */
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

export type GateReasonCode = 'scrap' | 'inspectionOverdue' | 'designLifeExceeded' | 'ownership' | 'wrongMedium' | 'vacuumRequired';

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

/**
 * The fill gate of DOMAIN.md: every reason the cylinder must not be picked for filling or filled with `gas`
 * on `today` (YYYY-MM-DD). Empty means it may. `vacuumSince` is the time (or date) of its latest vacuum handling,
 * `inspectionRecordedAt` when its latest periodic inspection was recorded (both 'YYYY-MM-DDTHH:MM:SS.ffffff', comparable as text);
 * `vacuumRequired: false` (a system rule) drops the vacuum reason.
 * Pure, so picking and filling (later issues) and the screens all refuse for the same reasons.
 */
export function fillGateReasons(
  cylinder: GateCylinder, gas: GateGas, today: string,
  options: { vacuumSince?: string | null; inspectionRecordedAt?: string | null; vacuumRequired?: boolean } = {},
): GateReason[] {
  const c = cylinder.code;
  const reasons: GateReason[] = [];
  if (cylinder.status === STATUS.scrap) reasons.push({ reason: 'scrap', message: `气瓶 ${c} 已报废` });

  if (!cylinder.nextInspectionDate) {
    reasons.push({ reason: 'inspectionOverdue', message: `气瓶 ${c} 超期未检：没有下次检验日期` });
  } else if (cylinder.nextInspectionDate < today) {
    reasons.push({ reason: 'inspectionOverdue', message: `气瓶 ${c} 超期未检：下次检验日期 ${cylinder.nextInspectionDate} 已过` });
  }

  const life = designLife(cylinder, gas);
  if (life && life.end <= today) {
    const { years, end, extended } = life;
    const base = cylinder.designLifeYears ?? gas.designLifeYears!;
    reasons.push({
      reason: 'designLifeExceeded',
      message: extended
        ? `气瓶 ${c} 已超过延长使用年限 ${years} 年（制造日期 ${cylinder.manufactureDate}，${end} 到期）`
        : `气瓶 ${c} 已超过设计使用年限 ${years} 年（制造日期 ${cylinder.manufactureDate}，${end} 到期）${gas.extendedLifeYears && gas.extendedLifeYears > base ? `；定期检验合格后可延长至 ${gas.extendedLifeYears} 年` : ''}`,
    });
  }

  if (cylinder.ownerType !== 1 && !(cylinder.ownerType === 2 && cylinder.ownerIsCustomer)) {
    reasons.push({ reason: 'ownership', message: `气瓶 ${c} 不是本单位气瓶，也不属于委托充装的客户` });
  }

  if (cylinder.materialId !== gas.id) {
    const registered = cylinder.materialName ? `登记介质为 ${cylinder.materialName}` : '登记介质不同';
    reasons.push({ reason: 'wrongMedium', message: `气瓶 ${c} ${registered}，不能充装 ${gas.materialName}` });
  }

  // 系统规则 "可燃气体首次充装前须抽真空" (on unless the plant turns it off).
  if (gas.flammable && options.vacuumRequired !== false) {
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
    if ((firstFill || firstAfterInspection) && !vacuumDone) {
      const which = firstFill ? '首次充装' : `定期检验（${inspected}）后首次充装`;
      reasons.push({ reason: 'vacuumRequired', message: `气瓶 ${c} ${which}可燃气体 ${gas.materialName}，需先抽真空处理` });
    }
  }
  return reasons;
}
