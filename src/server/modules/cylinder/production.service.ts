import type { Kysely } from 'kysely';
import type {
  CylinderBrief, FillPreview, ReweighPreview, NoteBody, ScanPreview, InspectionPreview, InspectionRecord, UpdateInspectionBody, WeightVerdict,
} from '@shared/api/production';
import type { DB } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { BusinessError } from '../../lib/errors';
import { storableText } from '../../lib/jsonb';
import { blankToNull } from '../../lib/paging';
import { fillGateWithCylinder } from './fill-gate.repository';
import { interruptedMessage, suspendedMessage } from './fill-cycle.words';
import { stepRefusal, TRANSITION_RULES as RULES, type TransitionRule } from '@shared/cylinder/transitions';
import { alreadyDone } from './engine';
import { appendEvent, lockCylinder } from './engine.repository';
import type { Actor } from './transition';
import { briefWith, inspectionRecord } from './trace.queries';
import { evaluateInspection, INSPECT_DONE, REWEIGH_DONE, reweighReasons, weightVerdict } from './production.transitions';
import * as repo from './production.repository';
import { gasJson, gasOf, inspectionItemsOf, projectRef, projectsJson } from './production.repository';

/** The transition table's refusal (the engine's words), as a preview reason (none when the status fits). */
const statusReason = (c: CylinderBrief, rule: TransitionRule): string[] => {
  const refusal = stepRefusal(rule, c);
  return refusal ? [refusal] : [];
};

/**
 * 充装扫码: the cylinder, every reason the gate refuses it for `materialId` (the operator's certificate included),
 * and what the filling scale's cycle needs (FillPreview: tare, the gas's target and tolerance, 单次充装最长时长, an
 * interrupted fill to decide, a suspension of filling); nothing changes.
 */
export async function fillingScan(db: Kysely<DB>, code: string, materialId: number, who: Actor = { operatorId: null, operator: null, workstation: null }): Promise<ScanPreview> {
  // One statement: the cylinder, the gate and the cycle's facts (a station's scan costs round trips, not rows).
  const found = await fillGateWithCylinder(db, code.trim(), materialId, { operatorId: who.operatorId, workstation: who.workstation }).catch((error: unknown) => {
    if (error instanceof BusinessError && error.message.startsWith('气瓶不存在')) throw new BusinessError(`气瓶编码不存在：${code.trim()}`);
    throw error;
  });
  const { cylinder, fill: facts } = found;
  const gate = found.reasons.filter((r) => r.reason !== 'scrap').map((r) => r.message);
  const reasons = [
    ...(facts.suspended ? [suspendedMessage(facts.suspended)] : []),
    ...statusReason(cylinder, RULES.fill), ...gate,
    ...(facts.interrupted ? [interruptedMessage(cylinder.code, facts.interrupted)] : []),
  ];
  const fill: FillPreview = {
    tareKg: cylinder.tareWeight, targetNetKg: facts.targetNetKg, toleranceKg: facts.toleranceKg, maxMinutes: facts.maxMinutes,
    interrupted: facts.interrupted, suspended: facts.suspended,
  };
  return { cylinder, allowed: reasons.length === 0, reasons, fill };
}

const briefWithProjects = briefWith(projectsJson('c'));
const briefWithGas = briefWith(gasJson('c'));

export async function inspectionScan(db: Kysely<DB>, code: string): Promise<InspectionPreview> {
  // One statement: the cylinder and its gas's test projects.
  const { brief: cylinder, also: rows } = await briefWithProjects(db, code);
  const projects = rows.map(projectRef);
  // Inspected already: said as 领瓶 says a second scan (已处理过), not refused.
  const done = await alreadyDone(db, cylinder, INSPECT_DONE);
  if (done) return { cylinder, allowed: false, reasons: [], projects, repeated: true, message: done };
  const reasons = statusReason(cylinder, RULES.inspect);
  return { cylinder, allowed: reasons.length === 0, reasons, projects };
}

