import { sql, type Kysely, type Transaction } from 'kysely';
import { STATUS } from '@shared/lifecycle';
import type { DB } from '../../db/schema';
import { heldBy } from './place.sql';

/**
 * The register of cylinders outside the engine: the rows 气瓶档案 registers, and the master data other screens
 * change (a valve, an inspection's dates, a gas's inspection interval, a warehouse or enterprise going away). None
 * of these moves a status: that is the engine's alone (engine.ts).
 */
type Db = Kysely<DB>;

/** Row values of a cylinder to insert (status and trace are added by the service). */
export type CylinderValues = Omit<DB['cylinders'], 'id' | 'status' | 'owner_type' | 'in_workshop' | 'last_filled_at' | 'located_since' | 'on_trip_id' | 'scrap_reason'
  | 'scrapped_at' | 'scrapped_by' | 'created_at' | 'updated_at' | 'water_volume' | 'tare_weight' | 'working_pressure'
  | 'manufacture_date' | 'last_inspection_date' | 'next_inspection_date'> & {
  owner_type: number;
  water_volume: number | null;
  tare_weight: number | null;
  working_pressure: number | null;
  manufacture_date: string | null;
  last_inspection_date: string | null;
  next_inspection_date: string | null;
};

/** Inserts cylinders in status 2 (stock) and returns their ids in input order. */
export async function insertCylinders(db: Transaction<DB>, values: CylinderValues[]): Promise<Array<{ id: number; code: string }>> {
  const out: Array<{ id: number; code: string }> = [];
  for (let i = 0; i < values.length; i += 1000) {
    const rows = await db.insertInto('cylinders').values(values.slice(i, i + 1000).map((v) => ({ ...v, status: STATUS.stock })))
      .returning(['id', 'code']).execute();
    out.push(...rows);
  }
  return out;
}

/** The valve a cylinder now carries (the valve change itself is recorded by the register, 阀门更换). */
export async function setValve(trx: Transaction<DB>, cylinderId: number, valve: string): Promise<void> {
  await trx.updateTable('cylinders').set({ valve_no: valve, updated_at: sql`now()` }).where('id', '=', cylinderId).execute();
}

/** The last inspection date, and the next one when the inspection passed. */
export async function setInspectionDates(trx: Transaction<DB>, id: number, last: string, next?: string | null): Promise<void> {
  await trx.updateTable('cylinders').set({ last_inspection_date: last, ...(next !== undefined ? { next_inspection_date: next, updated_at: sql`now()` } : {}) })
    .where('id', '=', id).execute();
}

/**
 * The gas's inspection interval changed: cylinders whose next inspection date followed the old interval
 * (last inspection, or manufacture when never inspected, plus the old years) get it from the new one.
 * Dates someone set by hand are left as they are; scrapped cylinders are left alone.
 */
export async function recomputeNextInspections(db: Transaction<DB>, materialId: number, oldYears: number, newYears: number): Promise<number> {
  const base = sql`coalesce(last_inspection_date, manufacture_date)`;
  const res = await db.updateTable('cylinders')
    .set({ next_inspection_date: sql`(${base} + make_interval(years => ${newYears}))::date`, updated_at: sql`now()` })
    .where('material_id', '=', materialId).where('status', '<>', STATUS.scrap)
    .where(sql<boolean>`${base} is not null and next_inspection_date = (${base} + make_interval(years => ${oldYears}))::date`)
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}

/** Scrapped cylinders let go of a warehouse being deleted: they keep their history, the warehouse can go. */
export async function releaseScrapped(trx: Transaction<DB>, warehouseId: number): Promise<void> {
  await trx.updateTable('cylinders').set({ warehouse_id: null }).where('warehouse_id', '=', warehouseId).where('status', '=', STATUS.scrap).execute();
}

/**
 * Cylinders the warehouse holds (its stock, as every screen places them: shared/cylinder/place.ts), and the
 * others not scrapped that still name it: picked from it (退回领瓶 returns them there) or on an outbound order
 * from its stock (移出 puts them back).
 */
export async function warehouseCylinders(db: Db, id: number): Promise<{ held: number; named: number }> {
  const row = await db.selectFrom('cylinders as c')
    .select([sql<string>`count(*) filter (where ${heldBy(id, 'c')})`.as('held'), sql<string>`count(*)`.as('named')])
    .where('c.warehouse_id', '=', id).where('c.status', '<>', STATUS.scrap).executeTakeFirstOrThrow();
  return { held: Number(row.held), named: Number(row.named) };
}

/**
 * Cylinders that belong to or are held by the enterprise, or were held by it (its custody periods, issue 38): any
 * status, their history refers to it.
 */
export async function enterpriseCylinders(db: Db, id: number): Promise<number> {
  const row = await db.selectFrom('cylinders').select((eb) => eb.fn.countAll<number>().as('n'))
    .where((eb) => eb.or([
      eb('owner_enterprise_id', '=', id), eb('location_enterprise_id', '=', id),
      eb('id', 'in', eb.selectFrom('cylinder_custody').select('cylinder_id').where('enterprise_id', '=', id)),
    ]))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
