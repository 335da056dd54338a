import { sql, type Kysely, type Transaction } from 'kysely';
import type { PageResult } from '@shared/api/schema';
import type { WAREHOUSE_SORTS, WarehouseOption, WarehousePageQuery, WarehouseRow } from '@shared/api/warehouse';
import type { DB, WarehousesTable } from '../../db/schema';
import { escapeLike, paginate } from '../../lib/paging';
import { releaseScrapped } from '../cylinder';

type Db = Kysely<DB>;

/** sidx → column (each served by an index, or the small table's scan). */
const SORTS: Record<(typeof WAREHOUSE_SORTS)[number], string> = {
  id: 'w.id', warehouseName: 'w.warehouse_name', warehouseCode: 'w.warehouse_code', kind: 'w.kind', createdAt: 'w.created_at',
};

/** The columns a save writes: every column of the table but the generated id and the creation time. */
export type WarehouseValues = Omit<WarehousesTable, 'id' | 'created_at'>;

function rows(db: Db) {
  return db.selectFrom('warehouses as w').select([
    'w.id', 'w.warehouse_name as warehouseName', 'w.warehouse_code as warehouseCode', 'w.kind', 'w.address', 'w.keeper',
    'w.remark', sql<string>`to_char(w.created_at, 'YYYY-MM-DD HH24:MI:SS')`.as('createdAt'),
  ]);
}

export function pageWarehouses(db: Db, q: WarehousePageQuery): Promise<PageResult<WarehouseRow>> {
  let query = rows(db);
  if (q.warehouseName) query = query.where('w.warehouse_name', 'ilike', `%${escapeLike(q.warehouseName)}%`);
  if (q.warehouseCode) query = query.where('w.warehouse_code', 'ilike', `%${escapeLike(q.warehouseCode)}%`);
  if (q.kind) query = query.where('w.kind', '=', q.kind);
  return paginate(query, q, { sorts: SORTS, defaultSort: 'id', tieBreaker: 'w.id' });
}

export const findWarehouse = (db: Db, id: number): Promise<WarehouseRow | undefined> =>
  rows(db).where('w.id', '=', id).executeTakeFirst();

/** The warehouse holding a code in any letter case (index warehouses_code_ci). */
export function codeOwner(db: Db, code: string): Promise<{ id: number; code: string } | undefined> {
  return db.selectFrom('warehouses').select(['id', 'warehouse_code as code'])
    .where(sql`lower(warehouse_code)`, '=', code.toLowerCase()).executeTakeFirst();
}

export async function insertWarehouse(trx: Transaction<DB>, values: WarehouseValues): Promise<number> {
  return (await trx.insertInto('warehouses').values(values).returning('id').executeTakeFirstOrThrow()).id;
}

export async function updateWarehouse(trx: Transaction<DB>, id: number, values: WarehouseValues): Promise<void> {
  await trx.updateTable('warehouses').set(values).where('id', '=', id).execute();
}

export async function deleteWarehouse(trx: Transaction<DB>, id: number): Promise<void> {
  // Scrapped cylinders keep their history but leave the warehouse, so it can go.
  await releaseScrapped(trx, id);
  await trx.deleteFrom('warehouses').where('id', '=', id).execute();
}

export function warehouseOptions(db: Db, kind?: string): Promise<WarehouseOption[]> {
  let q = db.selectFrom('warehouses').select(['id', 'warehouse_name as warehouseName', 'warehouse_code as warehouseCode', 'kind']);
  if (kind) q = q.where('kind', '=', kind);
  return q.orderBy('warehouse_code').execute();
}

// What cylinders name a warehouse is the cylinder module's to read (register.repository.ts).
export { warehouseCylinders as cylindersOf } from '../cylinder';
