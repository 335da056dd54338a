import type { Transaction } from 'kysely';
import { STATUS } from '@shared/lifecycle';
import { placeWords } from '@shared/cylinder/transitions';
import type { DB } from '../../db/schema';
import { BusinessError } from '../../lib/errors';
import { appendEvent, lockCylinder } from './engine.repository';
import { newestEvent } from './household.queries';
import { cylinderPlace } from './place.sql';
import type { Actor } from './transition';

/**
 * 配送到户 (issue 37, 瓶装液化气实名制) as the life cycle sees it: a cylinder held by a distributor (a customer of the
 * plant, status 9, not on a vehicle) handed to one of its household users. The cylinder stays the distributor's in
 * the records (its status and place do not change): the event records the hand-over, so the trace shows it and the
 * outbox carries it. Not a transition: a rollback never undoes it.
 */

/** The household user a cylinder goes to, as the event names them (masked: the trace leaves the system through the outbox). */
export interface HouseholdHandOver {
  householdId: number;
  /** 张** */
  userMasked: string;
  /** The distributor that serves the user: the cylinder must be at it. */
  customerId: number;
  customerName: string;
}

export interface HouseholdDelivered {
  cylinderId: number;
  code: string;
  traceId: number;
}

/**
 * Locks the cylinder with `code`, checks it is at `to`'s distributor (refused naming where it is) and not already
 * handed to a household since it came there, and writes the householdDeliver event, in the caller's transaction.
 */
export async function householdDeliver(trx: Transaction<DB>, code: string, to: HouseholdHandOver, actor: Actor): Promise<HouseholdDelivered> {
  const c = await lockCylinder(trx, { code });
  const atDistributor = c.status === STATUS.outbound && c.on_trip_id === null && c.location_enterprise_id === to.customerId;
  if (!atDistributor) {
    const where = placeWords(await cylinderPlace(trx, c.id), c.status);
    throw new BusinessError(`气瓶 ${c.code} 不在服务站「${to.customerName}」处，不能配送到户：系统记录该瓶${where}`);
  }
  const last = await newestEvent(trx, c.id);
  if (last?.action === 'householdDeliver') {
    const user = (last.detail as { user?: string } | null)?.user ?? '';
    throw new BusinessError(`气瓶 ${c.code} 已配送到户${user ? `（用户 ${user}）` : ''}，回收后才能再次配送`);
  }
  const traceId = await appendEvent(trx, {
    cylinderId: c.id, fromStatus: c.status, toStatus: c.status, action: 'householdDeliver', actor,
    detail: { householdId: to.householdId, user: to.userMasked, customerId: to.customerId, customer: to.customerName },
  });
  return { cylinderId: c.id, code: c.code, traceId };
}
