/**
 * `npm run bench integration`: the outbox and webhooks under load (issue 35, docs/INTEGRATION.md).
 *
 * The real application (buildApp in a child process, bench/lifecycle-servers.ts: its outbox sequencer and webhook
 * engine run as the server runs them) on the lifecycle bench's database, and a receiver in this process: a plain
 * node:http server on 127.0.0.1 that verifies every request's Standard Webhooks signature with the `standardwebhooks`
 * package, as a real receiver would, and answers 204. Three parts, each with an endpoint of its own subscribed to
 * every event ('*'), the others disabled:
 *  1. throughput: THROUGHPUT_EVENTS trace events inserted in transactions of 500 (the outbox trigger writes one outbox
 *     row each, as for a scan), as fast as they go; delivered events per second, from the first insert to the last
 *     event received. Target ≥ 500/s.
 *  2. lag: 20 clients doing fillingScan + filling pairs against the app (as the lifecycle bench's fill pairs); for
 *     each fill, from the act's answer (its transaction committed) to the receiver's 2xx, and from the act's sending
 *     (before its commit: an upper bound). Target p95 < 2 s (checked on the upper bound).
 *  3. backlog: the receiver down a week at a large plant, BACKLOG events waiting: the endpoint's cursor BACKLOG numbers
 *     behind the outbox's last, failing since a week, its next retry now (the receiver is up). Target: back to live
 *     (cursor at the last number) in under 10 minutes; prints events/s and the elapsed time.
 * The backlog is seeded once (see seedBacklog) and reused: each run sets the endpoint's cursor back by BACKLOG.
 * A missed target is reported, not a failure; the bench fails only when something errs.
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql, type Kysely } from 'kysely';
import { Webhook } from 'standardwebhooks';
import { createDb } from '../src/server/db/database';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../src/server/db/embedded';
import { migrateToLatest } from '../src/server/db/migrate';
import type { DB } from '../src/server/db/schema';
import { ensureSeed } from '../src/server/db/seed';
import { hashPassword } from '../src/server/lib/password';
import { numberBatch } from '../src/server/modules/integration/outbox.repository';
import { freePort } from '../tests/server/free-port';
import { Client, expectOk } from './http-client';
import { startServers, stopServers } from './servers-process';
import { ensureDatabase, ensureScanPool, poolCode, POOL_TARGET_NET, resetScanPool, type ScanPool } from './lifecycle-seed';
import { seedCylinders } from './product-seed';

const CYLINDERS = 1_000_000;
const BACKLOG = Number(process.env.BENCH_BACKLOG ?? 1_000_000);
const THROUGHPUT_EVENTS = 40_000;
const CLIENTS = 20;
const LAG_WARMUP = 200;
const LAG_PAIRS = 3000;
/** Pool cylinders per kind (lifecycle-seed.ts): the fill pairs take codes 1…LAG_WARMUP + LAG_PAIRS (received, 3). */
const PER_KIND = LAG_WARMUP + LAG_PAIRS;
const TARGET_PER_SECOND = 500;
const TARGET_LAG_P95_MS = 2000;
const TARGET_BACKLOG_S = 600;
const BENCH_USER = { username: 'bench', password: 'Bench@12345' };
const ENDPOINT_PATH = '/bench-integration';

const log = (line: string) => console.info(line);
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/* ---------------------------------------------------------------- the receiver */

interface Received { seq: number; type: string; cylinder: { code: string } }

/** A receiver as a customer would write one: verifies the signature (rejects with 401 otherwise), answers 204. */
class Receiver {
  readonly server: Server;
  events = 0;
  requests = 0;
  rejected = 0;
  lastAt = 0;
  /** Called with each verified request's events and the time it is answered. */
  onEvents: (events: Received[], at: number) => void = () => undefined;
  private readonly verifiers = new Map<string, Webhook>();

