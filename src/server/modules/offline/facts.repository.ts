import { sql, type Kysely } from 'kysely';
import { gateFactsOf } from '@shared/cylinder/gate';
import type { FactsRow } from '@shared/api/offline';
import type { DB } from '../../db/schema';
import { ruleFlag } from '../systemRule';

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
      (eb) => eb.selectFrom('cylinder_traces as t').select(sql<string>`to_char(max(t.at), ${MOMENT})`.as('v'))
        .whereRef('t.cylinder_id', '=', 'c.id').where('t.action', '=', VACUUM_ACTION).where('t.reverted_by_id', 'is', null).as('vacuumSince'),
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

/** Trace events after `after` (the trace's primary key) of the cylinders of the `scope` gases (every gas when null), oldest first. */
export function eventsAfter(db: Kysely<DB>, after: number, scope: number[] | null, limit: number) {
  let query = db.selectFrom('cylinder_traces as t').innerJoin('cylinders as c', 'c.id', 't.cylinder_id')
    .select(['t.id', 't.cylinder_id as cylinderId']).where('t.id', '>', after);
  if (scope) query = query.where('c.material_id', 'in', scope);
  return query.orderBy('t.id').limit(limit).execute();
}

/** Trace events looked at from the newest down for unsettled ones (more than a minute of a busy plant's scans). */
const SETTLE_WINDOW = 5_000;

/** The top of the trace and its newest events' ages against `settleSeconds` and the oldest running transaction. */
export interface MarkRow { top: string | null; young: string | null; allYoung: boolean; bottom: string | null }

export async function readSettledMark(db: Kysely<DB>, settleSeconds: number): Promise<MarkRow> {
  const row = await sql<MarkRow>`
    with recent as (select t.id, t.at from cylinder_traces t order by t.id desc limit ${SETTLE_WINDOW}),
    threshold as (select least(now(), coalesce((select min(a.xact_start) from pg_stat_activity a
      where a.datname = current_database() and a.xact_start is not null and a.pid <> pg_backend_pid()), now()))
      - make_interval(secs => ${settleSeconds}) as v)
    select (select max(id) from recent)::text as top, (select min(id) from recent)::text as bottom,
      (select min(r.id) from recent r, threshold h where r.at >= h.v)::text as young,
      (select count(*) = ${SETTLE_WINDOW} and bool_and(r.at >= h.v) from recent r, threshold h) as "allYoung"`.execute(db);
  return row.rows[0] ?? { top: null, young: null, allYoung: false, bottom: null };
}
