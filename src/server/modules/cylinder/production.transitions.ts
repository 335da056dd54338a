import type { Transaction } from 'kysely';
import type { AnalyseBody, FillingBody, ReweighBody, InspectionResult, InspectionResultBody, VacuumBody } from '@shared/api/production';
import { evaluateInspectionItems, inspectionVerdict, type InspectionProject } from '@shared/cylinder/inspection';
import { filledByWeight, STATUS } from '@shared/lifecycle';
import { weightVerdict } from '@shared/cylinder/weight';
import { INSPECT_DONE, REWEIGH_DONE, TRANSITION_RULES as RULES } from '@shared/cylinder/transitions';
import type { DB } from '../../db/schema';
import { BusinessError } from '../../lib/errors';
import { storableText } from '../../lib/jsonb';
import { blankToNull } from '../../lib/paging';
import { fillGateFor, type GateGasFacts } from './fill-gate.repository';
import { interruptedMessage, suspendedMessage } from './fill-cycle.words';
import { gasOf, inspectionItemsOf, projectRef, type Gas } from './production.repository';
import type { Actor, LockedCylinder, Transition } from './transition';

/** The fill gate for a locked cylinder and a gas; the status itself is the engine's check. */
async function gate(trx: Transaction<DB>, c: LockedCylinder, materialId: number, who?: Actor): Promise<string[]> {
  return (await gateAndGas(trx, c, materialId, who)).reasons;
}

/**
 * The gate's reasons, read in one statement with what else holds 领瓶 and 充装 back for `who` (its operator and
 * workstation, when given): the operator's certificate (a gate reason), a suspension of filling (停止充装) that
 * covers the station, the gas or the plant, and, for 充装, an interrupted fill not yet decided.
 */
async function gateAndGas(trx: Transaction<DB>, c: LockedCylinder, materialId: number, who?: Actor, step: 'pick' | 'fill' = 'pick') {
  const { reasons, gas, fill } = await fillGateFor(trx, c.code, materialId, who ? { operatorId: who.operatorId, workstation: who.workstation } : {});
  const words = reasons.filter((r) => r.reason !== 'scrap').map((r) => r.message);
  if (who && fill.suspended) words.unshift(suspendedMessage(fill.suspended));
  if (step === 'fill' && fill.interrupted) words.push(interruptedMessage(c.code, fill.interrupted));
  return { reasons: words, gas };
}

/** 领瓶: stock (2) → received (3), through the fill gate for the gas the workshop fills (and for `who`, see gateAndGas). */
export const pick = (materialId: number | null | undefined, who?: Actor): Transition => ({
  ...RULES.pick,
  check: (trx, c) => gate(trx, c, materialId ?? c.material_id, who),
  apply: async (_trx, c) => ({ to: RULES.pick.to, detail: { materialId: materialId ?? c.material_id } }),
});

/** 退回领瓶: received (3) → stock (2). */
export const returnPick = (reason: string | null): Transition => ({
  ...RULES.returnPick,
  apply: async () => ({ to: RULES.returnPick.to, detail: { reason } }),
});

/**
 * A 'yyyy-MM-dd HH:mm[:ss]' time (the server's local time, as a station types it; an ISO zone suffix is
 * honoured) that exists, as a Date; null when blank. 2026-02-30 or 25:00 are refused, not rolled over.
 */
export function realTime(value: string | null | undefined, field: string): Date | null {
  const text = blankToNull(value ?? null);
  if (!text) return null;
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?/.exec(text);
  const [y, mo, d, h, mi, s] = (m?.slice(1) ?? []).map((v) => Number(v ?? 0));
  const local = m ? new Date(y!, mo! - 1, d, h, mi, s) : null;
  const exists = local !== null && local.getFullYear() === y && local.getMonth() === mo! - 1 && local.getDate() === d
    && local.getHours() === h && local.getMinutes() === mi && s! < 60;
  if (!exists) throw new BusinessError(`参数错误：${field}不是有效时间：${text}`);
  const zoned = /(Z|[+-]\d{2}:?\d{2})$/.test(text);
  return zoned ? new Date(text.replace(' ', 'T')) : local;
}

