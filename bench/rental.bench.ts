/**
 * `npm run bench rental`: rental statements (issue 38) on the bench database of lifecycle.bench.ts (one million
 * cylinders, ten million trace events; seeded there or here, reused), with the custody of RENTAL_MONTH seeded once by
 * bench/rental-seed.ts (2,001 customers with custody in the month, RTHOLD holding 10,000; deliveries and returns spread
 * over the month; agreements with daily, month-end and peak lines, some split mid-month).
 *
 * (a) 预览: the statement preview of RTHOLD through the real application over HTTP (buildApp in a child process,
 *     bench/lifecycle-servers.ts), the answer read whole; target < 2 s.
 * (b) The month's charges of every customer by the run's own path (run.service.ts runToEnd: customersWithCustody in
 *     batches of 200, then per customer issuedFor and computeStatement), without issuing, in this process; target
 *     < 5 minutes, with the process's peak RSS and heap (sampled every 50 ms) to show memory stays bounded.
 * (c) 月结: the run itself (startRun, issuing every customer's statement with its outbox event). BENCH_RENTAL_RUN=0
 *     skips it. Before (b), the statements of the month an earlier run issued are taken away (a bench reset: an issued
 *     statement is otherwise never deleted; the outbox events of earlier runs stay, numbered by the next server that
 *     runs on the database).
 *
 * A missed target is reported, not a failure — the bench fails only when a call errs or the run fails.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import type { StatementDetail } from '../src/shared/api/rental';
import { createDb } from '../src/server/db/database';
import { migrateToLatest } from '../src/server/db/migrate';
import { ensureSeed } from '../src/server/db/seed';
import { hashPassword } from '../src/server/lib/password';
import { customersWithCustody } from '../src/server/modules/cylinder';
import { runList } from '../src/server/modules/rental/run.repository';
import { settled, startRun } from '../src/server/modules/rental/run.service';
import { issuedFor } from '../src/server/modules/rental/statement.repository';
import { computeStatement, monthSpan } from '../src/server/modules/rental/statement.service';
import { Client, expectOk } from './http-client';
import { ensureDatabase, seedTrace } from './lifecycle-seed';
import { seedCylinders } from './product-seed';
import { ensureRentalHolder, HOLDER_CODE, RENTAL_MONTH, seedRental } from './rental-seed';
import { startServers, stopServers } from './servers-process';

const USER = { username: 'bench', password: 'Bench@12345' };
const PREVIEWS = 5;
const TARGET_PREVIEW_MS = 2_000;
const TARGET_MONTH_MS = 5 * 60_000;
/** As run.service.ts. */
const BATCH = 200;
const log = (line: string) => console.info(line);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/** The peak RSS and heap of this process while `work` runs (sampled every 50 ms, and at the end). */
async function measured<T>(work: () => Promise<T>): Promise<{ result: T; ms: number; peakRss: number; peakHeap: number; startRss: number; startHeap: number }> {
  const start = process.memoryUsage();
  let peakRss = start.rss;
  let peakHeap = start.heapUsed;
  const sample = () => {
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
  };
  const timer = setInterval(sample, 50);
  const t0 = performance.now();
  try {
    const result = await work();
    sample();
    return { result, ms: performance.now() - t0, peakRss, peakHeap, startRss: start.rss, startHeap: start.heapUsed };
  } finally {
    clearInterval(timer);
  }
}

