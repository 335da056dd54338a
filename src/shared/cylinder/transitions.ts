import { STATUS, isNamedStatus, statusName, type LifecycleAction } from '../lifecycle';
import { PLACE_OF_STATUS, type Place } from './place';

/**
 * DOMAIN.md's transition table in one place, for the server's transitions (modules/cylinder/*.transitions.ts
 * spread each rule into their Transition) and for a station checking a scan on its local copy while the server
 * is away (features/offline): the action, where it may start, where it leads, when a scan counts as already
 * done, and the refusal's words (DOMAIN.md: naming the cylinder, its current status and the expected one).
 * Pure: no I/O.
 */

/** 「在库(2)」: how messages name a status. */
export const statusLabel = (status: number): string => `「${statusName(status)}(${status})」`;

/** What a refusal reads of the cylinder. */
export interface StepCylinder {
  code: string;
  status: number;
}

/** Where the cylinder is, as far as the caller knows it (the server reads it; a station knows the status's place). */
export interface StepWhere {
  place: Place | string;
  warehouseName?: string | null;
  locationName?: string | null;
}

/** Where a cylinder is, in words, as a refused scan names it (a 回收 of a cylinder the records have in the plant or on a vehicle). */
export function placeWords(where: StepWhere, status: number): string {
  const s = statusLabel(status);
  switch (where.place) {
    case 'warehouse': return `在仓库${where.warehouseName ? `「${where.warehouseName}」` : ''}（${s}）`;
    case 'order': return `已扫描到出库单 ${where.locationName ?? '—'}，尚未发出（${s}）；扫错的气瓶请在该出库单上移出`;
    case 'workshop': return `在充装车间（${s}）`;
    case 'returned': return `已回收，待空瓶入库（${s}）`;
    case 'vehicle': return `在车次 ${where.locationName ?? '—'} 的运输车辆上，尚未交付（${s}）`;
    case 'customer': return `在客户${where.locationName ? `「${where.locationName}」` : ''}处（${s}）`;
    case 'scrapped': return `已报废（${s}）`;
    default: return `在厂内（${s}）`;
  }
}

/** The place a status alone names (what a station's copy knows of where a cylinder is). */
export const placeOfStatus = (status: number): StepWhere => ({ place: isNamedStatus(status) ? PLACE_OF_STATUS[status] : 'noWarehouse' });

/** What a refusal may name beyond the cylinder: where it is, the order a scan is about. */
export interface StepContext {
  where?: StepWhere;
  orderNo?: string;
}

export interface TransitionRule {
  /** The action recorded (检验 and 复秤: their passing one; the outcome may name the failing one). */
  action: LifecycleAction;
  /** How messages name the step (领瓶, 检验, …). */
  label: string;
  /** Statuses it may start from. */
  from: readonly number[];
  /** The status it leads to when all goes well (the one a station's copy takes). */
  to: number;
  /** Every status it may lead to (检验不合格 → 待分析, 分析处理's decisions). */
  outcomes: readonly number[];
  /** A scan counts as already done when the cylinder is in one of these statuses and its newest event is one of `actions`. */
  done?: { statuses: readonly number[]; actions: readonly string[] };
  /** A refusal in the action's own words, checked before the status (报废 of a scrapped cylinder). */
  precheck?: (c: StepCylinder) => string | null;
  /** The refusal for a status outside `from` in the action's own words; wrongStatusMessage when absent. */
  wrongStatus?: (c: StepCylinder, context: StepContext) => string;
  /** Picking and filling (and 分析处理 back to 已领瓶) also pass the fill gate (gate.ts). */
  gate?: boolean;
}

/** The refusal of a scan in a status the step does not start from: the cylinder, its status, the expected ones. */
export function wrongStatusMessage(c: StepCylinder, step: string, expected: readonly number[]): string {
  return `气瓶 ${c.code} 当前状态为${statusLabel(c.status)}，不能${step}（应为${expected.map(statusLabel).join('或')}）`;
}