/** Why a fill's measured quantity cannot be recorded for this gas (none when it can). */
export function quantityReason(code: string, gas: GateGasFacts, body: Pick<FillingBody, 'filledWeight' | 'filledPressure'>): string | null {
  if (filledByWeight(gas.category)) {
    if (body.filledWeight === undefined || body.filledWeight === null) {
      return `气瓶 ${code} 没有充装量：${gas.materialName} 按重量充装，请读取充装秤或手工录入充装量（kg）`;
    }
    return body.filledWeight > 0 ? null : `气瓶 ${code} 的充装量必须大于 0 kg`;
  }
  if (body.filledPressure === undefined || body.filledPressure === null) {
    return `气瓶 ${code} 没有充装压力：${gas.materialName} 按压力充装，请填写充装后压力（MPa）`;
  }
  return body.filledPressure > 0 ? null : `气瓶 ${code} 的充装压力必须大于 0 MPa`;
}

/**
 * 充装: received (3) → filling (4) with the filling record, through the fill gate. The record holds the
 * quantity measured for this cylinder (net weight or final pressure, by the gas), where it came from
 * (scale or typed) and whether the typed value was fixed for a rack on purpose.
 */
export function fill(body: FillingBody, who?: Actor): Transition {
  const startedAt = realTime(body.startedAt, '开始时间');
  const endedAt = realTime(body.endedAt, '结束时间');
  if (startedAt && endedAt && endedAt < startedAt) throw new BusinessError('参数错误：结束时间早于开始时间');
  const grantedAt = realTime(body.grantedAt, '充装许可开始');
  const releasedAt = realTime(body.releasedAt, '充装许可结束');
  if (grantedAt && releasedAt && releasedAt < grantedAt) throw new BusinessError('参数错误：充装许可结束早于开始');
  const scale = blankToNull(body.scale ?? null);
  // The gas as the gate's statement read it (check runs before apply, in the same transaction).
  let category = '';
  const measured = typeof body.filledWeight === 'number' ? `充装量（${body.filledWeight} kg）`
    : typeof body.filledPressure === 'number' ? `充装压力（${body.filledPressure} MPa）` : null;
  return {
    ...RULES.fill,
    // Against the cylinder's previous event and 单次充装最长时长, with the station's time (station-time.ts).
    times: { startedAt, endedAt, columns: ['started_at', 'ended_at'] },
    measured,
    check: async (trx, c) => {
      const { reasons, gas } = await gateAndGas(trx, c, body.materialId, who, 'fill');
      category = gas.category;
      const quantity = quantityReason(c.code, gas, body);
      return quantity ? [...reasons, quantity] : reasons;
    },
    apply: async () => {
      const byWeight = filledByWeight(category);
      // Only the quantity the gas is filled by is its measurement; the other, when sent, is kept as given.
      const source = byWeight ? body.source ?? 'manual' : 'manual';
      const quantity = byWeight ? { filledWeight: body.filledWeight } : { filledPressure: body.filledPressure };
      return {
        to: RULES.fill.to,
        patch: { last_filled_at: new Date() },
        record: {
          table: 'filling_records',
          values: {
            material_id: body.materialId, lot_no: blankToNull(body.lotNo ?? null), filled_weight: body.filledWeight ?? null,
            filled_pressure: body.filledPressure ?? null, started_at: startedAt, ended_at: endedAt, source,
            value_fixed: source === 'manual' && body.fixedValue === true,
            scale, granted_at: grantedAt, released_at: releasedAt,
          },
        },
        detail: {
          materialId: body.materialId, lotNo: blankToNull(body.lotNo ?? null), ...quantity, source,
          ...(source === 'manual' && body.fixedValue ? { fixedValue: true } : {}),
          ...(scale ? { scale } : {}), ...(grantedAt ? { grantedAt: body.grantedAt } : {}), ...(releasedAt ? { releasedAt: body.releasedAt } : {}),
        },
      };
    },
  };
}

/**
 * Evaluates the items against the gas's test projects (the shared rule, src/shared/cylinder/inspection.ts, which
 * a station offline uses too): a number against its range, otherwise the operator's verdict. Every required
 * project must be given; unknown projects are refused.
 */
