import type { Transaction } from 'kysely';
import { STATUS } from '@shared/lifecycle';
import { placeWords } from '@shared/cylinder/transitions';
import type { DB } from '../../db/schema';
import { tripOf } from './audit.queries';
import { settleFoundByAudit } from './vehicle.repository';
import { appendTraces } from './trace.repository';
import { cylinderPlace } from './place.sql';
import { enterpriseName } from './storage.repository';
import type { Actor, Transition } from './transition';

export { auditPlaceWords, lockAuditCylinders, type AuditCylinder } from './audit.queries';

/**
 * 客户盘点 (issue 37) as the life cycle sees it: the cylinders an audit is about, locked; 盘点发现 (a shipped cylinder
 * counted at a customer other than its holder, or still on a vehicle, moved to the counting customer); 盘点未见 (an
 * event without a status change).
 */

/** The audit a 盘点发现 names. */
export interface AuditRef {
  id: number;
  auditNo: string;
  customerId: number;
  customerName: string;
  /** When the count was made: the cylinder is at the customer from then. */
  countedAt: Date;
}

/**
 * 盘点发现: a shipped cylinder (9) counted at `audit`'s customer while the records have it at another customer, at
 * none, or on a vehicle, is moved to this customer from the count's time; the event names the previous holder (and
 * trip) and the audit. It stays shipped (9 → 9). Any other status is refused naming where the records have it.
 */
export const auditFound = (audit: AuditRef): Transition => ({
  action: 'auditFound',
  label: '盘点发现',
  from: [STATUS.outbound],
  refuseStatus: async (trx, c) => {
    return `气瓶 ${c.code} 不在客户处，盘点不转移：系统记录该瓶${placeWords(await cylinderPlace(trx, c.id), c.status)}`;
  },
  check: async (trx, c) => {
    c.on_trip_id = await tripOf(trx, c.id);
    if (c.location_enterprise_id === audit.customerId && c.on_trip_id === null) return [`气瓶 ${c.code} 已在客户「${audit.customerName}」处，无需转移`];
    return [];
  },
  apply: async (trx, c) => {
    const previousId = c.location_enterprise_id;
    const previous = await enterpriseName(trx, previousId);
    const tripId = c.on_trip_id ?? null;
    const from = tripId !== null ? `运输车辆（车次 ${tripId}）` : previous ? `客户「${previous}」` : '未登记的客户';
    const reason = `客户盘点 ${audit.auditNo} 在客户「${audit.customerName}」处发现，系统原记录在${from}`;
    // Off the vehicle without a hand-over: its trip row says so, so the trip's reconciliation counts it and closing
    // the trip does not call it missing (a row already settled, e.g. missing on a closed trip, stays as it was).
    if (tripId !== null) await settleFoundByAudit(trx, tripId, c.id, audit.countedAt);
    return {
      to: STATUS.outbound,
      patch: { location_enterprise_id: audit.customerId, located_since: audit.countedAt, on_trip_id: null },
      detail: {
        auditId: audit.id, auditNo: audit.auditNo, customerId: audit.customerId, customer: audit.customerName,
        previousCustomerId: previousId, previousCustomer: previous, previousTripId: tripId, reason,
      },
      message: `气瓶 ${c.code} 已转入客户「${audit.customerName}」：${reason}`,
      extra: { previousCustomer: previous, previousTripId: tripId, reason },
    };
  },
});

/**
 * 盘点未见: an event on each cylinder an audit expected and did not find; its status does not change. The cylinders
 * must be locked by the caller (lockAuditCylinders).
 */
export async function auditMissing(
  trx: Transaction<DB>, items: ReadonlyArray<{ id: number; status: number; detail: Record<string, unknown> }>, actor: Actor,
): Promise<void> {
  await appendTraces(trx, items.map((c) => ({
    cylinderId: c.id, fromStatus: c.status, toStatus: c.status, action: 'auditMissing',
    operatorId: actor.operatorId, operator: actor.operator, workstation: actor.workstation, detail: c.detail,
  })));
}
