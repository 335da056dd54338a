import type { Kysely, Transaction } from 'kysely';
import type { PageResult } from '@shared/api/schema';
import { TRIP_STATUS, type TripOrderBody, type TripPageQuery, type TripRow, type TripSaveBody } from '@shared/api/trip';
import type { DB } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { today } from '../../lib/dates';
import { BusinessError } from '../../lib/errors';
import type { FieldCipher } from '../../lib/field-cipher';
import { blankToNull } from '../../lib/paging';
import { crewById, vehicleById, type CrewRef } from '../transport';
import type { Viewer } from './trip.access';
import { tripViewer } from './trip.access';
import * as repo from './trip.repository';

/** 车次管理 (issue 37): a planned trip on the registers' vehicle and crew, orders put on it, its stops, its departure. */

type Db = Kysely<DB>;

const ROLE = { driver: '驾驶员', escort: '押运员' } as const;

/** A person chosen as `role`: registered, of that kind, enabled (as an outbound order chooses them). */
async function chosenCrew(db: Db, cipher: FieldCipher, id: number, role: keyof typeof ROLE): Promise<CrewRef> {
  const person = await crewById(db, cipher, id);
  if (!person) throw new BusinessError(`${ROLE[role]}不存在：${id}`);
  if (person.kind !== role) throw new BusinessError(`${person.name} 登记为${ROLE[person.kind as keyof typeof ROLE] ?? person.kind}，不是${ROLE[role]}`);
  if (person.status !== 1) throw new BusinessError(`${ROLE[role]} ${person.name} 已停用，不能选用`);
  return person;
}

/** The trip's transport as its orders take it (ids and the texts the documents print). */
async function transportOf(db: Db, cipher: FieldCipher, t: { vehicleId: number; driverId: number; escortId: number }): Promise<repo.OrderTransportHead> {
  const vehicle = await vehicleById(db, t.vehicleId);
  if (!vehicle) throw new BusinessError(`运输车辆不存在：${t.vehicleId}`);
  if (vehicle.status !== 1) throw new BusinessError(`车辆 ${vehicle.plate} 已停用，不能选用`);
  const driver = await chosenCrew(db, cipher, t.driverId, 'driver');
  const escort = await chosenCrew(db, cipher, t.escortId, 'escort');
  return { vehicleId: vehicle.id, driverId: driver.id, escortId: escort.id, vehicle: vehicle.plate, driver: driver.name, escort: escort.name };
}

async function lockedTrip(trx: Transaction<DB>, id: number): Promise<repo.TripLock> {
  const trip = await repo.lockTrip(trx, id);
  if (!trip) throw new BusinessError(`车次不存在：${id}`);
  return trip;
}

function refuseUnlessPlanned(trip: repo.TripLock, what: string): void {
  if (trip.status !== TRIP_STATUS.planned) throw new BusinessError(`车次 ${trip.trip_no} ${trip.status === TRIP_STATUS.onRoad ? '已发车' : '已结束'}，不能${what}`);
}

/** POST /api/trip/save: a new planned trip, or a planned one edited (its open orders take the new vehicle and crew). */
export async function saveTrip(db: Db, cipher: FieldCipher, body: TripSaveBody, by: number | null): Promise<number> {
  const head = await transportOf(db, cipher, body);
  const values: repo.TripValues = {
    vehicle_id: body.vehicleId, driver_id: body.driverId, escort_id: body.escortId, plan_date: body.planDate, remark: blankToNull(body.remark ?? null),
  };
  return inTransaction(db, async (trx) => {
    if (body.id === undefined) return repo.insertTrip(trx, await repo.nextTripNo(trx), values, by);
    const trip = await lockedTrip(trx, body.id);
    refuseUnlessPlanned(trip, '修改');
    await repo.updateTrip(trx, trip.id, values);
    for (const orderId of await repo.tripOrderIds(trx, trip.id)) await repo.setOrderTrip(trx, orderId, trip.id, head);
    return trip.id;
  });
}

/** The open outbound order of a trip's act, locked (after the trip). */
async function lockedOrder(trx: Transaction<DB>, id: number) {
  const order = await repo.lockOrder(trx, id);
  if (!order || order.direction !== 'out') throw new BusinessError(`出库单不存在：${id}`);
  return order;
}

/**
 * POST /api/trip/addOrder: an open outbound order (not completed, not on another trip) onto a planned trip; its
 * customer becomes a stop (the next in line) unless already one; the order takes the trip's vehicle, driver and escort.
 */
