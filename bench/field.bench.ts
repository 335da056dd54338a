/**
 * `npm run bench field`: the field app's "Performance and size" (issue 37) on a phone, offline. The built app
 * (`npm start`, one API process) on the embedded PostgreSQL (.tmp/bench-pg, database cylinder_fieldbench) or
 * BENCH_DATABASE_URL; a route made through the API (bench/field-seed.ts): 30 stops, 400 cylinders on the truck,
 * 570 empties at the customers. Chromium through Playwright with the Pixel 7 profile, its fake camera fed a noisy
 * picture (so proof photos come out near the 200 KB bound) and a granted position.
 *
 * The driver signs in on /field, saves the trip for offline, the network goes (context.setOffline) and the CPU is
 * throttled 4× (CDP Emulation.setCPUThrottlingRate). Stop by stop, as a driver works: the deliveries scanned, then the
 * empties, then the proof (receiver, signature drawn, photo, position): 1,000 acts kept on the phone. Each scan is
 * timed inside the page: performance.now() before the scanner's input and Enter are dispatched to the scan field, to
 * the verdict under it naming the code (the DOM mutation) and to the next animation frame (on screen): CDP round trips
 * are outside the span. Then the network comes back and the replay is timed until the queue is empty and the server's
 * reconciliation shows the 400 delivered and the 570 taken back. The device's storage (precache, the trip copy and the
 * facts in IndexedDB, navigator.storage.estimate) is printed after saving and at the end of the day.
 *
 * Targets (reported, not failures): scan → verdict p95 < 100 ms; replay < 2 min; shell + route + facts < 5 MB.
 * BENCH_STOPS=n works only the first n stops (a quick run; the replay then holds fewer acts).
 * BENCH_PAGE_PROF=1 writes a CPU profile of the page over the scans to .tmp/cpu-prof/field-scans.cpuprofile.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { loadavg } from 'node:os';
import { chromium, devices, type Page } from 'playwright';
import { sql } from 'kysely';
import { createDb } from '../src/server/db/database';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../src/server/db/embedded';
import { migrateToLatest } from '../src/server/db/migrate';
import { ensureSeed } from '../src/server/db/seed';
import { hashPassword } from '../src/server/lib/password';
import { freePort } from '../tests/server/free-port';
import { seedRoute, type Api } from './field-seed';
import { ensureDatabase } from './lifecycle-seed';

const ADMIN = { username: 'fieldbench', password: 'Field-bench-1' };
const SCAN_P95_MS = 100;
const REPLAY_MS = 120_000;
const DEVICE_BYTES = 5 * 1024 * 1024;
/** The phone: 4× throttling. BENCH_CPU_RATE=8 asks what a machine half as fast as this one would show. */
const CPU_RATE = Number(process.env.BENCH_CPU_RATE ?? 4) || 4;
const log = (line: string) => console.info(line);
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;

async function startApp(url: string): Promise<{ child: ChildProcess; base: string }> {
  const port = await freePort();
  const dataDir = resolve('.tmp/bench-field');
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
  child.stdout.resume();
  return { child, base: `http://127.0.0.1:${port}` };
}

function apiOf(base: string, token: () => string): Api {
  return {
    async call<T>(path: string, body?: unknown, method: 'GET' | 'POST' = 'POST'): Promise<T> {
      const res = await fetch(`${base}/api${path}`, {
        method, headers: { 'content-type': 'application/json', authorization: `Bearer ${token()}` }, ...(method === 'POST' ? { body: JSON.stringify(body ?? {}) } : {}),
      });
      const envelope = (await res.json()) as { code: number; msg: string; data: T };
      if (envelope.code !== 0) throw new Error(`${path}: ${envelope.msg}`);
      return envelope.data;
    },
  };
}

/**
 * A camera picture for Chromium's fake capture (YUV4MPEG2, 4:2:0): a daylight gradient with the grain of a phone's
 * sensor, busy enough that the app's compression (photo.ts: JPEG at falling quality until ≤ 200 KB) works for it.
 */
