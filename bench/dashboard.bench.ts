/**
 * `npm run bench dashboard`: the home dashboard's six calls (GET /api/homePage/…) on the bench database of
 * lifecycle.bench.ts (one million cylinders, ten million trace events; seeded there, reused here).
 * Each endpoint, each period where it takes one, by one client and by 20 concurrent clients over keep-alive
 * HTTP against the real application (buildApp in a child process, bench/lifecycle-servers.ts). Prints p50 and
 * p95 per row; target p95 < 200 ms with one client. A missed target is reported, not a failure — the bench
 * fails only when a call errs.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { Agent, request } from 'node:http';
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { createDb } from '../src/server/db/database';
import { migrateToLatest } from '../src/server/db/migrate';
import { ensureSeed } from '../src/server/db/seed';
import { hashPassword } from '../src/server/lib/password';
import { ensureDatabase, seedTrace } from './lifecycle-seed';
import type { ServersReady } from './lifecycle-servers';
import { seedCylinders } from './product-seed';

const CLIENTS = 20;
const SINGLE_REQUESTS = 60;
const LOADED_REQUESTS = 400;
const TARGET_P95_MS = 200;
const USER = { username: 'bench', password: 'Bench@12345' };
const PERIODS = ['today', '7d', '30d', '12m'] as const;
const CALLS: Array<{ path: string; periods: boolean }> = [
  { path: 'totalOutput', periods: true }, { path: 'specTypeCount', periods: true }, { path: 'passRateOutput', periods: true },
  { path: 'storageOutput', periods: false }, { path: 'getCustomerCount', periods: false }, { path: 'canUserOutput', periods: false },
];
const log = (line: string) => console.info(line);

const agent = new Agent({ keepAlive: true, maxSockets: CLIENTS });
function call(port: number, method: 'GET' | 'POST', path: string, headers: Record<string, string>, body?: unknown) {
  const payload = body === undefined ? '' : JSON.stringify(body);
  return new Promise<{ code: number; msg?: string; data: unknown }>((done, fail) => {
    const req = request({
      host: '127.0.0.1', port, path, method, agent,
      headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }) },
    }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        try {
          const env = JSON.parse(text) as { code: number; msg?: string; data: unknown };
          if (res.statusCode !== 200 || env.code !== 0) fail(new Error(`${path}: HTTP ${res.statusCode} ${text.slice(0, 200)}`));
          else done(env);
        } catch {
          fail(new Error(`${path}: HTTP ${res.statusCode} ${text.slice(0, 200)}`));
        }
      });
      res.on('error', fail);
    });
    req.on('error', fail);
    req.end(payload);
  });
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/** `total` calls of one URL by `clients` concurrent clients; the latencies, sorted. */
async function drive(send: () => Promise<unknown>, total: number, clients: number): Promise<number[]> {
  const times: number[] = [];
  let left = total;
  await Promise.all(Array.from({ length: clients }, async () => {
    while (left > 0) {
      left -= 1;
      const start = performance.now();
      await send();
      times.push(performance.now() - start);
    }
  }));
  return times.sort((a, b) => a - b);
}

async function startServers(url: string): Promise<{ child: ChildProcess; ready: ServersReady }> {
  const child = fork(resolve('bench/lifecycle-servers.ts'), [], {
    execArgv: ['--import', 'tsx'], env: { ...process.env, BENCH_DATABASE_URL: url, BENCH_LIFECYCLE_SERVERS: '1' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = await new Promise<ServersReady>((done, fail) => {
    child.once('message', (m) => done(m as ServersReady));
    child.once('exit', (code) => fail(new Error(`the bench server exited (${code}) before listening`)));
  });
  return { child, ready };
}

async function main() {
  const url = process.env.BENCH_DATABASE_URL?.trim();
  if (!url) throw new Error('dashboard.bench: set BENCH_DATABASE_URL (the database lifecycle.bench.ts seeds)');
  await ensureDatabase(url, log);
  const db = createDb(url);
  let child: ChildProcess | undefined;
  try {
    await migrateToLatest(db);
    await ensureSeed(db, {});
    const hash = await hashPassword(USER.password);
    await db.insertInto('users').values({ username: USER.username, name: '基准用户', password_hash: hash, dept_id: null })
      .onConflict((oc) => oc.column('username').doUpdateSet({ password_hash: hash, status: 1 })).execute();
    await sql`insert into user_roles (user_id, role_id) select u.id, r.id from users u, roles r
      where u.username = ${USER.username} and r.role_code = 'admin' on conflict do nothing`.execute(db);
    await seedCylinders(db, 1_000_000, log);
    await seedTrace(db, 10_000_000, log);
    await sql`analyze`.execute(db);
    const counts = (await sql<{ cylinders: number; days: number }>`select (select sum(count) from cylinder_status_counts)::int as cylinders,
      (select count(*) from trace_daily)::int as days`.execute(db)).rows[0]!;

    const started = await startServers(url);
    child = started.child;
    const port = started.ready.appPort;
    const { token } = (await call(port, 'POST', '/api/home/login', {}, USER)).data as { token: string };
    const headers = { authorization: `Bearer ${token}` };
    log(`\n${counts.cylinders.toLocaleString('en')} cylinders, ${counts.days.toLocaleString('en')} rows in trace_daily; `
      + `1 client × ${SINGLE_REQUESTS} calls, ${CLIENTS} clients × ${LOADED_REQUESTS} calls per row\n`);
    log(`| endpoint | period | 1 client p50 | 1 client p95 | ${CLIENTS} clients p50 | ${CLIENTS} clients p95 | target p95 < ${TARGET_P95_MS} ms (1 client) |`);
    log('|---|---|---:|---:|---:|---:|---|');
    let missed = 0;
    for (const c of CALLS) {
      for (const period of c.periods ? PERIODS : [null]) {
        const path = `/api/homePage/${c.path}${period ? `?period=${period}` : ''}`;
        const send = () => call(port, 'GET', path, headers);
        await drive(send, 10, 1);
        const one = await drive(send, SINGLE_REQUESTS, 1);
        const many = await drive(send, LOADED_REQUESTS, CLIENTS);
        const ms = (v: number) => v.toFixed(1);
        const met = percentile(one, 95) < TARGET_P95_MS;
        if (!met) missed += 1;
        log(`| ${c.path} | ${period ?? '—'} | ${ms(percentile(one, 50))} | ${ms(percentile(one, 95))} | ${ms(percentile(many, 50))} | ${ms(percentile(many, 95))} | ${met ? 'met' : 'MISSED'} |`);
      }
    }
    log(`\n${missed ? `${missed} row(s) missed` : 'every row met'} the target.`);
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
