import { toQueryError } from '@renderer/store/api';
import { OFFLINE } from '@shared/api/offline';
import type { EndpointData } from '@shared/api/endpoint';
import { callEndpoint } from '@renderer/store/endpoints';

/** The sync loop's calls: refusals are its own to handle, and a 403 (a key taken away) never leaves the screen. */
const BACKGROUND = { silent: true, action: true } as const;
import { readSetting, STATION_KEYS } from '@renderer/stations/localSetting';
import { connectivity } from '@renderer/stations/connectivity';
import { offlineDb, readMeta, writeMeta } from './db';
import { MAX_BACKOFF_MS, queueSummary, replayQueue, unanswered } from './queue';

/** While online: how often the station asks the change feed for news (and tells the server its queue). */
export const POLL_MS = 5_000;
/** First wait after a round that got no answer; doubles up to MAX_BACKOFF_MS. */
export const FIRST_BACKOFF_MS = 2_000;
/** Rows per page of the change feed. */
export const FEED_PAGE = 500;

type FeedPage = EndpointData<typeof OFFLINE.facts>;

export const FACTS_CURSOR = 'facts.cursor';
export const FACTS_SCOPE = 'facts.scope';
export const FACTS_SYNCED_AT = 'facts.syncedAt';
/** The gases of the last feed page (FactsGas[]): what the gate reads of a gas, and the scope's test projects (检验). */
export const FACTS_GASES = 'facts.gases';
/** The signed-in operator's filling-operator certificate and the rule (the feed's `operator`, issue 34). */
export const FACTS_OPERATOR = 'facts.operator';
/** When the last full copy (a pull without a cursor) began. */
export const FACTS_FULL_AT = 'facts.fullAt';
/** A full copy again after this long. */
export const FULL_COPY_EVERY_MS = 24 * 3600_000;

/**
 * The gases the copy is for: the gas this PC's 领瓶 / 充装 station fills (设备 set-up kept on the PC), or
 * every gas when none is chosen (a warehouse PC). Bounds the copy for a large plant.
 */
function factsScope(): number[] | null {
  const gas = readSetting<number | null>(STATION_KEYS.material, null);
  return typeof gas === 'number' ? [gas] : null;
}

/** The stations' scans as the sync loop sees them (useStation keeps it): the copy's pages keep out of their way. */
export const scanActivity = { inFlight: 0, lastAt: 0 };

/**
 * How the copy's pages give way to scans. A full copy of a large plant is hundreds of pages, each a feed query
 * on the server and rows written on this PC's main thread: a page waits until no scan is in flight and the
 * station has been quiet for `quietMs`, but no longer than `maxDeferMs` (so the copy still moves through a busy
 * shift, a page every few seconds at worst); rows are written `putChunk` at a time, with the same courtesy
 * between chunks, so a scanner's Enter never waits behind a whole page.
 */
export const PACE = { quietMs: 800, maxDeferMs: 5_000, stepMs: 50, putChunk: 100, roundMs: 15_000 };

const pause = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

/** Resolves once the stations leave room for a page of the copy (see PACE). */
export async function giveWayToScans(): Promise<void> {
  const start = Date.now();
  for (;;) {
    const now = Date.now();
    if (scanActivity.inFlight <= 0 && (now - scanActivity.lastAt >= PACE.quietMs || now - start >= PACE.maxDeferMs)) return;
    await pause(PACE.stepMs);
  }
}

/**
 * Brings the local copy of the gate facts up to date from the change feed: pages from the stored cursor
 * until the server says there is no more (or the round's time is up, see PACE.roundMs; the copy counts as
 * ready only once a pull has reached the end); a new scope (another gas) or a `reset` starts again from empty.
 * Returns false when the server has no feed (an older server): the copy then stays as it was.
 */
