import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../../db/schema';
import { STATUS } from '@shared/lifecycle';

/**
 * The read door: what other modules read of the cylinder's life cycle (its trace, its records, the daily and
 * status counts, the order items of a scan). The tables stay named here only (tests/server/module-boundaries.test.ts):
 * a caller gets a value, or an SQL piece to compose into its own statement, correlated to a column it names.
 */
type Db = Kysely<DB>;

/** The day (YYYY-MM-DD) of a cylinder's last fill that no rollback undid; `cylinderId` is the column holding its id. */
export const lastFillDay = (cylinderId: string): RawBuilder<string | null> => sql`(select to_char(r.created_at, 'YYYY-MM-DD')
  from filling_records r where r.cylinder_id = ${sql.ref(cylinderId)} and r.reverted_at is null order by r.id desc limit 1)`;

/** When a cylinder's latest trace event happened (null without one); `cylinderId` is the column holding its id. */
export const lastEventAt = (cylinderId: string): RawBuilder<Date | null> => sql`(select t.at
  from cylinder_traces t where t.cylinder_id = ${sql.ref(cylinderId)} order by t.seq desc limit 1)`;

/** When the latest cylinder was scanned onto an order (null before the first); `orderId` is the column holding its id. */
export const lastItemAt = (orderId: string): RawBuilder<Date | null> => sql`(select i.created_at
  from storage_order_items i where i.order_id = ${sql.ref(orderId)} order by i.id desc limit 1)`;

/** How many cylinders stand in a status, or in all statuses (the counters kept per status, migration 0008). */
export async function countInStatus(db: Db, status?: number | null): Promise<number> {
  let counters = db.selectFrom('cylinder_status_counts').select((eb) => eb.fn.coalesce(eb.fn.sum<number>('count'), sql<number>`0`).as('n'));
  if (status !== undefined && status !== null) counters = counters.where('status', '=', status);
  return Number((await counters.executeTakeFirstOrThrow()).n);
}

/** How many cylinders stand in each status that has any counter, by status. */
export async function countsByStatus(db: Db): Promise<Array<{ status: number; count: number }>> {
  // Counters are kept in slots per status (migration 0008): summed here.
  const rows = await db.selectFrom('cylinder_status_counts').select((eb) => ['status', eb.fn.sum<string>('count').as('count')])
    .groupBy('status').orderBy('status').execute();
  return rows.map((r) => ({ status: r.status, count: Number(r.count) }));
}

/** Codes of the cylinders a customer holds now (shipped and handed over; index cylinders_held_idx), at most `limit`, the longest out first. */
export async function heldCodes(db: Kysely<DB>, customerId: number, limit: number): Promise<string[]> {
  const rows = await db.selectFrom('cylinders').select('code').where('status', '=', STATUS.outbound).where('location_enterprise_id', '=', customerId)
    .orderBy('located_since').orderBy('id').limit(limit).execute();
  return rows.map((r) => r.code);
}
