import { sql, type Expression, type QueryCreator, type RawBuilder, type Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { CylinderPatch, LockedCylinder } from './transition';

/**
 * The custody record's writes (cylinder_custody, migration 0040): who held each cylinder from when to when. The engine
 * keeps it in the statement that moves the cylinder (engine.repository.ts), a rollback undoes it with the event.
 */

/** A transition that changes the cylinder's holder: the new holder (null: none) and since when (located_since). */
export interface CustodyMove {
  holder: number | null;
  since: Date | null;
}

/** The custody change of `patch` on the locked row `c`: null when the holder (location_enterprise_id) stays. */
export function custodyMove(c: Pick<LockedCylinder, 'location_enterprise_id'>, patch: CylinderPatch): CustodyMove | null {
  if (!('location_enterprise_id' in patch)) return null;
  const holder = patch.location_enterprise_id ?? null;
  if (holder === (c.location_enterprise_id ?? null)) return null;
  const since = patch.located_since;
  return { holder, since: since === null || since === undefined ? null : new Date(since) };
}

/**
 * An event's time as the trace names it (lastTransition's done_at): the station's time of a replayed act unless it was
 * flagged, else the server's; of the statement's own event (`ev`, writeEventAndOutcome) or of the event `id`.
 */
const EVENT_TIME = sql`coalesce(case when time_flag is null then station_at end, at)`;
export const eventTimeOf = (id: number | 'ev'): RawBuilder<Date> => (id === 'ev'
  ? sql<Date>`(select ${EVENT_TIME} from ev)`
  : sql<Date>`(select ${EVENT_TIME} from cylinder_traces where id = ${id})`);

/**
 * Adds to `q` the custody writes of `move` as two data-modifying CTEs: the cylinder's open period closed (at the new
 * holder's start when it has one, else at the event's time; never before the period began) naming the event, then a
 * period opened for the new holder from its located_since. The open-period insert reads the close's result, so the
 * close is done first (one open period per cylinder: the unique index cylinder_custody_open_key).
 */
export function withCustody(
  q: QueryCreator<DB>, move: CustodyMove, cylinderId: number, eventId: Expression<number> | number, eventAt: RawBuilder<Date>,
): QueryCreator<DB> {
  const start = move.since ? sql<Date>`${move.since.toISOString()}::timestamptz` : eventAt;
  const leftAt = move.holder !== null ? start : eventAt;
  const event = typeof eventId === 'number' ? sql<number>`${eventId}::bigint` : eventId;
  let out = q.with('custody_closed', (c) => c.updateTable('cylinder_custody')
    .set({ to_at: sql<Date>`greatest(from_at, ${leftAt})`, to_trace_id: event })
    .where('cylinder_id', '=', cylinderId).where('to_at', 'is', null).returning('id')) as unknown as QueryCreator<DB>;
  if (move.holder !== null) {
    out = out.with('custody_opened', (c) => c.insertInto('cylinder_custody').values({
      cylinder_id: cylinderId, enterprise_id: move.holder!, from_at: start,
      // Read after the close (the scalar subquery runs custody_closed to its end first).
      from_trace_id: sql<number>`(select ${event} where (select count(*) from custody_closed) >= 0)`,
    })) as unknown as QueryCreator<DB>;
  }
  return out;
}

/**
 * A rollback of `eventId` undoes its custody writes: the period it opened is removed, the one it closed is open again.
 */
export async function undoCustody(trx: Transaction<DB>, eventId: number): Promise<void> {
  await sql`with gone as (delete from cylinder_custody where from_trace_id = ${eventId} returning id)
    update cylinder_custody set to_at = null, to_trace_id = null
    where to_trace_id = ${eventId} and (select count(*) from gone) >= 0`.execute(trx);
}
