import { sql, type Kysely, type Transaction } from 'kysely';
import type { PageResult } from '@shared/api/schema';
import type { HickeyPageQuery, HickeyRow } from '@shared/api/product';
import { ProductFilters, type PRODUCT_SORTS, type ProductPageQuery, type ProductRow, type StatusCount } from '@shared/api/product';
import type { DB } from '../../db/schema';
import { escapeLike, paginate } from '../../lib/paging';
import { day, ownerName, ts } from '../../lib/sql';
import { countInStatus, countsByStatus, heldBy, setValve, whereColumns } from '../cylinder';

// The register's rows are written by the cylinder module, which owns the table (register.repository.ts).
export { insertCylinders, type CylinderValues } from '../cylinder';

type Db = Kysely<DB>;

/**
 * Sort columns of the cylinder list. createdAt sorts by id: ids are issued in registration order and the
 * primary key serves it, where a created_at index would only duplicate it.
 */
const SORTS: Record<(typeof PRODUCT_SORTS)[number], string> = {
  id: 'c.id', code: 'c.code', steelStamp: 'c.steel_stamp', manufactureDate: 'c.manufacture_date', nextInspectionDate: 'c.next_inspection_date',
  status: 'c.status', createdAt: 'c.id',
};

const float = (column: string) => sql<number | null>`${sql.ref(column)}::float8`;

function filtered(db: Db, q: ProductFilters) {
  let query = db.selectFrom('cylinders as c');
  // Prefix matches on "C"-collated columns: served by their btree indexes.
  if (q.code) query = query.where('c.code', 'like', `${escapeLike(q.code.trim())}%`);
  if (q.steelStamp) query = query.where('c.steel_stamp', 'like', `${escapeLike(q.steelStamp.trim())}%`);
  if (q.materialId) query = query.where('c.material_id', '=', q.materialId);
  if (q.status !== undefined && q.status !== null) query = query.where('c.status', '=', q.status);
  if (q.ownerType) query = query.where('c.owner_type', '=', q.ownerType);
  if (q.ownerEnterpriseId) query = query.where('c.owner_enterprise_id', '=', q.ownerEnterpriseId);
  if (q.warehouseId) query = query.where(heldBy(q.warehouseId, 'c'));
  if (q.locationEnterpriseId) query = query.where('c.location_enterprise_id', '=', q.locationEnterpriseId);
  if (q.manufactureDateStart) query = query.where('c.manufacture_date', '>=', q.manufactureDateStart);
  if (q.manufactureDateEnd) query = query.where('c.manufacture_date', '<=', q.manufactureDateEnd);
  if (q.inspectionDueBefore) query = query.where('c.next_inspection_date', '<=', q.inspectionDueBefore);
  return query;
}

const FILTER_KEYS = Object.keys(ProductFilters.properties) as Array<keyof ProductFilters>;

/** True when no filter but status is set: the total then comes from the per-status counters. */
function onlyStatusFilter(q: ProductFilters): boolean {
  return FILTER_KEYS.every((k) => k === 'status' || q[k] === undefined || q[k] === null || q[k] === '');
}

function withColumns<T extends ReturnType<typeof filtered>>(query: T) {
  return query.select((eb) => [
    'c.id', 'c.code', 'c.steel_stamp as steelStamp', 'c.material_id as materialId',
    eb.selectFrom('materials as m').select('m.material_name').whereRef('m.id', '=', 'c.material_id').as('materialName'),
    'c.owner_type as ownerType', 'c.owner_enterprise_id as ownerEnterpriseId',
    ownerName('c').as('ownerName'),
    'c.manufacturer', day('c.manufacture_date').as('manufactureDate'), 'c.specification',
    float('c.water_volume').as('waterVolume'), float('c.tare_weight').as('tareWeight'), float('c.working_pressure').as('workingPressure'),
    'c.design_life_years as designLifeYears', day('c.last_inspection_date').as('lastInspectionDate'),
    day('c.next_inspection_date').as('nextInspectionDate'), 'c.status',
    // 所在位置 as every screen reads it (shared/cylinder/place.ts): the warehouse only while one holds it.
    ...whereColumns('c'),
    'c.location_enterprise_id as locationEnterpriseId',
    'c.valve_no as valveNo', 'c.remark', sql<string>`to_char(c.created_at, 'YYYY-MM-DD HH24:MI:SS')`.as('createdAt'),
  ]);
}