function cameraFile(path: string, width = 1280, height = 720): void {
  const frames = 2;
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F30:1 Ip A1:1 C420jpeg\n`);
  const ySize = width * height;
  const cSize = (width / 2) * (height / 2);
  const parts: Buffer[] = [header];
  let seed = 12345;
  const rand = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
  for (let f = 0; f < frames; f++) {
    const frame = Buffer.alloc(6 + ySize + 2 * cSize);
    frame.write('FRAME\n');
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const base = 60 + (140 * x) / width + 30 * Math.sin(y / 37) + 25 * Math.cos((x + y) / 53);
        frame[6 + y * width + x] = Math.max(0, Math.min(255, Math.round(base + (rand() - 0.5) * 70)));
      }
    }
    for (let i = 0; i < cSize; i++) {
      frame[6 + ySize + i] = 118 + Math.round((rand() - 0.5) * 16);
      frame[6 + ySize + cSize + i] = 134 + Math.round((rand() - 0.5) * 16);
    }
    parts.push(frame);
  }
  writeFileSync(path, Buffer.concat(parts));
}

interface Timed { dom: number; frame: number; kind: string; text: string }

/**
 * One scan, timed in the page: a keyboard-wedge scanner's input (the code in the field, its input event) and its
 * Enter, dispatched from a task of the page's own; the span runs from just before them to the verdict under the
 * field naming the code (the MutationObserver's callback) and to the next animation frame.
 */
const TIMED_SCAN = `function (input, code) {
  return new Promise(function (done, fail) {
    var box = input.closest('.MuiTextField-root').parentElement.querySelector(':scope > [role="status"]');
    var setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
    var t0 = 0;
    var timer = setTimeout(function () { observer.disconnect(); fail(new Error('no verdict for ' + code + ' within 15 s: ' + box.textContent)); }, 15000);
    var observer = new MutationObserver(function () {
      var kind = box.getAttribute('data-kind');
      if (!kind || box.textContent.indexOf(code) < 0) return;
      var dom = performance.now() - t0;
      observer.disconnect();
      clearTimeout(timer);
      requestAnimationFrame(function () { done({ dom: dom, frame: performance.now() - t0, kind: kind, text: box.textContent }); });
    });
    observer.observe(box, { subtree: true, childList: true, characterData: true, attributes: true });
    setTimeout(function () {
      t0 = performance.now();
      input.focus();
      setter.call(input, code);
      input.dispatchEvent(new Event('input', { bubbles: true }));
      input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', code: 'Enter', keyCode: 13, which: 13, bubbles: true, cancelable: true }));
    }, 0);
  });
}`;

async function timedScan(page: Page, label: string, code: string): Promise<Timed> {
  // window.__timedScan is TIMED_SCAN, installed as a string (tsx's name helpers do not exist inside the page).
  return page.getByLabel(label, { exact: true }).evaluate((input, c) => (window as unknown as { __timedScan: (i: Element, c: string) => Promise<Timed> }).__timedScan(input, c), code);
}

const NATIVE_READER = `if (!('BarcodeDetector' in window)) window.BarcodeDetector = class {
  static async getSupportedFormats() { return ['qr_code', 'code_128', 'code_39', 'ean_13', 'data_matrix']; }
  async detect() { return []; }
};`;

/** What the device keeps: Cache Storage (the precache), IndexedDB's tables as JSON, and the browser's own estimate. */
const STORAGE = `async function (tripId) {
  var utf8 = function (v) { return new TextEncoder().encode(JSON.stringify(v)).length; };
  var cache = 0, entries = 0, byCache = {};
  for (var name of await caches.keys()) {
    var c = await caches.open(name);
    byCache[name] = 0;
    for (var req of await c.keys()) { var r = await c.match(req); if (r) { var size = (await r.blob()).size; cache += size; byCache[name] += size; entries++; } }
  }
  var db = await new Promise(function (ok, no) { var q = indexedDB.open('cylinder-offline'); q.onsuccess = function () { ok(q.result); }; q.onerror = function () { no(q.error); }; });
  var all = function (store) { return new Promise(function (ok, no) { var q = db.transaction(store).objectStore(store).getAll(); q.onsuccess = function () { ok(q.result); }; q.onerror = function () { no(q.error); }; }); };
  var trips = await all('trips');
  var trip = trips.find(function (t) { return t.id === tripId; });
  var facts = await all('facts');
  var queue = await all('queue');
  var meta = await all('meta');
  var bodies = db.objectStoreNames.contains('proofBodies') ? await all('proofBodies') : [];
  // From IndexedDB version 3 the copy is the manifest as saved plus one small record per act.
  var acts = db.objectStoreNames.contains('tripActs') ? (await all('tripActs')).filter(function (a) { return a.tripId === tripId; }) : [];
  db.close();
  var estimate = await navigator.storage.estimate();
  return {
    cache: cache, cacheEntries: entries, byCache: byCache, trip: (trip ? utf8(trip) : 0) + (acts.length ? utf8(acts) : 0), tripActs: acts.length,
    tripProofs: trip && trip.proofs ? utf8(trip.proofs) : utf8(acts.filter(function (a) { return a.kind === 'proof'; })),
    facts: utf8(facts), factRows: facts.length, queue: utf8(queue), queueRows: queue.length, meta: utf8(meta), proofBodies: utf8(bodies),
    usage: estimate.usage || 0, details: estimate.usageDetails || {},
  };
}`;
interface Storage { cache: number; cacheEntries: number; byCache: Record<string, number>; trip: number; tripActs: number; tripProofs: number; facts: number; factRows: number; queue: number; queueRows: number; meta: number; proofBodies: number; usage: number; details: Record<string, number> }

async function storageOf(page: Page, tripId: number): Promise<Storage> {
  return page.evaluate<Storage>(`(${STORAGE})(${tripId})`);
}

function printStorage(title: string, s: Storage): void {
  // The target's "app shell + route + facts": the day's own acts (the queue, the proofs' bodies) are not in it.
  const kept = s.cache + s.trip + s.facts + s.meta;
  log(`${title}:`);
  const caches = Object.entries(s.byCache).map(([name, bytes]) => `${name} ${mb(bytes)}`).join(', ');
  log(`  Cache Storage ${mb(s.cache)} in ${s.cacheEntries} entries (${caches}); trip copy ${kb(s.trip)} (${s.tripActs} act records; proofs in it ${kb(s.tripProofs)}); facts ${kb(s.facts)} (${s.factRows} rows); meta ${kb(s.meta)}`);
  log(`  the day's acts: queue ${mb(s.queue)} (${s.queueRows} acts), proof bodies waiting for their receipt ${mb(s.proofBodies)}`);
  log(`  shell + route + facts ${mb(kept)} — target < ${mb(DEVICE_BYTES)}: ${kept < DEVICE_BYTES ? 'met' : 'MISSED'}`);
  log(`  navigator.storage.estimate(): usage ${mb(s.usage)} ${JSON.stringify(Object.fromEntries(Object.entries(s.details).map(([k, v]) => [k, mb(v)])))}`);
}

