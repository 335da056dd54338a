import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import type { DB } from '../src/server/db/schema';

/**
 * Seeding for bench/lifecycle.bench.ts, on top of bench/product-seed.ts (one million cylinders):
 *
 * - `ensureDatabase`: the database named in BENCH_DATABASE_URL, created when missing.
 * - `ensureScanPool`: a gas that is tested and re-weighed (LCGAS: two required test projects, target net
 *   weight 14.5 ± 0.5 kg) and a pool of its cylinders (LC0000001…), fit to fill, that the measured scans
 *   move along. The codes do not start with BENCH / BC, so the product bench's filters never see them.
 * - `seedTrace`: the trace up to about ten million events, in set-based INSERT … SELECT over
 *   generate_series: per cylinder a registration and then the production loop (pick, fill, test,
 *   re-weigh, product stock-in, outbound scan, outbound, recovery, vacuum) repeated so that the newest
 *   event ends in the cylinder's current status (analyze after a failed test, scrap after a scrap), with
 *   seq 1…n and times a few days apart. Skipped when the trace already holds the events.
 * - `resetScanPool`: before each run, puts the pool's cylinders back into the statuses the measured
 *   pairs start from (received 3 for filling, filling 4 for the test, inspected 5 for re-weighing), each
 *   move recorded as a 'benchReset' trace event (the trace stays append-only and its seq dense).
 */

export const POOL_GAS_CODE = 'LCGAS';
/** The customer the recovery pool is shipped to, and the one holding HOLDING_CYLINDERS cylinders. */
export const POOL_CUSTOMER_CODE = 'LCCUST';
export const HOLDING_CUSTOMER_CODE = 'LCHOLD';
export const HOLDING_CYLINDERS = 10_000;
/** Open outbound orders of the pool gas, one per bench client (lines large enough for every run). */
export const POOL_ORDERS = 20;
/** Pair kinds of the pool, in code order: received (3), filling (4), inspected (5), toOutbound (7), outbound (9). */
export const POOL_STATUSES = [3, 4, 5, 7, 9] as const;
export const POOL_TARE = 15.2;
export const POOL_TARGET_NET = 14.5;

/** Creates the database of `url` when it does not exist (connecting to the server's `postgres` database). */
export async function ensureDatabase(url: string, log: (line: string) => void): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.replace(/^\//, ''));
  if (!name) throw new Error(`BENCH_DATABASE_URL names no database: ${url}`);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) {
      log(`Creating database ${name}`);
      await client.query(`create database "${name.replace(/"/g, '""')}"`);
    }
  } finally {
    await client.end();
  }
}

export interface ScanPool {
  materialId: number;
  customerId: number;
  holdingCustomerId: number;
  /** The open outbound orders the outbound scans go onto, one per client. */
  orderIds: number[];
  projects: Array<{ id: number; value: number }>;
  /** Cylinders per pair kind (fill, test, metage, outbound scan, recovery); codes LC0000001… in that order. */
  perKind: number;
}

export const poolCode = (n: number) => `LC${String(n).padStart(7, '0')}`;

export const holdingCode = (n: number) => `LH${String(n).padStart(7, '0')}`;

/**
 * The pool gas, its test projects, 5 × perKind cylinders, the two bench customers with the holding
 * customer's cylinders (status 9 since 1…200 days), and the bench's open outbound orders (created once).
 */
