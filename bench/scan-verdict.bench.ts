/**
 * `npm run bench scan-verdict`: from the scanner's Enter to the verdict naming the cylinder on screen, in the
 * browser, at one million cylinders. The built app (`npm start`: server and web UI, one API process) on the
 * lifecycle bench's database (BENCH_DATABASE_URL; run `npm run bench lifecycle` first to seed it), Chromium
 * through Playwright, signed in as the bench user. Each station gets 10 warm-up scans, then SCANS timed ones:
 * the code typed key by key as a keyboard-wedge scanner does, then Enter; inside the page, performance.now()
 * at the Enter keydown and again at the first animation frame after the verdict box names the cylinder.
 *
 * The same cylinders (SV00001…, reset to "at the customer" before each run) go round the loop station by
 * station: 回收 (9 → 10), 抽真空 (10 → 2), 领瓶 (2 → 3), 充装 (3 → 4), then their inspection through the API (the
 * 检验 station is a form, not one scan), 复秤 (5 → 6, the gross weight typed before each scan, outside the timed span).
 * Target: p95 under 50 ms at every station.
 *
 * 充装 is the scan-first fill of issue 34 with the permission relay in the loop: the standalone device agent
 * (`npm run print-agent`) holds a Yaohua A9 filling scale and a Modbus RTU relay board on two socat pairs (the rig of
 * tests/e2e/fill-rig.ts: the weight rises while the coil is on). The timed span is Enter → the gate's verdict on
 * screen (允许充装：正在打开充装阀…, shown the moment fillingScan answers: the target); a second figure runs on to the
 * granted permission (the agent's /fill/start writing the coil over the 9600-baud pair and answering). The fill itself
 * and its record follow outside both, each cylinder's record waited for before the next scan.
 *
 * Runs on the lifecycle bench's database (1 M cylinders after `npm run bench lifecycle`) or, small, on any database
 * (an empty one is migrated and given the bench user here). BENCH_SCANS sets the timed scans per station (200).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { chromium, type Page } from 'playwright';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { createDb } from '../src/server/db/database';
import { migrateToLatest } from '../src/server/db/migrate';
import { ensureSeed } from '../src/server/db/seed';
import { hashPassword } from '../src/server/lib/password';
import { GAS_CATEGORIES } from '../src/shared/api/material';
import { hasSocat, startSocatPair, type SocatPair } from '../tests/devices/socat-pair';
import { configureFillStation, startDeviceAgent, startFillingScale, startRelayBoard, type DeviceAgent, type FillingScale, type RelayBoard } from '../tests/e2e/fill-rig';
import { freePort } from '../tests/server/free-port';
import { ensureDatabase, ensureScanPool, POOL_TARE, POOL_TARGET_NET } from './lifecycle-seed';
import { resetVerdictPool, verdictCode } from './scan-verdict-seed';

const SCANS = Number(process.env.BENCH_SCANS ?? 200);
const WARMUP = 10;
const TARGET_P95_MS = 50;
const BENCH_USER = { username: 'bench', password: 'Bench@12345' };
const log = (line: string) => console.info(line);
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function startApp(url: string): Promise<{ child: ChildProcess; base: string }> {
  const port = await freePort();
  const dataDir = resolve('.tmp/bench-verdict');
  mkdirSync(dataDir, { recursive: true });
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    env: { ...process.env, DATABASE_URL: url, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, WORKERS: '1', ALERT_INTERVAL_SECONDS: '0' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((done, fail) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
      if (out.includes('listening on')) done();
    });
    child.once('exit', (code) => fail(new Error(`npm start exited (${code}) before listening:\n${out}`)));
  });
  return { child, base: `http://127.0.0.1:${port}` };
}

/**
 * Installed in the page before a scan: resolves window.__scan at the first frame after the verdict box names `code`
 * and, when `then` is given and that first verdict is of another kind, goes on to the first frame after the box
 * shows `then` or an end other than it (then: its ms, else null).
 */
