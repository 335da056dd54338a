/**
 * `npm run bench lifecycle`: the life-cycle scans at one million cylinders and ten million trace events.
 *
 * Three production pairs, each as a station sends them (scan, then act with a scanId), and the two
 * storage scans, which act on the scan itself, by 20 concurrent clients over keep-alive HTTP, each on a
 * cylinder of its own so no two scans ever meet on one row:
 *   fillingScan + filling (3 → 4), testScan + testResult (4 → 5), metageScan + metage (5 → 6),
 *   scanOutStock (7 → 8, each client onto an open order of its own), scanHandel (9 → 10).
 * Then the holdings of a customer holding 10,000 cylinders (page, long-out filter, per-customer count):
 * target under 100 ms.
 * Measured against the real application (buildApp, signed-in token, X-Workstation) and, in the same run,
 * against a bare Fastify + pg endpoint doing the SQL the pair needs (bench/lifecycle-servers.ts), app and
 * bare taking turns; then one client alone on each, for the unloaded service time. Prints p50/p99 per pair
 * and pairs per second, and the throughput ratio app / bare. Targets: p99 < 10 ms at 20 clients and ratio
 * ≥ 0.5; a missed target is reported, not a failure — the bench fails only when something errs.
 *
 * Uses BENCH_DATABASE_URL (created when missing), otherwise the embedded PostgreSQL under .tmp/bench-pg;
 * both keep the seeded rows between runs (bench/product-seed.ts, bench/lifecycle-seed.ts).
 */
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { cpus } from 'node:os';
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql, type Kysely } from 'kysely';
import { createDb } from '../src/server/db/database';
import type { DB } from '../src/server/db/schema';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../src/server/db/embedded';
import { migrateToLatest } from '../src/server/db/migrate';
import { ensureSeed } from '../src/server/db/seed';
import { hashPassword } from '../src/server/lib/password';
import { freePort } from '../tests/server/free-port';
import { Client, expectOk, type Envelope } from './http-client';
import { startServers, stopServers } from './servers-process';
import {
  ensureDatabase, ensureScanPool, HOLDING_CYLINDERS, POOL_STATUSES, POOL_TARE, POOL_TARGET_NET, poolCode, resetScanPool, seedTrace, type ScanPool,
} from './lifecycle-seed';
import type { StatementCounts } from './lifecycle-servers';
import { startWorkerServer, type WorkerServer } from './lifecycle-workers';
import { seedCylinders } from './product-seed';

const CYLINDERS = 1_000_000;
const TRACE_EVENTS = 10_000_000;
const CLIENTS = 20;

/**
 * The runs of each pair kind, each on cylinders of its own: the measured load (20 clients) on the app and
 * on the bare baseline, then one client alone on each, for the unloaded service time. A run's warm-up
 * pairs go first; its measured pairs come in `rounds` slices, app and bare taking turns slice by slice, so
 * a slow spell of the machine weighs on both alike.
 */
const RUNS = [
  { server: 'app', clients: CLIENTS, warmup: 400, pairs: 4000, rounds: 4 },
  // The same app with the outbox off: its triggers disabled on the bench database for these slices only (outboxTriggers).
  { server: 'appOff', clients: CLIENTS, warmup: 400, pairs: 4000, rounds: 4 },
  // The built server as `npm start` runs it, with one API process and with two (lifecycle-workers.ts).
  { server: 'w1', clients: CLIENTS, warmup: 300, pairs: 3000, rounds: 3 },
  { server: 'w2', clients: CLIENTS, warmup: 300, pairs: 3000, rounds: 3 },
  { server: 'bare', clients: CLIENTS, warmup: 400, pairs: 4000, rounds: 4 },
  { server: 'app', clients: 1, warmup: 20, pairs: 300, rounds: 1 },
  { server: 'bare', clients: 1, warmup: 20, pairs: 300, rounds: 1 },
] as const;
/** Cylinders per pair kind. */
const PER_KIND = RUNS.reduce((n, r) => n + r.warmup + r.pairs, 0);
const TARGET_P99_MS = 10;
const TARGET_RATIO = 0.5;
const BENCH_USER = { username: 'bench', password: 'Bench@12345' };

