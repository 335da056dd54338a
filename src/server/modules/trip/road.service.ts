import type { Kysely, Transaction } from 'kysely';
import type { ScanResult } from '@shared/api/production';
import type { RecoverResult } from '@shared/api/storage';
import { TRIP_STATUS, type DeliverBody, type PickupBody, type UnloadBody } from '@shared/api/trip';
import { judgeDelivery, type StopFact } from '@shared/trip/delivery';
import type { DB } from '../../db/schema';
import type { Actor } from '../../lib/access';
import { BusinessError } from '../../lib/errors';
import { deliver, recover, runTransition, unload } from '../cylinder';
import { requireCrew, type Viewer } from './trip.access';
import * as repo from './trip.repository';

/**
 * A driver's acts on the road (issue 37), each a scan with its scanId through the cylinder module's engine (a retry
 * acts once; of two scans of one cylinder at once one wins), the trip's own rows written in the same transaction.
 */

type Db = Kysely<DB>;

/** When the act happened: the station's time of a replayed act (X-Station-At), else now. */
const actAt = (actor: Actor): Date => (actor.stationAt ? new Date(actor.stationAt) : new Date());

/** The stop locked, on a trip on the road. */
async function stopOnRoad(trx: Transaction<DB>, stopId: number): Promise<repo.StopLock> {
  const stop = await repo.lockStop(trx, stopId);
  if (!stop) throw new BusinessError(`站点不存在：${stopId}`);
  if (stop.trip_status !== TRIP_STATUS.onRoad) {
    throw new BusinessError(`车次 ${stop.trip_no} ${stop.trip_status === TRIP_STATUS.planned ? '尚未发车' : '已结束'}，不能在站点交付、回收或签收`);
  }
  return stop;
}

async function tripOfStop(db: Db, stopId: number): Promise<number> {
  const row = await repo.stopTrip(db, stopId);
  if (!row) throw new BusinessError(`站点不存在：${stopId}`);
  return row.trip_id;
}

const fact = (s: repo.StopLock): StopFact => ({ id: s.id, seq: s.seq, customerName: s.customer_name, status: s.status });

/**
 * POST /api/trip/deliver (交付): the cylinder must have left on this trip for this stop's customer and still be on
 * board (judgeDelivery's words); it is at the customer from the act's time. A second scan is a repeat.
 */
export async function deliverAtStop(db: Db, viewer: Viewer, body: DeliverBody, actor: Actor): Promise<ScanResult> {
  await requireCrew(db, viewer, await tripOfStop(db, body.stopId));
  const at = actAt(actor);
  const stopRef = { stopId: body.stopId, customerId: 0, customerName: '' };
  const trip = { tripId: 0, tripNo: '' };
  let repeatWords: string | null = null;
  return runTransition(db, deliver(trip, stopRef, at), {
    code: body.code, scanId: body.scanId,
    prepare: async (trx) => {
      const stop = await stopOnRoad(trx, body.stopId);
      Object.assign(trip, { tripId: stop.trip_id, tripNo: stop.trip_no });
      Object.assign(stopRef, { customerId: stop.customer_id, customerName: stop.customer_name });
      const rows = await repo.tripCylindersByCode(trx, stop.trip_id, body.code);
      const stops = rows.some((r) => r.stopId !== stop.id) ? await repo.stopFacts(trx, stop.trip_id) : [];
      const verdict = judgeDelivery(body.code.trim(), fact(stop), stops, rows);
      if (verdict.kind === 'refuse') throw new BusinessError(verdict.message);
      if (verdict.kind === 'repeat') repeatWords = verdict.message;
    },
    finish: async (trx, result) => {
      if (result.repeated) return repeatWords ? { ...result, message: repeatWords } : result;
      await repo.settle(trx, trip.tripId, [result.cylinderId], 'delivered', at);
      return result;
    },
  }, actor);
}

/**
 * POST /api/trip/pickup (回收空瓶): a recovery (9 → 10) from this stop's customer; one the records have at another
 * customer is taken back as a forced return with the discrepancy recorded, as at the plant.
 */
export async function pickupAtStop(db: Db, viewer: Viewer, body: PickupBody, actor: Actor): Promise<RecoverResult> {
  await requireCrew(db, viewer, await tripOfStop(db, body.stopId));
  const at = actAt(actor);
  const recovery = { code: body.code, scanId: body.scanId, customerId: 0, remark: body.remark ?? undefined };
  let stop: repo.StopLock | undefined;
  // The stop is locked before the transition is made: the recovery names its customer.
  return runTransition<RecoverResult>(db, {
    ...recover(recovery),
    apply: async (trx, c, last) => recover({ ...recovery, customerId: stop!.customer_id }).apply(trx, c, last),
  }, {
    code: body.code, scanId: body.scanId,
    prepare: async (trx) => { stop = await stopOnRoad(trx, body.stopId); },
    finish: async (trx, result) => {
      const answer = { discrepancy: null, customerName: null, ...result } as RecoverResult;
      if (result.repeated) return answer;
      const discrepancy = typeof answer.discrepancy === 'string' ? answer.discrepancy : null;
      await repo.insertPickup(trx, { tripId: stop!.trip_id, stopId: stop!.id, cylinderId: result.cylinderId, forced: discrepancy !== null, discrepancy, at });
      return answer;
    },
  }, actor);
}

/**
 * POST /api/trip/unload (回厂卸车): a full cylinder of the trip not handed over goes back into finished stock (9 → 7)
 * in the warehouse; its trip row says unloaded.
 */
export async function unloadFromTrip(db: Db, body: UnloadBody, actor: Actor): Promise<ScanResult> {
  const trip = { tripId: body.tripId, tripNo: '' };
  return runTransition(db, unload(trip, body.warehouseId), {
    code: body.code, scanId: body.scanId,
    prepare: async (trx) => {
      const row = await repo.lockTrip(trx, body.tripId);
      if (!row) throw new BusinessError(`车次不存在：${body.tripId}`);
      trip.tripNo = row.trip_no;
      const w = await repo.warehouse(trx, body.warehouseId);
      if (!w) throw new BusinessError(`仓库不存在：${body.warehouseId}`);
      if (w.kind !== 'finished') throw new BusinessError(`仓库「${w.warehouse_name}」不是成品库，不能用于回厂卸车`);
    },
    finish: async (trx, result) => {
      if (!result.repeated) await repo.settle(trx, trip.tripId, [result.cylinderId], 'unloaded', null);
      return result;
    },
  }, actor);
}
