import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { ownerName } from '../../lib/sql';

const date = (column: string) => sql<string | null>`to_char(${sql.ref(column)}, 'YYYY-MM-DD')`;
const num = (column: string) => sql<number | null>`${sql.ref(column)}::float8`;

/** A cylinder as documents and labels print it, with what its design life needs; undefined when unknown. */
export function cylinderRow(db: Kysely<DB>, code: string) {
  return db.selectFrom('cylinders as c')
    .innerJoin('materials as m', 'm.id', 'c.material_id')
    .select([
      'c.id', 'c.code', 'c.steel_stamp as steelStamp', 'm.material_name as gasName', 'm.code as gasCode', 'c.specification',
      num('c.water_volume').as('waterVolume'), num('c.tare_weight').as('tareWeight'), num('c.working_pressure').as('workingPressure'),
      'c.manufacturer', date('c.manufacture_date').as('manufactureDate'), date('c.last_inspection_date').as('lastInspectionDate'),
      date('c.next_inspection_date').as('nextInspectionDate'), 'c.status', ownerName('c').as('ownerName'),
      'c.design_life_years as designLifeYears', 'm.design_life_years as gasLifeYears', 'm.extended_life_years as gasExtendedLifeYears',
      (eb) => eb.selectFrom('periodic_inspections as p').select(sql<string>`to_char(max(p.inspected_on), 'YYYY-MM-DD')`.as('v'))
        .whereRef('p.cylinder_id', '=', 'c.id').where('p.result', '=', 1).as('lastPassedInspection'),
    ])
    .where('c.code', '=', code)
    .executeTakeFirst();
}

/** The database's clock, so a printed time is the server's whatever the client's. */
export async function serverNow(db: Kysely<DB>): Promise<string> {
  const row = await sql<{ now: string }>`select to_char(now(), 'YYYY-MM-DD HH24:MI:SS') as now`.execute(db);
  return row.rows[0]!.now;
}