async function main() {
  const url = process.env.BENCH_DATABASE_URL?.trim();
  if (!url) throw new Error('rental.bench: set BENCH_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/cylinder_bench)');
  await ensureDatabase(url, log);
  const db = createDb(url);
  let child: Awaited<ReturnType<typeof startServers>>['child'] | undefined;
  let client: Client | undefined;
  try {
    await migrateToLatest(db);
    await ensureSeed(db, {});
    const hash = await hashPassword(USER.password);
    await db.insertInto('users').values({ username: USER.username, name: '基准用户', password_hash: hash, dept_id: null })
      .onConflict((oc) => oc.column('username').doUpdateSet({ password_hash: hash, status: 1 })).execute();
    await sql`insert into user_roles (user_id, role_id) select u.id, r.id from users u, roles r
      where u.username = ${USER.username} and r.role_code = 'admin' on conflict do nothing`.execute(db);
    await seedCylinders(db, 1_000_000, log);
    await ensureRentalHolder(db, log);
    await seedTrace(db, 10_000_000, log);
    await seedRental(db, log);

    const span = monthSpan(RENTAL_MONTH);
    const holder = (await db.selectFrom('enterprises').select('id').where('enterprise_code', '=', HOLDER_CODE).executeTakeFirstOrThrow()).id;
    const counts = (await sql<{ cylinders: number; traces: number; periods: number; customers: number; holder: number }>`select
      (select sum(count) from cylinder_status_counts)::int as cylinders,
      (select reltuples::bigint from pg_class where relname = 'cylinder_traces')::bigint as traces,
      count(*)::int as periods, count(distinct enterprise_id)::int as customers,
      count(*) filter (where enterprise_id = ${holder})::int as holder
      from cylinder_custody where from_at < ${span.to} and (to_at is null or to_at > ${span.from})`.execute(db)).rows[0]!;
    log(`\n${counts.cylinders.toLocaleString('en')} cylinders, ~${Number(counts.traces).toLocaleString('en')} trace events; ${RENTAL_MONTH}: `
      + `${counts.periods.toLocaleString('en')} custody periods of ${counts.customers.toLocaleString('en')} customers, ${HOLDER_CODE} ${counts.holder.toLocaleString('en')}`);

    // (a) The preview of the 10,000-cylinder customer, as the screen asks for it.
    const started = await startServers(url);
    child = started.child;
    const login = new Client(started.ready.appPort);
    const { token } = expectOk('login', USER.username, await login.post<{ token: string }>('/api/home/login', USER));
    login.close();
    client = new Client(started.ready.appPort, { authorization: `Bearer ${token}` }, 1);
    const times: number[] = [];
    let preview: StatementDetail | null = null;
    for (let i = 0; i <= PREVIEWS; i++) {
      const t0 = performance.now();
      preview = expectOk('preview', HOLDER_CODE, await client.post<StatementDetail>('/api/rental/statement/preview', { customerId: holder, month: RENTAL_MONTH }));
      times.push(performance.now() - t0);
    }
    const [first, ...rest] = times as [number, ...number[]];
    rest.sort((a, b) => a - b);
    const previewMet = percentile(rest, 100) < TARGET_PREVIEW_MS && first < TARGET_PREVIEW_MS;
    log(`\n(a) preview ${HOLDER_CODE} ${RENTAL_MONTH}: ${preview!.lines.length.toLocaleString('en')} lines, ${preview!.balances.length} balances, `
      + `${preview!.deposits.length.toLocaleString('en')} deposits, total ${(preview!.totalCents / 100).toFixed(2)}`);
    log(`    first ${s(first)}; then ${PREVIEWS} more: p50 ${s(percentile(rest, 50))}, max ${s(percentile(rest, 100))} — target < ${s(TARGET_PREVIEW_MS)}: ${previewMet ? 'met' : 'MISSED'}`);
    client.close();
    client = undefined;
    await stopServers(child);
    child = undefined;

    // A bench reset: the statements an earlier run issued are taken away (the run and (b) would skip their customers).
    await db.transaction().execute(async (trx) => {
      await sql`delete from rental_notes where statement_id in (select id from rental_statements where month = ${RENTAL_MONTH})`.execute(trx);
      await sql`delete from rental_statements where month = ${RENTAL_MONTH}`.execute(trx);
      await sql`delete from rental_runs where month = ${RENTAL_MONTH}`.execute(trx);
    });

    // (b) Every customer's charges of the month, by the run's path, without issuing.
    const perCustomer: number[] = [];
    const month = await measured(async () => {
      let cursor = 0;
      let lines = 0;
      let totalCents = 0;
      let computed = 0;
      for (;;) {
        const ids = await customersWithCustody(db, { ...span, afterId: cursor, limit: BATCH });
        if (ids.length === 0) return { lines, totalCents, computed };
        for (const customerId of ids) {
          const t0 = performance.now();
          if ((await issuedFor(db, customerId, RENTAL_MONTH)) === null) {
            const d = await computeStatement(db, { customerId, month: RENTAL_MONTH });
            lines += d.lines.length;
            totalCents += d.totalCents;
            computed += 1;
          }
          perCustomer.push(performance.now() - t0);
          cursor = customerId;
        }
      }
    });
    perCustomer.sort((a, b) => a - b);
    if (month.result.computed !== counts.customers) throw new Error(`(b) computed ${month.result.computed} of ${counts.customers} customers`);
    const monthMet = month.ms < TARGET_MONTH_MS;
    log(`\n(b) the month's charges, ${perCustomer.length.toLocaleString('en')} customers (${month.result.lines.toLocaleString('en')} lines, `
      + `total ${(month.result.totalCents / 100).toLocaleString('en', { minimumFractionDigits: 2 })}): ${s(month.ms)} — target < ${s(TARGET_MONTH_MS)}: ${monthMet ? 'met' : 'MISSED'}`);
    log(`    per customer p50 ${percentile(perCustomer, 50).toFixed(1)} ms, p95 ${percentile(perCustomer, 95).toFixed(1)} ms, max ${percentile(perCustomer, 100).toFixed(0)} ms`);
    log(`    memory: RSS ${mb(month.startRss)} → peak ${mb(month.peakRss)}, heap used ${mb(month.startHeap)} → peak ${mb(month.peakHeap)}`);

    // (c) The run, issuing.
    if (process.env.BENCH_RENTAL_RUN !== '0') {
      const outboxBefore = Number((await sql<{ n: string }>`select count(*) as n from outbox_events where type = 'rental.statement.issued'`.execute(db)).rows[0]!.n);
      const run = await measured(async () => {
        await startRun(db, RENTAL_MONTH, 'bench');
        await settled();
      });
      const [state] = await runList(db);
      const issued = (await sql<{ n: number; bytes: string }>`select count(*)::int as n, coalesce(sum(pg_column_size(detail)), 0) as bytes
        from rental_statements where month = ${RENTAL_MONTH}`.execute(db)).rows[0]!;
      const events = Number((await sql<{ n: string }>`select count(*) as n from outbox_events where type = 'rental.statement.issued'`.execute(db)).rows[0]!.n) - outboxBefore;
      log(`\n(c) the run (月结) issuing ${RENTAL_MONTH}: ${state?.status} ${state?.done}/${state?.total} in ${s(run.ms)} `
        + `(${(run.ms / Math.max(1, state?.done ?? 1)).toFixed(1)} ms a customer); ${issued.n.toLocaleString('en')} statements, `
        + `details ${mb(Number(issued.bytes))} stored; ${events.toLocaleString('en')} outbox events`);
      log(`    memory: RSS ${mb(run.startRss)} → peak ${mb(run.peakRss)}, heap used ${mb(run.startHeap)} → peak ${mb(run.peakHeap)}`);
      if (state?.status !== 'done') throw new Error(`the run ended ${state?.status}: ${state?.error}`);
    }
    log(`\n${previewMet && monthMet ? 'Both targets met' : 'Target(s) missed'}: preview < ${s(TARGET_PREVIEW_MS)} ${previewMet ? 'met' : 'MISSED'}, `
      + `month < ${s(TARGET_MONTH_MS)} ${monthMet ? 'met' : 'MISSED'}; process peak RSS ${mb(process.resourceUsage().maxRSS * 1024)}.`);
  } finally {
    client?.close();
    if (child) await stopServers(child);
    await db.destroy();
  }
}

await main();
