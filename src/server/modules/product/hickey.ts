import type { Kysely } from 'kysely';
import type { PageResult } from '@shared/api/schema';
import type { HickeyBody, HickeyPageQuery, HickeyRow } from '@shared/api/product';
import type { DB } from '../../db/schema';
import { BusinessError } from '../../lib/errors';
import { isValidDate, today } from '../../lib/dates';
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
    await repo.recordValveChange(trx, { cylinderId: c.id, oldValve: c.valve_no, newValve, changedOn, reason }, who);
    await appendTraces(trx, [{
      cylinderId: c.id, fromStatus: c.status, toStatus: c.status, action: 'hickey', ...who,
      detail: { oldValve: c.valve_no, newValve, changedOn, reason },
    }]);
  });
}

/** Valve changes, newest first (index on cylinder_id for one cylinder's history). */
export const pageValveChanges = (db: Kysely<DB>, q: HickeyPageQuery): Promise<PageResult<HickeyRow>> => repo.pageValveChanges(db, q);