const log = (line: string) => console.info(line);

/**
 * The outbox on or off for the bench's "outbox off" slices: its two triggers (migration 0031) enabled or disabled on the
 * bench database, between slices (ALTER TABLE waits for no scan then). Off, a scan's transaction writes no outbox row and
 * notifies nobody; the sequencer and the webhook engine stay as they are and find nothing to do.
 */
async function outboxTriggers(db: Kysely<DB>, on: boolean): Promise<void> {
  const how = on ? sql`enable` : sql`disable`;
  await sql`alter table cylinder_traces ${how} trigger outbox_trace`.execute(db);
  await sql`alter table cylinders ${how} trigger outbox_cylinder_updated`.execute(db);
}

/* ---------------------------------------------------------------- the pairs */

type Kind = 'fill' | 'test' | 'metage' | 'outscan' | 'recover';
/** Each kind's cylinders start in the status of its place in POOL_STATUSES (offset). */
const KINDS: Array<{ kind: Kind; name: string; offset: number; toStatus: number }> = [
  { kind: 'fill', name: 'fillingScan + filling', offset: 0, toStatus: 4 },
  { kind: 'test', name: 'testScan + testResult', offset: 1, toStatus: 5 },
  { kind: 'metage', name: 'metageScan + metage', offset: 2, toStatus: 6 },
  { kind: 'outscan', name: 'scanOutStock', offset: 3, toStatus: 8 },
  { kind: 'recover', name: 'scanHandel', offset: 4, toStatus: 10 },
];
if (KINDS.length !== POOL_STATUSES.length) throw new Error('one pool status per kind');
/** BENCH_KINDS=fill,test: only those pair kinds (a quicker look at one). */
const WANTED = process.env.BENCH_KINDS?.split(',').map((k) => k.trim()).filter(Boolean);

/** One pair on one cylinder by client `client`; throws with the answer when a call is refused or answers unexpectedly. */
type Pair = (code: string, client: number) => Promise<void>;

interface Preview { allowed: boolean; reasons: string[] }
interface Result { toStatus: number; repeated: boolean }

function appPair(client: Client, kind: Kind, pool: ScanPool): Pair {
  const act = (what: string, code: string, toStatus: number, r: { status: number; body: Envelope<Result> }) => {
    const data = expectOk(what, code, r);
    if (data.repeated || data.toStatus !== toStatus) throw new Error(`${what} ${code}: ${JSON.stringify(data)}`);
  };
  const scan = (what: string, code: string, r: { status: number; body: Envelope<Preview> }) => {
    const data = expectOk(what, code, r);
    if (!data.allowed) throw new Error(`${what} ${code}: refused: ${data.reasons.join('; ')}`);
  };
  const grossWeight = POOL_TARE + POOL_TARGET_NET + 0.1;
  switch (kind) {
    case 'fill':
      return async (code) => {
        scan('fillingScan', code, await client.post<Preview>('/api/produce/fillingScan', { code, materialId: pool.materialId }));
        act('filling', code, 4, await client.post<Result>('/api/produce/filling', {
          code, scanId: randomUUID(), materialId: pool.materialId, lotNo: 'BENCH-LOT', filledWeight: POOL_TARGET_NET, source: 'scale',
        }));
      };
    case 'test':
      return async (code) => {
        scan('testScan', code, await client.post<Preview>('/api/produce/testScan', { code }));
        act('testResult', code, 5, await client.post<Result>('/api/produce/testResult', {
          code, scanId: randomUUID(), items: pool.projects.map((p) => ({ projectId: p.id, value: p.value })),
        }));
      };
    case 'metage':
      return async (code) => {
        scan('metageScan', code, await client.post<Preview>('/api/produce/metageScan', { code }));
        act('metage', code, 6, await client.post<Result>('/api/produce/metage', { code, scanId: randomUUID(), grossWeight, source: 'scale', scale: 'BENCH' }));
      };
    case 'outscan':
      return async (code, n) => {
        act('scanOutStock', code, 8, await client.post<Result>('/api/storageOrder/scanOutStock', { orderId: pool.orderIds[n]!, code, scanId: randomUUID() }));
      };
    case 'recover':
      return async (code) => {
        act('scanHandel', code, 10, await client.post<Result>('/api/storageOrder/scanHandel', { code, scanId: randomUUID(), customerId: pool.customerId }));
      };
  }
}