/** 成品入库 of an inspected cylinder (5) whose gas must be re-weighed first (DOMAIN.md: 6, or 5 where the gas needs no re-weighing). */
export const reweighFirstMessage = (code: string, gasName: string | null): string => `气瓶 ${code} 的介质 ${gasName ?? ''} 需要复秤：复秤合格后才能成品入库`;

/** A road act (交付, 回厂卸车) on a cylinder that is not on that trip's vehicle. */
export const notOnTripMessage = (code: string, tripNo: string, step: string): string => `气瓶 ${code} 不在车次 ${tripNo} 的运输车辆上，不能${step}`;

/** 回收 of a cylinder still on a trip's vehicle (`where`: 车次号 车牌): it was never handed over. */
export const onVehicleMessage = (code: string, where: string): string =>
  `气瓶 ${code} 在车次 ${where} 的运输车辆上，尚未交付，不能回收：请在该车次的站点交付，或回厂卸车`;

/** When a scan at 检验 finds the step done (its first scan, testScan, says so too). */
export const INSPECT_DONE = { statuses: [STATUS.inspected, STATUS.analyze], actions: ['testPass', 'testFail'] } as const;
/** When a scan at 复秤 finds the step done (metageScan says so too). */
export const REWEIGH_DONE = { statuses: [STATUS.reWeighed, STATUS.analyze], actions: ['reweighPass', 'reweighFail'] } as const;

/** Every status but outbound (9) and scrap (0): where 报废 may start. */
const SCRAPPABLE = [1, 2, 3, 4, 5, 6, 7, 8, 10, 11, 12, 13] as const;