export async function countProducts(db: Db, q: ProductFilters): Promise<number> {
  if (onlyStatusFilter(q)) {
    return countInStatus(db, q.status);
  }
  const row = await filtered(db, q).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Newest first by default; a code (or steel-stamp) search lists in code order instead. Codes are issued in
 * batches, so a prefix's rows sit together in id order, and "newest first" would make PostgreSQL walk the
 * primary key through every newer cylinder to find them; the code index serves code order directly.
 */
export function pageProducts(db: Db, q: ProductPageQuery): Promise<PageResult<ProductRow>> {
  const byCode = q.code ? 'code' : q.steelStamp ? 'steelStamp' : undefined;
  return paginate(withColumns(filtered(db, q)), q, {
    sorts: SORTS, defaultSort: byCode ?? 'id', defaultOrder: byCode ? 'asc' : 'desc', tieBreaker: 'c.id',
    total: () => countProducts(db, q),
  });
}

/** Rows for an export, in id order, `batch` at a time (keyset paging), at most `cap` in all. */
export async function* productBatches(db: Db, q: ProductFilters, cap: number, batch = 2000): AsyncGenerator<ProductRow[]> {
  let after = 0;
  let sent = 0;
  while (sent < cap) {
    const rows = await withColumns(filtered(db, q)).where('c.id', '>', after).orderBy('c.id')
      .limit(Math.min(batch, cap - sent)).execute() as ProductRow[];
    if (rows.length === 0) return;
    yield rows;
    sent += rows.length;
    after = rows[rows.length - 1]!.id;
  }
}

export async function findProduct(db: Db, id: number) {
  return withColumns(filtered(db, {})).select([
    'c.scrap_reason as scrapReason', 'c.scrapped_by as scrappedBy',
    sql<string | null>`to_char(c.scrapped_at, 'YYYY-MM-DD HH24:MI:SS')`.as('scrappedAt'),
  ]).where('c.id', '=', id).executeTakeFirst();
}

/** The cylinder row locked for a status change (concurrent changes wait, then see the new status). */
export function lockCylinder(db: Transaction<DB>, id: number) {
  return db.selectFrom('cylinders').select(['id', 'code', 'status', 'valve_no', 'material_id'])
    .where('id', '=', id).forUpdate().executeTakeFirst();
}

/** The codes already registered among `codes`, in any letter case (index cylinders_code_ci), as registered. */
export async function existingCodes(db: Db, codes: string[]): Promise<string[]> {
  const found: string[] = [];
  for (let i = 0; i < codes.length; i += 5000) {
    const rows = await db.selectFrom('cylinders').select('code')
      .where(sql`lower(code)`, 'in', codes.slice(i, i + 5000).map((c) => c.toLowerCase())).execute();
    found.push(...rows.map((r) => r.code));
  }
  return found;
}

export const statusCounts = (db: Db): Promise<StatusCount[]> => countsByStatus(db);

/* ---------------------------------------------------------------- valve changes */

export async function recordValveChange(trx: Transaction<DB>, v: { cylinderId: number; oldValve: string | null; newValve: string; changedOn: string; reason: string },
  who: { operatorId: number | null; operator: string | null }): Promise<void> {
  await trx.insertInto('cylinder_valve_changes').values({
    cylinder_id: v.cylinderId, old_valve: v.oldValve, new_valve: v.newValve, changed_on: v.changedOn, reason: v.reason,
    operator_id: who.operatorId, operator: who.operator,
  }).execute();
  await setValve(trx, v.cylinderId, v.newValve);
}

export function pageValveChanges(db: Kysely<DB>, q: HickeyPageQuery): Promise<PageResult<HickeyRow>> {
  let query = db.selectFrom('cylinder_valve_changes as h').innerJoin('cylinders as c', 'c.id', 'h.cylinder_id').select([
    'h.id', 'h.cylinder_id as cylinderId', 'c.code', 'h.old_valve as oldValve', 'h.new_valve as newValve',
    day('h.changed_on').as('changedOn'), 'h.reason', 'h.operator', ts('h.created_at').as('createdAt'),
  ]);
  if (q.cylinderId) query = query.where('h.cylinder_id', '=', q.cylinderId);
  if (q.code) query = query.where('c.code', '=', q.code.trim());
  return paginate(query, q, { sorts: { id: 'h.id' }, defaultSort: 'id', tieBreaker: 'h.id' }) as Promise<PageResult<HickeyRow>>;
}

/** Whether the cylinder has a periodic inspection or a valve change on record (it may then not be removed). */
export async function hasRecords(trx: Transaction<DB>, id: number): Promise<boolean> {
  const rows = await trx.selectFrom('periodic_inspections').select('id').where('cylinder_id', '=', id)
    .unionAll(trx.selectFrom('cylinder_valve_changes').select('id').where('cylinder_id', '=', id)).limit(1).execute();
  return rows.length > 0;
}

/* ---------------------------------------------------------------- import */

/** A gas and a warehouse to show in the import template's example row. */
export const templateCodes = (db: Kysely<DB>) => Promise.all([
  db.selectFrom('materials').select('code').where('status', '=', 1).orderBy('id').executeTakeFirst(),
  db.selectFrom('warehouses').select('warehouse_code as code').orderBy(sql`kind = 'empty'`, 'desc').orderBy('id').executeTakeFirst(),
]);

/** The codes an import resolves: every gas and warehouse, and the owners the sheet names (codes compared case-insensitively). */
export const importCodes = (db: Kysely<DB>, ownerCodes: string[]) => Promise.all([
  db.selectFrom('materials').select(['id', 'code']).execute(),
  db.selectFrom('warehouses').select(['id', 'warehouse_code']).execute(),
  db.selectFrom('enterprises').select(['id', 'enterprise_code']).where(sql`lower(enterprise_code)`, 'in', [...ownerCodes, '']).execute(),
]);
