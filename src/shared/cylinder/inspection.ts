import type { InspectionItemRef, InspectionResult, InspectionResultBody } from '../api/production';

/**
 * The inspection verdict (检验) in one place, for the server (the testResult transition, corrections, the
 * import) and for a station that records a result while the server is away (its local copy keeps each gas's
 * projects from the change feed): each project's pass/fail and "a required project failed → 待分析". Pure.
 */

/** A gas's test project as the verdict reads it (the server's row reduced to numbers, or the feed's copy). */
export type InspectionProject = Pick<InspectionItemRef, 'id' | 'projectName' | 'standardMin' | 'standardMax' | 'standardText' | 'unit' | 'required'>;

/** A gas has at most this many test projects in a verdict (a result names at most 100 items). */
export const MAX_INSPECTION_PROJECTS = 100;

/** The standard in the record's words: 99.9～100%, ≥99.99%, ≤10ppm, or the standard in words. */
export function inspectionStandard(p: InspectionProject): string | null {
  const { standardMin: min, standardMax: max } = p;
  const unit = p.unit ?? '';
  if (min !== null && max !== null) return `${min}～${max}${unit}`;
  if (min !== null) return `≥${min}${unit}`;
  if (max !== null) return `≤${max}${unit}`;
  return p.standardText;
}

/** The items as recorded and the required projects that failed (in words), or why the input cannot be taken. */
export type InspectionEvaluation = { ok: true; items: InspectionResult[]; failed: string[] } | { ok: false; problem: string };

const blankToNull = (s: string | null): string | null => (s === null || s.trim() === '' ? null : s.trim());

/**
 * Evaluates the items against the gas's test projects: a number against its range, otherwise the operator's
 * verdict. Every required project must be given; unknown or repeated projects are refused.
 */
export function evaluateInspectionItems(projects: readonly InspectionProject[], items: InspectionResultBody['items'], code: string): InspectionEvaluation {
  const byId = new Map(projects.map((p) => [p.id, p]));
  const given = new Map<number, InspectionResultBody['items'][number]>();
  for (const item of items) {
    if (!byId.has(item.projectId)) return { ok: false, problem: `参数错误：检验项目 ${item.projectId} 不属于气瓶 ${code} 的介质` };
    if (given.has(item.projectId)) return { ok: false, problem: `参数错误：检验项目「${byId.get(item.projectId)!.projectName}」重复` };
    given.set(item.projectId, item);
  }
  const missing = projects.filter((p) => p.required && !given.has(p.id)).map((p) => `「${p.projectName}」`);
  if (missing.length) return { ok: false, problem: `气瓶 ${code} 的检验项目未填写：${missing.join('、')}` };
  const out: InspectionResult[] = [];
  const failed: string[] = [];
  for (const p of projects) {
    const item = given.get(p.id);
    if (!item) continue;
    const { standardMin: min, standardMax: max } = p;
    const value = item.value ?? null;
    let passed: boolean;
    if ((min !== null || max !== null) && value !== null) {
      passed = (min === null || value >= min) && (max === null || value <= max);
    } else if (item.passed !== undefined) {
      passed = item.passed;
    } else {
      return { ok: false, problem: `参数错误：检验项目「${p.projectName}」需要填写${min !== null || max !== null ? '检测值' : '是否合格'}` };
    }
    const standard = inspectionStandard(p);
    out.push({
      projectId: p.id, projectName: p.projectName, value, text: blankToNull(item.text ?? null), unit: p.unit,
      standard, passed, required: p.required,
    });
    if (!passed && p.required) failed.push(`${p.projectName}${value !== null ? ` ${value}${p.unit ?? ''}` : ''}${standard ? `（标准 ${standard}）` : ''}`);
  }
  return { ok: true, items: out, failed };
}

/** The verdict of one testResult: passed → 已检验 (5), a required project failed → 待分析 (1). */
export type InspectionVerdict = { ok: true; passed: boolean; items: InspectionResult[]; failed: string[] } | { ok: false; problem: string };

/**
 * The verdict of a testResult body for a gas's projects: the projects' verdict, or for a gas without projects
 * the operator's overall result (which must then be given).
 */
export function inspectionVerdict(projects: readonly InspectionProject[], body: Pick<InspectionResultBody, 'items' | 'result'>, code: string): InspectionVerdict {
  let evaluation: InspectionEvaluation;
  if (projects.length === 0) {
    if (body.result === undefined) return { ok: false, problem: `气瓶 ${code} 的介质没有检验项目：请选择检验结果（合格/不合格）` };
    evaluation = { ok: true, items: [], failed: body.result === 1 ? [] : ['检验不合格'] };
  } else {
    evaluation = evaluateInspectionItems(projects, body.items, code);
  }
  if (!evaluation.ok) return evaluation;
  return { ...evaluation, passed: evaluation.failed.length === 0 };
}