export function evaluateInspection(projects: InspectionProject[], items: InspectionResultBody['items'], code: string): { items: InspectionResult[]; failed: string[] } {
  const evaluation = evaluateInspectionItems(projects, items, code);
  if (!evaluation.ok) throw new BusinessError(evaluation.problem);
  return evaluation;
}

const failedProjects = (r: { items: InspectionResult[]; failed: string[] }): string[] =>
  r.items.length ? r.items.filter((i) => !i.passed && i.required).map((i) => i.projectName) : r.failed;

/** When a scan at 检验 finds the step done (its first scan, testScan, says so too): the transition table's. */
export { INSPECT_DONE };

/** 检验: filling (4) → inspected (5); any required project failed → analyze (1) with the failed items. */
export const inspect = (body: InspectionResultBody): Transition => ({
  ...RULES.inspect,
  measured: '检验结果',
  // The gas's test projects come with the lock (a locked row passed in by an import reads them here).
  lockRead: 'projects',
  apply: async (trx, c) => {
    const projects = c.projects ? c.projects.map(projectRef) : await inspectionItemsOf(trx, c.material_id);
    // The shared verdict (src/shared/cylinder/inspection.ts): the station offline moves its copy by the same rule.
    const result = inspectionVerdict(projects, body, c.code);
    if (!result.ok) throw new BusinessError(result.problem);
    const { passed } = result;
    return {
      to: passed ? RULES.inspect.to : STATUS.analyze,
      action: passed ? 'testPass' : 'testFail',
      record: { table: 'test_records', values: { material_id: c.material_id, result: passed ? 1 : 0, items: JSON.stringify(result.items), remark: blankToNull(body.remark ?? null) } },
      // failedProjects: the names alone, which the quality figures count failures by (trace_daily).
      detail: passed ? {} : { failedItems: result.failed, failedProjects: failedProjects(result) },
      message: passed ? `气瓶 ${c.code} 检验合格` : `气瓶 ${c.code} 检验不合格，转待分析：${result.failed.join('；')}`,
      extra: passed ? {} : { failedItems: result.failed },
    };
  },
});

/** The gas as a transition's check and apply both need it: read once per transaction. */
const gasesRead = new WeakMap<Transaction<DB>, Map<number, Promise<Gas>>>();
function gasIn(trx: Transaction<DB>, c: LockedCylinder): Promise<Gas> {
  // Read with the lock (Transition.lockRead) unless the caller locked the row itself.
  if (c.gas) return Promise.resolve(c.gas);
  const materialId = c.material_id;
  const read = gasesRead.get(trx) ?? new Map<number, Promise<Gas>>();
  gasesRead.set(trx, read);
  if (!read.has(materialId)) read.set(materialId, gasOf(trx, materialId));
  return read.get(materialId)!;
}

/** Why a cylinder cannot be re-weighed at all (beyond its status). */
export function reweighReasons(c: { code: string; tare_weight: string | null }, gas: Gas): string[] {
  if (!gas.reweigh_required) return [`介质 ${gas.material_name} 不需要复秤：气瓶 ${c.code} 检验合格后可直接成品入库`];
  const reasons: string[] = [];
  if (c.tare_weight === null) reasons.push(`气瓶 ${c.code} 没有登记皮重，不能复秤：请先在气瓶档案中填写皮重`);
  if (gas.target_net_weight === null || gas.weight_tolerance === null) reasons.push(`介质 ${gas.material_name} 没有设置目标净重和允差，不能复秤`);
  return reasons;
}

/** net = gross − tare against the gas's target ± tolerance: the shared verdict (src/shared/cylinder/weight.ts) a station offline uses too. */
export { weightVerdict };

/** When a scan at 复秤 finds the step done (metageScan says so too): the transition table's. */
export { REWEIGH_DONE };

