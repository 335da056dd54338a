import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StatementDetail } from '../../src/shared/api/rental';
import type { OutOrderInfo } from '../../src/shared/api/storage';
import type { TripManifest } from '../../src/shared/api/trip';
import { addDays, addYears, today } from '../../src/server/lib/dates';
import { backfillCustody } from '../../src/server/db/migrations/0040_custody';
import { declareTransition, undoEvent } from '../../src/server/modules/cylinder/engine.repository';
import { custodyInMonth, customersWithCustody, heldNow, streamCustody, type CustodyRow } from '../../src/server/modules/cylinder';
import { buildTestApp, createLimitedUser, type TestApp } from './app-helper';
import { createEnterprise, createGas, forceStatus } from './master-data-helper';

/**
 * Issue 38: the custody record (cylinder_custody) kept by the life cycle — a period opens when a cylinder comes to a
 * customer (an outbound order completed, a hand-over on a trip at the act's station time) and closes when it leaves (a
 * recovery, a forced return "from" another customer); undoing the recovery's event opens it again; the migration's
 * backfill rebuilds the same periods from the trace; the reads answer exactly the periods overlapping a span.
 */
let t: TestApp;
let admin: string;
let driverToken: string;
let n2: number;
let custA: number;
let custB: number;
let tripId: number;
const TODAY = today();
const ids: Record<string, number> = {};

const call = <T>(token: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  t.call<T>(method, path, { token, body, headers });
const ok = async <T>(p: Promise<{ body: { code: number; msg: string; data: T } }>): Promise<T> => {
  const res = await p;
  expect(res.body, res.body.msg).toMatchObject({ code: 0 });
  return res.body.data;
};
const post = <T>(path: string, body: unknown, token = admin, headers: Record<string, string> = {}) => call<T>(token, 'POST', path, body, headers);

async function cylinder(code: string): Promise<number> {
  await ok(post('/api/product/addProduct', { code, materialId: n2, manufactureDate: addYears(TODAY, -2), nextInspectionDate: addYears(TODAY, 1), tareWeight: 50 }));
  const { id } = await t.db.selectFrom('cylinders').select('id').where('code', '=', code).executeTakeFirstOrThrow();
  await forceStatus(t, id, 7);
  ids[code] = id;
  return id;
}
async function order(customerId: number, codes: string[]): Promise<number> {
  const made = await ok(post<OutOrderInfo>('/api/storageOrder/outStock', { type: 'productCK', customerId, lines: [{ materialId: n2, quantity: codes.length }] }));
  for (const code of codes) {
    await cylinder(code);
    await ok(post('/api/storageOrder/scanOutStock', { orderId: made.id, code }));
  }
  return made.id;
}
const complete = (id: number) => ok(post('/api/storageOrder/outStock', { id, complete: true }));
const recover = (code: string, customerId: number, headers: Record<string, string> = {}) =>
  ok(post<{ traceId: number }>('/api/storageOrder/scanHandel', { code, customerId, scanId: randomUUID() }, admin, headers));

const periodsOf = (code: string) => t.db.selectFrom('cylinder_custody')
  .select(['enterprise_id', 'from_at', 'to_at', 'from_trace_id', 'to_trace_id']).where('cylinder_id', '=', ids[code]!).orderBy('id').execute();
const eventOf = (code: string, action: string) => t.db.selectFrom('cylinder_traces').select(['id', 'at', 'station_at', 'time_flag'])
  .where('cylinder_id', '=', ids[code]!).where('action', '=', action).where('reverted_by_id', 'is', null).orderBy('seq', 'desc').executeTakeFirstOrThrow();
const since = async (code: string) => (await t.db.selectFrom('cylinders').select('located_since').where('id', '=', ids[code]!).executeTakeFirstOrThrow()).located_since;
const allPeriods = () => t.db.selectFrom('cylinder_custody')
  .select(['cylinder_id', 'enterprise_id', 'from_at', 'to_at', 'from_trace_id', 'to_trace_id']).orderBy('cylinder_id').orderBy('from_at').execute();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  t = await buildTestApp();
  admin = (await t.login()).token;
  n2 = await createGas(t, admin, { materialName: '氮气', code: 'N2' });
  custA = await createEnterprise(t, admin, { enterpriseName: '甲客户' });
  custB = await createEnterprise(t, admin, { enterpriseName: '乙客户' });
  const truck = await ok(post<{ id: number }>('/api/vehicle/save', { plate: '渝A54321', permitNo: 'P-9', permitExpiry: addDays(TODAY, 100), status: 1 }));
  const driverUser = await createLimitedUser(t, admin, 'custody-driver', ['trip:drive']);
  const crew = (name: string, kind: string, userId?: number) => ok(post<{ id: number }>('/api/crew/save', {
    name, kind, qualificationNo: `Q-${name}`, qualificationExpiry: addDays(TODAY, 100), status: 1, ...(userId ? { userId } : {}),
  }));
  const driver = await crew('张三', 'driver', driverUser.id);
  const escort = await crew('李四', 'escort');
  driverToken = (await t.login('custody-driver', driverUser.password)).token;
  tripId = (await ok(post<{ id: number }>('/api/trip/save', { vehicleId: truck.id, driverId: driver.id, escortId: escort.id, planDate: TODAY }))).id;
});
afterAll(async () => { await t?.close(); });