/** The transition table (DOMAIN.md "The cylinder life cycle"), one entry per step. */
export const TRANSITION_RULES = {
  pick: {
    action: 'pick', label: '领瓶', from: [STATUS.stock], to: STATUS.received, outcomes: [STATUS.received], gate: true,
    done: { statuses: [STATUS.received], actions: ['pick'] },
  },
  returnPick: {
    action: 'returnPick', label: '退回领瓶', from: [STATUS.received], to: STATUS.stock, outcomes: [STATUS.stock],
    done: { statuses: [STATUS.stock], actions: ['returnPick'] },
  },
  fill: {
    action: 'fill', label: '充装', from: [STATUS.received], to: STATUS.filled, outcomes: [STATUS.filled], gate: true,
    done: { statuses: [STATUS.filled], actions: ['fill'] },
  },
  inspect: {
    action: 'testPass', label: '检验', from: [STATUS.filled], to: STATUS.inspected, outcomes: [STATUS.inspected, STATUS.analyze], done: INSPECT_DONE,
  },
  metage: {
    action: 'reweighPass', label: '复秤', from: [STATUS.inspected], to: STATUS.reWeighed, outcomes: [STATUS.reWeighed, STATUS.analyze], done: REWEIGH_DONE,
  },
  vacuum: {
    action: 'vacuum', label: '抽真空', from: [STATUS.recovery, STATUS.analyze, STATUS.stock], to: STATUS.stock, outcomes: [STATUS.stock],
    done: { statuses: [STATUS.stock], actions: ['vacuum'] },
  },
  analyse: {
    action: 'analyse', label: '分析处理', from: [STATUS.analyze], to: STATUS.stock, outcomes: [STATUS.stock, STATUS.received, STATUS.scrap],
    done: { statuses: [STATUS.stock, STATUS.received, STATUS.scrap], actions: ['analyse'] },
  },
  scrap: {
    action: 'scrap', label: '报废', from: SCRAPPABLE, to: STATUS.scrap, outcomes: [STATUS.scrap],
    precheck: (c) => {
      if (c.status === STATUS.scrap) return `气瓶 ${c.code} 已报废`;
      if (c.status === STATUS.outbound) return `气瓶 ${c.code} 当前状态为${statusLabel(STATUS.outbound)}（在客户处），不能报废；请先回收`;
      return null;
    },
  },
  stockInEmpty: {
    action: 'stockInEmpty', label: '空瓶入库', from: [STATUS.recovery, STATUS.stock], to: STATUS.stock, outcomes: [STATUS.stock],
    done: { statuses: [STATUS.stock], actions: ['stockInEmpty'] },
  },
  stockInProduct: {
    action: 'stockInProduct', label: '成品入库', from: [STATUS.reWeighed, STATUS.inspected], to: STATUS.toOutbound, outcomes: [STATUS.toOutbound],
    done: { statuses: [STATUS.toOutbound], actions: ['stockInProduct'] },
  },
  outboundScan: {
    action: 'outboundScan', label: '出库扫描', from: [STATUS.toOutbound], to: STATUS.scanned, outcomes: [STATUS.scanned],
    done: { statuses: [STATUS.scanned], actions: ['outboundScan'] },
  },
  ship: {
    action: 'outbound', label: '出库', from: [STATUS.scanned], to: STATUS.outbound, outcomes: [STATUS.outbound],
    done: { statuses: [STATUS.outbound], actions: ['outbound'] },
  },
  recover: {
    action: 'recover', label: '回收', from: [STATUS.outbound], to: STATUS.recovery, outcomes: [STATUS.recovery],
    done: { statuses: [STATUS.recovery], actions: ['recover'] },
    precheck: (c) => (c.status === STATUS.scrap ? `气瓶 ${c.code} 已报废，不能回收（报废气瓶不得重新使用）` : null),
    // Where the records have it: the server reads the warehouse or the order; a station's copy knows the status's place.
    wrongStatus: (c, context) => `气瓶 ${c.code} 不在客户处，不能回收：系统记录该瓶${placeWords(context.where ?? placeOfStatus(c.status), c.status)}`,
  },
  /** 交付 at a stop of a trip on the road: still outbound (9), from the vehicle to the stop's customer. */
  deliver: {
    action: 'deliver', label: '交付', from: [STATUS.outbound], to: STATUS.outbound, outcomes: [STATUS.outbound],
    done: { statuses: [STATUS.outbound], actions: ['deliver'] },
    wrongStatus: (c, context) => `气瓶 ${c.code} 不在运输车辆上，不能交付：系统记录该瓶${placeWords(context.where ?? placeOfStatus(c.status), c.status)}`,
  },
  /** 回厂卸车: a full cylinder that left on a trip and was not handed over goes back into finished stock. */
  unload: {
    action: 'unload', label: '回厂卸车', from: [STATUS.outbound], to: STATUS.toOutbound, outcomes: [STATUS.toOutbound],
    done: { statuses: [STATUS.toOutbound], actions: ['unload'] },
    wrongStatus: (c, context) => `气瓶 ${c.code} 不在运输车辆上，不能回厂卸车：系统记录该瓶${placeWords(context.where ?? placeOfStatus(c.status), c.status)}`,
  },
  removeFromOrder: {
    action: 'removeFromOrder', label: '移出', from: [STATUS.scanned], to: STATUS.toOutbound, outcomes: [STATUS.toOutbound],
    done: { statuses: [STATUS.toOutbound], actions: ['removeFromOrder'] },
    wrongStatus: (c, context) => `气瓶 ${c.code} 不在出库单 ${context.orderNo ?? ''} 上（当前状态为${statusLabel(c.status)}），不能移出`,
  },
} as const satisfies Record<string, TransitionRule>;

export type TransitionStep = keyof typeof TRANSITION_RULES;

/**
 * Why the step must not start on the cylinder as far as the table tells (its precheck, then its from-status);
 * null when it may. The same words on the server (engine.runLocked) and on a station's copy.
 */
export function stepRefusal(rule: TransitionRule, c: StepCylinder, context: StepContext = {}): string | null {
  const early = rule.precheck?.(c);
  if (early) return early;
  if (rule.from.includes(c.status)) return null;
  return rule.wrongStatus ? rule.wrongStatus(c, context) : wrongStatusMessage(c, rule.label, rule.from);
}
