import { sql, type Kysely } from 'kysely';
import type { DuePageQuery, InspectionBody, InspectionHistoryQuery } from '@shared/api/inspection';
import type { DB } from '../../db/schema';
import { BusinessError } from '../../lib/errors';
import { addYears, isValidDate, today } from '../master/dates';
import { blankToNull, sortColumn } from '../master/paging';
import { scrapLocked, type Operator } from '../product/product.service';
import { statusLabel } from '../product/status-label';
import * as repo from './inspection.repository';

export const pageDue = (db: Kysely<DB>, q: DuePageQuery) =>
  repo.pageDue(db, q, today(), sortColumn(repo.DUE_SORTS, q.sidx, 'nextInspectionDate'));

export const pageHistory = (db: Kysely<DB>, q: InspectionHistoryQuery) => repo.pageHistory(db, q);

/**
 * Records a periodic inspection in one transaction. Pass: last = the inspection date, next = given or the
 * inspection date plus the gas's interval. Fail: the cylinder is scrapped (status 0, trace event).
 */
export async function recordInspection(db: Kysely<DB>, body: InspectionBody, who: Operator): Promise<{ id: number; nextDate: string | null }> {
  const on = body.inspectedOn;
  if (!isValidDate(on)) throw new BusinessError(`参数错误：inspectedOn 不是有效日期：${on}`);
  if (on > today()) throw new BusinessError(`参数错误：inspectedOn 不能晚于今天：${on}`);
  const given = blankToNull(body.nextDate);
  if (given && (!isValidDate(given) || given <= on)) throw new BusinessError(`参数错误：nextDate 必须是检验日期之后的有效日期：${given}`);
  return db.transaction().execute(async (trx) => {
    const c = await repo.lockForInspection(trx, body.cylinderId);
    if (!c) throw new BusinessError(`气瓶不存在：${body.cylinderId}`);
    if (c.status === 0) throw new BusinessError(`气瓶 ${c.code} 已报废，不能登记检验`);
    if (c.status === 9) throw new BusinessError(`气瓶 ${c.code} 当前状态为${statusLabel(9)}（在客户处），不能登记检验`);
    if (c.manufactureDate && on < c.manufactureDate) throw new BusinessError(`参数错误：inspectedOn 早于制造日期 ${c.manufactureDate}`);
    if (c.lastInspectionDate && on < c.lastInspectionDate) {
      throw new BusinessError(`参数错误：inspectedOn 早于上次检验日期 ${c.lastInspectionDate}`);
    }
    const pass = body.result === 1;
    const nextDate = pass ? given ?? addYears(on, c.interval) : null;
    const { id } = await trx.insertInto('periodic_inspections').values({
      cylinder_id: c.id, inspected_on: on, result: body.result, next_date: nextDate, agency: blankToNull(body.agency),
      report_no: blankToNull(body.reportNo), remark: blankToNull(body.remark), operator_id: who.operatorId, operator: who.operator,
    }).returning('id').executeTakeFirstOrThrow();
    if (pass) {
      await trx.updateTable('cylinders').set({ last_inspection_date: on, next_inspection_date: nextDate, updated_at: sql`now()` })
        .where('id', '=', c.id).execute();
    } else {
      await trx.updateTable('cylinders').set({ last_inspection_date: on }).where('id', '=', c.id).execute();
      const reason = `定期检验不合格${body.remark ? `：${body.remark.trim()}` : ''}`;
      await scrapLocked(trx, { id: c.id, fromStatus: c.status }, reason, who, 'inspectionFail', { inspectionId: id });
    }
    return { id, nextDate };
  });
}