export async function addOrder(db: Db, cipher: FieldCipher, body: TripOrderBody): Promise<void> {
  await inTransaction(db, async (trx) => {
    const trip = await lockedTrip(trx, body.tripId);
    refuseUnlessPlanned(trip, '排入出库单');
    const order = await lockedOrder(trx, body.orderId);
    if (order.status !== 0) throw new BusinessError(`出库单 ${order.order_no} ${order.status === 1 ? '已完成出库' : '已作废'}，不能排入车次`);
    if (order.trip_id === trip.id) return;
    if (order.trip_id !== null) throw new BusinessError(`出库单 ${order.order_no} 已在另一车次上，请先从该车次移出`);
    if (order.customer_id === null) throw new BusinessError(`出库单 ${order.order_no} 没有客户，不能排入车次`);
    const head = await transportOf(trx, cipher, { vehicleId: trip.vehicle_id, driverId: trip.driver_id, escortId: trip.escort_id ?? 0 });
    if ((await repo.stopOfCustomer(trx, trip.id, order.customer_id)) === undefined) await repo.insertStop(trx, trip.id, order.customer_id);
    await repo.setOrderTrip(trx, order.id, trip.id, head);
  });
}

/** POST /api/trip/removeOrder: the order leaves the planned trip (not completed); a stop left without orders is dropped. */
export async function removeOrder(db: Db, body: TripOrderBody): Promise<void> {
  await inTransaction(db, async (trx) => {
    const trip = await lockedTrip(trx, body.tripId);
    refuseUnlessPlanned(trip, '移出出库单');
    const order = await lockedOrder(trx, body.orderId);
    if (order.trip_id !== trip.id) throw new BusinessError(`出库单 ${order.order_no} 不在车次 ${trip.trip_no} 上`);
    if (order.status === 1) throw new BusinessError(`出库单 ${order.order_no} 已完成出库（气瓶已装车），不能移出车次`);
    await repo.setOrderTrip(trx, order.id, null, null);
    if (order.customer_id !== null && (await repo.ordersOfStop(trx, trip.id, order.customer_id)) === 0) await repo.dropEmptyStop(trx, trip.id, order.customer_id);
  });
}

/** POST /api/trip/orderStops: the stops in driving order (every stop of the trip, once). */
export async function orderStops(db: Db, body: { tripId: number; stopIds: number[] }): Promise<void> {
  await inTransaction(db, async (trx) => {
    const trip = await lockedTrip(trx, body.tripId);
    if (trip.status === TRIP_STATUS.closed) throw new BusinessError(`车次 ${trip.trip_no} 已结束，不能调整站点顺序`);
    const ids = await repo.stopIds(trx, trip.id);
    const sent = [...body.stopIds];
    if (new Set(sent).size !== sent.length || sent.length !== ids.length || !ids.every((id) => sent.includes(id))) {
      throw new BusinessError(`站点顺序须包含车次 ${trip.trip_no} 的每个站点各一次（共 ${ids.length} 个）`);
    }
    await repo.setStopSeqs(trx, sent);
  });
}

/**
 * POST /api/trip/depart (发车): every order on it completed (its cylinders loaded), the vehicle's permit and the
 * crew's qualifications valid today; the trip goes on the road.
 */
export async function depart(db: Db, cipher: FieldCipher, id: number): Promise<void> {
  await inTransaction(db, async (trx) => {
    const trip = await lockedTrip(trx, id);
    refuseUnlessPlanned(trip, '发车');
    const open = await repo.openOrders(trx, trip.id);
    if (open.length) throw new BusinessError(`车次 ${trip.trip_no} 还有未完成出库的出库单：${open.join('、')}，不能发车`);
    const loaded = await repo.tripRow(trx, trip.id);
    if (!loaded?.loaded) throw new BusinessError(`车次 ${trip.trip_no} 还没有装车的气瓶，不能发车`);
    const day = today();
    const expired: string[] = [];
    const vehicle = await vehicleById(trx, trip.vehicle_id);
    if (vehicle && vehicle.permitExpiry < day) expired.push(`车辆 ${vehicle.plate} 的道路运输证已于 ${vehicle.permitExpiry} 到期`);
    for (const [role, crewId] of [['driver', trip.driver_id], ['escort', trip.escort_id]] as const) {
      const person = crewId === null ? null : await crewById(trx, cipher, crewId);
      if (person && person.qualificationExpiry < day) expired.push(`${ROLE[role]} ${person.name} 的从业资格证已于 ${person.qualificationExpiry} 到期`);
    }
    if (expired.length) throw new BusinessError(`${expired.join('；')}，不能发车`);
    await repo.setTripStatus(trx, trip.id, TRIP_STATUS.onRoad);
  });
}

/** POST /api/trip/listPage: every trip for holders of trip:view, a driver's own otherwise. */
export async function tripPage(db: Db, viewer: Viewer, q: TripPageQuery): Promise<PageResult<TripRow>> {
  const crewId = await tripViewer(db, viewer);
  return repo.tripPage(db, q, crewId);
}

export const tripOptions = (db: Db) => repo.plannedTrips(db);
