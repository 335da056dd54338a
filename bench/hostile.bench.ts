/**
 * Hostile files against the built server (issue 31, items 5 and 6): four spreadsheet imports whose one cell
 * holds 9,000,000 nested tags and four hostile report templates, all at once, while a cheap signed-in request
 * (GET /api/product/statusCount) is timed over and over. Samples the server process's resident memory
 * (/proc/<pid>/status, every 10 ms, and its high-water mark VmHWM) and prints the answers, the peak and the
 * cheap request's latencies. Target: every hostile file refused (the largest allowed template accepted), the
 * server up, and the cheap request answered within 200 ms throughout.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/cylinder_hostile npm run bench hostile
 *
 * Without BENCH_DATABASE_URL an embedded PostgreSQL under .tmp/bench-pg is used. Linux only (reads /proc).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { buildServer } from '../scripts/build-server.mjs';
import { createDb } from '../src/server/db/database';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../src/server/db/embedded';
import { migrateToLatest } from '../src/server/db/migrate';
import { ensureSeed } from '../src/server/db/seed';
import { hashPassword } from '../src/server/lib/password';
import { PRODUCT_IMPORT_COLUMNS } from '../src/server/modules/product/product.sheet';
import { TEMPLATE_LIMITS } from '../src/server/modules/report/template-limits';
import { docxOf, DOCUMENT_CLOSE, DOCUMENT_OPEN, paragraph } from '../tests/server/docx-craft';
import { freePort } from '../tests/server/free-port';
import { inlineRow, SHEET_CLOSE, SHEET_OPEN, xlsx } from '../tests/server/xlsx-craft';
import { ensureDatabase } from './lifecycle-seed';

const USER = { username: 'hostilebench', password: 'Hostile-bench-1' };
const MB = 1024 * 1024;
const CHEAP_TARGET_MS = 200;
const log = (line: string) => console.info(line);

function* repeated(unit: string, megabytes: number): Iterable<Buffer> {
  const chunk = Buffer.from(unit.repeat(Math.floor(MB / unit.length)));
  for (let i = 0; i < megabytes; i += 1) yield chunk;
}

/** The hostile files, built here (small on disk; they inflate). */
async function files() {
  const nested = await xlsx(function* () {
    yield SHEET_OPEN + inlineRow(1, PRODUCT_IMPORT_COLUMNS.map((c) => c.header)) + '<row r="2"><c r="A2">';
    const opens = Buffer.from('<x>'.repeat(1_000_000));
    const closes = Buffer.from('</x>'.repeat(1_000_000));
    for (let i = 0; i < 9; i += 1) yield opens;
    for (let i = 0; i < 9; i += 1) yield closes;
    yield '</c></row>' + SHEET_CLOSE;
  });
  const templates: Array<[string, Buffer]> = [
    ['50 MB of <w:p/>', await docxOf(function* () { yield DOCUMENT_OPEN; yield* repeated('<w:p/>', 50); yield DOCUMENT_CLOSE; })],
    ['600 MB of spaces', await docxOf(function* () { yield DOCUMENT_OPEN; yield* repeated(' ', 600); yield DOCUMENT_CLOSE; })],
    ['300,000 paragraphs', await docxOf(DOCUMENT_OPEN + '<w:p/>'.repeat(300_000) + DOCUMENT_CLOSE)],
    ['largest allowed (~16,000 paragraphs)', await docxOf(DOCUMENT_OPEN + paragraph('气瓶编号').repeat(TEMPLATE_LIMITS.elements / 3 - 500) + paragraph('{cylinder.code}') + DOCUMENT_CLOSE)],
  ];
  return { nested, templates };
}

/** Resident memory of a process, now and its high-water mark (kB from /proc). */
function memoryOf(pid: number): { rss: number; hwm: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) * 1024;
  return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
}