  constructor() {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        let events: Received[];
        try {
          const verifier = this.verifiers.get(req.url ?? '');
          if (!verifier) throw new Error(`no endpoint ${req.url}`);
          const payload = verifier.verify(body, headersOf(req)) as { schema: string; events?: Received[] } & Received;
          events = payload.events ?? [payload];
        } catch {
          this.rejected += 1;
          res.writeHead(401).end();
          return;
        }
        this.requests += 1;
        this.events += events.length;
        const at = performance.now();
        this.lastAt = at;
        this.onEvents(events, at);
        res.writeHead(204).end();
      });
    });
    this.server.keepAliveTimeout = 5000;
  }

  endpoint(path: string, secret: string) {
    this.verifiers.set(path, new Webhook(secret));
  }

  async listen(): Promise<number> {
    await new Promise<void>((done) => this.server.listen(0, '127.0.0.1', done));
    const address = this.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    return address.port;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((done) => this.server.close(() => done()));
  }
}

function headersOf(req: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') out[k] = v;
  return out;
}

/* ---------------------------------------------------------------- database helpers */

const lastSeqOf = async (db: Kysely<DB>) => Number((await sql<{ s: string }>`select last_seq as s from outbox_state where id = 1`.execute(db)).rows[0]!.s);

/** Until the app's sequencer has numbered every committed outbox row. */
async function numbered(db: Kysely<DB>): Promise<number> {
  for (;;) {
    const waiting = (await sql<{ n: number }>`select count(*)::int as n from outbox_events where seq is null`.execute(db)).rows[0]!.n;
    if (waiting === 0) return lastSeqOf(db);
    await sleep(200);
  }
}

/**
 * The backlog, seeded once: BACKLOG trace events on the first BACKLOG / 10 cylinders of product-seed.ts (ten each, after
 * their own), inserted set-based with generate_series into cylinder_traces in a normal session, so the outbox trigger
 * writes each outbox row exactly as it does for a scan (the same function composes the body; no hand-made copy of the
 * shape to drift from it), then numbered with the sequencer's own numberBatch. The events carry no record (action
 * 'benchBacklog'): their bodies are those of a record-less event, about 2/3 of a fill's.
 */
async function seedBacklog(db: Kysely<DB>, pool: ScanPool): Promise<void> {
  await sql`create table if not exists bench_integration_seed (events bigint not null)`.execute(db);
  const have = Number((await sql<{ n: string }>`select coalesce(sum(events), 0) as n from bench_integration_seed`.execute(db)).rows[0]!.n);
  if (have >= BACKLOG) {
    log(`Backlog already seeded: ${have.toLocaleString('en')} events`);
    return;
  }
  const started = Date.now();
  const cylinders = Math.ceil((BACKLOG - have) / 10);
  const chunk = 10_000;
  log(`Seeding the backlog: ${(BACKLOG - have).toLocaleString('en')} trace events through the outbox trigger (once; kept in the bench database)…`);
  const ids = (await sql<{ id: number }>`select id from cylinders where material_id <> ${pool.materialId} order by id offset ${have / 10} limit ${cylinders}`.execute(db)).rows.map((r) => r.id);
  for (let i = 0; i < ids.length; i += chunk) {
    const part = ids.slice(i, i + chunk);
    await db.transaction().execute(async (trx) => {
      await sql`set local synchronous_commit = off`.execute(trx);
      await sql`insert into cylinder_traces (cylinder_id, seq, from_status, to_status, action, operator, workstation)
        select c.id, coalesce((select max(t.seq) from cylinder_traces t where t.cylinder_id = c.id), 0) + k, c.status, c.status,
          'benchBacklog', '基准操作员', 'BENCH'
        from cylinders c cross join generate_series(1, 10) k
        where c.id = any(${part}::int[])
        order by c.id, k`.execute(trx);
      await sql`insert into bench_integration_seed (events) values (${part.length * 10})`.execute(trx);
    });
    log(`  +${(part.length * 10).toLocaleString('en')} events (${Math.round((100 * (i + part.length)) / ids.length)} %, ${((Date.now() - started) / 1000).toFixed(0)} s)`);
  }
  for (;;) {
    const done = await numberBatch(db, 100_000);
    if (!done || done.numbered < 100_000) break;
  }
  log(`Backlog seeded and numbered in ${((Date.now() - started) / 1000).toFixed(1)} s; VACUUM ANALYZE…`);
  await sql`vacuum analyze outbox_events`.execute(db);
  await sql`vacuum analyze cylinder_traces`.execute(db);
}

