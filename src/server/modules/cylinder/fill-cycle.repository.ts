import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../db/schema';

/** The statements of the filling scale's cycle (fill-cycle.ts). */

/** The open interruption of a cylinder (closed_at null; one at most, a partial unique index). */
export const openInterruption = (db: Kysely<DB>, cylinderId: number) => db.selectFrom('fill_interruptions')
  .select(['id', 'reason', sql<number | null>`net_kg::float8`.as('netKg')]).where('cylinder_id', '=', cylinderId).where('closed_at', 'is', null)
  .executeTakeFirst();

/** Closes an interruption with the decision and the event that made it. */
export async function closeInterruption(trx: Transaction<DB>, id: number, decision: string, traceId: number, by: string | null): Promise<void> {
  await trx.updateTable('fill_interruptions').set({ closed_at: sql`now()`, decision, decision_trace_id: traceId, closed_by: by })
    .where('id', '=', id).execute();
}