function barePair(client: Client, kind: Kind, pool: ScanPool): Pair {
  const grossWeight = POOL_TARE + POOL_TARGET_NET + 0.1;
  const items = pool.projects.map((p) => ({ projectId: p.id, value: p.value, passed: true }));
  if (kind === 'outscan' || kind === 'recover') {
    return async (code, n) => {
      expectOk(`bare ${kind}`, code, await client.post(`/bare/${kind}`, { code, scanId: randomUUID(), orderId: pool.orderIds[n], customerId: pool.customerId }));
    };
  }
  return async (code) => {
    const found = expectOk('bare scan', code, await client.post<Preview | null>(`/bare/scan/${kind}`, { code, materialId: pool.materialId }));
    if (!found) throw new Error(`bare scan ${code}: not found`);
    if (!found.allowed) throw new Error(`bare scan ${code}: refused: ${found.reasons.join('; ')}`);
    expectOk(`bare ${kind}`, code, await client.post(`/bare/${kind}`, { code, scanId: randomUUID(), materialId: pool.materialId, items, grossWeight }));
  };
}

/* ---------------------------------------------------------------- the load */

interface Sample { times: number[]; seconds: number }
interface Figures { pairs: number; p50: number; p99: number; max: number; perSecond: number; seconds: number; statements?: number }

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/** `codes.length` pairs by `clients` concurrent clients, each taking the next cylinder; the latency of each pair. */
async function drive(pair: Pair, codes: string[], clients: number): Promise<Sample> {
  const times: number[] = [];
  let next = 0;
  const started = performance.now();
  const client = async (n: number) => {
    while (next < codes.length) {
      const code = codes[next++]!;
      const t0 = performance.now();
      await pair(code, n);
      times.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: clients }, (_v, n) => client(n)));
  return { times, seconds: (performance.now() - started) / 1000 };
}

/** Latency percentiles over all pairs of the slices; throughput as all their pairs over all their time. */
function figures(samples: Sample[]): Figures {
  const times = samples.flatMap((s) => s.times).sort((a, b) => a - b);
  const seconds = samples.reduce((n, s) => n + s.seconds, 0);
  return { pairs: times.length, p50: percentile(times, 50), p99: percentile(times, 99), max: times.at(-1)!, perSecond: times.length / seconds, seconds };
}

/** The codes of run `run` of the pair kind at `offset`: warm-up ones first, then the measured ones. */
function codesFor(offset: number, run: number): { warmup: string[]; measured: string[] } {
  const r = RUNS[run]!;
  const first = offset * PER_KIND + RUNS.slice(0, run).reduce((n, x) => n + x.warmup + x.pairs, 0) + 1;
  const all = Array.from({ length: r.warmup + r.pairs }, (_v, i) => poolCode(first + i));
  return { warmup: all.slice(0, r.warmup), measured: all.slice(r.warmup) };
}

/* ---------------------------------------------------------------- set-up */

/** The statements each side has sent to PostgreSQL so far (counted in the servers' process). */
function statementCounts(child: ChildProcess): Promise<StatementCounts> {
  return new Promise((done) => {
    const listener = (message: unknown) => {
      const counts = (message as { statements?: StatementCounts }).statements;
      if (!counts) return;
      child.off('message', listener);
      done({ ...counts });
    };
    child.on('message', listener);
    child.send('statements');
  });
}

const ms = (v: number) => v.toFixed(1).padStart(8);

const HOLDINGS_TARGET_MS = 100;
const HOLDINGS_REPEATS = 100;

