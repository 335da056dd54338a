import type { Kysely } from 'kysely';

/**
 * Two-column indexes for the cylinder list's common filter pairs, found by bench/product.bench.ts at a
 * million cylinders: the list's total for "gas + status", "warehouse + status", "gas + inspection due" and
 * "status + inspection due" is otherwise a bitmap heap scan over ~100k rows (150–300 ms); with these it is
 * an index-only range count.
 */
const INDEXES: Array<[string, [string, string]]> = [
  ['cylinders_material_status_idx', ['material_id', 'status']],
  ['cylinders_warehouse_status_idx', ['warehouse_id', 'status']],
  ['cylinders_material_next_inspection_idx', ['material_id', 'next_inspection_date']],
  ['cylinders_status_next_inspection_idx', ['status', 'next_inspection_date']],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, columns] of INDEXES) await db.schema.createIndex(name).on('cylinders').columns(columns).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [name] of INDEXES) await db.schema.dropIndex(name).ifExists().execute();
}