async function startServer(url: string): Promise<{ child: ChildProcess; port: number }> {
  const bundle = await buildServer(resolve('.tmp/bench-build/hostile/server.mjs'));
  const port = await freePort();
  const dataDir = resolve('.tmp/bench-hostile');
  mkdirSync(dataDir, { recursive: true });
  const child = spawn(process.execPath, ['--enable-source-maps', bundle], {
    env: { ...process.env, DATABASE_URL: url, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, WORKERS: '1', ALERT_INTERVAL_SECONDS: '0', RENDERER_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((done, fail) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
      if (out.includes('listening on')) done();
    });
    child.once('exit', (code) => fail(new Error(`the server exited (${code}) before listening:\n${out}`)));
  });
  child.stdout.resume();
  return { child, port };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

async function main() {
  let embedded: EmbeddedPostgres | undefined;
  let url = process.env.BENCH_DATABASE_URL?.trim();
  if (url) await ensureDatabase(url, log);
  else {
    embedded = await startEmbeddedPostgres({ dataDir: resolve('.tmp/bench-pg'), port: await freePort(), log: (l) => console.info(`[bench-pg] ${l}`) });
    url = embedded.connectionString;
  }
  const db = createDb(url);
  let server: ChildProcess | undefined;
  let failed = false;
  try {
    await migrateToLatest(db);
    await ensureSeed(db, {});
    const passwordHash = await hashPassword(USER.password);
    await db.insertInto('users').values({ username: USER.username, name: '恶意文件基准', password_hash: passwordHash, dept_id: null })
      .onConflict((oc) => oc.column('username').doUpdateSet({ password_hash: passwordHash, status: 1 })).execute();
    await sql`insert into user_roles (user_id, role_id) select u.id, r.id from users u, roles r
      where u.username = ${USER.username} and r.role_code = 'admin' on conflict do nothing`.execute(db);

    const { nested, templates } = await files();
    log(`files: nested-tag workbook ${(nested.length / 1024).toFixed(0)} KB; templates ${templates.map(([n, b]) => `${n} ${(b.length / 1024).toFixed(0)} KB`).join(', ')}`);
    const started = await startServer(url);
    server = started.child;
    const base = `http://127.0.0.1:${started.port}`;
    const login = await (await fetch(`${base}/api/home/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(USER) })).json() as { code: number; data: { token: string } };
    if (login.code !== 0) throw new Error(`sign-in refused: ${JSON.stringify(login)}`);
    const auth = { authorization: `Bearer ${login.data.token}` };
    const cheap = async () => {
      const t0 = performance.now();
      const body = await (await fetch(`${base}/api/product/statusCount`, { headers: auth })).json() as { code: number };
      if (body.code !== 0) throw new Error(`cheap request answered ${JSON.stringify(body)}`);
      return performance.now() - t0;
    };
    const send = async (path: string, name: string, bytes: Buffer) => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(bytes)]), name);
      const t0 = performance.now();
      const body = await (await fetch(`${base}${path}`, { method: 'POST', headers: auth, body: form })).json() as { code: number; msg: string };
      return { ms: performance.now() - t0, body };
    };
    for (let i = 0; i < 20; i += 1) await cheap();
    // The same cheap request with nothing else sent, for as long as the hostile round takes below: what the
    // machine (shared, loaded) gives anyway.
    const quiet: number[] = [];
    const quietUntil = performance.now() + 15_000;
    while (performance.now() < quietUntil) quiet.push(await cheap());

    const pid = server.pid!;
    // The four imports alone first: what they cost the server by themselves.
    const alone = memoryOf(pid).rss;
    let alonePeak = alone;
    const aloneSampler = setInterval(() => { alonePeak = Math.max(alonePeak, memoryOf(pid).rss); }, 10);
    const importsAlone = await Promise.all([1, 2, 3, 4].map((n) => send('/api/product/importProduct', `nested-${n}.xlsx`, nested)));
    clearInterval(aloneSampler);
    log(`four nested-tag imports alone: answered in ${(Math.max(...importsAlone.map((a) => a.ms)) / 1000).toFixed(2)} s, server RSS ${(alone / MB).toFixed(0)} → peak ${(alonePeak / MB).toFixed(0)} MB (+${((alonePeak - alone) / MB).toFixed(0)} MB)`);

    const baseline = memoryOf(pid).rss;
    let peak = baseline;
    const sampler = setInterval(() => { peak = Math.max(peak, memoryOf(pid).rss); }, 10);
    let done = false;
    const latencies: number[] = [];
    const cheapLoop = (async () => { while (!done) latencies.push(await cheap()); })();
    const t0 = performance.now();
    const answers = await Promise.all([
      ...[1, 2, 3, 4].map((n) => send('/api/product/importProduct', `nested-${n}.xlsx`, nested).then((a) => ({ file: `nested-tag workbook #${n}`, ...a }))),
      ...templates.map(([name, bytes]) => send('/api/document/upSysFile?dataSource=CYLINDER', 'template.docx', bytes).then((a) => ({ file: `template: ${name}`, ...a }))),
    ]);
    const wall = performance.now() - t0;
    done = true;
    await cheapLoop;
    clearInterval(sampler);
    const { rss, hwm } = memoryOf(pid);
    peak = Math.max(peak, rss);

    log('\nanswers (all eight sent at once):');
    for (const a of answers) log(`  ${a.file.padEnd(50)} ${(a.ms / 1000).toFixed(1).padStart(5)} s  ${a.body.code === 0 ? 'accepted' : a.body.msg}`);
    const sorted = [...latencies].sort((a, b) => a - b);
    log(`\nall answered in ${(wall / 1000).toFixed(1)} s`);
    log(`server RSS: before ${(baseline / MB).toFixed(0)} MB, peak sampled ${(peak / MB).toFixed(0)} MB (+${((peak - baseline) / MB).toFixed(0)} MB), high-water mark of the process ${(hwm / MB).toFixed(0)} MB`);
    const max = sorted.at(-1) ?? 0;
    log(`cheap request (GET /api/product/statusCount, one after another meanwhile): ${sorted.length} answered, p50 ${percentile(sorted, 50).toFixed(0)} ms, p95 ${percentile(sorted, 95).toFixed(0)} ms, p99 ${percentile(sorted, 99).toFixed(0)} ms, max ${max.toFixed(0)} ms — ${max < CHEAP_TARGET_MS ? 'met' : 'MISSED'} (< ${CHEAP_TARGET_MS} ms)`);
    const calm = [...quiet].sort((a, b) => a - b);
    log(`the same request with nothing else sent (15 s before): ${calm.length} answered, p50 ${percentile(calm, 50).toFixed(0)} ms, p95 ${percentile(calm, 95).toFixed(0)} ms, p99 ${percentile(calm, 99).toFixed(0)} ms, max ${(calm.at(-1) ?? 0).toFixed(0)} ms`);
    log(`load average of the machine: ${loadavg().map((l) => l.toFixed(1)).join(' ')} (${availableParallelism()} cores)`);
    const refusedAll = answers.slice(0, 7).every((a) => a.body.code === -1) && answers[7]!.body.code === 0;
    if (!refusedAll) {
      log('UNEXPECTED: a hostile file was not refused, or the largest allowed template was refused');
      failed = true;
    }
    if (server.exitCode !== null) throw new Error('the server died');
  } finally {
    server?.kill('SIGTERM');
    await db.destroy();
    await embedded?.stop();
  }
  if (failed) process.exit(1);
}

await main();