export async function ensureScanPool(db: Kysely<DB>, perKind: number, log: (line: string) => void): Promise<ScanPool> {
  const total = perKind * POOL_STATUSES.length;
  await db.transaction().execute(async (trx) => {
    await sql`insert into materials (material_name, code, category, flammable, inspection_interval_years, design_life_years,
        reweigh_required, target_net_weight, weight_tolerance)
      values ('生命周期基准气体', ${POOL_GAS_CODE}, 'liquefied', false, 3, 30, true, ${POOL_TARGET_NET}, 0.5)
      on conflict (code) do nothing`.execute(trx);
    const gas = await trx.selectFrom('materials').select('id').where('code', '=', POOL_GAS_CODE).executeTakeFirstOrThrow();
    await sql`insert into test_projects (material_id, project_name, standard_min, standard_max, unit, required, sort)
      select ${gas.id}, p.name, p.min, p.max, p.unit, true, p.sort
      from (values ('纯度', 99.5::numeric, null::numeric, '%', 1), ('水分', null::numeric, 10::numeric, 'ppm', 2)) p(name, min, max, unit, sort)
      where not exists (select 1 from test_projects t where t.material_id = ${gas.id} and t.project_name = p.name and t.retired_at is null)`
      .execute(trx);
    const { rows } = await sql<{ n: number }>`
      insert into cylinders (code, material_id, owner_type, manufacture_date, specification, water_volume, tare_weight,
        working_pressure, last_inspection_date, next_inspection_date, status)
      select 'LC' || lpad(g::text, 7, '0'), ${gas.id}, 1, date '2022-01-01' + (g % 700)::int, 'YSP-35.5', 35.5, ${POOL_TARE}, 2.1,
        current_date - 200, current_date + 900, 2
      from generate_series(1, ${total}) g
      on conflict (code) do nothing
      returning 1 as n`.execute(trx);
    if (rows.length) log(`Created ${rows.length.toLocaleString('en')} pool cylinders (${POOL_GAS_CODE})`);
    for (const [code, name] of [[POOL_CUSTOMER_CODE, '基准回收客户'], [HOLDING_CUSTOMER_CODE, '基准持瓶客户']] as const) {
      await sql`insert into enterprises (type, enterprise_name, enterprise_code) select 2, ${name}, ${code}
        where not exists (select 1 from enterprises where lower(enterprise_code) = lower(${code}))`.execute(trx);
    }
    const holder = await trx.selectFrom('enterprises').select('id').where('enterprise_code', '=', HOLDING_CUSTOMER_CODE).executeTakeFirstOrThrow();
    await sql`select set_config('cylinder.transition', 'on', true)`.execute(trx);
    const held = await sql<{ n: number }>`
      insert into cylinders (code, material_id, owner_type, manufacture_date, specification, water_volume, tare_weight, working_pressure,
        last_inspection_date, next_inspection_date, status, location_enterprise_id, located_since)
      select ${sql.lit('LH')} || lpad(g::text, 7, '0'), ${gas.id}, 1, date '2022-01-01', 'YSP-35.5', 35.5, ${POOL_TARE}, 2.1,
        current_date - 200, current_date + 900, 9, ${holder.id}, now() - make_interval(days => 1 + g % 200)
      from generate_series(1, ${HOLDING_CYLINDERS}) g
      on conflict (code) do nothing
      returning 1 as n`.execute(trx);
    if (held.rows.length) log(`Created ${held.rows.length.toLocaleString('en')} cylinders held by ${HOLDING_CUSTOMER_CODE}`);
    const customer = await trx.selectFrom('enterprises').select('id').where('enterprise_code', '=', POOL_CUSTOMER_CODE).executeTakeFirstOrThrow();
    const orders = await trx.selectFrom('storage_orders').select('id').where('remark', '=', 'BENCH').execute();
    for (let i = orders.length; i < POOL_ORDERS; i += 1) {
      const order = await trx.insertInto('storage_orders').values({
        order_no: `CKBENCH-${String(i + 1).padStart(3, '0')}`, direction: 'out', type: 'productCK', customer_id: customer.id, remark: 'BENCH', operator: '基准',
      }).returning('id').executeTakeFirstOrThrow();
      // Larger than the API allows (1,000 a line): one line takes every scan of every run.
      await trx.insertInto('storage_order_lines').values({ order_id: order.id, material_id: gas.id, specification: null, quantity: 1_000_000_000 }).execute();
    }
  });
  const gas = await db.selectFrom('materials').select('id').where('code', '=', POOL_GAS_CODE).executeTakeFirstOrThrow();
  const projects = await db.selectFrom('test_projects').select(['id', 'standard_min', 'standard_max'])
    .where('material_id', '=', gas.id).where('retired_at', 'is', null).orderBy('sort').orderBy('id').execute();
  const enterprise = (code: string) => db.selectFrom('enterprises').select('id').where('enterprise_code', '=', code).executeTakeFirstOrThrow();
  const orders = await db.selectFrom('storage_orders').select('id').where('remark', '=', 'BENCH').orderBy('id').limit(POOL_ORDERS).execute();
  return {
    materialId: gas.id,
    customerId: (await enterprise(POOL_CUSTOMER_CODE)).id,
    holdingCustomerId: (await enterprise(HOLDING_CUSTOMER_CODE)).id,
    orderIds: orders.map((o) => o.id),
    // A passing value for each project: its minimum, or half its maximum.
    projects: projects.map((p) => ({ id: p.id, value: p.standard_min !== null ? Number(p.standard_min) + 0.1 : Number(p.standard_max ?? 1) / 2 })),
    perKind,
  };
}

