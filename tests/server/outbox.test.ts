import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isCylinderEvent, type FeedEvent, type IntegrationEvent, type IntegrationEventsPage } from '../../src/shared/api/integration';
import type { ScanResult } from '../../src/shared/api/production';
import { buildApp } from '../../src/server/app';
import { addDays, addYears, today } from '../../src/server/lib/dates';
import { sequenceNow } from '../../src/server/modules/integration';
import { buildTestApp, type TestApp } from './app-helper';
import { createEnterprise, createGas, createWarehouse, stationTime } from './master-data-helper';

/**
 * The outbox (issue 35, docs/INTEGRATION.md): every trace event and master edit leaves one event in the writer's
 * transaction; the sequencer numbers committed events in commit order, gap-free; the pull feed reads numbered ones.
 */
let t: TestApp;
let token: string;
let n2: number;
let finishedStore: number;
let acme: number;
const TODAY = today();
const WS = { 'x-workstation': encodeURIComponent('充装一号台') };
const post = <T = ScanResult>(path: string, body: unknown) => t.call<T>('POST', path, { token, body, headers: WS });
const typed = stationTime;

beforeAll(async () => {
  t = await buildTestApp();
  token = (await t.login()).token;
  n2 = await createGas(t, token, { materialName: '氮气', code: 'N2' });
  finishedStore = await createWarehouse(t, token, { warehouseName: '成品库', kind: 'finished' });
  acme = await createEnterprise(t, token, { enterpriseName: '甲客户' });
});
afterAll(async () => { await t?.close(); });