const ARM_TIMER = `function (code, then) {
  window.__scan = new Promise(function (done) {
    var enter = 0;
    var first = null;
    var box = document.querySelector('[data-testid="verdict"]');
    function onKey(e) { if (e.key === 'Enter') enter = performance.now(); }
    document.addEventListener('keydown', onKey, true);
    var observer = new MutationObserver(function () {
      var kind = box.getAttribute('data-kind');
      if (!(enter > 0 && box.textContent.indexOf(code) >= 0 && kind)) return;
      if (first && kind === first.kind) return;
      var second = !!first;
      if (!first) first = { kind: kind };
      if (second || !then || kind === then) {
        observer.disconnect();
        document.removeEventListener('keydown', onKey, true);
      }
      requestAnimationFrame(function () {
        var now = performance.now();
        if (second) {
          first.then = kind === then ? now - enter : null;
          first.kind2 = kind;
          return done(first);
        }
        // The scan's own calls: when the last answer arrived, so the rest is the page's own time.
        var answered = performance.getEntriesByType('resource').filter(function (r) {
          return r.startTime >= enter && r.name.indexOf('/api/') >= 0 && r.responseEnd > 0 && r.responseEnd <= now;
        }).reduce(function (m, r) { return Math.max(m, r.responseEnd); }, enter);
        performance.clearResourceTimings();
        first.ms = now - enter;
        first.page = now - answered;
        first.title = box.textContent;
        if (!then || kind === then) { first.then = kind === then ? first.ms : null; done(first); }
      });
    });
    observer.observe(box, { subtree: true, childList: true, characterData: true, attributes: true });
  });
}`;

interface Timed { ms: number; page: number; kind: string; title: string; then: number | null; kind2?: string }

/**
 * Types `code` as a scanner does and resolves with the ms from Enter to the frame after the verdict names it (and,
 * with `then`, to the frame after the verdict of that kind).
 */
async function timedScan(page: Page, code: string, then?: string): Promise<Timed> {
  // A string, not a function: tsx's name helpers do not exist inside the page.
  await page.evaluate(`(${ARM_TIMER})(${JSON.stringify(code)}, ${JSON.stringify(then ?? null)})`);
  await page.keyboard.type(code);
  await page.keyboard.press('Enter');
  return page.evaluate<Timed>('window.__scan');
}

interface Station {
  name: string;
  scanLabel: string;
  open: (page: Page) => Promise<void>;
  before?: (page: Page) => Promise<void>;
  /** The verdict the timed span ends at ('ok' unless said). */
  timedKind?: string;
  /** A second span, from Enter to the verdict of this kind (充装: the granted permission). */
  thenKind?: string;
  /** After the timed span, outside it (the fill running to its record). */
  after?: (page: Page, code: string) => Promise<void>;
}

async function runStation(page: Page, station: Station, codes: string[]): Promise<{ times: number[]; inPage: number[]; then: number[] }> {
  await station.open(page);
  // BENCH_PAGE_PROF=1: a CPU profile of the page over the timed scans (.tmp/cpu-prof/page-<station>.cpuprofile).
  const cdp = process.env.BENCH_PAGE_PROF === '1' ? await page.context().newCDPSession(page) : null;
  if (cdp) await cdp.send('Profiler.enable');
  const input = page.getByLabel(station.scanLabel, { exact: true });
  const times: number[] = [];
  const inPage: number[] = [];
  const then: number[] = [];
  for (const [i, code] of codes.entries()) {
    await station.before?.(page);
    await input.focus();
    if (cdp && i === WARMUP) await cdp.send('Profiler.start');
    const r = await timedScan(page, code, station.thenKind);
    if (r.kind !== (station.timedKind ?? 'ok')) throw new Error(`${station.name} ${code}: ${r.kind} ${r.title}`);
    if (station.thenKind && r.then === null) throw new Error(`${station.name} ${code}: ${r.kind2 ?? r.kind}, not ${station.thenKind}`);
    await station.after?.(page, code);
    if (i >= WARMUP) {
      times.push(r.ms);
      inPage.push(r.page);
      if (r.then !== null && station.thenKind) then.push(r.then);
    }
  }
  if (cdp) {
    const { profile } = await cdp.send('Profiler.stop');
    mkdirSync(resolve('.tmp/cpu-prof'), { recursive: true });
    writeFileSync(resolve(`.tmp/cpu-prof/page-${station.name}.cpuprofile`), JSON.stringify(profile));
    await cdp.detach();
  }
  const sort = (xs: number[]) => xs.sort((a, b) => a - b);
  return { times: sort(times), inPage: sort(inPage), then: sort(then) };
}

