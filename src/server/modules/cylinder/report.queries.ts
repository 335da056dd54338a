import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { ownerName } from '../../lib/sql';

type Db = Kysely<DB>;

/** A cylinder's register as a report to the regulator reads it (modules/regulator): the values as they are now. */
export interface CylinderRegister {
  id: number;
  code: string;
  steelStamp: string | null;
  materialId: number;
  specification: string | null;
  manufacturer: string | null;
  manufactureDate: string | null;
  waterVolume: number | null;
  workingPressure: number | null;
  tareWeight: number | null;
  designLifeYears: number | null;
  lastInspectionDate: string | null;
  nextInspectionDate: string | null;
  status: number;
  /** The plant's own (owner type 1), else the customer's name that owns it. */
  ownedByPlant: boolean;
  ownerName: string | null;
}

const num = (v: string | null) => (v === null ? null : Number(v));

export async function cylinderRegister(db: Db, id: number): Promise<CylinderRegister | null> {
  const row = await db.selectFrom('cylinders as c')
    .select([
      'c.id', 'c.code', 'c.steel_stamp as steelStamp', 'c.material_id as materialId', 'c.specification', 'c.manufacturer',
      sql<string | null>`to_char(c.manufacture_date, 'YYYY-MM-DD')`.as('manufactureDate'),
      'c.water_volume as waterVolume', 'c.working_pressure as workingPressure', 'c.tare_weight as tareWeight',
      'c.design_life_years as designLifeYears',
      sql<string | null>`to_char(c.last_inspection_date, 'YYYY-MM-DD')`.as('lastInspectionDate'),
      sql<string | null>`to_char(c.next_inspection_date, 'YYYY-MM-DD')`.as('nextInspectionDate'),
      'c.status', 'c.owner_type as ownerType', ownerName('c').as('ownerName'),
    ])
    .where('c.id', '=', id).executeTakeFirst();
  if (!row) return null;
  const { ownerType, ...rest } = row;
  return {
    ...rest, waterVolume: num(row.waterVolume), workingPressure: num(row.workingPressure), tareWeight: num(row.tareWeight),
    ownedByPlant: ownerType !== 2,
  };
}

/** A trace event's detail (what its writer recorded beside the status move), or null. */
export async function traceDetail(db: Db, traceId: number): Promise<Record<string, unknown> | null> {
  const row = await db.selectFrom('cylinder_traces').select('detail').where('id', '=', traceId).executeTakeFirst();
  return row?.detail && typeof row.detail === 'object' ? row.detail as Record<string, unknown> : null;
}

/** The specifications written on the register, each once (a skip scan of cylinders_specification_idx). */
export async function specificationsInUse(db: Db): Promise<string[]> {
  const { rows } = await sql<{ spec: string }>`with recursive s(spec) as (
      (select specification from cylinders where specification is not null order by specification limit 1)
      union all
      select (select c.specification from cylinders c where c.specification > s.spec order by c.specification limit 1)
      from s where s.spec is not null
    )
    select spec from s where spec is not null limit 1000`.execute(db);
  return rows.map((r) => r.spec);
}
