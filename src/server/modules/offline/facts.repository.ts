import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { ruleFlag } from '../systemRule';

/**
 * The statements of the stations' change feed (facts.ts pages and cursors them); the cylinders' gate facts are
 * the cylinder module's (stationFacts, the fill gate's own selection).
 */

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
