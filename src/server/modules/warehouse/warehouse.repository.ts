import { sql, type Kysely } from 'kysely';
import type { PageResult } from '@shared/api/envelope';
import type { WarehouseOption, WarehousePageQuery, WarehouseRow } from '@shared/api/warehouse';
import type { DB, WarehousesTable } from '../../db/schema';
import { escapeLike, pageWindow } from '../master/paging';

type Db = Kysely<DB>;

export const WAREHOUSE_SORTS = {
  id: 'w.id', warehouseName: 'w.warehouse_name', warehouseCode: 'w.warehouse_code', kind: 'w.kind', createdAt: 'w.created_at',
} as const;

/** The columns a save writes: every column of the table but the generated id and the creation time. */
export type WarehouseValues = Omit<WarehousesTable, 'id' | 'created_at'>;

function rows(db: Db) {
  return db.selectFrom('warehouses as w').select([
    'w.id', 'w.warehouse_name as warehouseName', 'w.warehouse_code as warehouseCode', 'w.kind', 'w.address', 'w.keeper',
    'w.remark', sql<string>`to_char(w.created_at, 'YYYY-MM-DD HH24:MI:SS')`.as('createdAt'),
  ]);
}

export async function pageWarehouses(db: Db, q: WarehousePageQuery, orderBy: string): Promise<PageResult<WarehouseRow>> {
  let query = rows(db);
  if (q.warehouseName) query = query.where('w.warehouse_name', 'ilike', `%${escapeLike(q.warehouseName)}%`);
  if (q.warehouseCode) query = query.where('w.warehouse_code', 'ilike', `%${escapeLike(q.warehouseCode)}%`);
  if (q.kind) query = query.where('w.kind', '=', q.kind);
  const { limit, offset } = pageWindow(q);
  const [{ total }] = await query.clearSelect().select((eb) => eb.fn.countAll<number>().as('total')).execute();
  const list = await query.orderBy(sql.ref(orderBy), q.order ?? (q.sidx ? 'asc' : 'desc')).orderBy('w.id', 'desc')
    .limit(limit).offset(offset).execute();
  return { list, total: Number(total) };
}

export const findWarehouse = (db: Db, id: number): Promise<WarehouseRow | undefined> =>
  rows(db).where('w.id', '=', id).executeTakeFirst();

export async function codeOwner(db: Db, code: string): Promise<number | undefined> {
  return (await db.selectFrom('warehouses').select('id').where('warehouse_code', '=', code).executeTakeFirst())?.id;
}

export async function insertWarehouse(db: Db, values: WarehouseValues): Promise<number> {
  return (await db.insertInto('warehouses').values(values).returning('id').executeTakeFirstOrThrow()).id;
}

export async function updateWarehouse(db: Db, id: number, values: WarehouseValues): Promise<void> {
  await db.updateTable('warehouses').set(values).where('id', '=', id).execute();
}

/** Cylinders currently in the warehouse (scrapped ones no longer occupy it). */
export async function cylindersHeld(db: Db, id: number): Promise<number> {
  const row = await db.selectFrom('cylinders').select((eb) => eb.fn.countAll<number>().as('n'))
    .where('warehouse_id', '=', id).where('status', '<>', 0).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function deleteWarehouse(db: Db, id: number): Promise<void> {
  // Scrapped cylinders keep their history but leave the warehouse, so it can go.
  await db.updateTable('cylinders').set({ warehouse_id: null }).where('warehouse_id', '=', id).where('status', '=', 0).execute();
  await db.deleteFrom('warehouses').where('id', '=', id).execute();
}

export function warehouseOptions(db: Db, kind?: string): Promise<WarehouseOption[]> {
  let q = db.selectFrom('warehouses').select(['id', 'warehouse_name as warehouseName', 'warehouse_code as warehouseCode', 'kind']);
  if (kind) q = q.where('kind', '=', kind);
  return q.orderBy('warehouse_code').execute();
}
