import { sql, type Kysely } from 'kysely';
import type { DB } from '../src/server/db/schema';

/**
 * Seeding for bench/rental.bench.ts, on top of bench/product-seed.ts (one million cylinders, 2,000 customers
 * BENCH00001…, 30 % of the cylinders at them) and bench/lifecycle-seed.ts (the trace, ten million events):
 *
 * - `ensureRentalHolder`: customer RTHOLD and the 10,000 cylinders it holds (RH0000001…, a bench gas, status 9).
 *   Call before seedTrace, which gives them their history like any cylinder added later.
 * - `seedRental`: the custody record of RENTAL_MONTH and the agreements, in set-based INSERT … SELECT. Skipped when
 *   RTHOLD already has custody. Custody (cylinder_custody, the record statements are charged from):
 *   - every cylinder at a customer now holds an open period at that customer (cylinders.location_enterprise_id, so
 *     the record agrees with the register): the product seed's 300,000 (its hash puts them at 600 of its 2,000
 *     customers) and RTHOLD's 10,000; a quarter delivered during the month, the rest since 1–400 days before it;
 *   - a third of those delivered during the month had an earlier stay at any bench customer that ended 1–5 days before;
 *   - 15 % of the cylinders back at the plant (BC…, not scrapped) were returned during the month after a stay of 1–60
 *     days, at any of the 2,000 customers (one in fifty from RTHOLD, about 1,900).
 *   So about 2,000 customers have custody in the month (2,001 with RTHOLD), about 430,000 periods.
 *   Each end names a trace event of that cylinder (its newest seeded outbound, or recover, event): the statement reads
 *   them through the same join as real ones; the seeded trace knows no customers, so no custody could agree with it.
 *   Agreements: the default (daily 1.50 with 3 free days and a cap, a month-end line for one gas, deposit 200.00),
 *   one customer in five with its own (daily, a 40L daily line with a cap, a monthly peak line, a minimum for one in
 *   ten), one in twenty of those with a second version from the 16th (a split month), and RTHOLD's (daily, month-end
 *   and peak lines, a version change on the 16th).
 */

export const RENTAL_MONTH = '2026-10';
export const HOLDER_CODE = 'RTHOLD';
export const HOLDER_CYLINDERS = 10_000;
export const holderCode = (n: number) => `RH${String(n).padStart(7, '0')}`;

const MONTH_START = sql`(${`${RENTAL_MONTH}-01`}::date)::timestamp::timestamptz`;
const MONTH_SECONDS = 31 * 86_400;
/**
 * A well-mixed number in [0, 2^32) of an integer column and a salt: the product seed's codes follow g × prime, so
 * plain products of ids would pick the same residues again (a few hundred customers, no returns from RTHOLD).
 */
const mix = (column: string, salt: number) => sql`(hashint4(${sql.ref(column)} # ${salt})::bigint + 2147483648)`;

/** RTHOLD and its 10,000 cylinders (created once). */
export async function ensureRentalHolder(db: Kysely<DB>, log: (line: string) => void): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`insert into enterprises (type, enterprise_name, enterprise_code) select 2, '基准租赁大客户', ${HOLDER_CODE}
      where not exists (select 1 from enterprises where lower(enterprise_code) = lower(${HOLDER_CODE}))`.execute(trx);
    const holder = await trx.selectFrom('enterprises').select('id').where('enterprise_code', '=', HOLDER_CODE).executeTakeFirstOrThrow();
    await sql`select set_config('cylinder.transition', 'on', true)`.execute(trx);
    const made = await sql<{ n: number }>`
      insert into cylinders (code, material_id, owner_type, manufacture_date, specification, water_volume, tare_weight, working_pressure,
        last_inspection_date, next_inspection_date, status, location_enterprise_id, located_since)
      select ${sql.lit('RH')} || lpad(g::text, 7, '0'), (select id from materials where code = 'BENCH' || (1 + g % 3)), 1, date '2020-01-01',
        case when g % 4 = 0 then 'YSP-15' else '40L' end, 40, 50, 15, current_date - 200, current_date + 900, 9, ${holder.id},
        now() - make_interval(days => 1 + g % 200)
      from generate_series(1, ${HOLDER_CYLINDERS}) g
      on conflict (code) do nothing
      returning 1 as n`.execute(trx);
    if (made.rows.length) log(`Created ${made.rows.length.toLocaleString('en')} cylinders held by ${HOLDER_CODE}`);
  });
}

