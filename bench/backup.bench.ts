/**
 * `npm run bench backup`: a base backup of the bench database (issue 33) while scans go on, and what continuous
 * archiving costs the scans.
 *
 * An embedded PostgreSQL of its own under .tmp/bench-backup-<cylinders> (kept between runs; backups need the embedded
 * cluster's data folder, so BENCH_DATABASE_URL is not used), seeded once like the life-cycle bench:
 * BENCH_BACKUP_CYLINDERS cylinders (default 1,000,000, bench/product-seed.ts) and ten trace events each
 * (bench/lifecycle-seed.ts seedTrace). Then, with SCAN_CLIENTS concurrent scan clients the whole time:
 *   1. archiving off (archive_mode off), SCAN_SECONDS of scans;
 *   2. the cluster restarted with archiving on (basic_archive into the backup folder, as the server runs it),
 *      SCAN_SECONDS of scans;
 *   3. a base backup (takeBaseBackup, as the nightly job and 立即备份 take it) while the scans go on.
 * A scan is the SQL a station's scan commits, done straight on PostgreSQL (no HTTP): the cylinder's row locked
 * FOR UPDATE, a trace event appended (next seq), the row's updated_at set, one transaction with a synchronous
 * commit, on a random cylinder. Prints the database's size, the base backup's size and time, and the scans'
 * p50/p99 and rate in each phase, with the on/off ratio. Fails only when something errs.
 */
import { mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import pg from 'pg';
import { createDb } from '../src/server/db/database';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../src/server/db/embedded';
import { migrateToLatest } from '../src/server/db/migrate';
import { ensureSeed } from '../src/server/db/seed';
import { takeBaseBackup } from '../src/server/modules/backup';
import { freePort } from '../tests/server/free-port';
import { seedTrace } from './lifecycle-seed';
import { seedCylinders } from './product-seed';

const CYLINDERS = Number(process.env.BENCH_BACKUP_CYLINDERS ?? 1_000_000);
const SCAN_CLIENTS = 4;
const SCAN_SECONDS = Number(process.env.BENCH_BACKUP_SCAN_SECONDS ?? 20);
/** One cluster per size: the seed adds cylinders only to an empty database. */
const root = resolve(`.tmp/bench-backup-${CYLINDERS}`);
const dataDir = join(root, 'data');
const backupDir = join(root, 'backups');
const log = (line: string) => console.info(line);

interface Phase {
  name: string;
  latencies: number[];
  seconds: number;
}

/** SCAN_CLIENTS clients scanning random cylinders until `stop` resolves. */
async function scanWhile(url: string, name: string, stop: Promise<unknown>): Promise<Phase> {
  const [{ lo, hi }] = (await query<{ lo: number; hi: number }>(url, 'select min(id)::int as lo, max(id)::int as hi from cylinders')) as [{ lo: number; hi: number }];
  let done = false;
  void stop.finally(() => (done = true));
  const latencies: number[] = [];
  const started = performance.now();
  await Promise.all(Array.from({ length: SCAN_CLIENTS }, async () => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      while (!done) {
        const id = lo + Math.floor(Math.random() * (hi - lo + 1));
        const t0 = performance.now();
        await client.query('BEGIN');
        const row = (await client.query<{ status: number }>('select status from cylinders where id = $1 for update', [id])).rows[0];
        if (row) {
          await client.query(`insert into cylinder_traces (cylinder_id, seq, from_status, to_status, action, operator, workstation)
            values ($1, (select coalesce(max(seq), 0) + 1 from cylinder_traces where cylinder_id = $1), $2, $2, 'benchScan', '基准', 'BENCH')`, [id, row.status]);
          await client.query('update cylinders set updated_at = now() where id = $1', [id]);
        }
        await client.query('COMMIT');
        latencies.push(performance.now() - t0);
      }
    } finally {
      await client.end();
    }
  }));
  return { name, latencies: latencies.sort((a, b) => a - b), seconds: (performance.now() - started) / 1000 };
}

async function query<T extends pg.QueryResultRow>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function report(p: Phase): string {
  return `${p.name.padEnd(34)} ${String(p.latencies.length).padStart(6)} scans  ${(p.latencies.length / p.seconds).toFixed(0).padStart(5)}/s  `
    + `p50 ${pct(p.latencies, 50).toFixed(2)} ms  p99 ${pct(p.latencies, 99).toFixed(2)} ms`;
}

async function start(archive: boolean): Promise<EmbeddedPostgres> {
  return startEmbeddedPostgres({
    dataDir, port: await freePort(), log: (l) => console.info(`[bench-pg] ${l}`),
    ...(archive ? { archive: { dir: join(backupDir, 'wal'), timeoutSeconds: 60 } } : {}),
  });
}

async function main() {
  mkdirSync(root, { recursive: true });
  let embedded = await start(false);
  try {
    const db = createDb(embedded.connectionString);
    try {
      await migrateToLatest(db);
      await ensureSeed(db, {});
      await seedCylinders(db, CYLINDERS, log);
      await seedTrace(db, CYLINDERS * 10, log);
      await sql`checkpoint`.execute(db);
    } finally {
      await db.destroy();
    }
    const [counts] = await query<{ cylinders: number; events: string; size: string }>(embedded.connectionString,
      'select (select count(*) from cylinders)::int as cylinders, (select count(*) from cylinder_traces) as events, pg_database_size(current_database()) as size');
    log(`\n${counts!.cylinders.toLocaleString('en')} cylinders, ${Number(counts!.events).toLocaleString('en')} trace events, database ${mb(Number(counts!.size))}; `
      + `${SCAN_CLIENTS} scan clients`);

    const off = await scanWhile(embedded.connectionString, 'archiving off', sleep(SCAN_SECONDS * 1000));
    await embedded.stop();
    // Each run's backups start afresh: the archive holds this run's WAL only.
    rmSync(backupDir, { recursive: true, force: true });
    embedded = await start(true);
    const [mode] = await query<{ mode: string }>(embedded.connectionString, "select current_setting('archive_mode') as mode");
    if (mode!.mode !== 'on') throw new Error(`archive_mode is ${mode!.mode}`);
    const on = await scanWhile(embedded.connectionString, 'archiving on', sleep(SCAN_SECONDS * 1000));

    const port = Number(new URL(embedded.connectionString).port);
    let backup: Awaited<ReturnType<typeof takeBaseBackup>> | undefined;
    const taking = (async () => {
      await sleep(1000);
      backup = await takeBaseBackup({ dataDir, backupDir, port, log: (l) => console.info(`[backup] ${l}`) });
      await sleep(1000);
    })();
    const during = await scanWhile(embedded.connectionString, 'archiving on, base backup running', taking);
    await taking;

    log('');
    for (const p of [off, on, during]) log(report(p));
    log(`\nBase backup: ${mb(backup!.sizeBytes)} in ${(backup!.durationMs / 1000).toFixed(1)} s `
      + `(${(backup!.sizeBytes / 1024 / 1024 / (backup!.durationMs / 1000)).toFixed(0)} MB/s) while ${SCAN_CLIENTS} clients scanned`);
    const ratio = (a: Phase, b: Phase, p: number) => (pct(a.latencies, p) / pct(b.latencies, p)).toFixed(2);
    log(`Scan latency, archiving on / off: p50 ×${ratio(on, off, 50)}, p99 ×${ratio(on, off, 99)}; `
      + `during the base backup / archiving off: p50 ×${ratio(during, off, 50)}, p99 ×${ratio(during, off, 99)}`);
  } finally {
    await embedded.stop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
