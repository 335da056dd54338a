import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';

type Db = Kysely<DB>;

/**
 * The dashboard's reads of its own: the gases' names and the open outbound orders. The life cycle's counts (per day
 * and action, per warehouse, per customer, due for inspection) are the cylinder module's (counts.queries.ts).
 */
export { countsByBucket, dueCounts, fillsBySpec, longOutCount, stockByWarehouse, topHolders, type Span } from '../cylinder';

export function materials(db: Db, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('materials').select(['id', 'material_name as name', 'category']).where('id', 'in', ids).execute();
}

/** Outbound orders not yet completed (partial index storage_orders_open_out_idx, migration 0013). */
export async function openOutboundOrders(db: Db): Promise<number> {
  const row = await db.selectFrom('storage_orders').select(sql<string>`count(*)`.as('n'))
    .where('direction', '=', 'out').where('status', '=', 0).executeTakeFirstOrThrow();
  return Number(row.n);
}
