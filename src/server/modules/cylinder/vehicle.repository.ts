import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { BusinessError } from '../../lib/errors';

/**
 * The statements of the road (issue 37) the life cycle writes itself: a cylinder shipped on a trip is loaded onto
 * its vehicle (a trip_cylinders row at its customer's stop) in the shipment's transaction; a refusal names the trip
 * and its vehicle. The trip module owns the trip's tables and settles the rows (delivered, unloaded, missing);
 * an audit that finds one at a customer settles its row here (foundByAudit).
 */

/** Loads a shipped cylinder onto its order's trip, at the stop of the order's customer. */
export async function loadOnTrip(trx: Transaction<DB>, l: { tripId: number; customerId: number | null; orderId: number; cylinderId: number; at: Date }): Promise<number> {
  const row = await trx.insertInto('trip_cylinders').columns(['trip_id', 'stop_id', 'order_id', 'cylinder_id', 'loaded_at'])
    .expression((eb) => eb.selectFrom('trip_stops as s')
      .select([sql.lit(l.tripId).as('trip_id'), 's.id', sql.lit(l.orderId).as('order_id'), sql.lit(l.cylinderId).as('cylinder_id'), sql<Date>`${l.at}::timestamptz`.as('loaded_at')])
      .where('s.trip_id', '=', l.tripId).where('s.customer_id', '=', l.customerId ?? 0))
    .onConflict((oc) => oc.columns(['trip_id', 'cylinder_id']).doUpdateSet({
      stop_id: (eb) => eb.ref('excluded.stop_id'), order_id: (eb) => eb.ref('excluded.order_id'), loaded_at: (eb) => eb.ref('excluded.loaded_at'),
      outcome: 'onBoard', reason: null, settled_at: null,
    }))
    .returning('stop_id').executeTakeFirst();
  if (!row) throw new BusinessError(`出库单的客户不是车次的站点，不能装车（车次 ${l.tripId}）`);
  return row.stop_id;
}

/** A cylinder of the trip counted at a customer by an audit before its hand-over: its row leaves 'onBoard'. */
export async function settleFoundByAudit(trx: Transaction<DB>, tripId: number, cylinderId: number, at: Date): Promise<void> {
  await trx.updateTable('trip_cylinders').set({ outcome: 'foundByAudit', settled_at: at })
    .where('trip_id', '=', tripId).where('cylinder_id', '=', cylinderId).where('outcome', '=', 'onBoard').execute();
}

/** A trip as a refusal names it: its number and its vehicle's plate, and its status. */
export async function tripWhere(db: Kysely<DB>, tripId: number): Promise<{ tripNo: string; plate: string | null; status: number } | undefined> {
  return db.selectFrom('trips as t').leftJoin('vehicles as v', 'v.id', 't.vehicle_id')
    .select(['t.trip_no as tripNo', 'v.plate', 't.status']).where('t.id', '=', tripId).executeTakeFirst();
}

/** Locks the cylinders with these ids in id order (a call that moves several locks them all first). */
export async function lockIds(trx: Transaction<DB>, ids: number[]): Promise<void> {
  if (ids.length) await trx.selectFrom('cylinders').select('id').where('id', 'in', ids).orderBy('id').forUpdate().execute();
}