/** 复秤: inspected (5) → reWeighed (6); out of tolerance → analyze (1) with the deviation. */
export const metage = (body: ReweighBody): Transition => ({
  ...RULES.metage,
  measured: `毛重（${body.grossWeight} kg）`,
  lockRead: 'gas',
  check: async (trx, c) => reweighReasons(c, await gasIn(trx, c)),
  apply: async (trx, c) => {
    const gas = await gasIn(trx, c);
    const v = weightVerdict(body.grossWeight, Number(c.tare_weight), Number(gas.target_net_weight), Number(gas.weight_tolerance));
    const sign = v.deviation > 0 ? '+' : '';
    return {
      to: v.passed ? RULES.metage.to : STATUS.analyze,
      action: v.passed ? 'reweighPass' : 'reweighFail',
      record: {
        table: 'weighing_records',
        values: {
          material_id: c.material_id, gross_weight: body.grossWeight, tare_weight: Number(c.tare_weight), net_weight: v.net,
          target_net_weight: v.target, tolerance: v.tolerance, deviation: v.deviation, passed: v.passed, source: body.source,
          scale: blankToNull(body.scale ?? null),
        },
      },
      detail: { net: v.net, deviation: v.deviation, source: body.source },
      message: v.passed
        ? `气瓶 ${c.code} 复秤合格：净重 ${v.net} kg（偏差 ${sign}${v.deviation} kg）`
        : `气瓶 ${c.code} 复秤超差，转待分析：净重 ${v.net} kg，目标 ${v.target}±${v.tolerance} kg，偏差 ${sign}${v.deviation} kg`,
      extra: { net: v.net, deviation: v.deviation },
    };
  },
});

/**
 * Where 抽真空 and 分析处理 leave a cylinder: in the filling workshop, where the vacuum station and the analysis
 * are, out of any warehouse until an empty stock-in (空瓶入库) puts it in one (shared/cylinder/place.ts).
 */
const LEFT_IN_WORKSHOP = { warehouse_id: null, in_workshop: true } as const;

/**
 * 抽真空: recovery (10), analyze (1) or stock (2: a new cylinder, or one back from its periodic inspection,
 * before its first flammable fill) → stock (2), with the vacuum record (the vacuum reached) that the fill gate looks for.
 */
export const vacuum = (body: VacuumBody): Transition => ({
  ...RULES.vacuum,
  measured: `真空度（${body.pressure} MPa）`,
  apply: async (_trx, c) => ({
    to: RULES.vacuum.to,
    patch: LEFT_IN_WORKSHOP,
    record: { table: 'vacuum_records', values: { pressure: body.pressure, remark: blankToNull(body.remark ?? null) } },
    detail: { pressure: body.pressure, ...(body.fixedValue ? { fixedValue: true } : {}) },
    message: `气瓶 ${c.code} 抽真空完成：真空度 ${body.pressure} MPa`,
  }),
});

/** 分析处理: analyze (1) → stock (2), received (3, through the fill gate) or scrap (0). */
export const analyse = (body: AnalyseBody, actor: Actor): Transition => ({
  ...RULES.analyse,
  check: (trx, c) => (body.decision === STATUS.received ? gate(trx, c, c.material_id) : Promise.resolve([])),
  apply: async (_trx, c) => {
    const reason = storableText(body.reason.trim());
    if (!reason) throw new BusinessError('参数错误：处理意见不能为空');
    return {
      to: body.decision,
      record: { table: 'analysis_records', values: { decision: body.decision, reason } },
      detail: { decision: body.decision, reason },
      ...(body.decision === STATUS.scrap ? {
        patch: { scrap_reason: `分析处理：${reason}`, scrapped_at: new Date(), scrapped_by: actor.operator },
        message: `气瓶 ${c.code} 已报废：${reason}`,
      } : { patch: LEFT_IN_WORKSHOP }),
    };
  },
});

/** 报废: any status but outbound (9) → scrap (0), for good; the code stays reserved. */
export const scrap = (reason: string, actor: Actor, action: 'scrap' | 'inspectionFail' = 'scrap', detail: Record<string, unknown> = {}): Transition => ({
  ...RULES.scrap, action,
  apply: async () => ({
    to: RULES.scrap.to,
    patch: { scrap_reason: reason, scrapped_at: new Date(), scrapped_by: actor.operator },
    detail: { reason, ...detail },
  }),
});