export async function metageScan(db: Kysely<DB>, code: string): Promise<ReweighPreview> {
  // One statement: the cylinder and its gas (gasOf's read).
  const { brief: cylinder, also: gas } = await briefWithGas(db, code);
  if (!gas) throw new BusinessError(`介质不存在：${cylinder.materialId}`);
  const done = await alreadyDone(db, cylinder, REWEIGH_DONE);
  const reasons = done ? [] : [
    ...statusReason(cylinder, RULES.metage),
    ...reweighReasons({ code: cylinder.code, tare_weight: cylinder.tareWeight === null ? null : String(cylinder.tareWeight) }, gas),
  ];
  return {
    cylinder, allowed: !done && reasons.length === 0, reasons, ...(done ? { repeated: true, message: done } : {}), reweighRequired: gas.reweigh_required,
    targetNetWeight: gas.target_net_weight === null ? null : Number(gas.target_net_weight),
    tolerance: gas.weight_tolerance === null ? null : Number(gas.weight_tolerance), tareWeight: cylinder.tareWeight,
  };
}

/** The verdict a gross weight would get for cylinder `id`, written nowhere (the station shows it live). */
export async function checkWeight(db: Kysely<DB>, id: number, grossWeight: number): Promise<WeightVerdict> {
  const c = await repo.weighingFacts(db, id);
  if (!c) throw new BusinessError(`气瓶不存在：${id}`);
  const gas = await gasOf(db, c.material_id);
  const reasons = reweighReasons(c, gas);
  if (reasons.length) throw new BusinessError(reasons.join('；'));
  return weightVerdict(grossWeight, Number(c.tare_weight), Number(gas.target_net_weight), Number(gas.weight_tolerance));
}

/**
 * Corrects the values of a test record. The verdict may not change (a different verdict means a different
 * status: roll back and test again); the old values stay in a 'testCorrection' trace event.
 */
export async function updateInspection(db: Kysely<DB>, body: UpdateInspectionBody, actor: Actor): Promise<InspectionRecord> {
  const reason = body.reason.trim();
  if (!reason) throw new BusinessError('参数错误：修改原因不能为空');
  await inTransaction(db, async (trx) => {
    const rec = await repo.inspectionRecordRow(trx, body.id);
    if (!rec) throw new BusinessError(`检验记录不存在：${body.id}`);
    const c = await lockCylinder(trx, { id: rec.cylinder_id });
    if (rec.reverted_at) throw new BusinessError(`该检验记录已被回退，不能修改（气瓶 ${c.code}）`);
    const projects = await inspectionItemsOf(trx, rec.material_id);
    const { items, failed } = evaluateInspection(projects, body.items, c.code);
    const result = failed.length === 0 ? 1 : 0;
    if (result !== rec.result) {
      throw new BusinessError(`修改后的检验结论（${result ? '合格' : '不合格'}）与原结论不同：请先回退该检验，再重新检验（气瓶 ${c.code}）`);
    }
    await appendEvent(trx, {
      cylinderId: c.id, fromStatus: c.status, toStatus: c.status, action: 'testCorrection', actor,
      recordType: 'test', recordId: rec.id,
      detail: { reason, before: { items: rec.items, remark: rec.remark }, after: { items, remark: blankToNull(body.remark ?? null) } },
    });
    await repo.correctInspectionRecord(trx, rec.id, items, blankToNull(body.remark ?? null));
  });
  return inspectionRecord(db, body.id);
}

/** trace/saveOrEdit: a note on an event (new, or the author's own one edited); the event never changes. */
export async function saveNote(db: Kysely<DB>, body: NoteBody, actor: Actor): Promise<{ id: number }> {
  const note = storableText(body.note.trim());
  if (!note) throw new BusinessError('参数错误：备注不能为空');
  if (!(await repo.eventExists(db, body.traceId))) throw new BusinessError(`追溯事件不存在：${body.traceId}`);
  if (body.id) {
    const own = await repo.noteOf(db, body.id);
    if (!own || Number(own.trace_id) !== body.traceId) throw new BusinessError(`备注不存在：${body.id}`);
    if (own.operator_id !== actor.operatorId) throw new BusinessError('只能修改本人添加的备注');
    await repo.editNote(db, body.id, note);
    return { id: body.id };
  }
  return { id: await repo.addNote(db, body.traceId, note, actor) };
}
