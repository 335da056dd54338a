import type { Kysely } from 'kysely';
import type { DuePageQuery, PeriodicInspectionBody, PeriodicInspectionHistoryQuery } from '@shared/api/periodicInspection';
import type { DB } from '../../db/schema';
import { BusinessError } from '../../lib/errors';
import { addYears, isValidDate, today } from '../../lib/dates';
import { blankToNull } from '../../lib/paging';
import { appendTraces, runTransitionIn, scrap, statusLabel } from '../cylinder';
import type { Operator } from '../product';
import * as repo from './periodicInspection.repository';
import { inTransaction } from '../../db/transaction';
import { STATUS } from '@shared/lifecycle';

export const pageDue = (db: Kysely<DB>, q: DuePageQuery) => repo.pageDue(db, q, today());

export const pageHistory = (db: Kysely<DB>, q: PeriodicInspectionHistoryQuery) => repo.pageHistory(db, q);

/**
 * Records a periodic inspection in one transaction, with a trace event either way. Pass: last = the
 * inspection date, next = given or the inspection date plus the gas's interval. Fail: the cylinder is
 * scrapped for good (status 0), which needs the report number and the reason.
 */
export async function recordInspection(db: Kysely<DB>, body: PeriodicInspectionBody, who: Operator): Promise<{ id: number; nextDate: string | null }> {
  const on = body.inspectedOn;
  if (!isValidDate(on)) throw new BusinessError(`参数错误：检验日期不是有效日期：${on}`);
  if (on > today()) throw new BusinessError(`参数错误：检验日期不能晚于今天：${on}`);
  const given = blankToNull(body.nextDate);
  if (given && (!isValidDate(given) || given <= on)) throw new BusinessError(`参数错误：下次检验日期必须是检验日期之后的有效日期：${given}`);
  const pass = body.result === 1;
  const failReason = blankToNull(body.failReason);
  const reportNo = blankToNull(body.reportNo);
  if (!pass && !reportNo) throw new BusinessError('参数错误：检验不合格（报废）时必须填写检验报告编号');
  if (!pass && !failReason) throw new BusinessError('参数错误：检验不合格（报废）时必须填写不合格原因');
  return inTransaction(db, async (trx) => {
    const c = await repo.lockForInspection(trx, body.cylinderId);
    if (!c) throw new BusinessError(`气瓶不存在：${body.cylinderId}`);
    if (c.status === STATUS.scrap) throw new BusinessError(`气瓶 ${c.code} 已报废，不能登记检验`);
    if (c.status === STATUS.outbound) throw new BusinessError(`气瓶 ${c.code} 当前状态为${statusLabel(STATUS.outbound)}（在客户处），不能登记检验`);
    if (c.manufactureDate && on < c.manufactureDate) throw new BusinessError(`参数错误：检验日期早于制造日期 ${c.manufactureDate}`);
    if (c.lastInspectionDate && on < c.lastInspectionDate) {
      throw new BusinessError(`参数错误：检验日期早于上次检验日期 ${c.lastInspectionDate}`);
    }
    const nextDate = pass ? given ?? addYears(on, c.interval) : null;
    const id = await repo.insertInspection(trx, {
      cylinder_id: c.id, inspected_on: on, result: body.result, next_date: nextDate, agency: blankToNull(body.agency),
      report_no: reportNo, remark: blankToNull(body.remark), operator_id: who.operatorId, operator: who.operator,
    });
    if (pass) {
      await repo.setInspectionDates(trx, c.id, on, nextDate);
      await appendTraces(trx, [{
        cylinderId: c.id, fromStatus: c.status, toStatus: c.status, action: 'inspection', ...who,
        detail: { inspectionId: id, inspectedOn: on, nextDate, reportNo },
      }]);
    } else {
      await repo.setInspectionDates(trx, c.id, on);
      const reason = `定期检验不合格：${failReason}`;
      const actor = { ...who, workstation: who.workstation ?? null };
      await runTransitionIn(trx, scrap(reason, actor, 'inspectionFail', { inspectionId: id, reportNo }), c.id, actor);
    }
    return { id, nextDate };
  });
}
