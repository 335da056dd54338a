import { FILL_INTERRUPT_REASON_WORDS, type FillDecisionBody, type FillInterruptedBody } from '@shared/api/production';
import { STATUS } from '@shared/lifecycle';
import { storableText } from '../../lib/jsonb';
import { blankToNull } from '../../lib/paging';
import { closeInterruption, openInterruption } from './fill-cycle.repository';
import { realTime } from './production.transitions';
import type { Actor, Target, Transition } from './transition';

/**
 * The filling scale's cycle on the server (issue 34): an interrupted fill and the decision after it, transitions
 * through the engine. 停止充装 is the suspension module's; the gate's statement reads it (fill-gate.repository).
 */

/** Statuses as the cycle names them. */
const RECEIVED = STATUS.received;
const ANALYZE = STATUS.analyze;


/**
 * 充装中断: a fill started and not finished. The cylinder stays 已领瓶 (3) with an open interruption the next scan
 * must decide (fillDecision); 'overfill' sends it to 待分析 (1) at once (超装, with the weight), the interruption
 * recorded closed. The trace event holds the reason, the weight reached, the times and the scale.
 */
export function fillInterrupted(body: FillInterruptedBody): Transition {
  const startedAt = realTime(body.startedAt, '开始时间');
  const endedAt = realTime(body.endedAt, '结束时间');
  const grantedAt = realTime(body.grantedAt, '充装许可开始');
  const releasedAt = realTime(body.releasedAt, '充装许可结束');
  const scale = blankToNull(body.scale ?? null);
  const overfill = body.reason === 'overfill';
  const netKg = typeof body.netKg === 'number' ? body.netKg : null;
  const words = FILL_INTERRUPT_REASON_WORDS[body.reason];
  return {
    action: overfill ? 'fillOverfill' : 'fillInterrupted',
    label: '记录充装中断',
    from: [RECEIVED],
    check: async (trx, c) => {
      const open = await openInterruption(trx, c.id);
      return open ? [`气瓶 ${c.code} 已有未处理的充装中断（${FILL_INTERRUPT_REASON_WORDS[open.reason as keyof typeof FILL_INTERRUPT_REASON_WORDS] ?? open.reason}），请先选择重新充装或转待分析`] : [];
    },
    apply: async (_trx, c) => ({
      to: overfill ? ANALYZE : RECEIVED,
      record: {
        table: 'fill_interruptions',
        values: {
          material_id: body.materialId, reason: body.reason, net_kg: netKg, scale, started_at: startedAt, ended_at: endedAt,
          granted_at: grantedAt, released_at: releasedAt,
          ...(overfill ? { closed_at: new Date(), decision: 'overfill' } : {}),
        },
      },
      detail: {
        materialId: body.materialId, reason: body.reason, reasonText: words, netKg, scale,
        startedAt: body.startedAt ?? null, endedAt: body.endedAt ?? null, grantedAt: body.grantedAt ?? null, releasedAt: body.releasedAt ?? null,
      },
      message: overfill
        ? `气瓶 ${c.code} 超装，转待分析${netKg === null ? '' : `：已充装 ${netKg} kg`}`
        : `气瓶 ${c.code} 充装中断（${words}${netKg === null ? '' : `，已充装 ${netKg} kg`}），下次扫码须选择重新充装或转待分析`,
      extra: { net: netKg },
    }),
  };
}

/**
 * After an interrupted fill: 'refill' closes the interruption (the cylinder stays 3, the next scan fills it),
 * 'analysis' closes it and sends the cylinder to 待分析 (1). The interruption names the decision's event.
 */
export function fillDecision(body: FillDecisionBody, actor: Actor): { def: Transition; finish: NonNullable<Target['finish']> } {
  const refill = body.decision === 'refill';
  const remark = blankToNull(storableText(body.remark ?? '') || null);
  let interruptionId = 0;
  const def: Transition = {
    action: refill ? 'fillRefill' : 'fillToAnalysis',
    label: refill ? '重新充装' : '转待分析',
    from: [RECEIVED],
    check: async (trx, c) => {
      const open = await openInterruption(trx, c.id);
      if (!open) return [`气瓶 ${c.code} 没有待处理的充装中断`];
      interruptionId = open.id;
      return [];
    },
    apply: async (_trx, c) => ({
      to: refill ? RECEIVED : ANALYZE,
      detail: { decision: body.decision, remark },
      message: refill ? `气瓶 ${c.code} 可重新充装` : `气瓶 ${c.code} 已转待分析`,
    }),
  };
  const finish: NonNullable<Target['finish']> = async (trx, result) => {
    if (result.traceId !== null && interruptionId) {
      await closeInterruption(trx, interruptionId, body.decision, result.traceId, actor.operator);
    }
    return result;
  };
  return { def, finish };
}
