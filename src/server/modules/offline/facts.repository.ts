import type { FactsOperator } from '@shared/api/offline';
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
    'm.category',
    sql<number | null>`m.target_net_weight::float8`.as('targetNetWeight'), sql<number | null>`m.weight_tolerance::float8`.as('tolerance'),
    ruleFlag('lpgLifeExtension').as('extensionRule'),
  ]).orderBy('m.id').limit(1000).execute();
}

/**
 * The signed-in operator's filling-operator certificate and the rule 充装人员须持有效作业证, as the gate reads them
 * (fill-gate.repository's gate statement): the station judges 未持证 / 超期 offline from it.
 */
export async function operatorFacts(db: Kysely<DB>, userId: number): Promise<FactsOperator> {
  const { rows } = await sql<{ required: boolean; name: string | null; certNo: string | null; certExpiry: string | null; categories: string[] | null }>`
    select ${ruleFlag('fillerCertRequired')} as required, u.name, u.filler_cert_no as "certNo",
      to_char(u.filler_cert_expiry, 'YYYY-MM-DD') as "certExpiry", u.filler_cert_categories as categories
    from (select 1) one left join users u on u.id = ${userId}`.execute(db);
  const row = rows[0]!;
  return { required: row.required === true, name: row.name ?? null, certNo: row.certNo ?? null, certExpiry: row.certExpiry, categories: row.categories ?? [] };
}
