/**
 * `npm run bench product`: cylinder list and status counts at one million cylinders.
 * Uses BENCH_DATABASE_URL, or an embedded PostgreSQL under .tmp/bench-pg (kept between runs, so the
 * million rows are seeded once). Prints p50/p95 per scenario and fails when a target is missed:
 * listPage p95 < 100 ms, statusCount p95 < 50 ms.
 */
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql, type Kysely } from 'kysely';
import type { ProductPageQuery } from '../src/shared/api/product';
import { createDb } from '../src/server/db/database';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../src/server/db/embedded';
import { migrateToLatest } from '../src/server/db/migrate';
import type { DB } from '../src/server/db/schema';
import { addDays, today } from '../src/server/lib/dates';
import { pageProducts, statusCounts } from '../src/server/modules/product/product.service';
import { freePort } from '../tests/server/free-port';
import { seedCylinders } from './product-seed';

const TARGET = 1_000_000;
const CALLS = 200;
const WARMUP = 20;

interface Scenario {
  name: string;
  target: number;
  run: (i: number) => Promise<unknown>;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function measure(s: Scenario) {
  for (let i = 0; i < WARMUP; i += 1) await s.run(i);
  const times: number[] = [];
  for (let i = 0; i < CALLS; i += 1) {
    const start = performance.now();
    await s.run(i + WARMUP);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), max: times[times.length - 1]! };
}

function scenarios(db: Kysely<DB>, ids: { materials: number[]; owners: number[]; warehouses: number[] }): Scenario[] {
  const pick = <T>(xs: T[], i: number) => xs[(i * 7919) % xs.length]!;
  const list = (q: (i: number) => ProductPageQuery) => (i: number) => pageProducts(db, { page: 1, size: 15, ...q(i) });
  const now = today();
  return [
    { name: 'listPage: no filter (newest first)', target: 100, run: list(() => ({})) },
    { name: 'listPage: status', target: 100, run: list((i) => ({ status: pick([0, 1, 2, 3, 7, 9, 10], i) })) },
    { name: 'listPage: gas', target: 100, run: list((i) => ({ materialId: pick(ids.materials, i) })) },
    { name: 'listPage: status + gas', target: 100, run: list((i) => ({ status: pick([2, 7, 9], i), materialId: pick(ids.materials, i) })) },
    { name: 'listPage: code prefix (100 hits)', target: 100, run: list((i) => ({ code: `BC${String((i * 37) % 10000).padStart(4, '0')}` })) },
    { name: 'listPage: code prefix (10k hits)', target: 100, run: list((i) => ({ code: `BC${String((i * 3) % 100).padStart(2, '0')}` })) },
    { name: 'listPage: warehouse + status', target: 100, run: list((i) => ({ warehouseId: pick(ids.warehouses, i), status: pick([2, 7], i) })) },
    { name: 'listPage: status + inspection due', target: 100, run: list((i) => ({ status: pick([2, 7, 10], i), inspectionDueBefore: addDays(now, 30) })) },
    { name: 'listPage: held by customer (location)', target: 100, run: list((i) => ({ locationEnterpriseId: pick(ids.owners, i) })) },
    { name: 'listPage: owner (customer)', target: 100, run: list((i) => ({ ownerEnterpriseId: pick(ids.owners, i) })) },
    { name: 'listPage: inspection due within 30 days', target: 100, run: list(() => ({ inspectionDueBefore: addDays(now, 30) })) },
    { name: 'listPage: inspection due + gas', target: 100, run: list((i) => ({ inspectionDueBefore: addDays(now, 30), materialId: pick(ids.materials, i) })) },
    {
      name: 'listPage: manufactured in one year', target: 100,
      run: list((i) => ({ manufactureDateStart: `${2001 + (i % 23)}-01-01`, manufactureDateEnd: `${2001 + (i % 23)}-12-31` })),
    },
    { name: 'listPage: page 50, sorted by next inspection', target: 100, run: list(() => ({ page: 50, sidx: 'nextInspectionDate', order: 'asc' })) },
    { name: 'statusCount', target: 50, run: () => statusCounts(db) },
  ];
}

async function main() {
  let embedded: EmbeddedPostgres | undefined;
  let url = process.env.BENCH_DATABASE_URL?.trim();
  if (!url) {
    embedded = await startEmbeddedPostgres({ dataDir: resolve('.tmp/bench-pg'), port: await freePort(), log: (l) => console.info(`[bench-pg] ${l}`) });
    url = embedded.connectionString;
  }
  const db = createDb(url);
  try {
    await migrateToLatest(db);
    await seedCylinders(db, TARGET, (line) => console.info(line));
    const materials = (await db.selectFrom('materials').select('id').where('code', 'like', 'BENCH%').execute()).map((r) => r.id);
    const owners = (await db.selectFrom('enterprises').select('id').where('enterprise_code', 'like', 'BENCH%').where('type', '=', 2).execute()).map((r) => r.id);
    const warehouses = (await db.selectFrom('warehouses').select('id').where('warehouse_code', 'like', 'BENCH%').execute()).map((r) => r.id);
    await sql`analyze cylinders`.execute(db);
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from cylinders`.execute(db);
    console.info(`\n${rows[0]!.n.toLocaleString('en')} cylinders; ${CALLS} calls per scenario after ${WARMUP} warm-up calls\n`);
    const results: Array<{ name: string; p50: number; p95: number; max: number; target: number }> = [];
    for (const s of scenarios(db, { materials, owners, warehouses })) results.push({ name: s.name, target: s.target, ...(await measure(s)) });
    const width = Math.max(...results.map((r) => r.name.length));
    console.info(`${'scenario'.padEnd(width)}   p50 ms   p95 ms   max ms   target p95`);
    for (const r of results) {
      const flag = r.p95 < r.target ? 'ok' : 'MISSED';
      console.info(`${r.name.padEnd(width)} ${r.p50.toFixed(1).padStart(8)} ${r.p95.toFixed(1).padStart(8)} ${r.max.toFixed(1).padStart(8)}   < ${r.target} ${flag}`);
    }
    const missed = results.filter((r) => r.p95 >= r.target);
    if (missed.length) {
      console.error(`\n${missed.length} scenario(s) missed the target`);
      process.exitCode = 1;
    }
  } finally {
    await db.destroy();
    await embedded?.stop();
  }
}

await main();
