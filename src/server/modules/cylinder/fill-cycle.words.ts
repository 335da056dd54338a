import { FILL_INTERRUPT_REASON_WORDS, type OpenInterruption, type Suspension } from '@shared/api/production';

/** What a suspension covers, in words: 全厂, 工位「…」, 介质「…」. */
export function suspensionScopeWords(s: Pick<Suspension, 'scope' | 'workstation' | 'materialName' | 'materialId'>): string {
  if (s.scope === 'plant') return '全厂';
  if (s.scope === 'station') return `工位「${s.workstation ?? ''}」`;
  return `介质「${s.materialName ?? s.materialId ?? ''}」`;
}

/** The refusal of 领瓶 and 充装 while filling is suspended: names the reason, what it covers, who and when. */
export const suspendedMessage = (s: Suspension): string =>
  `充装已暂停：${s.reason}（${suspensionScopeWords(s)}，${s.by ?? ''} ${s.at.slice(0, 16)} 停止）`;

/** The refusal while a fill of the cylinder was interrupted and not decided: the station shows the decision. */
export const interruptedMessage = (code: string, i: Pick<OpenInterruption, 'reason' | 'netKg'>): string =>
  `气瓶 ${code} 上次充装中断（${FILL_INTERRUPT_REASON_WORDS[i.reason] ?? i.reason}${i.netKg === null ? '' : `，已充装 ${i.netKg} kg`}），请选择重新充装或转待分析`;
