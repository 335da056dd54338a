import type { Kysely } from 'kysely';
import type { OutStockBody } from '@shared/api/storage';
import type { DB } from '../../db/schema';
import { BusinessError } from '../../lib/errors';
import type { FieldCipher } from '../../lib/field-cipher';
import { blankToNull } from '../../lib/paging';
import { crewById, vehicleById, type CrewRef } from '../transport';
import * as repo from './orders.repository';

/**
 * An outbound order's vehicle, driver and escort from the transport registers (issue 36): chosen when the order is made,
 * their plate and names written into the order's texts (documents print them as before), their permit and qualifications
 * judged again when the order is completed.
 */

type Db = Kysely<DB>;

const ROLE = { driver: '驾驶员', escort: '押运员' } as const;
type Role = keyof typeof ROLE;

/** A person chosen as `role`: registered, of that kind, enabled. */
async function chosenCrew(db: Db, cipher: FieldCipher, id: number | null, role: Role): Promise<CrewRef | null> {
  if (id === null) return null;
  const person = await crewById(db, cipher, id);
  if (!person) throw new BusinessError(`${ROLE[role]}不存在：${id}`);
  if (person.kind !== role) throw new BusinessError(`${person.name} 登记为${ROLE[person.kind as Role] ?? person.kind}，不是${ROLE[role]}`);
  if (person.status !== 1) throw new BusinessError(`${ROLE[role]} ${person.name} 已停用，不能选用`);
  return person;
}

/**
 * The transport the body names, for the order's head: a vehicle needs a driver and an escort (危险货物运输须配备押运员);
 * each id must be an enabled entry of its register and kind. Without ids, the free text of an older client stays.
 */
export async function transportHead(db: Db, cipher: FieldCipher, body: OutStockBody): Promise<repo.TransportHead> {
  const vehicleId = body.vehicleId ?? null;
  const driverId = body.driverId ?? null;
  const escortId = body.escortId ?? null;
  if (vehicleId !== null && (driverId === null || escortId === null)) {
    throw new BusinessError('选择运输车辆后须同时选择驾驶员和押运员（危险货物运输须配备押运员）');
  }
  const vehicle = vehicleId === null ? null : await vehicleById(db, vehicleId);
  if (vehicleId !== null && !vehicle) throw new BusinessError(`运输车辆不存在：${vehicleId}`);
  if (vehicle && vehicle.status !== 1) throw new BusinessError(`车辆 ${vehicle.plate} 已停用，不能选用`);
  const driver = await chosenCrew(db, cipher, driverId, 'driver');
  const escort = await chosenCrew(db, cipher, escortId, 'escort');
  return {
    vehicleId, driverId, escortId,
    vehicle: vehicle?.plate ?? blankToNull(body.vehicle ?? null),
    driver: driver?.name ?? blankToNull(body.driver ?? null),
    escort: escort?.name ?? null,
  };
}

/**
 * Refuses completing an order whose vehicle's 道路运输证 or whose driver's or escort's 从业资格证 has expired (`day`, the
 * plant's today, is past its date), naming each and since when.
 */
export async function refuseExpiredTransport(db: Db, cipher: FieldCipher, orderId: number, day: string): Promise<void> {
  const t = await orderTransport(db, cipher, orderId);
  if (!t) return;
  const expired: string[] = [];
  if (t.vehicle && t.vehicle.permitExpiry < day) expired.push(`车辆 ${t.vehicle.plate} 的道路运输证已于 ${t.vehicle.permitExpiry} 到期`);
  for (const role of ['driver', 'escort'] as const) {
    const person = t[role];
    if (person && person.qualificationExpiry < day) expired.push(`${ROLE[role]} ${person.name} 的从业资格证已于 ${person.qualificationExpiry} 到期`);
  }
  if (expired.length) throw new BusinessError(`${expired.join('；')}，不能完成出库`);
}

/** A person on an order, as the regulator's records name one. */
export interface OrderCrew {
  id: number;
  name: string;
  /** 身份证号 in plain text; null when none was registered. */
  idNo: string | null;
  qualificationNo: string;
  qualificationExpiry: string;
}

/** An order's vehicle, driver and escort from the registers (as they are now); null for an unknown order. */
export interface OrderTransport {
  orderNo: string;
  vehicle: { id: number; plate: string; permitNo: string; permitExpiry: string } | null;
  driver: OrderCrew | null;
  escort: OrderCrew | null;
}

const asCrew = (p: CrewRef | null): OrderCrew | null =>
  (p ? { id: p.id, name: p.name, idNo: p.idNo, qualificationNo: p.qualificationNo, qualificationExpiry: p.qualificationExpiry } : null);

export async function orderTransport(db: Db, cipher: FieldCipher, orderId: number): Promise<OrderTransport | null> {
  const ids = await repo.transportIdsOf(db, orderId);
  if (!ids) return null;
  const vehicle = ids.vehicleId === null ? null : await vehicleById(db, ids.vehicleId);
  const driver = ids.driverId === null ? null : await crewById(db, cipher, ids.driverId);
  const escort = ids.escortId === null ? null : await crewById(db, cipher, ids.escortId);
  return {
    orderNo: ids.orderNo,
    vehicle: vehicle ? { id: vehicle.id, plate: vehicle.plate, permitNo: vehicle.permitNo, permitExpiry: vehicle.permitExpiry } : null,
    driver: asCrew(driver),
    escort: asCrew(escort),
  };
}
