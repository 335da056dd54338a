import dayjs from 'dayjs';
import { STATUS, statusName, type LifecycleAction } from '@shared/lifecycle';
import { offlineDb, readMeta, type LocalFacts, type OfflineStation } from './db';
import { FACTS_SYNCED_AT } from './sync';
import { localGateReasons } from './gate';

/** A station action as the local checks know it: the statuses it starts from and the one it leaves. */
export interface LocalRule {
  action: LifecycleAction;
  /** Its name in the refusal ("领瓶需要“在库”"). */
  label: string;
  from: readonly number[];
  to: number;
  /** Picking and filling also pass the fill gate. */
  gate?: boolean;
}

/** The same statuses the server's transitions start from (src/server/modules/cylinder/*.transitions.ts). */
export const LOCAL_RULES = {
  pick: { action: 'pick', label: '领瓶', from: [STATUS.stock], to: STATUS.received, gate: true },
  returnPick: { action: 'returnPick', label: '退回领瓶', from: [STATUS.received], to: STATUS.stock },
  fill: { action: 'fill', label: '充装', from: [STATUS.received], to: STATUS.filling, gate: true },
  test: { action: 'testPass', label: '检验', from: [STATUS.filling], to: STATUS.inspected },
  reweigh: { action: 'reweighPass', label: '复秤', from: [STATUS.inspected], to: STATUS.reWeighed },
  vacuum: { action: 'vacuum', label: '抽真空', from: [STATUS.recovery, STATUS.analyze, STATUS.stock], to: STATUS.stock },
  stockInEmpty: { action: 'stockInEmpty', label: '空瓶入库', from: [STATUS.recovery, STATUS.stock], to: STATUS.stock },
  stockInProduct: { action: 'stockInProduct', label: '成品入库', from: [STATUS.reWeighed, STATUS.inspected], to: STATUS.toOutbound },
  outboundScan: { action: 'outboundScan', label: '出库扫描', from: [STATUS.toOutbound], to: STATUS.scanned },
  recover: { action: 'recover', label: '回收', from: [STATUS.outbound], to: STATUS.recovery },
} as const satisfies Record<string, LocalRule>;

/** What the local copy says of a scan. */
export type LocalCheck =
  /** The copy has never been filled (no feed yet): it cannot tell. */
  | { kind: 'unknownCopy' }
  /** The copy does not know the cylinder: refused offline. */
  | { kind: 'unknownCylinder' }
  /** Already kept on this PC for this station: nothing more to keep. */
  | { kind: 'queued' }
  | { kind: 'refused'; reasons: string[]; facts: LocalFacts }
  | { kind: 'allowed'; facts: LocalFacts };

/** Whether the local copy has been filled from the change feed at least once. */
export async function copyReady(): Promise<boolean> {
  return typeof (await readMeta<number | null>(FACTS_SYNCED_AT)) === 'number';
}

/**
 * Checks a scan against the local copy as the server would: the cylinder known, in a status the action
 * starts from, and (picking, filling) through the fill gate for the station's gas. Safety is never
 * relaxed: what the copy does not know is refused.
 */
export async function checkLocally(rule: LocalRule, code: string, station: OfflineStation, options: { materialId?: number | null; today?: string } = {}): Promise<LocalCheck> {
  if (!(await copyReady())) return { kind: 'unknownCopy' };
  const db = offlineDb();
  const facts = await db.facts.get(code);
  if (!facts) return { kind: 'unknownCylinder' };
  const kept = await db.queue.where('code').equals(code).filter((q) => q.station === station).count();
  if (kept) return { kind: 'queued' };
  const reasons: string[] = [];
  const status = Number(facts.status);
  if (!(rule.from).includes(status)) {
    reasons.push(`气瓶 ${code} 当前状态为“${statusName(status)}”，${rule.label}需要“${rule.from.map((s) => statusName(s)).join('”或“')}”`);
  }
  if (rule.gate) {
    const gas = options.materialId ?? Number(facts.materialId);
    reasons.push(...localGateReasons(facts, gas, options.today ?? dayjs().format('YYYY-MM-DD')));
  }
  return reasons.length ? { kind: 'refused', reasons, facts } : { kind: 'allowed', facts };
}

/** After a scan is kept: the local copy takes the status it leaves, so the next station on this PC sees it. */
export async function applyLocally(rule: LocalRule, code: string, to: number = rule.to): Promise<void> {
  await offlineDb().facts.update(code, { status: to });
}

/** Rounded to grams, as the server keeps weights. */
const kg = (n: number) => Math.round(n * 1000) / 1000;

/**
 * 复秤 on the local copy: the net weight (gross less the copy's tare) against the gas's target and tolerance
 * kept with the cylinder's facts; null when the copy does not have them (the station cannot tell offline).
 */
export function weighVerdict(facts: LocalFacts, gross: number): { net: number; target: number; tolerance: number; deviation: number; passed: boolean } | null {
  const tare = Number(facts.tareWeight);
  const target = Number(facts.targetNetWeight);
  const tolerance = Number(facts.tolerance ?? facts.weightTolerance);
  if (facts.tareWeight == null || facts.targetNetWeight == null || !Number.isFinite(tare) || !Number.isFinite(target) || !Number.isFinite(tolerance)) return null;
  const net = kg(gross - tare);
  const deviation = kg(net - target);
  return { net, target, tolerance, deviation, passed: Math.abs(deviation) <= tolerance };
}
