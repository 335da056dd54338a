import type { FactsGas } from '@shared/api/offline';
import { PRODUCTION, type CylinderBrief, type InspectionPreview, type InspectionResultBody } from '@shared/api/production';
import { inspectionVerdict, type InspectionProject } from '@shared/cylinder/inspection';
import { STATUS } from '@shared/lifecycle';
import type { useT } from '@renderer/i18n/useT';
import type { OfflineRule, Verdict } from '@renderer/stations/useStation';
import { readMeta, type LocalFacts } from './db';
import { checkLocally, LOCAL_RULES } from './localChecks';
import { notAllowed, stationRule } from './stationRule';
import { FACTS_GASES } from './sync';

type T = ReturnType<typeof useT>;

/** A gas as the local copy last had it from the feed (with its test projects when it is of the copy's scope). */
export async function localGas(materialId: number): Promise<FactsGas | undefined> {
  return (await readMeta<FactsGas[] | null>(FACTS_GASES))?.find((g) => g.id === materialId);
}

const text = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const num = (v: unknown): number | null => (typeof v === 'number' ? v : null);

/** The cylinder as testScan would show it, from the copy's facts (the owner's name is not in the copy). */
function briefOf(facts: LocalFacts): CylinderBrief {
  return {
    id: facts.id, code: facts.code, status: Number(facts.status), materialId: Number(facts.materialId), materialName: text(facts.materialName),
    specification: text(facts.specification), tareWeight: num(facts.tareWeight), nextInspectionDate: text(facts.nextInspectionDate), ownerName: null,
  };
}

/**
 * 检验扫码 on the local copy, as testScan would answer it: the cylinder known, 已充装 (LOCAL_RULES.test), not
 * kept already, and its gas's test projects in the copy; then the preview the form is built from. A verdict
 * (a refusal, or 已暂存 already) otherwise; null when the copy has never been filled (it cannot tell).
 */
export async function inspectionScanLocally(t: T, code: string): Promise<InspectionPreview | Verdict | null> {
  const check = await checkLocally(LOCAL_RULES.test, code, 'inspect');
  if (check.kind !== 'allowed') return notAllowed(t, check, code, t('inspection.refused', { code }));
  const cylinder = briefOf(check.facts);
  const gas = await localGas(cylinder.materialId);
  if (!gas?.projects) return { kind: 'refused', code, title: t('offline.noProjects', { gas: cylinder.materialName ?? gas?.materialName ?? cylinder.materialId }) };
  return { cylinder: { ...cylinder, materialName: cylinder.materialName ?? gas.materialName }, allowed: true, reasons: [], projects: gas.projects };
}

export interface InspectionRuleOptions {
  code: string;
  /** The projects the form showed (the server's preview, or the copy's). */
  projects: readonly InspectionProject[];
  /** The testResult body without the scanId, as the online 提交 sends it. */
  body: Omit<InspectionResultBody, 'scanId'>;
  operator?: string;
  /** A local pass, kept under `scanId` (the label printed after the step, as online). */
  onPassed?: (scanId: string) => void;
}

/**
 * 提交 offline: the result kept as the very testResult call (same body, same scanId) when the copy still
 * allows the inspection, and the copy moved as the server will move the cylinder — 已检验 (5), or 待分析 (1)
 * when a required project fails — by the server's own verdict (src/shared/cylinder/inspection.ts).
 */
export function inspectionRule(t: T, o: InspectionRuleOptions): OfflineRule {
  const { code } = o;
  return stationRule(t, {
    station: 'inspect', rule: LOCAL_RULES.test, code, endpoint: PRODUCTION.testResult, arg: o.body, operator: o.operator,
    refusedTitle: t('inspection.refused', { code }),
    extra: (_facts, scanId) => {
      const verdict = inspectionVerdict(o.projects, o.body, code);
      if (!verdict.ok) return { kind: 'refused', code, title: verdict.problem };
      if (verdict.passed) o.onPassed?.(scanId);
      return verdict.passed
        ? { note: t('offline.testPassed'), status: STATUS.inspected }
        : { note: t('offline.testFailed', { items: verdict.failed.join('；') }), status: STATUS.analyze };
    },
  });
}