/**
 * The holdings queries of the stock screen for the customer holding HOLDING_CYLINDERS cylinders, one
 * client, each asked HOLDINGS_REPEATS times after a warm-up; returns how many missed the target.
 */
async function holdings(app: Client, pool: ScanPool): Promise<number> {
  const customerId = pool.holdingCustomerId;
  const queries: Array<{ name: string; path: string; body: Record<string, unknown>; total: (data: { total: number }) => boolean }> = [
    { name: 'holdings, first page (oldest first)', path: '/api/stock/holdings', body: { customerId, page: 1, size: 15 }, total: (d) => d.total === HOLDING_CYLINDERS },
    { name: 'holdings, last page', path: '/api/stock/holdings', body: { customerId, page: Math.ceil(HOLDING_CYLINDERS / 50), size: 50 }, total: (d) => d.total === HOLDING_CYLINDERS },
    { name: 'holdings out > 90 days', path: '/api/stock/holdings', body: { customerId, overDays: 90, page: 1, size: 15 }, total: (d) => d.total > 0 && d.total < HOLDING_CYLINDERS },
    { name: 'customer holdings (count, overdue)', path: '/api/stock/customerHoldings', body: { customerId, page: 1, size: 15 }, total: (d) => d.total === 1 },
  ];
  log(`\nHoldings of a customer holding ${HOLDING_CYLINDERS.toLocaleString('en')} cylinders, 1 client, ${HOLDINGS_REPEATS} requests each (target < ${HOLDINGS_TARGET_MS} ms):`);
  let misses = 0;
  for (const q of queries) {
    const times: number[] = [];
    for (let i = 0; i < HOLDINGS_REPEATS + 5; i += 1) {
      const t0 = performance.now();
      const data = expectOk(q.name, String(customerId), await app.post<{ total: number }>(q.path, q.body));
      if (i >= 5) times.push(performance.now() - t0);
      if (!q.total(data)) throw new Error(`${q.name}: unexpected total ${data.total}`);
    }
    times.sort((a, b) => a - b);
    const p99 = percentile(times, 99);
    if (p99 >= HOLDINGS_TARGET_MS) misses += 1;
    log(`  ${q.name.padEnd(38)} p50 ${ms(percentile(times, 50))} ms   p99 ${ms(p99)} ms   ${p99 < HOLDINGS_TARGET_MS ? 'met' : 'MISSED'}`);
  }
  return misses;
}