describe('the custody record kept by the life cycle', () => {
  it('an outbound order completed opens a period at its time, naming the shipment', async () => {
    await complete(await order(custA, ['K-1', 'K-2', 'K-3']));
    const ship = await eventOf('K-1', 'outbound');
    expect(await periodsOf('K-1')).toEqual([{ enterprise_id: custA, from_at: await since('K-1'), to_at: null, from_trace_id: ship.id, to_trace_id: null }]);
    expect(Math.abs((await since('K-1'))!.getTime() - Date.now())).toBeLessThan(60_000);
    const held = await heldNow(t.db, custA, { page: 1, size: 2 });
    expect(held.total).toBe(3);
    expect(held.list.map((h) => [h.code, h.daysHeld])).toEqual([['K-1', 1], ['K-2', 1]]);
  });

  it('a recovery closes the period at the recovery\'s time; undoing its event opens it again; a recovery again closes it', async () => {
    const opened = (await periodsOf('K-1'))[0]!;
    const { traceId } = await recover('K-1', custA);
    const rec = await eventOf('K-1', 'recover');
    expect(rec.id).toBe(traceId);
    expect(await periodsOf('K-1')).toEqual([{ ...opened, to_at: rec.at, to_trace_id: traceId }]);
    expect(await heldNow(t.db, custA, {})).toMatchObject({ total: 2 });
    // A recovery belongs to its order: 回退 refuses it, and changes nothing.
    expect((await post('/api/produce/rollbackSave', { code: 'K-1', traceId, reason: '扫错瓶' })).body.code).toBe(-1);
    expect(await periodsOf('K-1')).toEqual([{ ...opened, to_at: rec.at, to_trace_id: traceId }]);

    // The engine's undo of an event that changed the holder (what a rollback writes) undoes its custody periods too.
    const before = (await t.db.selectFrom('cylinder_traces').select('detail').where('id', '=', traceId).executeTakeFirstOrThrow()).detail as { before: Record<string, unknown> };
    await t.db.transaction().execute(async (trx) => {
      await declareTransition(trx);
      const undo = await trx.insertInto('cylinder_traces').values({
        cylinder_id: ids['K-1']!, seq: 1000, from_status: 10, to_status: 9, action: 'rollback', operator: 'test', detail: JSON.stringify({}),
      } as never).returning('id').executeTakeFirstOrThrow();
      await undoEvent(trx, { cylinderId: ids['K-1']!, eventId: traceId, rollbackId: Number(undo.id), record: null, before: { ...before.before, located_since: new Date(String(before.before.located_since)) }, to: 9 });
    });
    expect(await periodsOf('K-1')).toEqual([opened]);
    const row = await t.db.selectFrom('cylinders').select(['status', 'location_enterprise_id', 'located_since']).where('id', '=', ids['K-1']!).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 9, location_enterprise_id: custA, located_since: opened.from_at });

    const again = await recover('K-1', custA);
    expect(await periodsOf('K-1')).toEqual([{ ...opened, to_at: (await eventOf('K-1', 'recover')).at, to_trace_id: again.traceId }]);
  });

  it('a forced return of a cylinder held by A, recovered "from" B, closes A\'s period at the return\'s (station) time', async () => {
    const opened = (await periodsOf('K-2'))[0]!;
    // After K-1's recovery (the next test reads the two ends' order).
    await sleep(1600);
    // Replayed from a station's queue: the act happened before the server received it.
    const stationAt = new Date(Math.floor(Date.now() / 1000) * 1000 - 500);
    expect(stationAt.getTime()).toBeGreaterThan((await eventOf('K-2', 'outbound')).at.getTime());
    const { traceId } = await recover('K-2', custB, { 'x-replayed': '1', 'x-station-at': stationAt.toISOString() });
    const rec = await eventOf('K-2', 'recover');
    expect(rec).toMatchObject({ station_at: stationAt, time_flag: null });
    expect(await periodsOf('K-2')).toEqual([{ ...opened, enterprise_id: custA, to_at: stationAt, to_trace_id: traceId }]);
    // Nothing opened for B: the cylinder is back at the plant.
    expect(await t.db.selectFrom('cylinder_custody').select('id').where('enterprise_id', '=', custB).execute()).toEqual([]);
  });

  it('a hand-over on a trip opens the period at the station time of the replayed act, naming the stop, and is charged from it', async () => {
    const orderB = await order(custB, ['K-4']);
    await ok(post('/api/trip/addOrder', { tripId, orderId: orderB }));
    await complete(orderB);
    // On the vehicle: nobody holds it yet.
    expect(await periodsOf('K-4')).toEqual([]);
    await ok(post('/api/trip/depart', { id: tripId }));
    const m = await ok(call<TripManifest>(driverToken, 'GET', `/api/trip/manifest/${tripId}`));
    const stop = m.stops[0]!;
    const loaded = await t.db.selectFrom('storage_orders').select('completed_at').where('id', '=', orderB).executeTakeFirstOrThrow();
    const stationAt = new Date(Math.ceil(new Date(loaded.completed_at!).getTime() / 1000) * 1000 + 2000);
    const replay = { 'x-replayed': '1', 'x-station-at': stationAt.toISOString() };
    const done = await ok(post<{ traceId: number }>('/api/trip/deliver', { stopId: stop.id, code: 'K-4', scanId: randomUUID() }, driverToken, replay));
    expect(await periodsOf('K-4')).toEqual([{ enterprise_id: custB, from_at: stationAt, to_at: null, from_trace_id: done.traceId, to_trace_id: null }]);
    const rows = await custodyInMonth(t.db, { from: new Date(Date.now() - 3_600_000), to: new Date(Date.now() + 3_600_000), customerId: custB });
    expect(rows).toEqual([{
      periodId: expect.any(Number), cylinderId: ids['K-4'], code: 'K-4', materialId: n2, materialName: '氮气', specification: null,
      ownerEnterpriseId: null, enterpriseId: custB, fromAt: stationAt, toAt: null, fromTraceId: done.traceId, toTraceId: null, deliveredStopId: stop.id,
    }]);

    // Charged from that station time: a default agreement of 1.00 a day, no free days; the month's statement counts
    // every day from the station time's day (plant time) to the month's last, and links the line to the proof's stop.
    const fallback = await ok(post<{ id: number }>('/api/rental/agreement/save', { customerId: null, name: '默认协议' }));
    await ok(post('/api/rental/agreement/saveVersion', {
      agreementId: fallback.id, validFrom: '2020-01-01', minimumMonthCents: 0, depositOffsetsRental: false,
      lines: [{ materialId: null, specification: null, method: 'daily', rateCents: 100, freeDays: 0, capCents: null, depositCents: 0 }],
    }));
    const p2 = (n: number) => String(n).padStart(2, '0');
    const month = `${stationAt.getFullYear()}-${p2(stationAt.getMonth() + 1)}`;
    const days = new Date(stationAt.getFullYear(), stationAt.getMonth() + 1, 0).getDate() - stationAt.getDate() + 1;
    const statement = await ok(post<StatementDetail>('/api/rental/statement/preview', { customerId: custB, month }));
    const at = `${month}-${p2(stationAt.getDate())} ${p2(stationAt.getHours())}:${p2(stationAt.getMinutes())}:${p2(stationAt.getSeconds())}`;
    expect(statement.lines.filter((l) => l.code === 'K-4')).toEqual([expect.objectContaining({
      deliveredAt: at, deliveredTraceId: done.traceId, deliveredStopId: stop.id, returnedAt: null, daysHeld: days, daysCharged: days, amountCents: days * 100,
    })]);
  });
});

