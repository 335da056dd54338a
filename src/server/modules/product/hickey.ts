import { sql, type Kysely } from 'kysely';
import type { PageResult } from '@shared/api/schema';
import type { HickeyBody, HickeyPageQuery, HickeyRow } from '@shared/api/product';
import type { DB } from '../../db/schema';
import { BusinessError } from '../../lib/errors';
import { isValidDate, today } from '../../lib/dates';
import { paginate } from '../../lib/paging';
import * as repo from './product.repository';
import type { Operator } from './product.service';
import { appendTraces } from '../cylinder';
import { inTransaction } from '../../db/transaction';
import { STATUS } from '@shared/lifecycle';

/**
 * A valve (瓶阀) replacement: the history row, the cylinder's current valve and a trace event (so it shows
 * in the cylinder's 追溯记录) are written together; the status does not change.
 */
export async function replaceValve(db: Kysely<DB>, body: HickeyBody, who: Operator): Promise<void> {
  const changedOn = body.changedOn || today();
  if (!isValidDate(changedOn)) throw new BusinessError(`参数错误：更换日期不是有效日期：${changedOn}`);
  if (changedOn > today()) throw new BusinessError(`参数错误：更换日期不能晚于今天：${changedOn}`);
  const reason = body.reason.trim();
  const newValve = body.newValve.trim();
  if (!reason) throw new BusinessError('参数错误：更换原因不能为空');
  if (!newValve) throw new BusinessError('参数错误：新瓶阀编号不能为空');
  await inTransaction(db, async (trx) => {
    const c = await repo.lockCylinder(trx, body.id);
    if (!c) throw new BusinessError(`气瓶不存在：${body.id}`);
    if (c.status === STATUS.scrap) throw new BusinessError(`气瓶 ${c.code} 已报废，不能更换瓶阀`);
    if (c.valve_no === newValve) throw new BusinessError(`气瓶 ${c.code} 当前瓶阀已是 ${newValve}`);
    await trx.insertInto('cylinder_valve_changes').values({
      cylinder_id: c.id, old_valve: c.valve_no, new_valve: newValve, changed_on: changedOn, reason,
      operator_id: who.operatorId, operator: who.operator,
    }).execute();
    await trx.updateTable('cylinders').set({ valve_no: newValve, updated_at: sql`now()` }).where('id', '=', c.id).execute();
    await appendTraces(trx, [{
      cylinderId: c.id, fromStatus: c.status, toStatus: c.status, action: 'hickey', ...who,
      detail: { oldValve: c.valve_no, newValve, changedOn, reason },
    }]);
  });
}

/** Valve changes, newest first (index on cylinder_id for one cylinder's history). */
export function pageValveChanges(db: Kysely<DB>, q: HickeyPageQuery): Promise<PageResult<HickeyRow>> {
  let query = db.selectFrom('cylinder_valve_changes as h').innerJoin('cylinders as c', 'c.id', 'h.cylinder_id').select([
    'h.id', 'h.cylinder_id as cylinderId', 'c.code', 'h.old_valve as oldValve', 'h.new_valve as newValve',
    sql<string>`to_char(h.changed_on, 'YYYY-MM-DD')`.as('changedOn'), 'h.reason', 'h.operator',
    sql<string>`to_char(h.created_at, 'YYYY-MM-DD HH24:MI:SS')`.as('createdAt'),
  ]);
  if (q.cylinderId) query = query.where('h.cylinder_id', '=', q.cylinderId);
  if (q.code) query = query.where('c.code', '=', q.code.trim());
  return paginate(query, q, { sorts: { id: 'h.id' }, defaultSort: 'id', tieBreaker: 'h.id' });
}