/** The proof at the open stop: receiver, a signature drawn, a photo from the (fed) fake camera, the position. */
async function sign(page: Page, receiver: string): Promise<number> {
  // A tap, as on the phone: Playwright's click sends its mouse down and up as two steps, and between them the scan
  // field (which keeps the focus: keepFocus) takes the focus back from the button and scrolls the page up to itself,
  // so the click's up lands elsewhere and is lost (on a loaded machine, most stops). A tap's down, up and click come as one.
  await page.getByRole('button', { name: '签收', exact: true }).tap();
  await page.getByLabel('签收人', { exact: true }).fill(receiver);
  await page.getByTestId('signature').scrollIntoViewIfNeeded();
  const pad = await page.getByTestId('signature').boundingBox();
  if (!pad) throw new Error('no signature pad');
  await page.mouse.move(pad.x + 30, pad.y + 100);
  await page.mouse.down();
  for (const [dx, dy] of [[80, -50], [140, 40], [200, -30], [260, 60]] as const) await page.mouse.move(pad.x + dx, pad.y + 100 + dy, { steps: 5 });
  await page.mouse.up();
  await page.getByRole('button', { name: '拍照' }).click();
  const live = page.getByTestId('photo-live');
  await live.waitFor();
  await page.waitForFunction(() => (document.querySelector<HTMLVideoElement>('[data-testid="photo-live"]')?.videoWidth ?? 0) > 0);
  await page.getByRole('button', { name: '拍下' }).click();
  const photo = page.getByTestId('photo');
  await photo.waitFor();
  const src = (await photo.getAttribute('src')) ?? '';
  const bytes = Math.floor((src.slice(src.indexOf(',') + 1).replace(/=+$/, '').length * 3) / 4);
  await page.getByTestId('position').filter({ hasText: '位置：' }).waitFor();
  await page.getByRole('button', { name: '提交签收' }).click();
  await page.getByTestId('proof-done').filter({ hasText: `已签收：${receiver}` }).waitFor();
  return bytes;
}

