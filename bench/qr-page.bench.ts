/**
 * `npm run bench qr-page`: the public cylinder page GET /q/{code}-{signature} (no sign-in) at one million
 * cylinders, on lifecycle.bench.ts's database (seeded there when missing). 20 concurrent keep-alive clients
 * against the real application in a child process (bench/lifecycle-servers.ts, per-address limit off):
 * - cold: every request a different cylinder (each a database read: the short cache never hits);
 * - burst: the same 50 cylinders over and over (phones scanning a lorry's load: served from the cache);
 * - one client, cold: the service time of one page.
 * Prints p50/p99/max and requests per second; target p99 < 50 ms cold at 20 clients (reported, not a failure;
 * the bench fails when a page does not answer 200 with the cylinder's page).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { Agent, request } from 'node:http';
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { createDb } from '../src/server/db/database';
import { migrateToLatest } from '../src/server/db/migrate';
import { ensureSeed } from '../src/server/db/seed';
import { qrToken } from '../src/server/modules/qrPage/qr-token';
import { ensureDatabase, seedTrace } from './lifecycle-seed';
import type { ServersReady } from './lifecycle-servers';
import { seedCylinders } from './product-seed';

const CLIENTS = 20;
const COLD = 6000;
const BURST = 6000;
const SINGLE = 300;
const TARGET_P99_MS = 50;
const log = (line: string) => console.info(line);
const agent = new Agent({ keepAlive: true, maxSockets: CLIENTS });

function get(port: number, path: string, code: string): Promise<void> {
  return new Promise((done, fail) => {
    request({ host: '127.0.0.1', port, path, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        if (res.statusCode === 200 && body.includes(`<dd>${code}</dd>`)) done();
        else fail(new Error(`${path}: HTTP ${res.statusCode} ${body.slice(0, 200)}`));
      });
      res.on('error', fail);
    }).on('error', fail).end();
  });
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/** `paths` requested in order by `clients` concurrent clients: the sorted latencies and the requests per second. */
async function drive(port: number, pages: { path: string; code: string }[], clients: number) {
  const times: number[] = [];
  let next = 0;
  const start = performance.now();
  await Promise.all(Array.from({ length: clients }, async () => {
    while (next < pages.length) {
      const page = pages[next++]!;
      const t0 = performance.now();
      await get(port, page.path, page.code);
      times.push(performance.now() - t0);
    }
  }));
  const seconds = (performance.now() - start) / 1000;
  return { sorted: times.sort((a, b) => a - b), rps: pages.length / seconds };
}

async function main() {
  const url = process.env.BENCH_DATABASE_URL?.trim();
  if (!url) throw new Error('qr-page.bench: set BENCH_DATABASE_URL (the database lifecycle.bench.ts seeds)');
  await ensureDatabase(url, log);
  const db = createDb(url);
  let child: ChildProcess | undefined;
  try {
    await migrateToLatest(db);
    await ensureSeed(db, {});
    await seedCylinders(db, 1_000_000, log);
    await seedTrace(db, 10_000_000, log);
    const total = (await sql<{ n: number }>`select sum(count)::int as n from cylinder_status_counts`.execute(db)).rows[0]!.n;
    const secret = (await db.selectFrom('app_secrets').select('value').where('name', '=', 'qrPage').executeTakeFirstOrThrow()).value;
    // Cylinders spread over the whole table (about 1 in 60), in random order.
    const codes = (await sql<{ code: string }>`select code from cylinders tablesample system (2) order by random() limit ${COLD + SINGLE}`.execute(db)).rows.map((r) => r.code);
    if (codes.length < COLD + SINGLE) throw new Error(`only ${codes.length} cylinders sampled`);
    const pageOf = (code: string) => ({ path: `/q/${qrToken(secret, code)}`, code });

    child = fork(resolve('bench/lifecycle-servers.ts'), [], {
      execArgv: ['--import', 'tsx'], env: { ...process.env, BENCH_DATABASE_URL: url, BENCH_LIFECYCLE_SERVERS: '1' }, stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const ready = await new Promise<ServersReady>((done, fail) => {
      child!.once('message', (m) => done(m as ServersReady));
      child!.once('exit', (code) => fail(new Error(`the bench server exited (${code}) before listening`)));
    });
    const port = ready.appPort;
    const single = codes.slice(COLD).map(pageOf);
    const cold = codes.slice(0, COLD).map(pageOf);
    const hot = codes.slice(0, 50).map(pageOf);
    const burst = Array.from({ length: BURST }, (_v, i) => hot[i % hot.length]!);
    await drive(port, single.slice(0, 20), 1); // warm-up: connections, plans

    const ms = (v: number) => v.toFixed(1);
    log(`\n${total.toLocaleString('en')} cylinders; GET /q/{code}-{signature}, ${CLIENTS} keep-alive clients\n`);
    log('| run | requests | p50 ms | p99 ms | max ms | requests/s |');
    log('|---|---:|---:|---:|---:|---:|');
    const one = await drive(port, single.slice(20), 1);
    log(`| 1 client, a different cylinder each | ${single.length - 20} | ${ms(percentile(one.sorted, 50))} | ${ms(percentile(one.sorted, 99))} | ${ms(one.sorted.at(-1)!)} | ${Math.round(one.rps)} |`);
    const c = await drive(port, cold, CLIENTS);
    log(`| ${CLIENTS} clients, a different cylinder each (cold) | ${COLD} | ${ms(percentile(c.sorted, 50))} | ${ms(percentile(c.sorted, 99))} | ${ms(c.sorted.at(-1)!)} | ${Math.round(c.rps)} |`);
    const b = await drive(port, burst, CLIENTS);
    log(`| ${CLIENTS} clients, 50 cylinders over and over (cached) | ${BURST} | ${ms(percentile(b.sorted, 50))} | ${ms(percentile(b.sorted, 99))} | ${ms(b.sorted.at(-1)!)} | ${Math.round(b.rps)} |`);
    const met = percentile(c.sorted, 99) < TARGET_P99_MS;
    log(`\nTarget p99 < ${TARGET_P99_MS} ms cold at ${CLIENTS} clients: ${met ? 'met' : 'MISSED'}.`);
  } finally {
    if (child && child.exitCode === null) {
      const exited = new Promise<void>((done) => child!.once('exit', () => done()));
      child.send('stop');
      const timer = setTimeout(() => child!.kill('SIGTERM'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    agent.destroy();
    await db.destroy();
  }
}

await main();
