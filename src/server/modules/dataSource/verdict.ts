import type { ConclusionData } from '@shared/dataSources';
import type { FillOutcome } from '../cylinder';

export type Verdict = 'passed' | 'failed' | 'pending';

const VERDICT_NAMES: Record<Verdict, string> = { passed: '合格', failed: '不合格', pending: '待定' };

export interface FillVerdict {
  verdict: Verdict;
  verdictName: string;
  inspectionResultName: string;
  weighResultName: string;
  /** The material's target ± tolerance the re-weigh judged against, e.g. 14.5 ± 0.5; empty without a re-weigh. */
  weighStandard: string;
}

/**
 * One fill judged by its own inspection and re-weigh: failed when either failed, pending while the inspection
 * or a re-weigh the gas asks for is missing (a cylinder without a fill is pending too), passed otherwise.
 */
export function fillVerdict(fill: FillOutcome | null): FillVerdict {
  const test: Verdict = !fill?.inspection ? 'pending' : fill.inspection.passed ? 'passed' : 'failed';
  const w = fill?.weigh ?? null;
  const weigh: Verdict = w ? (w.passed ? 'passed' : 'failed') : fill && !fill.reweighRequired ? 'passed' : 'pending';
  const verdict: Verdict = test === 'failed' || weigh === 'failed' ? 'failed' : test === 'pending' || weigh === 'pending' ? 'pending' : 'passed';
  return {
    verdict,
    verdictName: VERDICT_NAMES[verdict],
    inspectionResultName: !fill ? '未充装' : test === 'pending' ? '未检验' : VERDICT_NAMES[test],
    weighResultName: w ? (w.passed ? '合格' : w.deviation > 0 ? '超重' : '欠重')
      : !fill ? '' : fill.reweighRequired ? '未复秤' : '不需复秤',
    weighStandard: w ? `${w.target} ± ${w.tolerance}` : '',
  };
}

/**
 * What a document may conclude from its rows: the pass statement only when there are rows and every one passed;
 * otherwise the counts (N 合格 / M 不合格或待定) and never the pass statement.
 */
export function conclusionOf(rows: ReadonlyArray<{ verdict: Verdict }>, passStatement: string): ConclusionData {
  const count = (v: Verdict) => rows.filter((r) => r.verdict === v).length;
  const [passedCount, failedCount, pendingCount] = [count('passed'), count('failed'), count('pending')];
  const notPassedCount = failedCount + pendingCount;
  const allPassed = rows.length > 0 && notPassedCount === 0;
  return {
    allPassed, total: rows.length, passedCount, failedCount, pendingCount, notPassedCount,
    statement: allPassed ? passStatement : `${passedCount} 合格 / ${notPassedCount} 不合格或待定`,
  };
}
