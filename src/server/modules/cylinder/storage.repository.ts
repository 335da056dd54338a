import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../db/schema';

/** The statements of the storage transitions (storage.transitions.ts): order lines and items as the trace's records. */

/** One more (or less) cylinder counted on an outbound order line. */
export async function countOnLine(trx: Transaction<DB>, lineId: number, delta: 1 | -1): Promise<void> {
  await trx.updateTable('storage_order_lines').set({ scanned: delta > 0 ? sql`scanned + 1` : sql`scanned - 1` }).where('id', '=', lineId).execute();
}

/** An order item no longer standing (the cylinder left the order); it stays as a record. */
export async function revertItem(trx: Transaction<DB>, itemId: number): Promise<void> {
  await trx.updateTable('storage_order_items').set({ reverted_at: sql`now()` }).where('id', '=', itemId).execute();
}

/** The open outbound order a scanned (8) cylinder is on, with its item and line. */
export function openOrderOf(db: Kysely<DB>, cylinderId: number) {
  return db.selectFrom('storage_order_items as i').innerJoin('storage_orders as o', 'o.id', 'i.order_id')
    .select(['o.id', 'o.order_no', 'i.id as item_id', 'i.line_id']).where('i.cylinder_id', '=', cylinderId).where('i.reverted_at', 'is', null)
    .where('o.direction', '=', 'out').where('o.status', '=', 0).orderBy('i.id', 'desc').limit(1).executeTakeFirst();
}

export async function enterpriseName(db: Kysely<DB>, id: number | null): Promise<string | null> {
  if (!id) return null;
  const row = await db.selectFrom('enterprises').select('enterprise_name').where('id', '=', id).executeTakeFirst();
  return row?.enterprise_name ?? null;
}

export async function warehouseName(db: Kysely<DB>, id: number): Promise<string | null> {
  const row = await db.selectFrom('warehouses').select('warehouse_name').where('id', '=', id).executeTakeFirst();
  return row?.warehouse_name ?? null;
}