describe('the reads and the backfill', () => {
  it('custodyInMonth answers exactly the periods overlapping [from, to)', async () => {
    const [k1] = await periodsOf('K-1');
    const k1From = k1!.from_at;
    const k1To = k1!.to_at!;
    const codes = async (from: Date, to: Date, q: { customerId?: number } = { customerId: custA }) =>
      (await custodyInMonth(t.db, { from, to, ...q })).map((r) => r.code);
    const ms = (d: Date, n: number) => new Date(d.getTime() + n);
    // Ending at K-1's start: nothing of it (from_at < to); starting at its end: nothing (to_at > from).
    expect(await codes(ms(k1From, -60_000), k1From)).toEqual([]);
    // (the server's times carry microseconds: a millisecond after K-1's end is after it)
    expect(await codes(ms(k1To, 1), ms(k1To, 60_000))).toEqual(['K-2', 'K-3']);
    expect(await codes(ms(k1To, -1), ms(k1To, 60_000))).toEqual(['K-1', 'K-2', 'K-3']);
    // K-2 left at its return's station time.
    const k2To = (await periodsOf('K-2'))[0]!.to_at!;
    expect(k2To.getTime()).toBeGreaterThan(k1To.getTime());
    expect(await codes(k2To, ms(k2To, 60_000))).toEqual(['K-3']);
    expect(await codes(ms(k1From, -60_000), ms(k1From, 1))).toEqual(['K-1', 'K-2', 'K-3']);
    // All customers, by holder then cylinder; after a customer; limited.
    const from = ms(k1From, -60_000);
    const to = new Date(Date.now() + 3_600_000);
    const all = await custodyInMonth(t.db, { from, to });
    expect(all.map((r) => [r.enterpriseId, r.code])).toEqual([[custA, 'K-1'], [custA, 'K-2'], [custA, 'K-3'], [custB, 'K-4']]);
    expect((await custodyInMonth(t.db, { from, to, afterCustomerId: custA })).map((r) => r.code)).toEqual(['K-4']);
    expect((await custodyInMonth(t.db, { from, to, limit: 2 })).map((r) => r.code)).toEqual(['K-1', 'K-2']);
    // The stream: the same rows, in batches.
    const streamed: CustodyRow[][] = [];
    for await (const batch of streamCustody(t.db, { from, to }, 3)) streamed.push(batch);
    expect(streamed.map((b) => b.length)).toEqual([3, 1]);
    expect(streamed.flat()).toEqual(all);
    expect(await customersWithCustody(t.db, { from, to, limit: 10 })).toEqual([custA, custB]);
    expect(await customersWithCustody(t.db, { from, to, afterId: custA, limit: 10 })).toEqual([custB]);
    expect(await customersWithCustody(t.db, { from: ms(k1To, 1), to, limit: 10 })).toEqual([custA, custB]);
    // After A's last cylinder left, only B.
    await recover('K-3', custA);
    const last = (await periodsOf('K-3'))[0]!.to_at!;
    expect(await customersWithCustody(t.db, { from: ms(last, 1), to, limit: 10 })).toEqual([custB]);
  });

  it('a customer that held cylinders is not deleted: its custody periods name it', async () => {
    // A holds nothing now (K-1, K-2, K-3 came back), and its periods remain.
    expect(await heldNow(t.db, custA, {})).toEqual({ total: 0, list: [] });
    expect((await post('/api/enterprise/delete', { id: custA })).body).toMatchObject({ code: -1, msg: '企业 甲客户 关联 3 个气瓶，不能删除' });
  });

  it('the migration\'s backfill rebuilds the same periods from the trace', async () => {
    const before = await allPeriods();
    expect(before).toHaveLength(4);
    expect(before.filter((p) => p.to_at !== null)).toHaveLength(3);
    await t.db.deleteFrom('cylinder_custody').execute();
    await backfillCustody(t.db);
    expect(await allPeriods()).toEqual(before);
  });

  it('the backfill opens a period for a cylinder held with no history of its holder', async () => {
    const id = await cylinder('K-9');
    const at = new Date('2026-01-05T08:00:00Z');
    await forceStatus(t, id, 9);
    await t.db.updateTable('cylinders').set({ location_enterprise_id: custB, located_since: at }).where('id', '=', id).execute();
    await t.db.deleteFrom('cylinder_custody').execute();
    await backfillCustody(t.db);
    expect(await periodsOf('K-9')).toEqual([{ enterprise_id: custB, from_at: at, to_at: null, from_trace_id: null, to_trace_id: null }]);
  });
});
