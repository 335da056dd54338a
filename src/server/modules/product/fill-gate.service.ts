import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { BusinessError } from '../../lib/errors';
import { today } from '../../lib/dates';
import { fillGateReasons, type GateReason } from './fill-gate';

/** Trace action that vacuum handling (trace/vacuumHandle, a later issue) records; the gate looks for it. */
export const VACUUM_ACTION = 'vacuum';

/**
 * The fill-gate reasons for the cylinder with `code` and the gas `materialId`, read inside `db` (pass the
 * transaction of the pick or fill that asks, after locking the cylinder).
 */
export async function fillGateFor(db: Kysely<DB>, code: string, materialId: number): Promise<GateReason[]> {
  const row = await db.selectFrom('cylinders as c')
    .innerJoin('materials as m', 'm.id', 'c.material_id')
    .leftJoin('enterprises as o', 'o.id', 'c.owner_enterprise_id')
    .select([
      'c.id', 'c.code', 'c.status', 'c.material_id as materialId', 'm.material_name as materialName',
      sql<string | null>`to_char(c.manufacture_date, 'YYYY-MM-DD')`.as('manufactureDate'), 'c.design_life_years as designLifeYears',
      sql<string | null>`to_char(c.last_inspection_date, 'YYYY-MM-DD')`.as('lastInspectionDate'),
      sql<string | null>`to_char(c.next_inspection_date, 'YYYY-MM-DD')`.as('nextInspectionDate'),
      'c.owner_type as ownerType', sql<boolean>`coalesce(o.type = 2, false)`.as('ownerIsCustomer'),
      sql<string | null>`to_char(c.last_filled_at, 'YYYY-MM-DD')`.as('lastFilledAt'),
      (eb) => eb.selectFrom('cylinder_traces as t').select(sql<string>`to_char(max(t.at), 'YYYY-MM-DD')`.as('v'))
        .whereRef('t.cylinder_id', '=', 'c.id').where('t.action', '=', VACUUM_ACTION).where('t.reverted_by_id', 'is', null).as('vacuumSince'),
      (eb) => eb.selectFrom('periodic_inspections as p').select(sql<string>`to_char(max(p.inspected_on), 'YYYY-MM-DD')`.as('v'))
        .whereRef('p.cylinder_id', '=', 'c.id').where('p.result', '=', 1).as('lastPassedInspection'),
    ])
    .where('c.code', '=', code).executeTakeFirst();
  if (!row) throw new BusinessError(`气瓶不存在：${code}`);
  const gas = await db.selectFrom('materials')
    .select(['id', 'material_name as materialName', 'flammable', 'design_life_years as designLifeYears', 'extended_life_years as extendedLifeYears'])
    .where('id', '=', materialId).executeTakeFirst();
  if (!gas) throw new BusinessError(`介质不存在：${materialId}`);
  return fillGateReasons(row, gas, today(), { vacuumSince: row.vacuumSince });
}
