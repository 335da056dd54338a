import type { Kysely } from 'kysely';
import type { PickupBody, PickupStatus } from '@shared/api/portal';
import type { DB } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { BusinessError } from '../../lib/errors';
import { today } from '../../lib/dates';
import { postMessages } from '../message';
import * as repo from './pickup.repository';

/** Who plans the trips that collect empties: the request becomes their task in 消息中心. */
export const PICKUP_PLANNER_KEY = 'trip:save';
export const PICKUP_MESSAGE_KIND = 'portalPickup';

/**
 * 申请回收空瓶: the request is kept for the customer's enterprise, and every plant user holding trip:save gets a message
 * (消息中心) linking to 车次管理, where the open requests are listed for planning — one transaction.
 */
export async function requestPickup(db: Kysely<DB>, body: PickupBody, who: { enterpriseId: number; userId: number; name: string }): Promise<number> {
  if (body.wantedDate < today()) throw new BusinessError('希望回收日期不能早于今天');
  return inTransaction(db, async (trx) => {
    const id = await repo.insertPickup(trx, { ...body, enterpriseId: who.enterpriseId, userId: who.userId });
    const customer = await repo.enterpriseName(trx, who.enterpriseId);
    const note = body.note?.trim() ? `；备注：${body.note.trim()}` : '';
    const content = `${customer}（${who.name}）申请回收空瓶 ${body.cylinders} 只，希望 ${body.wantedDate} 回收${note}。请在「车次管理」安排车次。`;
    const users = await repo.usersHolding(trx, PICKUP_PLANNER_KEY);
    await postMessages(trx, users.map((userId) => ({
      userId, kind: PICKUP_MESSAGE_KIND, title: '客户申请回收空瓶', content, link: '/storage/trip', subjectKey: `pickup:${id}`,
    })));
    return id;
  });
}

/** The plant marks a request planned, collected or cancelled (a closed one stays as it is). */
export async function handlePickup(db: Kysely<DB>, id: number, status: Exclude<PickupStatus, 'open'>, by: string): Promise<void> {
  await inTransaction(db, async (trx) => {
    const found = await repo.pickup(trx, id);
    if (!found) throw new BusinessError('回收申请不存在');
    if (found.status === 'done' || found.status === 'cancelled') throw new BusinessError('该回收申请已处理完毕');
    await repo.setPickupStatus(trx, id, status, by);
  });
}
