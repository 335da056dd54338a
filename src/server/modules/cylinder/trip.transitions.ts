import type { Transaction } from 'kysely';
import { STATUS } from '@shared/lifecycle';
import { notOnTripMessage, TRANSITION_RULES as RULES } from '@shared/cylinder/transitions';
import type { DB } from '../../db/schema';
import { cylinderPlace } from './place.sql';
import { appendTraces } from './trace.repository';
import type { Actor, Transition } from './transition';
import { lockIds } from './vehicle.repository';
import { warehouseName } from './storage.repository';

/**
 * The road (issue 37): what happens to a cylinder that left on a trip. The trip module judges the act against its
 * trip (judgeDelivery, shared/trip/delivery.ts) and settles its trip_cylinders row in the same transaction.
 */

/** Where a trip act happens: the trip (number and plate, as refusals name it) and, for 交付, its stop's customer. */
export interface TripAt {
  tripId: number;
  tripNo: string;
}

/**
 * 交付: outbound (9) → outbound (9), from the trip's vehicle to the stop's customer, held from `at` (the act's
 * station time): holdings, long-out alerts and the customer counts count it from then.
 */
export const deliver = (trip: TripAt, stop: { stopId: number; customerId: number; customerName: string }, at: Date): Transition => ({
  ...RULES.deliver,
  refuseStatus: async (trx, c) => RULES.deliver.wrongStatus(c, { where: await cylinderPlace(trx, c.id) }),
  check: async (_trx, c) => (c.on_trip_id === trip.tripId ? [] : [notOnTripMessage(c.code, trip.tripNo, '交付')]),
  apply: async (_trx, c) => ({
    to: STATUS.outbound,
    patch: { on_trip_id: null, location_enterprise_id: stop.customerId, located_since: at, warehouse_id: null },
    detail: { tripId: trip.tripId, tripNo: trip.tripNo, stopId: stop.stopId, customerId: stop.customerId, customer: stop.customerName },
    message: `气瓶 ${c.code} 已交付给「${stop.customerName}」`,
  }),
});

/** 回厂卸车: outbound (9) → finished stock (7) in `warehouse`, a full cylinder of the trip that was not handed over. */
export const unload = (trip: TripAt, warehouseId: number): Transition => ({
  ...RULES.unload,
  refuseStatus: async (trx, c) => RULES.unload.wrongStatus(c, { where: await cylinderPlace(trx, c.id) }),
  check: async (_trx, c) => (c.on_trip_id === trip.tripId ? [] : [notOnTripMessage(c.code, trip.tripNo, '回厂卸车')]),
  apply: async (trx, c) => {
    const name = await warehouseName(trx, warehouseId);
    return {
      to: RULES.unload.to,
      patch: { on_trip_id: null, location_enterprise_id: null, located_since: null, warehouse_id: warehouseId, in_workshop: false },
      detail: { tripId: trip.tripId, tripNo: trip.tripNo, warehouseId, warehouseName: name },
      message: `气瓶 ${c.code} 已回厂卸车${name ? `，入「${name}」` : ''}`,
    };
  },
});

/**
 * 运输缺失: a trace event without a status change for each cylinder the trip closed without (it stays on the vehicle
 * in the records: a later unload or recovery still finds it). The cylinders are locked in id order first.
 */
export async function markTripMissing(trx: Transaction<DB>, trip: TripAt, cylinderIds: number[], actor: Actor): Promise<void> {
  const ids = [...cylinderIds].sort((a, b) => a - b);
  await lockIds(trx, ids);
  await appendTraces(trx, ids.map((id) => ({
    cylinderId: id, fromStatus: STATUS.outbound, toStatus: STATUS.outbound, action: 'tripMissing', operatorId: actor.operatorId, operator: actor.operator,
    workstation: actor.workstation, detail: { tripId: trip.tripId, tripNo: trip.tripNo },
  })));
}