export async function pullFacts(): Promise<boolean> {
  const db = offlineDb();
  const scope = factsScope();
  const wanted = JSON.stringify(scope);
  if ((await readMeta<string>(FACTS_SCOPE)) !== wanted) {
    await db.transaction('rw', db.facts, db.meta, async () => {
      await db.facts.clear();
      await db.meta.bulkPut([
        { key: FACTS_SCOPE, value: wanted }, { key: FACTS_CURSOR, value: null }, { key: FACTS_SYNCED_AT, value: null }, { key: FACTS_GASES, value: null },
      ]);
    });
  }
  // Changes outside the trace (a gas's life or flammability edited, a rule switched) reach the copy only with
  // a full copy: one a day (and after a long outage), as the server's README asks.
  const fullAt = await readMeta<number | null>(FACTS_FULL_AT);
  if (typeof fullAt === 'number' && Date.now() - fullAt > FULL_COPY_EVERY_MS) await writeMeta(FACTS_CURSOR, null);
  // One round pulls for at most PACE.roundMs: a long full copy goes on in the next rounds (the cursor is kept per
  // page), so the loop's other work — sending kept scans again, the queue report — never waits behind it.
  const until = Date.now() + PACE.roundMs;
  for (let pages = 0; pages < 10_000; pages++) {
    if (pages > 0 && Date.now() >= until) return true;
    await giveWayToScans();
    const cursor = (await readMeta<string | null>(FACTS_CURSOR)) ?? null;
    const page = await callEndpoint(OFFLINE.facts, {
      station: 'workstation', ...(scope ? { materialIds: scope } : {}), cursor, limit: FEED_PAGE,
    }, BACKGROUND) as FeedPage | null;
    connectivity.answered();
    if (!page || typeof page !== 'object' || !Array.isArray(page.cylinders)) return false;
    // In chunks, each its own transaction; the cursor moves with the last one (a page cut short by a closed app
    // is fetched again, and its rows put again without harm).
    const chunks = Math.max(1, Math.ceil(page.cylinders.length / PACE.putChunk));
    for (let k = 0; k < chunks; k++) {
      if (k > 0) await giveWayToScans();
      await db.transaction('rw', db.facts, db.meta, async () => {
        if (k === 0 && page.reset) await db.facts.clear();
        const rows = page.cylinders.slice(k * PACE.putChunk, (k + 1) * PACE.putChunk);
        if (rows.length) await db.facts.bulkPut(rows);
        if (k < chunks - 1) return;
        if (page.removed?.length) await db.facts.bulkDelete(page.removed);
        await db.meta.put({ key: FACTS_CURSOR, value: page.cursor });
        // Every page carries every gas (a few rows): the last one is kept, with the test projects of the scope's gases.
        if (Array.isArray(page.gases)) await db.meta.put({ key: FACTS_GASES, value: page.gases });
        // The operator who pulled (the signed-in user): the certificate rule offline judges their certificate.
        if (page.operator) await db.meta.put({ key: FACTS_OPERATOR, value: page.operator });
        if (cursor === null) await db.meta.put({ key: FACTS_FULL_AT, value: Date.now() });
      });
    }
    if (!page.more) break;
  }
  await writeMeta(FACTS_SYNCED_AT, Date.now());
  return true;
}

let lastReport = '';
/** Tells the server how many scans wait on this PC and since when (shown to administrators). */
async function reportQueue(): Promise<void> {
  const { waiting, oldestAt } = await queueSummary();
  const key = `${waiting}|${oldestAt ?? ''}`;
  if (key === lastReport) return;
  await callEndpoint(OFFLINE.queueReport, { waiting, oldestAt }, BACKGROUND);
  lastReport = key;
}

const listeners = new Set<() => void>();
/** Called after each round that sent scans (the stations refresh their counts and lists). */
export function onReplayed(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

let timer: ReturnType<typeof setTimeout> | null = null;
let running: Promise<void> | null = null;
let started = false;
let backoff = 0;
let generation = 0;

/** One round: send the queue again if anything waits, else refresh the local copy; then report the queue. */
export async function syncRound(): Promise<void> {
  const { waiting } = await queueSummary();
  let answered = true;
  if (waiting) {
    connectivity.syncing(true);
    try {
      const outcomes = await replayQueue();
      answered = !outcomes.some((o) => o.kind === 'unanswered');
      if (outcomes.some((o) => o.kind !== 'unanswered')) for (const l of listeners) l();
    } finally {
      connectivity.syncing(false);
    }
  }
  if (answered) {
    try {
      await pullFacts();
    } catch (e) {
      const error = toQueryError(e);
      if (typeof error.code !== 'number') connectivity.lost();
      answered = !unanswered(error);
    }
  }
  if (answered) {
    try {
      await reportQueue();
    } catch {
      // The report is a courtesy to the administrator: the next round sends it again.
    }
  }
  backoff = answered ? 0 : Math.min(backoff ? backoff * 2 : FIRST_BACKOFF_MS, MAX_BACKOFF_MS);
}

function schedule(ms: number): void {
  if (timer) clearTimeout(timer);
  const mine = generation;
  timer = setTimeout(() => {
    timer = null;
    if (mine !== generation) return;
    void runRound();
  }, ms);
}

async function runRound(): Promise<void> {
  if (running) return;
  const mine = generation;
  running = syncRound().catch(() => {
    backoff = Math.min(backoff ? backoff * 2 : FIRST_BACKOFF_MS, MAX_BACKOFF_MS);
  });
  try {
    await running;
  } finally {
    running = null;
  }
  if (mine === generation && started) schedule(backoff || POLL_MS);
}

/** Runs a round soon (a scan just queued, the browser says the network is back). */
export function kickSync(): void {
  // Away: the backoff decides when to try again (a scan kept offline does not hammer a missing server).
  if (started && !running && connectivity.get().online) schedule(0);
}

/**
 * Starts the station's sync loop (once per window; it goes on while the app is open, so the queue drains by
 * itself even after the station screen is closed).
 */
export function startSync(): void {
  if (started) return;
  started = true;
  if (typeof window !== 'undefined') window.addEventListener('online', kickSync);
  schedule(0);
}

/** Tests: stop the loop and forget its state; resolves when a round under way has ended. */
export function stopSyncForTests(): Promise<void> {
  started = false;
  generation += 1;
  backoff = 0;
  lastReport = '';
  if (timer) clearTimeout(timer);
  timer = null;
  if (typeof window !== 'undefined') window.removeEventListener('online', kickSync);
  return running ?? Promise.resolve();
}
