import { sql, type Kysely } from 'kysely';
import type { DB } from '../src/server/db/schema';
import { POOL_CUSTOMER_CODE, POOL_GAS_CODE, POOL_TARE } from './lifecycle-seed';

/**
 * The cylinders bench/scan-verdict.bench.ts walks round the loop through the stations (SV0001…, the
 * lifecycle pool's gas LCGAS): created once, and before each run put back at the recovery customer (9), each
 * move a `benchReset` trace event like the lifecycle pool's reset.
 */
export const verdictCode = (n: number) => `SV${String(n).padStart(5, '0')}`;

export async function resetVerdictPool(db: Kysely<DB>, count: number): Promise<{ customerName: string; gasName: string }> {
  return db.transaction().execute(async (trx) => {
    const gas = await trx.selectFrom('materials').select(['id', 'material_name']).where('code', '=', POOL_GAS_CODE).executeTakeFirstOrThrow();
    const customer = await trx.selectFrom('enterprises').select(['id', 'enterprise_name']).where('enterprise_code', '=', POOL_CUSTOMER_CODE).executeTakeFirstOrThrow();
    await sql`insert into cylinders (code, material_id, owner_type, manufacture_date, specification, water_volume, tare_weight,
        working_pressure, last_inspection_date, next_inspection_date, status)
      select 'SV' || lpad(g::text, 5, '0'), ${gas.id}, 1, date '2023-01-01', 'YSP-35.5', 35.5, ${POOL_TARE}, 2.1,
        current_date - 200, current_date + 900, 2
      from generate_series(1, ${count}) g
      on conflict (code) do nothing`.execute(trx);
    await sql`select set_config('cylinder.transition', 'on', true)`.execute(trx);
    const inPool = sql`c.code >= ${verdictCode(1)} and c.code <= ${verdictCode(count)}`;
    await sql`insert into cylinder_traces (cylinder_id, seq, from_status, to_status, action, operator, workstation, detail)
      select c.id, coalesce((select max(t.seq) from cylinder_traces t where t.cylinder_id = c.id), 0) + 1, c.status, 9,
        'benchReset', '基准', 'BENCH', '{"bench": true}'::jsonb
      from cylinders c where ${inPool} and c.status <> 9 order by c.id`.execute(trx);
    await sql`update cylinders c set status = 9, updated_at = now(), location_enterprise_id = ${customer.id}, located_since = now() - interval '3 days',
        warehouse_id = null
      where ${inPool} and c.status <> 9`.execute(trx);
    return { customerName: customer.enterprise_name, gasName: gas.material_name };
  });
}
