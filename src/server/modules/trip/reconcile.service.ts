import type { Kysely } from 'kysely';
import { TRIP_STATUS, type TripCloseBody, type TripManifest, type TripReconciliation } from '@shared/api/trip';
import type { DB } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import type { Actor } from '../../lib/access';
import { BusinessError } from '../../lib/errors';
import { heldCodes, markTripMissing } from '../cylinder';
import { customerContacts } from '../enterprise';
import { postMessages } from '../message';
import * as repo from './trip.repository';

/** The trip as the driver's device keeps it, its reconciliation, and its close (issue 37). */

type Db = Kysely<DB>;

/** Holdings codes a stop carries at most (what a take-back may expect offline). */
export const HOLDINGS_PER_STOP = 5000;

async function tripOrThrow(db: Db, id: number) {
  const trip = await repo.tripRow(db, id);
  if (!trip) throw new BusinessError(`车次不存在：${id}`);
  return trip;
}

/** GET /api/trip/manifest/:id: the trip, its stops (address, contact, holdings), every cylinder on it, the empties taken back. */
export async function manifest(db: Db, id: number): Promise<TripManifest> {
  const trip = await tripOrThrow(db, id);
  const [stops, cylinders, pickups] = await Promise.all([repo.manifestStops(db, id), repo.manifestCylinders(db, id), repo.manifestPickups(db, id)]);
  const contacts = await customerContacts(db, stops.map((s) => s.customerId));
  const holdings = await Promise.all(stops.map((s) => heldCodes(db, s.customerId, HOLDINGS_PER_STOP)));
  return {
    trip,
    stops: stops.map((s, i) => {
      const c = contacts.get(s.customerId);
      return {
        id: s.id, seq: s.seq, customerId: s.customerId, customerName: c?.name ?? '', address: c?.address ?? null, contact: c?.contact ?? null,
        phone: c?.phone ?? null, status: s.status, orderNos: s.orderNos, receiverName: s.receiverName, provedAt: s.provedAt, holdings: holdings[i]!,
      };
    }),
    cylinders: cylinders.map(({ settledAt: _s, ...c }) => c),
    pickups: pickups.map((p) => ({ stopId: p.stopId, code: p.code, forced: p.forced })),
    at: new Date().toISOString(),
  };
}

/** GET /api/trip/reconcile/:id: what left on the trip and what became of each, per stop and in all. */
export async function reconcile(db: Db, id: number): Promise<TripReconciliation> {
  const trip = await tripOrThrow(db, id);
  const [stops, cylinders, pickups] = await Promise.all([repo.manifestStops(db, id), repo.manifestCylinders(db, id), repo.manifestPickups(db, id)]);
  const contacts = await customerContacts(db, stops.map((s) => s.customerId));
  const nameOf = new Map(stops.map((s) => [s.id, contacts.get(s.customerId)?.name ?? '']));
  const count = (rows: Array<{ outcome: string }>, outcome: string) => rows.filter((c) => c.outcome === outcome).length;
  return {
    tripId: trip.id, tripNo: trip.tripNo, status: trip.status,
    loaded: cylinders.length, delivered: count(cylinders, 'delivered'), unloaded: count(cylinders, 'unloaded'),
    onBoard: count(cylinders, 'onBoard'), missing: count(cylinders, 'missing'), foundByAudit: count(cylinders, 'foundByAudit'),
    pickedUp: pickups.length, forced: pickups.filter((p) => p.forced).length,
    stops: stops.map((s) => {
      const mine = cylinders.filter((c) => c.stopId === s.id);
      return {
        stopId: s.id, seq: s.seq, customerName: nameOf.get(s.id) ?? '', status: s.status, loaded: mine.length, delivered: count(mine, 'delivered'),
        differences: mine.filter((c) => c.reason !== null).length, pickedUp: pickups.filter((p) => p.stopId === s.id).length,
        receiverName: s.receiverName, provedAt: s.provedAt, latitude: s.latitude, longitude: s.longitude, receiptToken: s.receiptToken,
      };
    }),
    cylinders: cylinders.map((c) => ({
      code: c.code, customerName: nameOf.get(c.stopId) ?? '', orderNo: c.orderNo, outcome: c.outcome, reason: c.reason, settledAt: c.settledAt,
    })),
  };
}

/**
 * POST /api/trip/close (结束车次): a trip on the road is closed once every cylinder that left on it is accounted for.
 * Still on board: refused, unless confirmMissing — then each is recorded missing (a 运输缺失 trace event, it stays on
 * the vehicle in the records) and the holders of trip:close get a message naming them.
 */
export async function closeTrip(db: Db, body: TripCloseBody, actor: Actor): Promise<TripReconciliation> {
  await inTransaction(db, async (trx) => {
    const trip = await repo.lockTrip(trx, body.id);
    if (!trip) throw new BusinessError(`车次不存在：${body.id}`);
    if (trip.status !== TRIP_STATUS.onRoad) throw new BusinessError(`车次 ${trip.trip_no} ${trip.status === TRIP_STATUS.planned ? '尚未发车' : '已结束'}，不能结束`);
    const left = await repo.onBoard(trx, trip.id);
    const codes = left.map((c) => c.code);
    const listed = `${codes.slice(0, 20).join('、')}${codes.length > 20 ? ' 等' : ''}`;
    if (left.length && !body.confirmMissing) {
      throw new BusinessError(`车次 ${trip.trip_no} 还有 ${left.length} 只气瓶既未交付也未回厂卸车：${listed}；确认缺失后才能结束车次`);
    }
    if (left.length) {
      const ids = left.map((c) => c.cylinderId);
      await repo.settle(trx, trip.id, ids, 'missing', null);
      await markTripMissing(trx, { tripId: trip.id, tripNo: trip.trip_no }, ids, actor);
      const users = await repo.usersHolding(trx, 'trip:close');
      const content = `车次 ${trip.trip_no} 由 ${actor.operator ?? '—'} 结束时有 ${left.length} 只气瓶缺失（既未交付也未回厂卸车）：${listed}`;
      await postMessages(trx, users.map((userId) => ({ userId, kind: 'tripMissing', title: '车次气瓶缺失', content, link: '/storage/trip', subjectKey: `trip:${trip.id}` })));
    }
    await repo.setTripStatus(trx, trip.id, TRIP_STATUS.closed, actor.operator);
  });
  return reconcile(db, body.id);
}
