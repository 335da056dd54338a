/**
 * Quality center and recall at 1M cylinders and ~10M trace events (issue 21, items 2, 3 and 6).
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/cylinder_bench npm run bench quality
 *
 * Needs the lifecycle bench's database (cylinders and trace seeded by `npm run bench lifecycle`). Seeds what
 * the quality reads need once (quality-seed.ts), then measures every quality and recall endpoint against the
 * real application (buildApp, listening on a port, signed-in token) over keep-alive HTTP: p50/p95 with one
 * client, then p95 with 20 clients. Targets: p95 < 200 ms with one client; the recall of a 5,000-cylinder
 * lot < 1 s. A missed target is reported, not a failure; the bench exits non-zero when a call errs.
 */
import { Agent, request } from 'node:http';
import { sql } from 'kysely';
import { buildApp } from '../src/server/app';
import { createDb } from '../src/server/db/database';
import { migrateToLatest } from '../src/server/db/migrate';
import { ensureSeed } from '../src/server/db/seed';
import { hashPassword } from '../src/server/lib/password';
import { benchConfig } from './lifecycle-servers';
import { ensureQualitySeed, LOT_SIZE } from './quality-seed';

const CLIENTS = 20;
const ONE_CLIENT_CALLS = 30;
const LOADED_CALLS = 200;
const BENCH_USER = { username: 'bench', password: 'Bench@12345' };
const log = (line: string) => console.info(line);

const agent = new Agent({ keepAlive: true, maxSockets: CLIENTS });
function post(port: number, path: string, body: unknown, token: string): Promise<{ status: number; code: number | null; msg?: string; bytes: number }> {
  const payload = JSON.stringify(body);
  return new Promise((done, fail) => {
    const req = request({
      host: '127.0.0.1', port, path, method: 'POST', agent,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
    }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const buf = Buffer.concat(chunks);
        const json = (res.headers['content-type'] ?? '').includes('json');
        const parsed = json ? (JSON.parse(buf.toString('utf8')) as { code: number; msg?: string }) : null;
        done({ status: res.statusCode ?? 0, code: parsed ? parsed.code : null, msg: parsed?.msg, bytes: buf.length });
      });
    });
    req.on('error', fail);
    req.end(payload);
  });
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function measure(port: number, token: string, path: string, body: unknown, clients: number, calls: number): Promise<{ p50: number; p95: number; max: number }> {
  const times: number[] = [];
  let next = 0;
  const worker = async () => {
    while (next < calls) {
      next++;
      const t0 = performance.now();
      const res = await post(port, path, body, token);
      times.push(performance.now() - t0);
      if (res.status !== 200 || (res.code !== null && res.code !== 0)) throw new Error(`${path}: HTTP ${res.status} ${res.code} ${res.msg ?? ''}`);
    }
  };
  await Promise.all(Array.from({ length: clients }, worker));
  times.sort((a, b) => a - b);
  return { p50: pct(times, 50), p95: pct(times, 95), max: times[times.length - 1]! };
}

