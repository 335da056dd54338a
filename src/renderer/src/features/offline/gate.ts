import type { LocalFacts } from './db';

/**
 * The fill gate on the local copy's facts of one cylinder, for `materialId` on `today` (YYYY-MM-DD): every
 * reason it must not be picked or filled, in the server's words; empty when it may.
 */
export function localGateReasons(facts: LocalFacts, materialId: number, today: string): string[] {
  const c = facts.code;
  const reasons: string[] = [];
  if (Number(facts.status) === 0 || facts.scrapped === true) reasons.push(`气瓶 ${c} 已报废`);
  const next = typeof facts.nextInspectionDate === 'string' ? facts.nextInspectionDate.slice(0, 10) : null;
  if (!next) reasons.push(`气瓶 ${c} 超期未检：没有下次检验日期`);
  else if (next < today) reasons.push(`气瓶 ${c} 超期未检：下次检验日期 ${next} 已过`);
  const lifeEnd = typeof facts.lifeEnd === 'string' ? facts.lifeEnd.slice(0, 10) : null;
  if (lifeEnd && lifeEnd <= today) reasons.push(`气瓶 ${c} 已超过设计使用年限（${lifeEnd} 到期）`);
  if (facts.ownerOk === false) reasons.push(`气瓶 ${c} 不是本单位气瓶，也不属于委托充装的客户`);
  if (Number(facts.materialId) !== materialId) reasons.push(`气瓶 ${c} 登记介质不同，不能充装`);
  if (facts.vacuumNeeded === true) reasons.push(`气瓶 ${c} 需先抽真空处理`);
  return reasons;
}