async function main() {
  let embedded: EmbeddedPostgres | undefined;
  let url = process.env.BENCH_DATABASE_URL?.trim();
  if (url) {
    await ensureDatabase(url, log);
  } else {
    embedded = await startEmbeddedPostgres({ dataDir: resolve('.tmp/bench-pg'), port: await freePort(), log: (l) => console.info(`[bench-pg] ${l}`) });
    url = embedded.connectionString;
  }
  const db = createDb(url);
  let servers: ChildProcess | undefined;
  const workerServers: WorkerServer[] = [];
  const clients: Client[] = [];
  try {
    await migrateToLatest(db);
    await ensureSeed(db, {});
    // A user of its own with the admin role (every key), its password set here.
    const passwordHash = await hashPassword(BENCH_USER.password);
    // With a valid filling-operator certificate for every gas category (充装人员须持有效作业证, issue 34, is on for a new plant).
    const cert = { filler_cert_no: 'BENCH-CERT', filler_cert_expiry: '2099-12-31', filler_cert_categories: ['compressed', 'liquefied', 'dissolved', 'mixture', 'cryogenic'] };
    await db.insertInto('users').values({ username: BENCH_USER.username, name: '基准用户', password_hash: passwordHash, dept_id: null, ...cert })
      .onConflict((oc) => oc.column('username').doUpdateSet({ password_hash: passwordHash, status: 1, ...cert })).execute();
    await sql`insert into user_roles (user_id, role_id)
      select u.id, r.id from users u, roles r where u.username = ${BENCH_USER.username} and r.role_code = 'admin'
      on conflict do nothing`.execute(db);

    await seedCylinders(db, CYLINDERS, log);
    const pool = await ensureScanPool(db, PER_KIND, log);
    await seedTrace(db, TRACE_EVENTS, log);
    await resetScanPool(db, pool, log);
    const counts = (await sql<{ cylinders: number; events: number }>`
      select (select sum(count) from cylinder_status_counts)::int as cylinders, (select count(*) from cylinder_traces)::int as events`.execute(db)).rows[0]!;

    const { child, ready } = await startServers(url);
    servers = child;
    const login = new Client(ready.appPort);
    clients.push(login);
    const token = expectOk('login', BENCH_USER.username, await login.post<{ token: string }>('/api/home/login', BENCH_USER)).token;
    const app = new Client(ready.appPort, { authorization: `Bearer ${token}`, 'x-workstation': encodeURIComponent('基准工位') });
    const bare = new Client(ready.barePort);
    clients.push(app, bare);
    for (const n of [1, 2]) workerServers.push(await startWorkerServer(url, n));
    const byWorkers = await Promise.all(workerServers.map(async (w) => {
      const signIn = new Client(w.port);
      clients.push(signIn);
      const t = expectOk('login', BENCH_USER.username, await signIn.post<{ token: string }>('/api/home/login', BENCH_USER)).token;
      const c = new Client(w.port, { authorization: `Bearer ${t}`, 'x-workstation': encodeURIComponent('基准工位') });
      clients.push(c);
      return c;
    }));

    log(`\n${counts.cylinders.toLocaleString('en')} cylinders, ${counts.events.toLocaleString('en')} trace events; keep-alive HTTP, `
      + `each pair on a cylinder of its own; per pair kind: ${RUNS.map((r) => `${r.server} × ${r.clients} client(s) ${r.pairs} pairs after ${r.warmup}`).join(', ')}\n`);
    const rows: Array<{ name: string; server: string; clients: number; f: Figures }> = [];
    const verdicts: Array<{ name: string; ratio: number; p99: number; ratioOff: number; p99Off: number }> = [];
    for (const k of KINDS.filter((kind) => !WANTED?.length || WANTED.includes(kind.kind))) {
      const pairs = {
        app: appPair(app, k.kind, pool), appOff: appPair(app, k.kind, pool), bare: barePair(bare, k.kind, pool), w1: appPair(byWorkers[0]!, k.kind, pool), w2: appPair(byWorkers[1]!, k.kind, pool),
      };
      const runs = RUNS.map((r, i) => ({ ...r, codes: codesFor(k.offset, i), samples: [] as Sample[], statements: 0 }));
      for (const clients of [...new Set(RUNS.map((r) => r.clients))]) {
        const group = runs.filter((r) => r.clients === clients);
        for (const r of group) {
          if (r.server === 'appOff') await outboxTriggers(db, false);
          await drive(pairs[r.server], r.codes.warmup, r.clients);
          if (r.server === 'appOff') await outboxTriggers(db, true);
        }
        for (let round = 0; round < Math.max(...group.map((r) => r.rounds)); round += 1) {
          for (const r of group.filter((x) => round < x.rounds)) {
            const size = Math.ceil(r.pairs / r.rounds);
            const counted = r.server === 'app' || r.server === 'appOff' ? 'app' : r.server === 'bare' ? 'bare' : null;
            if (r.server === 'appOff') await outboxTriggers(db, false);
            const before = await statementCounts(child);
            r.samples.push(await drive(pairs[r.server], r.codes.measured.slice(round * size, (round + 1) * size), r.clients));
            if (counted) r.statements += (await statementCounts(child))[counted] - before[counted];
            if (r.server === 'appOff') await outboxTriggers(db, true);
          }
        }
        for (const r of group) {
          const f = { ...figures(r.samples), statements: r.server === 'app' || r.server === 'appOff' || r.server === 'bare' ? r.statements / r.pairs : undefined };
          rows.push({ name: k.name, server: r.server, clients: r.clients, f });
          log(`  ${k.name}, ${r.server}, ${r.clients} client(s): ${f.pairs} pairs in ${f.seconds.toFixed(1)} s`);
        }
      }
      const loaded = (server: string) => rows.find((r) => r.name === k.name && r.server === server && r.clients === CLIENTS)!.f;
      verdicts.push({
        name: k.name, ratio: loaded('app').perSecond / loaded('bare').perSecond, p99: loaded('app').p99,
        ratioOff: loaded('appOff').perSecond / loaded('bare').perSecond, p99Off: loaded('appOff').p99,
      });
    }

    const width = Math.max(...rows.map((r) => r.name.length));
    log(`\n${'pair'.padEnd(width)}  server  clients   p50 ms   p99 ms   max ms   pairs/s  statements/pair`);
    for (const r of rows) {
      log(`${r.name.padEnd(width)}  ${r.server.padEnd(6)} ${String(r.clients).padStart(8)} ${ms(r.f.p50)} ${ms(r.f.p99)} ${ms(r.f.max)} ${r.f.perSecond.toFixed(0).padStart(9)} ${(r.f.statements?.toFixed(1) ?? '—').padStart(16)}`);
    }
    log(`\nTargets at ${CLIENTS} clients:`);
    log(`${'pair'.padEnd(width)}  app p99 < ${TARGET_P99_MS} ms   throughput app/bare ≥ ${TARGET_RATIO}`);
    for (const r of verdicts) {
      const p99 = `${r.p99.toFixed(1)} ms ${r.p99 < TARGET_P99_MS ? 'met' : 'MISSED'}`;
      log(`${r.name.padEnd(width)}  ${p99.padEnd(19)} ${r.ratio.toFixed(2)} ${r.ratio >= TARGET_RATIO ? 'met' : 'MISSED'}`);
    }
    log(`\nThe outbox's cost (issue 35: app/bare stays ≥ ${TARGET_RATIO} with it on), ${CLIENTS} clients:`);
    log(`${'pair'.padEnd(width)}  app/bare outbox on   outbox off   on/off   p99 on / off ms`);
    for (const r of verdicts) {
      log(`${r.name.padEnd(width)}  ${`${r.ratio.toFixed(2)} ${r.ratio >= TARGET_RATIO ? 'met' : 'MISSED'}`.padEnd(19)} ${r.ratioOff.toFixed(2).padStart(10)}   ${(r.ratio / r.ratioOff).toFixed(2).padStart(6)}   ${r.p99.toFixed(1)} / ${r.p99Off.toFixed(1)}`);
    }
    log(`\nThe built server, WORKERS=1 against WORKERS=2, ${CLIENTS} clients (${cpus().length} cores, PostgreSQL on the same machine):`);
    log(`${'pair'.padEnd(width)}  1 worker pairs/s  p99 ms   2 workers pairs/s  p99 ms   gain`);
    for (const k of KINDS) {
      const one = rows.find((r) => r.name === k.name && r.server === 'w1')?.f;
      const two = rows.find((r) => r.name === k.name && r.server === 'w2')?.f;
      if (!one || !two) continue;
      log(`${k.name.padEnd(width)}  ${one.perSecond.toFixed(0).padStart(16)} ${ms(one.p99)}   ${two.perSecond.toFixed(0).padStart(17)} ${ms(two.p99)}   ${(two.perSecond / one.perSecond).toFixed(2)}×`);
    }
    const holdingMisses = await holdings(app, pool);
    const missed = verdicts.filter((r) => r.p99 >= TARGET_P99_MS || r.ratio < TARGET_RATIO).length + holdingMisses;
    log(missed ? `\n${missed} figure(s) missed a target (reported only; the bench fails on errors)` : '\nAll targets met');
  } finally {
    // Never left off: the bench database's outbox triggers on again whatever happened.
    await outboxTriggers(db, true).catch((e: unknown) => log(`could not re-enable the outbox triggers: ${(e as Error).message}`));
    for (const c of clients) c.close();
    if (servers) await stopServers(servers);
    for (const w of workerServers) await w.stop();
    await db.destroy();
    await embedded?.stop();
  }
}

await main();
