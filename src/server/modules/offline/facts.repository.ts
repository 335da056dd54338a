import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { ruleFlag } from '../systemRule';

// The trace's change feed (new events, the settled mark) is read through the cylinder module (feed.queries.ts).
export { eventsAfter, readSettledMark, type MarkRow } from '../cylinder';

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
