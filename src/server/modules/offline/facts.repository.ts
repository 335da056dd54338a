import { sql, type Kysely } from 'kysely';
import { gateFactsOf } from '@shared/cylinder/gate';
import type { FactsRow } from '@shared/api/offline';
import type { DB } from '../../db/schema';
import { lastEventOf } from '../cylinder';
import { ruleFlag } from '../systemRule';

// The trace's change feed (new events, the settled mark) is read through the cylinder module (feed.queries.ts).
export { eventsAfter, readSettledMark, type MarkRow } from '../cylinder';

/** The statements of the stations' change feed (facts.ts pages and cursors them). */

/** Moments compared as text by the gate (as fill-gate.repository reads them). */
const MOMENT = 'YYYY-MM-DD"T"HH24:MI:SS.US';
const VACUUM_ACTION = 'vacuum';

/**
 * The gate facts of the cylinders `ids` (or of a page of `materialIds` after `afterId`), each for its own gas,
 * read in one statement as fill-gate.repository reads them for one cylinder, and reduced by the shared
 * gateFactsOf: the station's copy and the server's gate cannot drift apart.
 */
export async function factsOf(db: Kysely<DB>, where: { ids: number[] } | { materialIds: number[] | null; statuses: number[] | null; afterId: number; limit: number }): Promise<FactsRow[]> {
  let q = db.selectFrom('cylinders as c')
    .innerJoin('materials as m', 'm.id', 'c.material_id')
    .leftJoin('enterprises as o', 'o.id', 'c.owner_enterprise_id')
    .select([
      'c.id', 'c.code', 'c.status', 'c.material_id as materialId', 'm.material_name as materialName', 'c.specification',
      sql<number | null>`c.tare_weight::float8`.as('tareWeight'),
      sql<string | null>`to_char(c.manufacture_date, 'YYYY-MM-DD')`.as('manufactureDate'), 'c.design_life_years as designLifeYears',
      sql<string | null>`to_char(c.last_inspection_date, 'YYYY-MM-DD')`.as('lastInspectionDate'),
      sql<string | null>`to_char(c.next_inspection_date, 'YYYY-MM-DD')`.as('nextInspectionDate'),
      'c.owner_type as ownerType', sql<boolean>`coalesce(o.type = 2, false)`.as('ownerIsCustomer'),
      sql<string | null>`to_char(c.last_filled_at, 'YYYY-MM-DD')`.as('lastFilledAt'),
      'm.flammable as gasFlammable', 'm.design_life_years as gasLife', 'm.extended_life_years as gasExtendedLife',
      sql<number | null>`m.target_net_weight::float8`.as('targetNetWeight'), sql<number | null>`m.weight_tolerance::float8`.as('weightTolerance'),
      lastEventOf('c.id', VACUUM_ACTION, MOMENT).as('vacuumSince'),
      (eb) => eb.selectFrom('periodic_inspections as p').select(sql<string>`to_char(max(p.created_at), ${MOMENT})`.as('v'))
        .whereRef('p.cylinder_id', '=', 'c.id').as('inspectionRecordedAt'),
      (eb) => eb.selectFrom('periodic_inspections as p').select(sql<string>`to_char(max(p.inspected_on), 'YYYY-MM-DD')`.as('v'))
        .whereRef('p.cylinder_id', '=', 'c.id').where('p.result', '=', 1).as('lastPassedInspection'),
      ruleFlag('vacuumBeforeFlammableFirstFill').as('vacuumRule'), ruleFlag('lpgLifeExtension').as('extensionRule'),
    ]);
  if ('ids' in where) {
    if (!where.ids.length) return [];
    q = q.where('c.id', 'in', where.ids);
  } else {
    if (where.materialIds) q = q.where('c.material_id', 'in', where.materialIds);
    if (where.statuses) q = q.where('c.status', 'in', where.statuses);
    q = q.where('c.id', '>', where.afterId).orderBy('c.id').limit(where.limit);
  }
  const rows = await q.execute();
  return rows.map((r) => gateFactsOf(
    { ...r, materialName: r.materialName },
    {
      id: r.materialId, materialName: r.materialName, flammable: r.gasFlammable === true, designLifeYears: r.gasLife,
      extendedLifeYears: r.extensionRule ? r.gasExtendedLife : null, targetNetWeight: r.targetNetWeight, weightTolerance: r.weightTolerance,
    },
    { vacuumSince: r.vacuumSince, inspectionRecordedAt: r.inspectionRecordedAt, vacuumRequired: r.vacuumRule },
  ));
}

/** Every gas as the gate reads it (at most 1 000, by id), with the design-life extension rule. */
export function gasRows(db: Kysely<DB>) {
  return db.selectFrom('materials as m').select([
    'm.id', 'm.material_name as materialName', 'm.flammable', 'm.design_life_years as designLifeYears', 'm.extended_life_years as extendedLifeYears',
    sql<number | null>`m.target_net_weight::float8`.as('targetNetWeight'), sql<number | null>`m.weight_tolerance::float8`.as('tolerance'),
    ruleFlag('lpgLifeExtension').as('extensionRule'),
  ]).orderBy('m.id').limit(1000).execute();
}