async function main() {
  const url = process.env.BENCH_DATABASE_URL?.trim();
  if (!url) throw new Error('quality bench: set BENCH_DATABASE_URL to the lifecycle bench database');
  const db = createDb(url);
  try {
    await migrateToLatest(db);
    await ensureSeed(db, {});
    const { rows: [size] } = await sql<{ cylinders: number; events: number }>`select (select count(*) from cylinders)::int as cylinders,
      (select reltuples::bigint from pg_class where relname = 'cylinder_traces')::int as events`.execute(db);
    if (!size || size.cylinders < 900_000) throw new Error('quality bench: run `npm run bench lifecycle` first (1M cylinders, 10M events)');
    log(`Database: ${size.cylinders.toLocaleString('en')} cylinders, ~${size.events.toLocaleString('en')} trace events`);
    await ensureQualitySeed(db, log);

    const passwordHash = await hashPassword(BENCH_USER.password);
    await db.insertInto('users').values({ username: BENCH_USER.username, name: '基准用户', password_hash: passwordHash, dept_id: null })
      .onConflict((oc) => oc.column('username').doUpdateSet({ password_hash: passwordHash, status: 1 })).execute();
    await sql`insert into user_roles (user_id, role_id) select u.id, r.id from users u, roles r
      where u.username = ${BENCH_USER.username} and r.role_code = 'admin' on conflict do nothing`.execute(db);

    // What to ask: a full lot of LOT_SIZE fills (the newest), its gas, a busy customer, the year up to today.
    const lot = (await sql<{ lot_no: string; material_id: number; n: number }>`select lot_no, material_id, count(*)::int as n
      from filling_records where workstation = 'QBENCH' and lot_no = (select max(lot_no) from filling_records
        where workstation = 'QBENCH' and lot_no like 'QB-' || (select material_id from filling_records where workstation = 'QBENCH' order by id desc limit 1) || '-%')
      group by 1, 2`.execute(db)).rows[0]!;
    const full = (await sql<{ lot_no: string; n: number }>`select lot_no, count(*)::int as n from filling_records
      where lot_no in (select distinct lot_no from filling_records where material_id = ${lot.material_id} and workstation = 'QBENCH' order by lot_no desc limit 3)
      group by 1 having count(*) = ${LOT_SIZE} order by 1 desc limit 1`.execute(db)).rows[0] ?? lot;
    const customer = (await sql<{ id: number }>`select customer_id as id from trace_daily where action = 'outbound' and customer_id <> 0
      group by 1 order by sum(n) desc limit 1`.execute(db)).rows[0]!;
    const fillOf = (await sql<{ code: string }>`select c.code from filling_records f join cylinders c on c.id = f.cylinder_id
      where f.lot_no = ${full.lot_no} limit 1`.execute(db)).rows[0]!;
    // A gas that shipped nothing in the period (issue 31, item 19: the detail list walked the whole period for it).
    const idle = (await sql<{ id: number }>`insert into materials (material_name, code, category, inspection_interval_years)
      values ('基准未发货气体', 'QB-IDLE', 'compressed', 3) on conflict (code) do update set code = excluded.code returning id`.execute(db)).rows[0]!;
    const today = new Date().toISOString().slice(0, 10);
    const yearAgo = new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 10);
    const weekAgo = new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 19).replace('T', ' ');
    const now = new Date().toISOString().slice(0, 19).replace('T', ' ');
    const year = { from: yearAgo, to: today };
    log(`Lot ${full.lot_no}: ${full.n} fills; busiest customer id ${customer.id}`);

    const app = await buildApp({ config: benchConfig(), db, loginAttemptsPerMinute: 1000 });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const login = await new Promise<string>((done, fail) => {
      const payload = JSON.stringify(BENCH_USER);
      const req = request({ host: '127.0.0.1', port, path: '/api/home/login', method: 'POST', headers: { 'content-type': 'application/json' } }, (res) => {
        let text = '';
        res.on('data', (c: Buffer) => { text += c.toString('utf8'); });
        res.on('end', () => done((JSON.parse(text) as { data: { token: string } }).data.token));
      });
      req.on('error', fail);
      req.end(payload);
    });

    const CASES: Array<{ name: string; path: string; body: unknown; target: number; calls?: number }> = [
      { name: 'deliveryCount, 1 year', path: '/api/qualityCenter/deliveryCount', body: year, target: 200 },
      { name: 'deliveryCount, 1 year, monthly', path: '/api/qualityCenter/deliveryCount', body: { ...year, bucket: 'month' }, target: 200 },
      { name: 'deliveryCount, 1 customer', path: '/api/qualityCenter/deliveryCount', body: { ...year, customerId: customer.id }, target: 200 },
      { name: 'deliveryDetailList, all, page 1', path: '/api/qualityCenter/deliveryDetailList', body: { ...year, size: 50 }, target: 200 },
      { name: 'deliveryDetailList, all, page 100', path: '/api/qualityCenter/deliveryDetailList', body: { ...year, size: 50, page: 100 }, target: 200 },
      { name: 'deliveryDetailList, 1 customer', path: '/api/qualityCenter/deliveryDetailList', body: { ...year, customerId: customer.id, size: 50 }, target: 200 },
      { name: 'deliveryDetailList, 1 gas', path: '/api/qualityCenter/deliveryDetailList', body: { ...year, materialId: lot.material_id, size: 50 }, target: 200 },
      { name: 'deliveryDetailList, 1 gas, page 100', path: '/api/qualityCenter/deliveryDetailList', body: { ...year, materialId: lot.material_id, size: 50, page: 100 }, target: 200 },
      { name: 'deliveryDetailList, a gas not shipped', path: '/api/qualityCenter/deliveryDetailList', body: { ...year, materialId: idle.id, size: 50 }, target: 200, calls: 2 },
      { name: 'checkCount, 1 year', path: '/api/qualityCenter/checkCount', body: year, target: 200 },
      { name: 'productAnalysis, 1 year, monthly', path: '/api/qualityCenter/productAnalysis', body: { ...year, bucket: 'month' }, target: 200 },
      { name: 'productAnalysis, 1 year, daily', path: '/api/qualityCenter/productAnalysis', body: year, target: 200 },
      { name: 'factoryExport, 1 year', path: '/api/qualityCenter/factoryExport', body: year, target: 200 },
      { name: 'deliveryExport, 1 customer (≤ 50,000 rows)', path: '/api/qualityCenter/deliveryExport', body: { ...year, customerId: customer.id }, target: 10_000, calls: 3 },
      { name: `recall, lot of ${full.n}`, path: '/api/qualityCenter/recall', body: { lotNo: full.lot_no }, target: 1000 },
      { name: 'recall, one cylinder → its lot', path: '/api/qualityCenter/recall', body: { code: fillOf.code }, target: 1000 },
      { name: 'recall, 1 gas, last 7 days', path: '/api/qualityCenter/recall', body: { materialId: lot.material_id, from: weekAgo, to: now }, target: 1000 },
      { name: 'recallList, lot, page 1', path: '/api/qualityCenter/recallList', body: { lotNo: full.lot_no, size: 50 }, target: 200 },
      { name: 'recallList, lot, last page', path: '/api/qualityCenter/recallList', body: { lotNo: full.lot_no, size: 50, page: Math.ceil(full.n / 50) }, target: 200 },
      { name: `recallExport, lot of ${full.n}`, path: '/api/qualityCenter/recallExport', body: { lotNo: full.lot_no }, target: 5000, calls: 5 },
    ];
    const table: string[] = [];
    const line = (cells: string[]) => table.push(`| ${cells.join(' | ')} |`);
    line(['endpoint', '1 client p50 ms', '1 client p95 ms', `${CLIENTS} clients p95 ms`, 'target (1 client p95)', 'met']);
    line(['---', '---:', '---:', '---:', '---:', '---']);
    for (const c of CASES) {
      await measure(port, login, c.path, c.body, 1, 2);
      const one = await measure(port, login, c.path, c.body, 1, c.calls ?? ONE_CLIENT_CALLS);
      const loaded = await measure(port, login, c.path, c.body, Math.min(CLIENTS, (c.calls ?? LOADED_CALLS) * 2), c.calls ? c.calls * 4 : LOADED_CALLS);
      line([c.name, one.p50.toFixed(1), one.p95.toFixed(1), loaded.p95.toFixed(1), `< ${c.target}`, one.p95 < c.target ? 'yes' : 'NO']);
      log(table[table.length - 1]!);
    }
    await app.close();
    console.info(`\nQuality and recall at ${size.cylinders.toLocaleString('en')} cylinders, ~${size.events.toLocaleString('en')} events:\n`);
    console.info(table.join('\n'));
  } finally {
    agent.destroy();
    await db.destroy();
  }
}

await main();