async function main() {
  const url = process.env.BENCH_DATABASE_URL?.trim();
  if (!url) throw new Error('scan-verdict: set BENCH_DATABASE_URL to the lifecycle bench database (npm run bench lifecycle seeds it)');
  await ensureDatabase(url, log);
  const db = createDb(url);
  await prepareDatabase(db);
  if (!hasSocat) throw new Error('scan-verdict: socat is needed for 充装 (the filling scale and the relay on serial pairs)');
  const codes = Array.from({ length: WARMUP + SCANS }, (_v, i) => verdictCode(i + 1));
  let app: ChildProcess | undefined;
  let rig: FillRig | undefined;
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
  try {
    const pool = await ensureScanPool(db, 1, log);
    const { gasName } = await resetVerdictPool(db, codes.length);
    const started = await startApp(url);
    app = started.child;
    rig = await startFillRig(started.base);
    const page = await browser.newPage({ baseURL: started.base, viewport: { width: 1600, height: 900 } });
    await page.goto('/login');
    await page.getByLabel('用户名').fill(BENCH_USER.username);
    await page.getByLabel('密码').fill(BENCH_USER.password);
    await page.getByRole('button', { name: '登录' }).click();
    await page.waitForURL(/\/main\/home/);

    const tab = (path: string, name: string) => async (p: Page) => {
      await p.goto(path);
      await p.getByRole('tab', { name, exact: true }).click();
    };
    const gross = String(POOL_TARE + POOL_TARGET_NET + 0.1);
    const stations: Station[] = [
      { name: '回收', scanLabel: '扫码回收', open: tab('/storage/inbound', '回收') },
      {
        name: '抽真空', scanLabel: '扫码抽真空',
        open: async (p) => {
          await tab('/produce/produce', '抽真空')(p);
          await p.getByLabel('真空度（MPa）').fill('-0.09');
          await p.getByLabel('整组固定').check();
        },
      },
      { name: '领瓶', scanLabel: '扫码领瓶', open: tab('/produce/produce', '领瓶') },
      {
        // Scan first (issue 34): timed to the gate's verdict (allowed), and on to the granted permission; the fill
        // runs to its record outside both.
        name: '充装', scanLabel: '扫码充装', timedKind: 'allowed', thenKind: 'granted',
        open: async (p) => {
          await configureFillStation(p, { agentUrl: rig!.agent.url, workstation: 'BENCH-充装' });
          await tab('/produce/produce', '充装')(p);
          await p.getByLabel('充装介质').click();
          await p.getByRole('option', { name: gasName, exact: true }).click();
          await p.getByTestId('fill-config').waitFor();
        },
        before: async () => rig!.scale.place(POOL_TARE + 10),
        after: async (p, code) => {
          await p.waitForFunction((c) => {
            const box = document.querySelector('[data-testid="verdict"]');
            return !!box && box.getAttribute('data-kind') !== 'granted' && (box.textContent ?? '').includes(c);
          }, code, { timeout: 30_000 });
          const kind = await p.getByTestId('verdict').getAttribute('data-kind');
          if (kind !== 'ok') throw new Error(`充装 ${code}: the fill ended ${kind}: ${await p.getByTestId('verdict').textContent()}`);
        },
      },
      {
        name: '复秤', scanLabel: '扫码复秤', open: tab('/produce/produce', '复秤'),
        before: async (p) => {
          const weight = p.getByLabel('手工录入毛重（kg）');
          if ((await weight.inputValue()) !== gross) await weight.fill(gross);
        },
      },
    ];
    const rows: Array<{ name: string; p50: number; p95: number; max: number; pageP50: number; then?: { p50: number; p95: number; max: number } }> = [];
    // BENCH_STATIONS=领瓶,充装 runs only those (the cylinders must then already stand where those stations start).
    const only = process.env.BENCH_STATIONS?.split(',').map((s) => s.trim()).filter(Boolean);
    for (const station of stations) {
      if (only?.length && !only.includes(station.name)) continue;
      if (station.name === '复秤') await inspectThroughApi(page, codes, pool);
      const { times, inPage, then } = await runStation(page, station, codes);
      rows.push({
        name: station.name, p50: percentile(times, 50), p95: percentile(times, 95), max: times.at(-1)!, pageP50: percentile(inPage, 50),
        ...(then.length ? { then: { p50: percentile(then, 50), p95: percentile(then, 95), max: then.at(-1)! } } : {}),
      });
      log(`  ${station.name}: ${times.length} scans`);
    }
    log(`\nScan to verdict in Chromium, ${SCANS} scans per station after ${WARMUP} (target p95 < ${TARGET_P95_MS} ms):`);
    log('station    p50 ms   p95 ms   max ms   p50 after the last answer (the page alone)   Enter → granted p50 / p95 / max ms');
    for (const r of rows) {
      const then = r.then ? `   ${r.then.p50.toFixed(1)} / ${r.then.p95.toFixed(1)} / ${r.then.max.toFixed(1)}` : '';
      log(`${r.name.padEnd(8)} ${r.p50.toFixed(1).padStart(8)} ${r.p95.toFixed(1).padStart(8)} ${r.max.toFixed(1).padStart(8)} ${r.pageP50.toFixed(1).padStart(9)}   ${r.p95 < TARGET_P95_MS ? 'met' : 'MISSED'}${then}`);
    }
    log('(充装: the timed span ends at the gate\'s verdict, 允许充装 while the valve opens; the last column runs on to the granted permission.)');
  } finally {
    await browser.close();
    await rig?.stop();
    if (app && app.exitCode === null) {
      const exited = new Promise((done) => app!.once('exit', done));
      app.kill('SIGTERM');
      await exited;
    }
    await db.destroy();
  }
}

