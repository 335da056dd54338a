import { sql, type Kysely } from 'kysely';
import type { DB } from '../src/server/db/schema';

/**
 * Seeds `target` cylinders in one INSERT … SELECT over generate_series, with a realistic spread: ten gases,
 * eight warehouses, 2,000 customers owning 15 % of the cylinders, statuses weighted like a working plant
 * (most in stock or at customers), manufacture dates over 25 years and next inspections from a year
 * overdue to five years ahead. Codes BC00000001… are issued in order, like batch registrations. Skipped
 * when the cylinders are already there.
 */
export async function seedCylinders(db: Kysely<DB>, target: number, log: (line: string) => void): Promise<void> {
  const have = Number((await sql<{ n: string }>`select coalesce(sum(count), 0) as n from cylinder_status_counts`.execute(db)).rows[0]!.n);
  if (have >= target) {
    log(`Already seeded: ${have.toLocaleString('en')} cylinders`);
    return;
  }
  const started = Date.now();
  log(`Seeding ${target.toLocaleString('en')} cylinders (once; kept in the bench database)…`);
  await db.transaction().execute(async (trx) => {
    await sql`insert into materials (material_name, code, category, flammable, inspection_interval_years, design_life_years)
      select '基准气体' || g, 'BENCH' || g, case when g % 3 = 0 then 'liquefied' else 'compressed' end, g % 4 = 0, 3 + g % 3, 30
      from generate_series(1, 10) g on conflict (code) do nothing`.execute(trx);
    await sql`insert into warehouses (warehouse_name, warehouse_code, kind)
      select '基准仓库' || g, 'BENCH' || g, case when g <= 5 then 'empty' else 'finished' end
      from generate_series(1, 8) g on conflict (warehouse_code) do nothing`.execute(trx);
    await sql`insert into enterprises (type, enterprise_name, enterprise_code)
      select 2, '基准客户' || g, 'BENCH' || lpad(g::text, 5, '0')
      from generate_series(1, 2000) g on conflict (enterprise_code) do nothing`.execute(trx);
    await sql`
      with m as (select array_agg(id order by id) ids from materials where code like 'BENCH%'),
           w as (select array_agg(id order by id) ids from warehouses where warehouse_code like 'BENCH%'),
           e as (select array_agg(id order by id) ids from enterprises where enterprise_code like 'BENCH%'),
           s as (
             select g, (g * 37) % 100 as r,
               -- 5 % scrap, 3 % analyze, 30 % stock, 11 % in production, 12 % to ship, 2 % scanned, 30 % at customers, 7 % returned
               case when (g * 37) % 100 < 5 then 0 when (g * 37) % 100 < 8 then 1 when (g * 37) % 100 < 38 then 2
                    when (g * 37) % 100 < 41 then 3 when (g * 37) % 100 < 45 then 4 when (g * 37) % 100 < 47 then 5
                    when (g * 37) % 100 < 49 then 6 when (g * 37) % 100 < 61 then 7 when (g * 37) % 100 < 63 then 8
                    when (g * 37) % 100 < 93 then 9 else 10 end as status
             from generate_series(1::bigint, ${target}::bigint) g
           )
      insert into cylinders (code, steel_stamp, material_id, owner_type, owner_enterprise_id, manufacture_date, specification,
        water_volume, tare_weight, working_pressure, last_inspection_date, next_inspection_date, status, warehouse_id,
        location_enterprise_id, scrapped_at, scrap_reason)
      select 'BC' || lpad(g::text, 8, '0'), 'GS' || lpad(((g * 7919) % 100000000)::text, 8, '0'),
        m.ids[(1 + (g * 2654435761) % 10)::int],
        case when (g * 13) % 100 < 15 then 2 else 1 end,
        case when (g * 13) % 100 < 15 then e.ids[(1 + (g * 40503) % 2000)::int] end,
        date '2000-01-01' + ((g * 7919) % 9000)::int,
        case when g % 3 = 0 then 'YSP-15' else '40L' end, 40, 50 + (g % 10) * 0.5, 15,
        current_date - 365 * 2 + ((g * 104729) % 2190)::int - 365,
        current_date + ((g * 104729) % 2190)::int - 365,
        status,
        case when status in (1, 2, 3, 4, 5, 6, 7, 8, 10) then w.ids[(1 + g % 8)::int] end,
        case when status = 9 then e.ids[(1 + (g * 7) % 2000)::int] end,
        case when status = 0 then now() - ((g % 1000) || ' days')::interval end,
        case when status = 0 then '基准报废' end
      from s, m, w, e`.execute(trx);
  });
  log(`Seeded in ${((Date.now() - started) / 1000).toFixed(1)} s; VACUUM ANALYZE…`);
  await sql`vacuum analyze cylinders`.execute(db);
  await sql`analyze`.execute(db);
  log(`Ready after ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
