import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { ownerName, ts, tsOrNull } from '../../lib/sql';

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

/** An order's head with its customer, as the OUTBOUND_ORDER data source prints it; undefined when unknown. */
export function orderHead(db: Kysely<DB>, id: number) {
  return db.selectFrom('storage_orders as o')
    .leftJoin('enterprises as e', 'e.id', 'o.customer_id')
    .select([
      'o.id', 'o.order_no', 'o.direction', 'o.type', 'o.status', ts('o.created_at').as('createdAt'), tsOrNull('o.completed_at').as('completedAt'),
      'o.operator', 'o.vehicle', 'o.driver', 'o.escort', 'o.remark', 'o.sign_name', 'o.sign_image', tsOrNull('o.signed_at').as('signedAt'),
      'e.enterprise_name', 'e.enterprise_code', 'e.contact', 'e.phone', 'e.province_name', 'e.city_name', 'e.district_name', 'e.address',
    ])
    .where('o.id', '=', id)
    .executeTakeFirst();
}

/** An order's lines (gas, specification, how many ordered and scanned), in the order they were entered. */
export function orderLines(db: Kysely<DB>, id: number) {
  return db.selectFrom('storage_order_lines as l').innerJoin('materials as m', 'm.id', 'l.material_id')
    .select(['m.material_name as gasName', 'l.specification', 'l.quantity', 'l.scanned']).where('l.order_id', '=', id).orderBy('l.id').execute();
}