/** A database the bench can run on: migrated, seeded, the bench user (admin role) with its password. */
async function prepareDatabase(db: ReturnType<typeof createDb>) {
  await migrateToLatest(db);
  await ensureSeed(db, {});
  const passwordHash = await hashPassword(BENCH_USER.password);
  await db.insertInto('users').values({ username: BENCH_USER.username, name: '基准用户', password_hash: passwordHash, dept_id: null })
    .onConflict((oc) => oc.column('username').doUpdateSet({ password_hash: passwordHash, status: 1 })).execute();
  await sql`insert into user_roles (user_id, role_id)
    select u.id, r.id from users u, roles r where u.username = ${BENCH_USER.username} and r.role_code = 'admin'
    on conflict do nothing`.execute(db);
  // 领瓶 and 充装 ask the filler for a valid 气瓶充装作业人员证 (issue 34; on for a new plant).
  await db.updateTable('users').set({ filler_cert_no: 'BENCH-TS', filler_cert_expiry: sql<string>`current_date + 3650`, filler_cert_categories: GAS_CATEGORIES.map((c) => c.code) })
    .where('username', '=', BENCH_USER.username).execute();
}

interface FillRig { agent: DeviceAgent; scale: FillingScale; relay: RelayBoard; stop: () => Promise<void> }

/**
 * The filling scale and its permission relay on two socat pairs, and the standalone device agent holding them.
 * The flow (3 kg/s, a bench speed: a real LPG line fills at about 1 kg/s) with a 0.5 kg in-flight allowance leaves the
 * agent about 330 ms from the reading that crosses target − allowance to the coil going off before a fill passes
 * target + tolerance (the A9 sends a frame every 30 ms). At 8 kg/s and 0.2 kg (under 90 ms) one fill in a few hundred
 * overfilled on the 1 M database. Each cylinder is put on the scale holding 10 kg (residual gas, which the station
 * tops up to the target): a fill then takes about 1.5 s; the timed span ends at the grant either way.
 */
async function startFillRig(origin: string): Promise<FillRig> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-fill-'));
  const [scaleEnd, scaleApp, relayEnd, relayApp] = ['scale', 'scale-app', 'relay', 'relay-app'].map((n) => join(dir, n)) as [string, string, string, string];
  const pairs: SocatPair[] = [await startSocatPair(scaleEnd, scaleApp), await startSocatPair(relayEnd, relayApp)];
  const relay = await startRelayBoard(relayEnd, 1);
  const scale = await startFillingScale(scaleEnd, () => relay.isOn(0), 3);
  const agent = await startDeviceAgent({ origin, scalePath: scaleApp, relayPath: relayApp, relayName: '基准充装阀', coil: 0, allowanceKg: 0.5 });
  return {
    agent, scale, relay,
    stop: async () => {
      await agent.stop();
      await scale.stop();
      await relay.close();
      for (const p of pairs) await p.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** 检验 is a form after the scan: the pool's inspections go through the API, as the form would send them. */
async function inspectThroughApi(page: Page, codes: string[], pool: { projects: Array<{ id: number; value: number }> }) {
  const login = ((await (await page.request.post('/api/home/login', { data: BENCH_USER })).json()) as { data: { token: string } }).data.token;
  for (const code of codes) {
    const res = await page.request.post('/api/produce/testResult', {
      headers: { authorization: `Bearer ${login}` }, data: { code, items: pool.projects.map((p) => ({ projectId: p.id, value: p.value })) },
    });
    const body = await res.json() as { code: number; msg: string };
    if (body.code !== 0) throw new Error(`testResult ${code}: ${body.msg}`);
  }
}

await main();