async function cylinder(code: string): Promise<number> {
  const res = await t.call('POST', '/api/product/addProduct', {
    token, body: { code, materialId: n2, manufactureDate: addYears(TODAY, -2), nextInspectionDate: addYears(TODAY, 1), tareWeight: 15 },
  });
  expect(res.body.code, res.body.msg).toBe(0);
  return (await t.db.selectFrom('cylinders').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
}

/** This file makes cylinder events only (rental events: tests/server/rental.test.ts): anything else fails the test. */
const cylinderEvent = (e: FeedEvent): IntegrationEvent => {
  if (!isCylinderEvent(e)) throw new Error(`not a cylinder event: ${e.type}`);
  return e;
};
const feed = async (after: number, limit = 1000) => {
  const res = await t.call<IntegrationEventsPage>('GET', `/api/integration/events?after=${after}&limit=${limit}`, { token });
  expect(res.body.code, res.body.msg).toBe(0);
  return { ...res.body.data, list: res.body.data.list.map(cylinderEvent) };
};
/** Every numbered event, read page by page from the start (numbers what has committed first). */
async function all(): Promise<IntegrationEvent[]> {
  await sequenceNow(t.app);
  const out: IntegrationEvent[] = [];
  for (let after = 0; ;) {
    const page = await feed(after);
    out.push(...page.list);
    if (page.list.length === 0) return out;
    after = page.next;
  }
}
const ofCode = async (code: string) => (await all()).filter((e) => e.cylinder.code === code);

describe('the outbox and the pull feed', () => {
  it('every scan of the production loop arrives once, in order, with its record, gas, lot, operator and workstation', async () => {
    await cylinder('OB1');
    expect((await post('/api/produce/addPicking', { code: 'OB1' })).body.code).toBe(0);
    const filled = await post('/api/produce/filling', { code: 'OB1', materialId: n2, lotNo: 'L-OB1', filledPressure: 15, startedAt: typed(1), endedAt: typed(60) });
    expect(filled.body.code, filled.body.msg).toBe(0);
    const events = await ofCode('OB1');
    expect(events.map((e) => [e.type, e.fromStatus, e.toStatus])).toEqual([
      ['trace.register', null, 2], ['trace.pick', 2, 3], ['trace.fill', 3, 4],
    ]);
    const traces = await t.db.selectFrom('cylinder_traces as e').innerJoin('cylinders as c', 'c.id', 'e.cylinder_id')
      .select(['e.id']).where('c.code', '=', 'OB1').orderBy('e.seq').execute();
    expect(events.map((e) => e.traceId)).toEqual(traces.map((r) => r.id));
    const fill = events[2]!;
    expect(fill).toMatchObject({
      schema: 'cylinder-trace.event/1', action: 'fill', workstation: '充装一号台', operator: { name: '管理员' }, replayed: false,
      cylinder: { code: 'OB1', gas: { id: n2, code: 'N2', name: '氮气' }, lot: 'L-OB1' },
      record: { type: 'filling', id: filled.body.data.recordId, values: { lotNo: 'L-OB1', filledPressure: 15, materialId: n2 } },
      order: null, changes: null, revertsTraceId: null,
    });
    expect(new Date(fill.at).getTime()).toBeGreaterThan(Date.now() - 60_000);
    // Numbers strictly increasing by one across the feed.
    const seqs = (await all()).map((e) => e.seq);
    expect(seqs).toEqual(seqs.map((_, i) => i + 1));
  });

  it('a refused scan leaves nothing; a rollback is an event of its own naming what it takes back', async () => {
    await cylinder('OB2');
    const before = (await ofCode('OB2')).length;
    expect((await post('/api/produce/filling', { code: 'OB2', materialId: n2, filledPressure: 15 })).body.code).toBe(-1);
    expect((await ofCode('OB2')).length).toBe(before);
    const picked = await post('/api/produce/addPicking', { code: 'OB2' });
    const undo = await post('/api/produce/rollbackSave', { code: 'OB2', traceId: picked.body.data.traceId, reason: '扫错气瓶' });
    expect(undo.body.code, undo.body.msg).toBe(0);
    const events = await ofCode('OB2');
    expect(events.map((e) => e.type)).toEqual(['trace.register', 'trace.pick', 'trace.rollback']);
    expect(events[2]).toMatchObject({ fromStatus: 3, toStatus: 2, revertsTraceId: picked.body.data.traceId });
    // Nothing rewritten: the pick's event is as it was.
    expect(events[1]).toMatchObject({ traceId: picked.body.data.traceId, revertsTraceId: null });
  });

  it('an outbound scan carries its order and customer', async () => {
    const id = await cylinder('OB3');
    const { forceStatus } = await import('./master-data-helper');
    await forceStatus(t, id, 7);
    const order = await post<{ id: number; orderNo: string }>('/api/storageOrder/outStock', {
      type: 'productCK', customerId: acme, vehicle: '沪A12345', driver: '王师傅', lines: [{ materialId: n2, quantity: 1 }],
    });
    expect(order.body.code, order.body.msg).toBe(0);
    const scanned = await post('/api/storageOrder/scanOutStock', { orderId: order.body.data.id, code: 'OB3' });
    expect(scanned.body.code, scanned.body.msg).toBe(0);
    const events = await ofCode('OB3');
    const out = events.find((e) => e.order !== null);
    expect(out, JSON.stringify(events.map((e) => e.type))).toMatchObject({
      record: { type: 'order' }, order: { id: order.body.data.id, customer: { id: acme, name: '甲客户' } },
    });
    expect(finishedStore).toBeGreaterThan(0);
  });

  it("a master edit is a cylinder.updated with the fields that changed; a scan's status move is not", async () => {
    const id = await cylinder('OB4');
    const res = await t.call('POST', '/api/product/updateHickey', { token, body: { id, newValve: 'V-0042', reason: '漏气', changedOn: addDays(TODAY, 0) } });
    expect(res.body.code, res.body.msg).toBe(0);
    await post('/api/produce/addPicking', { code: 'OB4' });
    const events = await ofCode('OB4');
    // The valve change is also a trace event of its own (hickey), composed at commit, after the edit's.
    expect(events.map((e) => e.type)).toEqual(['trace.register', 'cylinder.updated', 'trace.hickey', 'trace.pick']);
    expect(events[1]).toMatchObject({ action: 'update', traceId: null, changes: { valveNo: 'V-0042' }, cylinder: { id, code: 'OB4' } });
  });

  it('a transaction that inserted first and commits last gets a later number; a reader never sees a gap', async () => {
    const a = await cylinder('OB5A');
    const b = await cylinder('OB5B');
    const { ownConnectionOf } = await import('../../src/server/db/database');
    const connect = ownConnectionOf(t.db)!;
    const first = connect();
    const second = connect();
    await first.connect();
    await second.connect();
    try {
      const insert = (c: pg.Client, cyl: number) => c.query(
        `insert into cylinder_traces (cylinder_id, seq, from_status, to_status, action, operator) values ($1, 2, 2, 2, 'note', '测试') returning id`, [cyl]);
      await first.query('begin');
      const early = Number((await insert(first, a)).rows[0].id);
      await second.query('begin');
      const late = Number((await insert(second, b)).rows[0].id);
      expect(early).toBeLessThan(late);
      await second.query('commit');
      const seen = await all();
      expect(seen.map((e) => e.traceId)).toContain(late);
      expect(seen.map((e) => e.traceId)).not.toContain(early);
      const lateSeq = seen.find((e) => e.traceId === late)!.seq;
      await first.query('commit');
      const after = await all();
      expect(after.find((e) => e.traceId === early)!.seq).toBeGreaterThan(lateSeq);
      expect(after.map((e) => e.seq)).toEqual(after.map((_, i) => i + 1));
      // A reader that was at lateSeq still gets the early one next.
      expect((await feed(lateSeq)).list.map((e) => e.traceId)).toContain(early);
    } finally {
      await first.end();
      await second.end();
    }
  });

  it('two servers on one database number each event exactly once under concurrent scans', async () => {
    const other = await buildApp({ config: t.config, db: t.db });
    await other.ready();
    try {
      const codes = Array.from({ length: 12 }, (_, i) => `OB6-${i}`);
      for (const code of codes) await cylinder(code);
      const inject = (app: typeof other, code: string) => app.inject({
        method: 'POST', url: '/api/produce/addPicking', headers: { authorization: `Bearer ${token}`, ...WS }, payload: { code, scanId: randomUUID() },
      });
      const answers = await Promise.all(codes.map((code, i) => inject(i % 2 ? other : t.app, code)));
      expect(answers.map((r) => r.json().code)).toEqual(codes.map(() => 0));
      await Promise.all([sequenceNow(t.app), sequenceNow(other)]);
      const events = await all();
      expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i + 1));
      const traceIds = events.flatMap((e) => (e.traceId === null ? [] : [e.traceId]));
      expect(new Set(traceIds).size).toBe(traceIds.length);
      const picks = events.filter((e) => e.type === 'trace.pick' && codes.includes(e.cylinder.code));
      expect(picks.length).toBe(codes.length);
      const unnumbered = await t.db.selectFrom('outbox_events').select('id').where('seq', 'is', null).execute();
      expect(unnumbered).toEqual([]);
    } finally {
      await other.close();
    }
  });

  it('two consumers at different cursors read the same sequence', async () => {
    const everything = await all();
    const read = async (after: number, limit: number) => {
      const seen: IntegrationEvent[] = [];
      for (;;) {
        const page = await feed(after, limit);
        if (!page.list.length) {
          expect(page.next).toBe(after);
          return seen;
        }
        seen.push(...page.list);
        after = page.next;
      }
    };
    const one = await read(0, 3);
    const two = await read(5, 7);
    expect(one).toEqual(everything);
    expect(two).toEqual(everything.slice(5));
  });

  it('refuses a bad cursor or limit in Chinese; answers the event schema by name in the OpenAPI document', async () => {
    for (const q of ['after=-1', 'after=abc', 'limit=0', 'limit=1001', 'after=1.5', 'after=99999999999999999999']) {
      const res = await t.call('GET', `/api/integration/events?${q}`, { token });
      expect(res.body.code, q).toBe(-1);
      expect(res.body.msg, q).toMatch(/[\u4e00-\u9fa5]/);
    }
    const docs = await t.call<never>('GET', '/api/docs/json');
    const doc = docs.body as unknown as { components: { schemas: Record<string, unknown> }; paths: Record<string, unknown> };
    expect(doc.components.schemas.IntegrationEvent).toMatchObject({ type: 'object' });
    expect(JSON.stringify(doc.paths['/api/integration/events'])).toContain('#/components/schemas/IntegrationEvent');
  });
});