/** The bench's endpoint at `path`, made again (its delivery log with it), disabled, cursor at `cursor`. */
async function endpoint(db: Kysely<DB>, port: number, path: string, receiver: Receiver, cursor: number): Promise<number> {
  const secret = `whsec_${randomBytes(32).toString('base64')}`;
  const url = `http://127.0.0.1:${port}${path}`;
  receiver.endpoint(path, secret);
  const row = await db.insertInto('webhook_endpoints').values({ url, events: ['*'], secret, enabled: false, cursor, created_by: 'bench' })
    .returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/* ---------------------------------------------------------------- child process (the app) */

/* ---------------------------------------------------------------- the parts */

async function throughput(db: Kysely<DB>, receiver: Receiver, id: number, pool: ScanPool): Promise<number> {
  const from = await numbered(db);
  await db.updateTable('webhook_endpoints').set({ enabled: true, cursor: from }).where('id', '=', id).execute();
  const startEvents = receiver.events;
  // Product cylinders after the backlog's, 500 a transaction, each one trace event (the trigger writes its outbox row).
  const ids = (await sql<{ id: number }>`select id from cylinders where material_id <> ${pool.materialId} order by id desc limit ${THROUGHPUT_EVENTS}`.execute(db)).rows.map((r) => r.id);
  const t0 = performance.now();
  for (let i = 0; i < ids.length; i += 500) {
    await sql`insert into cylinder_traces (cylinder_id, seq, from_status, to_status, action, operator, workstation)
      select c.id, coalesce((select max(t.seq) from cylinder_traces t where t.cylinder_id = c.id), 0) + 1, c.status, c.status,
        'benchLoad', '基准操作员', 'BENCH'
      from cylinders c where c.id = any(${ids.slice(i, i + 500)}::int[])`.execute(db);
  }
  const produced = (performance.now() - t0) / 1000;
  const deadline = Date.now() + 300_000;
  while (receiver.events - startEvents < ids.length && Date.now() < deadline) await sleep(50);
  const got = receiver.events - startEvents;
  const seconds = (receiver.lastAt - t0) / 1000;
  await db.updateTable('webhook_endpoints').set({ enabled: false }).where('id', '=', id).execute();
  const rate = got / seconds;
  log(`\n1. Throughput: ${ids.length.toLocaleString('en')} trace events committed in ${produced.toFixed(1)} s (${(ids.length / produced).toFixed(0)}/s offered); `
    + `${got.toLocaleString('en')} received and verified in ${seconds.toFixed(1)} s from the first insert: ${rate.toFixed(0)} events/s `
    + `(target ≥ ${TARGET_PER_SECOND}/s: ${rate >= TARGET_PER_SECOND ? 'met' : 'MISSED'})`);
  return rate >= TARGET_PER_SECOND && got === ids.length ? 0 : 1;
}

async function lag(db: Kysely<DB>, receiver: Receiver, id: number, port: number, pool: ScanPool): Promise<number> {
  const signIn = new Client(port);
  const token = expectOk('login', BENCH_USER.username, await signIn.post<{ token: string }>('/api/home/login', BENCH_USER)).token;
  signIn.close();
  const app = new Client(port, { authorization: `Bearer ${token}`, 'x-workstation': encodeURIComponent('基准工位') });
  const sent = new Map<string, { t0: number; t1: number }>();
  const seen = new Map<string, number>();
  receiver.onEvents = (events, at) => {
    for (const e of events) if (e.type === 'trace.fill' && !seen.has(e.cylinder.code)) seen.set(e.cylinder.code, at);
  };
  const from = await numbered(db);
  await db.updateTable('webhook_endpoints').set({ enabled: true, cursor: from }).where('id', '=', id).execute();
  const pair = async (code: string) => {
    const preview = expectOk('fillingScan', code, await app.post<{ allowed: boolean; reasons: string[] }>('/api/produce/fillingScan', { code, materialId: pool.materialId }));
    if (!preview.allowed) throw new Error(`fillingScan ${code}: refused: ${preview.reasons.join('; ')}`);
    const t0 = performance.now();
    const r = expectOk('filling', code, await app.post<{ toStatus: number }>('/api/produce/filling', {
      code, scanId: randomUUID(), materialId: pool.materialId, lotNo: 'BENCH-LOT', filledWeight: POOL_TARGET_NET, source: 'scale',
    }));
    if (r.toStatus !== 4) throw new Error(`filling ${code}: ${JSON.stringify(r)}`);
    sent.set(code, { t0, t1: performance.now() });
  };
  const codes = Array.from({ length: LAG_WARMUP + LAG_PAIRS }, (_v, i) => poolCode(i + 1));
  let next = 0;
  const started = performance.now();
  await Promise.all(Array.from({ length: CLIENTS }, async () => {
    while (next < codes.length) await pair(codes[next++]!);
  }));
  const seconds = (performance.now() - started) / 1000;
  const deadline = Date.now() + 120_000;
  while (seen.size < codes.length && Date.now() < deadline) await sleep(50);
  receiver.onEvents = () => undefined;
  app.close();
  await db.updateTable('webhook_endpoints').set({ enabled: false }).where('id', '=', id).execute();
  const measured = codes.slice(LAG_WARMUP);
  const fromAnswer = measured.map((c) => (seen.get(c) ?? Infinity) - sent.get(c)!.t1).sort((a, b) => a - b);
  const fromSend = measured.map((c) => (seen.get(c) ?? Infinity) - sent.get(c)!.t0).sort((a, b) => a - b);
  const missing = measured.filter((c) => !seen.has(c)).length;
  const p95 = percentile(fromSend, 95);
  const f = (v: number) => `${v.toFixed(0)} ms`;
  log(`\n2. Lag under scan load: ${codes.length.toLocaleString('en')} fillingScan + filling pairs by ${CLIENTS} clients in ${seconds.toFixed(1)} s `
    + `(${(codes.length / seconds).toFixed(0)} pairs/s), the first ${LAG_WARMUP} not counted${missing ? `; ${missing} fill events never arrived` : ''}`);
  log(`   act's answer → receiver's 2xx:  p50 ${f(percentile(fromAnswer, 50))}   p95 ${f(percentile(fromAnswer, 95))}   p99 ${f(percentile(fromAnswer, 99))}   max ${f(fromAnswer.at(-1)!)}`);
  log(`   act sent (upper bound) → 2xx:    p50 ${f(percentile(fromSend, 50))}   p95 ${f(p95)}   p99 ${f(percentile(fromSend, 99))}   max ${f(fromSend.at(-1)!)}`
    + `   (target p95 < ${TARGET_LAG_P95_MS} ms: ${p95 < TARGET_LAG_P95_MS ? 'met' : 'MISSED'})`);
  return p95 < TARGET_LAG_P95_MS && missing === 0 ? 0 : 1;
}

async function backlog(db: Kysely<DB>, receiver: Receiver, id: number): Promise<number> {
  const last = await numbered(db);
  const cursor = Math.max(0, last - BACKLOG);
  const waiting = last - cursor;
  const startEvents = receiver.events;
  const startRequests = receiver.requests;
  // A week down: failing since, many attempts; its next retry now, and the receiver is up.
  await sql`update webhook_endpoints set enabled = true, cursor = ${cursor}, state = 'failing', attempts = 40,
      failing_since = now() - interval '7 days', next_attempt_at = now(), last_error = 'connect ECONNREFUSED'
    where id = ${id}`.execute(db);
  const t0 = performance.now();
  let shown = t0;
  const deadline = t0 + 2 * TARGET_BACKLOG_S * 1000;
  let at = cursor;
  for (;;) {
    const row = await db.selectFrom('webhook_endpoints').select(['cursor', 'state']).where('id', '=', id).executeTakeFirstOrThrow();
    at = Number(row.cursor);
    if (at >= last || performance.now() > deadline) break;
    if (performance.now() - shown > 30_000) {
      shown = performance.now();
      const s = (shown - t0) / 1000;
      log(`   … ${(at - cursor).toLocaleString('en')} of ${waiting.toLocaleString('en')} after ${s.toFixed(0)} s (${((at - cursor) / s).toFixed(0)}/s)`);
    }
    await sleep(250);
  }
  const seconds = (performance.now() - t0) / 1000;
  const first = await db.selectFrom('webhook_deliveries').select((eb) => eb.fn.min('sent_at').as('at')).where('endpoint_id', '=', id).executeTakeFirst();
  await db.updateTable('webhook_endpoints').set({ enabled: false }).where('id', '=', id).execute();
  const got = receiver.events - startEvents;
  const live = at >= last;
  log(`\n3. Backlog: ${waiting.toLocaleString('en')} events waiting (the receiver down a week); ${live ? 'back to live' : 'NOT back to live'} after ${seconds.toFixed(1)} s: `
    + `${got.toLocaleString('en')} events in ${(receiver.requests - startRequests).toLocaleString('en')} requests received and verified, ${(got / seconds).toFixed(0)} events/s `
    + `(first request ${first?.at ? `${((new Date(first.at).getTime() - Date.now()) / 1000 + seconds).toFixed(1)} s after the retry came due` : 'none'}; `
    + `target < ${TARGET_BACKLOG_S} s: ${live && seconds < TARGET_BACKLOG_S ? 'met' : 'MISSED'})`);
  return live && seconds < TARGET_BACKLOG_S ? 0 : 1;
}

/* ---------------------------------------------------------------- main */

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
  const receiver = new Receiver();
  let servers: ChildProcess | undefined;
  try {
    await migrateToLatest(db);
    await ensureSeed(db, {});
    const passwordHash = await hashPassword(BENCH_USER.password);
    const cert = { filler_cert_no: 'BENCH-CERT', filler_cert_expiry: '2099-12-31', filler_cert_categories: ['compressed', 'liquefied', 'dissolved', 'mixture', 'cryogenic'] };
    await db.insertInto('users').values({ username: BENCH_USER.username, name: '基准用户', password_hash: passwordHash, dept_id: null, ...cert })
      .onConflict((oc) => oc.column('username').doUpdateSet({ password_hash: passwordHash, status: 1, ...cert })).execute();
    await sql`insert into user_roles (user_id, role_id)
      select u.id, r.id from users u, roles r where u.username = ${BENCH_USER.username} and r.role_code = 'admin'
      on conflict do nothing`.execute(db);
    await seedCylinders(db, CYLINDERS, log);
    const pool = await ensureScanPool(db, PER_KIND, log);
    await seedBacklog(db, pool);
    await resetScanPool(db, pool, log);
    // Earlier runs' endpoints (and their delivery logs) go; the other endpoints of the database are left alone but disabled meanwhile.
    await sql`delete from webhook_endpoints where url like ${`http://127.0.0.1:%${ENDPOINT_PATH}%`}`.execute(db);
    const others = (await sql<{ id: number }>`update webhook_endpoints set enabled = false where enabled returning id`.execute(db)).rows.map((r) => r.id);

    const port = await receiver.listen();
    const { child, ready } = await startServers(url);
    servers = child;
    const last = await numbered(db);
    log(`\nOutbox: ${last.toLocaleString('en')} events numbered; receiver on 127.0.0.1:${port} (standardwebhooks verification, 204)`);
    const ids = {
      throughput: await endpoint(db, port, `${ENDPOINT_PATH}/throughput`, receiver, last),
      lag: await endpoint(db, port, `${ENDPOINT_PATH}/lag`, receiver, last),
      backlog: await endpoint(db, port, `${ENDPOINT_PATH}/backlog`, receiver, last),
    };
    let missed = 0;
    missed += await throughput(db, receiver, ids.throughput, pool);
    missed += await lag(db, receiver, ids.lag, ready.appPort, pool);
    missed += await backlog(db, receiver, ids.backlog);
    if (receiver.rejected) throw new Error(`${receiver.rejected} request(s) failed the signature check`);
    if (others.length) await db.updateTable('webhook_endpoints').set({ enabled: true }).where('id', 'in', others).execute();
    log(missed ? `\n${missed} target(s) missed (reported only; the bench fails on errors)` : '\nAll targets met');
  } finally {
    if (servers) await stopServers(servers);
    await receiver.close();
    await db.destroy();
    await embedded?.stop();
  }
}

await main();