async function main() {
  let embedded: EmbeddedPostgres | undefined;
  let url = process.env.BENCH_DATABASE_URL?.trim();
  if (!url) {
    embedded = await startEmbeddedPostgres({ dataDir: resolve('.tmp/bench-pg'), port: await freePort(), log: (l) => console.info(`[bench-pg] ${l}`) });
    const own = new URL(embedded.connectionString);
    own.pathname = '/cylinder_fieldbench';
    url = own.toString();
  }
  await ensureDatabase(url, log);
  const db = createDb(url);
  let app: ChildProcess | undefined;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${resolve('.tmp/bench-field/camera.y4m')}`],
  });
  try {
    await migrateToLatest(db);
    await ensureSeed(db, {});
    const passwordHash = await hashPassword(ADMIN.password);
    await db.insertInto('users').values({ username: ADMIN.username, name: '现场基准', password_hash: passwordHash, dept_id: null })
      .onConflict((oc) => oc.column('username').doUpdateSet({ password_hash: passwordHash, status: 1 })).execute();
    await sql`insert into user_roles (user_id, role_id) select u.id, r.id from users u, roles r
      where u.username = ${ADMIN.username} and r.role_code = 'admin' on conflict do nothing`.execute(db);
    const started = await startApp(url);
    app = started.child;
    cameraFile(resolve('.tmp/bench-field/camera.y4m'));
    let token = '';
    const api = apiOf(started.base, () => token);
    token = (await api.call<{ token: string }>('/home/login', ADMIN)).token;
    log('Seeding the route through the API:');
    const route = await seedRoute(api, db, log);
    const stopsWorked = route.stops.slice(0, Number(process.env.BENCH_STOPS ?? route.stops.length));

    const { viewport, deviceScaleFactor, isMobile, hasTouch, userAgent } = devices['Pixel 7'];
    const context = await browser.newContext({
      baseURL: started.base, viewport, deviceScaleFactor, isMobile, hasTouch, userAgent,
      permissions: ['camera', 'geolocation'], geolocation: { latitude: 29.5630, longitude: 106.5516, accuracy: 20 },
    });
    const page = await context.newPage();
    // A throttled phone on a shared machine: a step may take long; only a step that never comes fails the bench.
    page.setDefaultTimeout(120_000);
    await page.addInitScript(`window.__timedScan = ${TIMED_SCAN};`);
    // Chrome on Android (the Pixel 7 profiled here) reads codes itself: a BarcodeDetector as the phone has one, so the
    // app stores no ZXing reader (stations/barcodeDetector.ts). The bench scans by keystroke; only that choice depends on
    // it. BENCH_NO_NATIVE_READER=1: as desktop Chromium on Linux, which has none (the reader's 1 MB then counts).
    if (process.env.BENCH_NO_NATIVE_READER !== '1') await page.addInitScript(NATIVE_READER);
    await page.goto('/field');
    await page.waitForURL(/\/login\?redirect=%2Ffield/);
    await page.getByLabel('用户名').fill(route.driver.username);
    await page.getByLabel('密码').fill(route.driver.password);
    await page.getByRole('button', { name: '登录' }).click();
    await page.waitForURL(/\/field$/);
    await page.getByRole('link', { name: '我的车次' }).click();
    await page.getByRole('link').filter({ hasText: route.plate }).click();
    await page.getByRole('button', { name: '保存离线' }).click();
    await page.getByTestId('copy-age').filter({ hasText: '离线副本：刚刚保存' }).waitFor();
    // The service worker installed and its precache filled (the shell opens with no network).
    await page.evaluate(async () => { await navigator.serviceWorker.ready; });
    await page.waitForTimeout(2000);
    const saved = await storageOf(page, route.tripId);

    await context.setOffline(true);
    await page.getByTestId('connection').filter({ hasText: '离线' }).waitFor();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_RATE });
    const profiling = process.env.BENCH_PAGE_PROF === '1';
    // BENCH_PAGE_PROF=scans: a profile of each stop's scans alone (not its 签收), .tmp/cpu-prof/field-scans-<stop>.cpuprofile.
    const profilingScans = process.env.BENCH_PAGE_PROF === 'scans';
    if (profiling || profilingScans) await cdp.send('Profiler.enable');
    if (profiling) {
      await cdp.send('Profiler.start');
    }

    const scans: Array<Timed & { code: string; kind2: 'deliver' | 'pickup'; stop: number }> = [];
    const photos: number[] = [];
    const dayStarted = Date.now();
    for (const stop of stopsWorked) {
      await page.getByTestId(`stop-${stop.seq}`).click();
      await page.getByTestId('stop-name').filter({ hasText: stop.customer }).waitFor();
      if (profilingScans) await cdp.send('Profiler.start');
      for (const code of stop.deliveries) {
        const r = await timedScan(page, '扫描交付的气瓶', code);
        if (r.kind !== 'ok') throw new Error(`deliver ${code} at stop ${stop.seq}: ${r.kind} ${r.text}`);
        scans.push({ ...r, code, kind2: 'deliver', stop: stop.seq });
      }
      await page.getByRole('button', { name: '回收空瓶' }).click();
      for (const code of stop.empties) {
        const r = await timedScan(page, '扫描收回的空瓶', code);
        if (r.kind !== 'ok') throw new Error(`pickup ${code} at stop ${stop.seq}: ${r.kind} ${r.text}`);
        scans.push({ ...r, code, kind2: 'pickup', stop: stop.seq });
      }
      if (profilingScans) {
        const { profile } = await cdp.send('Profiler.stop');
        mkdirSync(resolve('.tmp/cpu-prof'), { recursive: true });
        writeFileSync(resolve(`.tmp/cpu-prof/field-scans-${stop.seq}.cpuprofile`), JSON.stringify(profile));
      }
      // The stop's lists show the last act before the driver goes on (签收 sits under them).
      await page.getByTestId('pickups').locator(`li[data-code="${stop.empties.at(-1)}"]`).waitFor();
      photos.push(await sign(page, `收货人${stop.seq}`).catch(async (e: unknown) => {
        await page.screenshot({ path: resolve(`.tmp/bench-field/proof-${stop.seq}.png`), fullPage: true });
        throw e;
      }));
      await page.getByRole('button', { name: '返回' }).click();
      await page.getByTestId(`stop-${stop.seq}`).filter({ hasText: '已签收' }).waitFor();
      const mine = scans.filter((s) => s.stop === stop.seq).map((s) => s.frame).sort((a, b) => a - b);
      const heap = await page.evaluate(() => (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize ?? 0);
      log(`  stop ${stop.seq}: ${mine.length} scans, p50 ${percentile(mine, 50).toFixed(1)} ms, max ${mine.at(-1)!.toFixed(1)} ms; photo ${kb(photos.at(-1)!)}; page heap ${mb(heap)}`);
    }
    const dayMs = Date.now() - dayStarted;
    if (profiling) {
      const { profile } = await cdp.send('Profiler.stop');
      mkdirSync(resolve('.tmp/cpu-prof'), { recursive: true });
      writeFileSync(resolve('.tmp/cpu-prof/field-scans.cpuprofile'), JSON.stringify(profile));
    }
    const acts = scans.length + photos.length;
    await page.getByTestId('waiting').filter({ hasText: `待同步 ${acts}` }).waitFor();
    const endOfDay = await storageOf(page, route.tripId);

    // The network is back (the CPU still throttled: the same phone): the queue drains by itself.
    const onlineAt = Date.now();
    await context.setOffline(false);
    await page.waitForFunction(() => document.querySelector('[data-testid="waiting"]')?.getAttribute('data-count') === '0', undefined, { timeout: 15 * 60_000, polling: 250 });
    const drainedMs = Date.now() - onlineAt;
    const deliveries = stopsWorked.reduce((n, s) => n + s.deliveries.length, 0);
    const empties = stopsWorked.reduce((n, s) => n + s.empties.length, 0);
    let rec = await api.call<{ delivered: number; pickedUp: number; forced: number; stops: Array<{ status: number }> }>(`/trip/reconcile/${route.tripId}`, undefined, 'GET');
    while (rec.delivered < deliveries || rec.pickedUp < empties) {
      if (Date.now() - onlineAt > 15 * 60_000) throw new Error(`the server has ${rec.delivered} delivered and ${rec.pickedUp} taken back, not ${deliveries} and ${empties}`);
      await new Promise((done) => setTimeout(done, 250));
      rec = await api.call(`/trip/reconcile/${route.tripId}`, undefined, 'GET');
    }
    const replayMs = Date.now() - onlineAt;
    const signed = rec.stops.filter((s) => s.status === 1).length;
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });

    const frames = scans.map((s) => s.frame).sort((a, b) => a - b);
    const doms = scans.map((s) => s.dom).sort((a, b) => a - b);
    const of = (kind: 'deliver' | 'pickup') => scans.filter((s) => s.kind2 === kind).map((s) => s.frame).sort((a, b) => a - b);
    const line = (name: string, xs: number[]) => `  ${name.padEnd(34)} ${String(xs.length).padStart(5)} ${percentile(xs, 50).toFixed(1).padStart(8)} ${percentile(xs, 95).toFixed(1).padStart(8)} ${xs.at(-1)!.toFixed(1).padStart(8)}`;
    log(`\nField app offline, Pixel 7 profile, CPU throttled ${CPU_RATE}× (1-minute load average now ${loadavg()[0]!.toFixed(1)}):`);
    log(`Scan → verdict, in the page (ms):          scans      p50      p95      max`);
    log(line('on screen (next frame), all', frames));
    log(line('verdict in the DOM, all', doms));
    log(line('on screen, deliveries', of('deliver')));
    log(line('on screen, empties', of('pickup')));
    const first = stopsWorked[0]!.seq;
    const last = stopsWorked.at(-1)!.seq;
    const at = (seq: number) => scans.filter((s) => s.stop === seq).map((s) => s.frame).sort((a, b) => a - b);
    log(line(`on screen, stop ${first}`, at(first)));
    log(line(`on screen, stop ${last}`, at(last)));
    const p95 = percentile(frames, 95);
    log(`  target p95 < ${SCAN_P95_MS} ms: ${p95 < SCAN_P95_MS ? 'met' : 'MISSED'} (${p95.toFixed(1)} ms)`);
    log(`The day offline: ${acts} acts kept (${scans.length} scans, ${photos.length} proofs; photos ${kb(Math.min(...photos))}–${kb(Math.max(...photos))}, mean ${kb(photos.reduce((a, b) => a + b, 0) / photos.length)}) in ${(dayMs / 1000).toFixed(0)} s`);
    log(`Replay once online: queue empty after ${(drainedMs / 1000).toFixed(1)} s; the server shows ${rec.delivered} delivered, ${rec.pickedUp} taken back (${rec.forced} forced), ${signed} stops signed after ${(replayMs / 1000).toFixed(1)} s — target < ${REPLAY_MS / 1000} s: ${replayMs < REPLAY_MS ? 'met' : 'MISSED'}`);
    printStorage('Device storage after 保存离线 (before the day)', saved);
    printStorage('Device storage at the end of the day offline (before the replay)', endOfDay);
    await context.close();
  } finally {
    await browser.close();
    if (app && app.exitCode === null) {
      const exited = new Promise((done) => app!.once('exit', done));
      app.kill('SIGTERM');
      await exited;
    }
    await db.destroy();
    await embedded?.stop();
  }
}

await main();
