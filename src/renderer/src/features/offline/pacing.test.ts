import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { http } from '@renderer/http/client';
import { fakeAdapter, ok } from '@renderer/test/fakeAdapter';
import { storeSession } from '@renderer/test/renderApp';
import { offlineDb, readMeta, resetOfflineDbForTests } from './db';
import { FACTS_CURSOR, FACTS_SYNCED_AT, PACE, pullFacts, scanActivity } from './sync';

const ROWS = 250;
const facts = (i: number) => ({ code: `PC${String(i).padStart(4, '0')}`, id: i, status: 2, materialId: 3 });
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** A feed of two pages of ROWS cylinders (a full copy under way). */
function feed() {
  const adapter = fakeAdapter((c) => {
    if (c.url !== '/offline/facts') return ok(null);
    const body = JSON.parse(c.data as string) as { cursor: string | null };
    const first = body.cursor === null;
    const base = first ? 0 : ROWS;
    return ok({ cursor: first ? 'f.1.250' : 't.1', reset: first, more: first, cylinders: Array.from({ length: ROWS }, (_v, i) => facts(base + i + 1)), removed: [], gases: [] });
  });
  http.setAdapter(adapter);
  return adapter;
}
const feedCalls = (adapter: ReturnType<typeof feed>) => adapter.calls.filter((c) => c.url === '/offline/facts').length;

const saved = { ...PACE };
beforeEach(async () => {
  await resetOfflineDbForTests();
  storeSession();
  scanActivity.inFlight = 0;
  scanActivity.lastAt = 0;
});
afterEach(() => {
  Object.assign(PACE, saved);
  scanActivity.inFlight = 0;
  scanActivity.lastAt = 0;
  http.setAdapter(undefined);
});

describe('the local copy gives way to scans', () => {
  it('asks for no page while a scan is in flight, and goes on once the station is quiet', async () => {
    Object.assign(PACE, { quietMs: 150, maxDeferMs: 60_000, stepMs: 10 });
    const adapter = feed();
    scanActivity.inFlight = 1;
    const pulled = pullFacts();
    await sleep(300);
    expect(feedCalls(adapter)).toBe(0);
    // The scan's answer is on screen: the copy waits the quiet time, then pages on.
    scanActivity.inFlight = 0;
    scanActivity.lastAt = Date.now();
    await sleep(50);
    expect(feedCalls(adapter)).toBe(0);
    await expect(pulled).resolves.toBe(true);
    expect(feedCalls(adapter)).toBe(2);
    // Both pages written, in chunks, the cursor moved with the last.
    expect(await offlineDb().facts.count()).toBe(2 * ROWS);
    expect(await readMeta(FACTS_CURSOR)).toBe('t.1');
  });

  it('still moves through a busy shift: a page at the latest every maxDeferMs', async () => {
    Object.assign(PACE, { quietMs: 60_000, maxDeferMs: 200, stepMs: 10 });
    const adapter = feed();
    // A station scanning without a pause: never quiet, but no scan in flight between its verdicts.
    scanActivity.lastAt = Date.now();
    const busy = setInterval(() => { scanActivity.lastAt = Date.now(); }, 20);
    try {
      const started = Date.now();
      await expect(pullFacts()).resolves.toBe(true);
      expect(feedCalls(adapter)).toBe(2);
      // Two pages, each deferred about maxDeferMs (and each page's later chunks too).
      expect(Date.now() - started).toBeGreaterThanOrEqual(2 * 200);
    } finally {
      clearInterval(busy);
    }
    expect(await offlineDb().facts.count()).toBe(2 * ROWS);
  });

  it('pulls for one round\'s time at most: a long copy goes on in the next round, ready only once it reached the end', async () => {
    Object.assign(PACE, { quietMs: 0, maxDeferMs: 0, stepMs: 10, roundMs: 0 });
    const adapter = feed();
    await expect(pullFacts()).resolves.toBe(true);
    // One page this round: its rows kept and the cursor after them, the copy not yet ready.
    expect(feedCalls(adapter)).toBe(1);
    expect(await offlineDb().facts.count()).toBe(ROWS);
    expect(await readMeta(FACTS_CURSOR)).toBe('f.1.250');
    expect(await readMeta(FACTS_SYNCED_AT)).toBeFalsy();
    // The next round goes on from there and reaches the end.
    await expect(pullFacts()).resolves.toBe(true);
    expect(feedCalls(adapter)).toBe(2);
    expect(await offlineDb().facts.count()).toBe(2 * ROWS);
    expect(typeof (await readMeta(FACTS_SYNCED_AT))).toBe('number');
  });
});