/** The custody of RENTAL_MONTH and the agreements (once: skipped when RTHOLD has custody). */
export async function seedRental(db: Kysely<DB>, log: (line: string) => void): Promise<void> {
  const holder = await db.selectFrom('enterprises').select('id').where('enterprise_code', '=', HOLDER_CODE).executeTakeFirstOrThrow();
  const seeded = await db.selectFrom('cylinder_custody').select('id').where('enterprise_id', '=', holder.id).limit(1).executeTakeFirst();
  if (seeded) {
    log(`Rental already seeded (custody of ${HOLDER_CODE} present)`);
    return;
  }
  const started = Date.now();
  const secs = (s: number) => ((Date.now() - s) / 1000).toFixed(1);
  log(`Seeding the custody of ${RENTAL_MONTH} and the agreements (once; kept in the bench database)…`);
  await db.transaction().execute(async (trx) => {
    await sql`set local work_mem = '256MB'`.execute(trx);
    // The newest outbound / recover event of a cylinder (index on cylinder_traces (cylinder_id, seq)).
    const lastEvent = (action: string) => sql`(select t.id from cylinder_traces t where t.cylinder_id = c.id and t.action = ${action} order by t.seq desc limit 1)`;
    const held = sql`c.location_enterprise_id is not null and c.status = 9 and (c.code like 'BC%' or c.code like 'RH%')`;
    const deliveredInMonth = sql`${mix('c.id', 1)} % 100 < 25`;
    let step = Date.now();
    // Held now: an open period at the holder.
    const open = await sql`
      insert into cylinder_custody (cylinder_id, enterprise_id, from_at, from_trace_id)
      select c.id, c.location_enterprise_id,
        case when ${deliveredInMonth} then ${MONTH_START} + make_interval(secs => ${mix('c.id', 2)} % ${MONTH_SECONDS})
             else ${MONTH_START} - make_interval(days => (1 + ${mix('c.id', 3)} % 400)::int, secs => c.id % 86400) end,
        ${lastEvent('outbound')}
      from cylinders c where ${held}`.execute(trx);
    log(`  open periods: ${Number(open.numAffectedRows).toLocaleString('en')} (${secs(step)} s)`);
    step = Date.now();
    // A third of those delivered during the month stayed at another customer before.
    const before = await sql`
      with e as (select array_agg(id order by id) ids from enterprises where enterprise_code like 'BENCH%')
      insert into cylinder_custody (cylinder_id, enterprise_id, from_at, to_at, from_trace_id, to_trace_id)
      select k.cylinder_id, e.ids[(1 + ${mix('k.cylinder_id', 5)} % array_length(e.ids, 1))::int],
        k.from_at - make_interval(days => (6 + ${mix('k.cylinder_id', 6)} % 20)::int),
        k.from_at - make_interval(days => (1 + ${mix('k.cylinder_id', 7)} % 5)::int),
        ${lastEvent('outbound')}, ${lastEvent('recover')}
      from cylinder_custody k join cylinders c on c.id = k.cylinder_id, e
      where k.to_at is null and k.from_at >= ${MONTH_START} and ${mix('k.cylinder_id', 4)} % 3 = 0`.execute(trx);
    log(`  earlier stays of cylinders delivered in the month: ${Number(before.numAffectedRows).toLocaleString('en')} (${secs(step)} s)`);
    step = Date.now();
    // Returned during the month: 15 % of the cylinders back at the plant, one in fifty of them from RTHOLD.
    const returned = await sql`
      with e as (select array_agg(id order by id) ids from enterprises where enterprise_code like 'BENCH%'),
      r as (
        select c.id, ${MONTH_START} + make_interval(secs => ${mix('c.id', 8)} % ${MONTH_SECONDS}) as to_at
        from cylinders c
        where c.code like 'BC%' and c.status not in (0, 9) and ${mix('c.id', 9)} % 100 < 15
      )
      insert into cylinder_custody (cylinder_id, enterprise_id, from_at, to_at, from_trace_id, to_trace_id)
      select r.id, case when ${mix('r.id', 10)} % 50 = 0 then ${holder.id}::int else e.ids[(1 + ${mix('r.id', 11)} % array_length(e.ids, 1))::int] end,
        r.to_at - make_interval(days => (1 + ${mix('r.id', 12)} % 60)::int, secs => r.id % 3600), r.to_at,
        ${lastEvent('outbound')}, ${lastEvent('recover')}
      from r join cylinders c on c.id = r.id, e`.execute(trx);
    log(`  returned during the month: ${Number(returned.numAffectedRows).toLocaleString('en')} (${secs(step)} s)`);

    // The agreements (lines as src/shared/api/rental.ts AgreementLine; money in cents).
    const gas = (n: number) => sql`(select id from materials where code = ${`BENCH${n}`})`;
    const line = (materialId: ReturnType<typeof sql> | null, specification: string | null, method: string, rate: number, free: number, cap: number | null, deposit: number) =>
      sql`jsonb_build_object('materialId', ${materialId ?? sql`null::int`}, 'specification', ${specification}::text, 'method', ${method}::text,
        'rateCents', ${rate}::int, 'freeDays', ${free}::int, 'capCents', ${cap}::int, 'depositCents', ${deposit}::int)`;
    await sql`insert into rental_agreements (customer_id, name, remark) select null, '基准默认协议', 'BENCH'
      where not exists (select 1 from rental_agreements where customer_id is null)`.execute(trx);
    await sql`insert into rental_agreement_versions (agreement_id, valid_from, minimum_month_cents, deposit_offsets_rental, lines, created_by)
      select a.id, date '2026-01-01', 0, false,
        jsonb_build_array(${line(null, null, 'daily', 150, 3, 3000, 20000)}, ${line(gas(3), null, 'monthEnd', 2500, 0, null, 10000)}), 'bench'
      from rental_agreements a where a.customer_id is null
      on conflict (agreement_id, valid_from) do nothing`.execute(trx);
    await sql`insert into rental_agreements (customer_id, name, remark)
      select e.id, e.enterprise_name || '租赁协议', 'BENCH' from enterprises e
      where (e.enterprise_code like 'BENCH%' and substr(e.enterprise_code, 6)::int % 5 = 0) or e.id = ${holder.id}
      on conflict (customer_id) where customer_id is not null do nothing`.execute(trx);
    const own = sql`from rental_agreements a join enterprises e on e.id = a.customer_id where a.remark = 'BENCH' and e.enterprise_code like 'BENCH%'`;
    await sql`insert into rental_agreement_versions (agreement_id, valid_from, minimum_month_cents, deposit_offsets_rental, lines, created_by)
      select a.id, date '2026-01-01', case when substr(e.enterprise_code, 6)::int % 10 = 0 then 50000 else 0 end, false,
        jsonb_build_array(${line(null, null, 'daily', 120, 5, null, 15000)}, ${line(gas(1), '40L', 'daily', 200, 0, 4000, 20000)},
          ${line(gas(2), null, 'monthPeak', 3000, 0, null, 0)}), 'bench'
      ${own}
      on conflict (agreement_id, valid_from) do nothing`.execute(trx);
    await sql`insert into rental_agreement_versions (agreement_id, valid_from, minimum_month_cents, deposit_offsets_rental, lines, created_by)
      select a.id, date '2026-10-16', 0, false,
        jsonb_build_array(${line(null, null, 'daily', 140, 5, null, 15000)}, ${line(gas(1), '40L', 'daily', 220, 0, 4500, 20000)},
          ${line(gas(2), null, 'monthPeak', 3300, 0, null, 0)}), 'bench'
      ${own} and substr(e.enterprise_code, 6)::int % 20 = 0
      on conflict (agreement_id, valid_from) do nothing`.execute(trx);
    for (const [from, rate, peak, monthEnd] of [['2026-01-01', 100, 2800, 2000], ['2026-10-16', 110, 3000, 2200]] as const) {
      await sql`insert into rental_agreement_versions (agreement_id, valid_from, minimum_month_cents, deposit_offsets_rental, lines, created_by)
        select a.id, ${from}::date, 100000, false,
          jsonb_build_array(${line(null, null, 'daily', rate, 7, 2500, 10000)}, ${line(gas(2), null, 'monthPeak', peak, 0, null, 10000)},
            ${line(gas(3), 'YSP-15', 'monthEnd', monthEnd, 0, null, 5000)}), 'bench'
        from rental_agreements a where a.customer_id = ${holder.id}
        on conflict (agreement_id, valid_from) do nothing`.execute(trx);
    }
  });
  log(`Rental seeded in ${secs(started)} s; ANALYZE…`);
  await sql`analyze cylinder_custody`.execute(db);
  await sql`analyze rental_agreements`.execute(db);
  await sql`analyze rental_agreement_versions`.execute(db);
}