/**
 * Puts the pool back: codes 1…perKind in received (3), the next perKind in filling (4), then inspected (5),
 * toOutbound (7) and outbound (9, at the recovery customer); the bench orders' scans are undone.
 */
export async function resetScanPool(db: Kysely<DB>, pool: ScanPool, log: (line: string) => void): Promise<void> {
  const started = Date.now();
  const moved = await db.transaction().execute(async (trx) => {
    // The statuses change the way only the transition engine may (cylinders_status_guard).
    await sql`select set_config('cylinder.transition', 'on', true)`.execute(trx);
    const target = sql`(${sql.raw(POOL_STATUSES.map((s, i) => `case when substr(c.code, 3)::int <= ${(i + 1) * pool.perKind} then ${s} else`).join(' '))} ${POOL_STATUSES.at(-1)}${sql.raw(' end'.repeat(POOL_STATUSES.length))})`;
    const inPool = sql`c.code >= ${poolCode(1)} and c.code <= ${poolCode(POOL_STATUSES.length * pool.perKind)}`;
    const { rows } = await sql<{ n: number }>`
      insert into cylinder_traces (cylinder_id, seq, from_status, to_status, action, operator, workstation, detail)
      select c.id, coalesce((select max(t.seq) from cylinder_traces t where t.cylinder_id = c.id), 0) + 1, c.status, ${target},
        'benchReset', '基准', 'BENCH', '{"bench": true}'::jsonb
      from cylinders c where ${inPool} and c.status <> ${target}
      order by c.id
      returning 1 as n`.execute(trx);
    await sql`update cylinders c set status = ${target}, updated_at = now(),
        next_inspection_date = greatest(next_inspection_date, current_date + 365),
        location_enterprise_id = case when ${target} = 9 then ${pool.customerId}::int end,
        located_since = case when ${target} = 9 then now() end
      where ${inPool} and c.status <> ${target}`.execute(trx);
    await sql`update storage_order_items set reverted_at = now() where reverted_at is null and order_id in (${sql.join(pool.orderIds)})`.execute(trx);
    await sql`update storage_order_lines set scanned = 0 where order_id in (${sql.join(pool.orderIds)})`.execute(trx);
    return rows.length;
  });
  if (moved) {
    await sql`vacuum analyze cylinders`.execute(db);
    log(`Reset ${moved.toLocaleString('en')} pool cylinders in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
}

const CHUNK = 50_000;

/**
 * Adds trace events to every cylinder that has none, so that the trace holds about `target` events
 * (cylinders added later, e.g. a grown scan pool, get just their own history). Nothing to do, and only
 * two counts, when every cylinder has its events; resumable chunk by chunk (cylinder id ranges).
 */
export async function seedTrace(db: Kysely<DB>, target: number, log: (line: string) => void): Promise<void> {
  const have = Number((await sql<{ n: string }>`select count(*) as n from cylinder_traces`.execute(db)).rows[0]!.n);
  const started = Date.now();
  // Events needed per cylinder without the extra loops: registration + the loop steps to its status + a final
  // testFail or scrap. The rest of the target is spread as whole extra loops of 9 events.
  const pos = sql`(case c.status when 1 then 2 when 3 then 1 when 4 then 2 when 5 then 3 when 6 then 4 when 7 then 5
      when 8 then 6 when 9 then 7 when 10 then 8 else 0 end)`;
  const extra = sql`(case when c.status in (0, 1) then 1 else 0 end)`;
  const bare = sql`not exists (select 1 from cylinder_traces t where t.cylinder_id = c.id)`;
  const base = (await sql<{ cylinders: string; events: string; lo: number; hi: number }>`
    select count(*) as cylinders, coalesce(sum(1 + ${pos} + ${extra}), 0) as events, min(c.id) as lo, max(c.id) as hi
    from cylinders c where ${bare}`.execute(db)).rows[0]!;
  const cylinders = Number(base.cylinders);
  if (cylinders === 0) {
    log(`Trace already seeded: ${have.toLocaleString('en')} events`);
    return;
  }
  const loops = Math.max(0, target - have - Number(base.events)) / (9 * cylinders);
  const whole = Math.floor(loops);
  const permille = Math.round((loops - whole) * 1000);
  const adding = Math.max(target - have, Number(base.events));
  log(`Seeding the trace: ${cylinders.toLocaleString('en')} cylinders without events, ~${adding.toLocaleString('en')} events (once; kept in the bench database)…`);

  await db.connection().execute(async (conn) => {
    // A seeding session: no FK checks (cylinder ids come from cylinders itself), no fsync wait per chunk,
    // room to sort a chunk in memory. Falls back to plain inserts where the role may not do that.
    try {
      await sql`set session_replication_role = replica`.execute(conn);
    } catch {
      log('  (not a superuser: inserting with foreign-key checks)');
    }
    await sql`set synchronous_commit = off`.execute(conn);
    await sql`set work_mem = '256MB'`.execute(conn);
    try {
      for (let lo = base.lo; lo <= base.hi; lo += CHUNK) {
        const hi = lo + CHUNK;
        const { numAffectedRows } = await sql`
          with c as (
            select c.id, c.status, ${extra} as extra,
              1 + 9 * (${whole} + case when (c.id::bigint * 2654435761) % 1000 < ${permille} then 1 else 0 end) + ${pos} + ${extra} as n
            from cylinders c where c.id >= ${lo} and c.id < ${hi} and ${bare}
          )
          insert into cylinder_traces (cylinder_id, seq, from_status, to_status, action, operator, workstation, at)
          select c.id, k,
            case when k = 1 then null when k <= c.n - c.extra then (array[2, 3, 4, 5, 6, 7, 8, 9, 10])[(k - 2) % 9 + 1]
                 when c.status = 0 then 2 else 4 end,
            case when k = 1 then 2 when k <= c.n - c.extra then (array[3, 4, 5, 6, 7, 8, 9, 10, 2])[(k - 2) % 9 + 1]
                 else c.status end,
            case when k = 1 then 'register'
                 when k <= c.n - c.extra then (array['pick', 'fill', 'testPass', 'reweighPass', 'stockInProduct', 'outboundScan',
                   'outbound', 'recover', 'vacuum'])[(k - 2) % 9 + 1]
                 when c.status = 0 then 'scrap' else 'testFail' end,
            '基准操作员', 'BENCH',
            now() - make_interval(days => (c.n - k) * 9 + 1) - make_interval(secs => c.id % 86400)
          from c cross join lateral generate_series(1, c.n) k
          order by c.id, k`.execute(conn);
        const done = Math.min(hi, base.hi + 1) - base.lo;
        const span = base.hi + 1 - base.lo;
        log(`  cylinders ${lo.toLocaleString('en')}…${(hi - 1).toLocaleString('en')}: +${Number(numAffectedRows ?? 0).toLocaleString('en')} events `
          + `(${Math.round((100 * done) / span)} %, ${((Date.now() - started) / 1000).toFixed(0)} s)`);
      }
    } finally {
      await sql`reset session_replication_role`.execute(conn);
    }
  });
  // The seeding session ran as a replica: no row trigger kept trace_daily (migration 0012) or outbound_events (0028) in step.
  log('Rebuilding the daily summary of the trace (trace_daily)…');
  await sql`select trace_daily_rebuild()`.execute(db);
  await sql`select outbound_events_rebuild()`.execute(db);
  log(`Trace seeded in ${((Date.now() - started) / 1000).toFixed(1)} s; VACUUM ANALYZE…`);
  await sql`vacuum analyze cylinder_traces`.execute(db);
  const now = Number((await sql<{ n: string }>`select count(*) as n from cylinder_traces`.execute(db)).rows[0]!.n);
  log(`Trace ready: ${now.toLocaleString('en')} events after ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
