import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InspectionPreview, ScanResult, TraceInfo } from '../../src/shared/api/production';
import type { ExceptionRow, RefusedReplayData, FactsPage, FactsRow, WorkstationQueueRow } from '../../src/shared/api/offline';
import { GATE_REASON_CODES, localGateMessages } from '../../src/shared/cylinder/gate';
import { inspectionVerdict } from '../../src/shared/cylinder/inspection';
import { stepRefusal, TRANSITION_RULES, type TransitionRule, type TransitionStep } from '../../src/shared/cylinder/transitions';
import { fillGateFor, type Transition } from '../../src/server/modules/cylinder';
import { runLocked } from '../../src/server/modules/cylinder/engine';
import { lockCylinder } from '../../src/server/modules/cylinder/engine.repository';
import { analyse, fill, inspect, metage, pick, returnPick, scrap, vacuum, weightVerdict } from '../../src/server/modules/cylinder/production.transitions';
import { outboundScan, recover, removeFromOrder, ship, stockIn, type OrderContext } from '../../src/server/modules/cylinder/storage.transitions';
import { deliver, unload } from '../../src/server/modules/cylinder/trip.transitions';
import { BusinessError } from '../../src/server/lib/errors';
import { LOCAL_RULES, localReasons, weighVerdict } from '../../src/renderer/src/features/offline/localRules';
import { FEED } from '../../src/server/modules/offline/facts';
import { addDays, addYears, today } from '../../src/server/lib/dates';
import { buildTestApp, createLimitedUser, type TestApp } from './app-helper';
import { createGas, createWarehouse, forceStatus } from './master-data-helper';


/** The 待处理异常 a refused replay's answer names (its `data`). */
const exceptionIdOf = (res: { body: { data: unknown } }) => (res.body.data as RefusedReplayData).exceptionId;
let t: TestApp;
let token: string;
let n2: number;
let lpg: number;
let h2: number;
const TODAY = today();

beforeAll(async () => {
  // Events are passed by the cursor once settled; the test's own transactions are all over when it pulls.
  FEED.settleSeconds = 0;
  // Each pull reads the mark afresh (the shared reading has a test of its own).
  FEED.markTtlMs = 0;
  t = await buildTestApp();
  token = (await t.login()).token;
  n2 = await createGas(t, token, { materialName: '氮气', code: 'N2' });
  lpg = await createGas(t, token, {
    materialName: '液化石油气', code: 'LPG', category: 'liquefied', flammable: true, reweighRequired: true, targetNetWeight: 14.5, weightTolerance: 0.5,
  });
  h2 = await createGas(t, token, { materialName: '氢气', code: 'H2', flammable: true });
});
afterAll(async () => { await t?.close(); });

const WS = (name: string) => ({ 'x-workstation': encodeURIComponent(name) });
const post = <T = ScanResult>(path: string, body: unknown, headers: Record<string, string> = WS('充装一号台'), as = token) =>
  t.call<T>('POST', path, { token: as, body, headers });

async function cylinder(code: string, extra: Record<string, unknown> = {}): Promise<number> {
  const res = await t.call('POST', '/api/product/addProduct', {
    token, body: { code, materialId: n2, manufactureDate: addYears(TODAY, -2), nextInspectionDate: addYears(TODAY, 1), tareWeight: 15, ...extra },
  });
  expect(res.body.code, res.body.msg).toBe(0);
  return (await t.db.selectFrom('cylinders').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
}
const statusOf = async (code: string) => (await t.db.selectFrom('cylinders').select('status').where('code', '=', code).executeTakeFirstOrThrow()).status;
const events = (code: string, action?: string) => {
  let q = t.db.selectFrom('cylinder_traces as e').innerJoin('cylinders as c', 'c.id', 'e.cylinder_id')
    .select(['e.id', 'e.action', 'e.scan_id', 'e.replayed', 'e.station_at', 'e.at']).where('c.code', '=', code);
  if (action) q = q.where('e.action', '=', action);
  return q.orderBy('e.seq').execute();
};

/** Pulls the feed from `cursor` until the server says there is no more; every page's rows by code. */
async function pullAll(materialIds: number[] | undefined, cursor: string | null, limit = 500) {
  const rows = new Map<string, FactsRow>();
  const pages: FactsPage[] = [];
  for (let i = 0; i < 1000; i++) {
    const res = await post<FactsPage>('/api/offline/facts', { station: 'fill', ...(materialIds ? { materialIds } : {}), cursor, limit });
    expect(res.body.code, res.body.msg).toBe(0);
    pages.push(res.body.data);
    for (const c of res.body.data.cylinders) rows.set(c.code, c);
    cursor = res.body.data.cursor;
    if (!res.body.data.more) break;
  }
  return { rows, pages, cursor: cursor! };
}

describe('the local gate on the feed\'s facts agrees with the server\'s gate', () => {
  it('case by case: fine, overdue, design life exceeded, scrapped, wrong gas, another owner, vacuum needed, no inspection date', async () => {
    await cylinder('GATE-FINE');
    const overdue = await cylinder('GATE-OVERDUE');
    await t.db.updateTable('cylinders').set({ next_inspection_date: addDays(TODAY, -1) }).where('id', '=', overdue).execute();
    const noDate = await cylinder('GATE-NODATE');
    await t.db.updateTable('cylinders').set({ next_inspection_date: null }).where('id', '=', noDate).execute();
    await cylinder('GATE-OLD', { manufactureDate: addYears(TODAY, -12), designLifeYears: 10 });
    const scrapped = await cylinder('GATE-SCRAP');
    await forceStatus(t, scrapped, 0);
    const owner = await cylinder('GATE-OWNER');
    await t.db.updateTable('cylinders').set({ owner_type: 2, owner_enterprise_id: null }).where('id', '=', owner).execute();
    await cylinder('GATE-LPG-NEW', { materialId: lpg });
    await cylinder('GATE-LPG-OLD', { materialId: lpg, manufactureDate: addYears(TODAY, -9) });

    const { rows, pages } = await pullAll([n2, lpg], null, 3);
    // The gases as the feed sends them: what the gate reads of the gas a station fills.
    const gases = [n2, lpg, h2].map((id) => pages[0]!.gases.find((g) => g.id === id)!);
    expect(gases.map((g) => g.materialName)).toEqual(['氮气', '液化石油气', '氢气']);
    const expected: Record<string, string[]> = {
      'GATE-FINE': [], 'GATE-OVERDUE': ['inspectionOverdue'], 'GATE-NODATE': ['inspectionOverdue'], 'GATE-OLD': ['designLifeExceeded'],
      'GATE-SCRAP': ['scrap'], 'GATE-OWNER': ['ownership'], 'GATE-LPG-NEW': ['vacuumRequired'], 'GATE-LPG-OLD': ['designLifeExceeded', 'vacuumRequired'],
    };
    const seen = new Set<string>();
    for (const [code, reasons] of Object.entries(expected)) {
      const facts = rows.get(code);
      expect(facts, code).toBeDefined();
      for (const gas of gases) {
        const server = await fillGateFor(t.db, code, gas.id);
        const local = localGateMessages(facts!, gas, TODAY);
        expect(local, `${code} for ${gas.materialName}`).toEqual(server.reasons.map((r) => r.message));
        server.reasons.forEach((r) => seen.add(r.reason));
        if (gas.id === facts!.materialId) expect(server.reasons.map((r) => r.reason), code).toEqual(reasons);
        else expect(server.reasons.map((r) => r.reason), code).toContain('wrongMedium');
        // With only the gas's id (no gas facts), a cylinder of another gas is still refused.
        if (gas.id !== facts!.materialId) expect(localGateMessages(facts!, gas.id, TODAY).length, code).toBeGreaterThan(0);
      }
    }
    // The operator's certificate (issue 34, rule 充装人员须持有效作业证): judged on the station from the feed's
    // `operator`, in the server's words, for every gas.
    await t.call('POST', '/api/setting/rule/save', { token, body: { fillerCertRequired: true } });
    const adminId = (await t.db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow()).id;
    const certs = [
      { filler_cert_no: null, filler_cert_expiry: null, filler_cert_categories: [] },
      { filler_cert_no: 'TS-1', filler_cert_expiry: addDays(TODAY, -1), filler_cert_categories: ['compressed', 'liquefied'] },
      { filler_cert_no: 'TS-1', filler_cert_expiry: addDays(TODAY, 30), filler_cert_categories: ['compressed'] },
    ];
    for (const cert of certs) {
      await t.db.updateTable('users').set(cert).where('id', '=', adminId).execute();
      const { pages: withOperator } = await pullAll([n2, lpg], null, 500);
      const operator = withOperator[0]!.operator;
      expect(operator).toMatchObject({ required: true, certNo: cert.filler_cert_no });
      for (const code of ['GATE-FINE', 'GATE-LPG-OLD']) {
        for (const gas of gases) {
          const server = await fillGateFor(t.db, code, gas.id, { operatorId: adminId });
          expect(localGateMessages(rows.get(code)!, gas, TODAY, operator), `${code} ${gas.materialName} ${cert.filler_cert_no}`).toEqual(server.reasons.map((r) => r.message));
          server.reasons.forEach((r) => seen.add(r.reason));
        }
      }
    }
    await t.db.updateTable('users').set(certs[0]!).where('id', '=', adminId).execute();
    await t.call('POST', '/api/setting/rule/save', { token, body: { fillerCertRequired: false } });
    // Every reason the gate gives was met, and the station gave it in the server's words.
    expect([...seen].sort()).toEqual([...GATE_REASON_CODES].sort());
    // The LPG one past its 8 years names the extension a passed inspection would allow, offline as online.
    expect(localGateMessages(rows.get('GATE-LPG-OLD')!, gases[1]!, TODAY)[0]).toMatch(/设计使用年限 8 年.*可延长至 12 年/);
    // 复秤 offline: the gas's target and tolerance travel with its cylinders.
    expect(rows.get('GATE-LPG-NEW')).toMatchObject({ targetNetWeight: 14.5, tolerance: 0.5, tareWeight: 15 });
  });
});

/** A transition run on the cylinder `id` as the server runs it (engine.runLocked), then rolled back: its answer or its refusal. */
class RolledBack extends Error { constructor(readonly toStatus: number) { super('rolled back'); } }
async function serverAnswer(id: number, def: Transition): Promise<{ to: number } | { refused: string }> {
  try {
    await t.db.transaction().execute(async (trx) => {
      const c = await lockCylinder(trx, { id }, def.lockRead);
      const r = await runLocked(trx, def, c, { operatorId: null, operator: '规则', workstation: null });
      throw new RolledBack(r.toStatus);
    });
  } catch (e) {
    if (e instanceof RolledBack) return { to: e.toStatus };
    if (e instanceof BusinessError) return { refused: e.message };
    throw e;
  }
  throw new Error('not rolled back');
}

describe('the station\'s transition rules agree with the server\'s (src/shared/cylinder/transitions.ts, weight.ts)', () => {
  it('every transition from every status 0–13: the same refusal in the same words, or both let it through to the table\'s status', async () => {
    const n2Id = await cylinder('RULE-N2');
    const lpgId = await cylinder('RULE-LPG', { materialId: lpg });
    const warehouseId = await createWarehouse(t, token, { warehouseName: '规则空瓶库', kind: 'empty' });
    const order = async (type: string, direction: string): Promise<OrderContext> => {
      const row = await t.db.insertInto('storage_orders').values({ order_no: `RULE-${type}`, direction, type, warehouse_id: warehouseId, customer_id: null })
        .returning(['id', 'order_no', 'type', 'warehouse_id', 'customer_id']).executeTakeFirstOrThrow();
      return row;
    };
    const spaceRk = await order('spaceRk', 'in');
    const productRk = await order('productRK', 'in');
    const out = await order('productCK', 'out');
    const line = await t.db.insertInto('storage_order_lines').values({ order_id: out.id, material_id: n2, specification: null, quantity: 9 })
      .returning('id').executeTakeFirstOrThrow();
    const lines = () => [{ id: line.id, material_id: n2, material_name: '氮气', specification: null, quantity: 9, scanned: 0 }];
    const actor = { operatorId: null, operator: '规则', workstation: null };
    // The server's transition of each step of the table, with a body that passes its own checks.
    const defs: Record<TransitionStep, { def: () => Transition; id: number; context?: { orderNo: string } }> = {
      pick: { def: () => pick(null), id: n2Id },
      returnPick: { def: () => returnPick(null), id: n2Id },
      fill: { def: () => fill({ code: 'RULE-N2', materialId: n2, filledPressure: 15 }), id: n2Id },
      inspect: { def: () => inspect({ code: 'RULE-N2', items: [], result: 1 }), id: n2Id },
      metage: { def: () => metage({ code: 'RULE-LPG', grossWeight: 29.5, source: 'manual' }), id: lpgId },
      vacuum: { def: () => vacuum({ code: 'RULE-N2', pressure: -0.09 }), id: n2Id },
      analyse: { def: () => analyse({ code: 'RULE-N2', decision: 2, reason: '复查合格' }, actor), id: n2Id },
      scrap: { def: () => scrap('规则测试', actor), id: n2Id },
      stockInEmpty: { def: () => stockIn(spaceRk), id: n2Id },
      stockInProduct: { def: () => stockIn(productRk), id: n2Id },
      outboundScan: { def: () => outboundScan(out, lines()), id: n2Id },
      ship: { def: () => ship(out, new Date()), id: n2Id },
      recover: { def: () => recover({ code: 'RULE-N2' }), id: n2Id },
      removeFromOrder: { def: () => removeFromOrder(out, lines()), id: n2Id, context: { orderNo: out.order_no } },
      // The road (issue 37): on no trip's vehicle, each is refused by its own check from outbound (9).
      deliver: { def: () => deliver({ tripId: 1, tripNo: 'CC-RULE' }, { stopId: 1, customerId: 1, customerName: '规则' }, new Date()), id: n2Id },
      unload: { def: () => unload({ tripId: 1, tripNo: 'CC-RULE' }, warehouseId), id: n2Id },
    };
    /** Steps whose refusal names where the records have the cylinder (the server its warehouse or order, the station the status's place). */
    const namesPlace = (step: TransitionStep, status: number) => ['recover', 'deliver', 'unload'].includes(step) && [2, 7, 8].includes(status);
    const stationSteps = new Map<TransitionRule, string>(Object.entries(LOCAL_RULES).map(([k, r]) => [r, k]));
    let through = 0;
    for (const [step, rule] of Object.entries(TRANSITION_RULES) as [TransitionStep, TransitionRule][]) {
      const { def, id, context } = defs[step];
      const code = id === n2Id ? 'RULE-N2' : 'RULE-LPG';
      const server = def();
      // The server's transition is the table's row.
      expect({ action: server.action, label: server.label, from: server.from, done: server.done }, step)
        .toEqual({ action: step === 'scrap' ? 'scrap' : rule.action, label: rule.label, from: rule.from, done: rule.done });
      for (let status = 0; status <= 13; status++) {
        await forceStatus(t, id, status);
        const facts = { code, status, materialId: id === n2Id ? n2 : lpg };
        const refusal = stepRefusal(rule, facts, context);
        const answer = await serverAnswer(id, def());
        const what = `${step} from ${status}`;
        if (refusal) {
          // 回收 names where the records have it: the server its warehouse or order, the station the status's place.
          const words = namesPlace(step, status) ? refusal.replace(/系统记录该瓶.*$/, '') : refusal;
          expect(answer, what).toEqual({ refused: expect.stringContaining(words) as string });
          if (!namesPlace(step, status)) expect(answer, what).toEqual({ refused: refusal });
        } else if ('to' in answer) {
          expect(rule.outcomes, what).toContain(answer.to);
          expect(answer.to, what).toBe(rule.to);
          through += 1;
        } else {
          // Let through by the table, refused by the step's own check (not its status): 移出 of a cylinder on no order,
          // 交付 and 回厂卸车 of a cylinder on no trip's vehicle.
          expect(answer.refused, what).not.toMatch(/当前状态为|不在客户处/);
          expect(['removeFromOrder', 'deliver', 'unload'], `${what}: ${answer.refused}`).toContain(step);
        }
        // A station's step refuses in the same words (picking and filling add the fill gate's reasons after it).
        const local = stationSteps.get(rule);
        if (local) {
          const reasons = localReasons(rule, facts.status === 0 ? { ...facts, scrapped: true } : { ...facts, nextInspectionDate: addYears(TODAY, 1), ownerOk: true }, facts.materialId, TODAY);
          if (refusal) expect(reasons[0], `${local} ${what}`).toBe(refusal);
          else expect(reasons, `${local} ${what}`).toEqual([]);
        }
      }
    }
    // Every step went through from at least one status (removeFromOrder, deliver and unload aside: tests/server/trip.test.ts).
    expect(through).toBeGreaterThanOrEqual(Object.keys(TRANSITION_RULES).length - 3);
    // The orders were only there for the transitions (every run rolled back): the storage tests below start without any.
    await t.db.deleteFrom('storage_order_lines').where('order_id', '=', out.id).execute();
    await t.db.deleteFrom('storage_orders').where('id', 'in', [spaceRk.id, productRk.id, out.id]).execute();
  });

  it('复秤 at the tolerance boundary: 14.5 ± 0.5 kg, net 14.0 and 15.0 pass, 15.0 + 1e-9 passes (grams), a gram over fails — station, server and the status it leaves', async () => {
    const id = await cylinder('RULE-WEIGH', { materialId: lpg });
    const { rows } = await pullAll([lpg], null);
    const facts = rows.get('RULE-WEIGH')!;
    expect(facts).toMatchObject({ tareWeight: 15, targetNetWeight: 14.5, tolerance: 0.5 });
    const cases: [number, boolean][] = [[14.0, true], [14.5, true], [15.0, true], [15.0 + 1e-9, true], [13.999, false], [15.001, false], [14.0 - 1e-9, true]];
    for (const [net, passed] of cases) {
      const gross = 15 + net;
      const server = weightVerdict(gross, 15, 14.5, 0.5);
      const station = weighVerdict(facts, gross);
      expect(station, `net ${net}`).toEqual(server);
      expect(server.passed, `net ${net}`).toBe(passed);
      await forceStatus(t, id, 5);
      const answer = await serverAnswer(id, metage({ code: 'RULE-WEIGH', grossWeight: gross, source: 'manual' }));
      expect(answer, `net ${net}`).toEqual({ to: passed ? TRANSITION_RULES.metage.to : 1 });
    }
  });
});

describe('the facts change feed', () => {
  it('pages through the full copy of the station\'s gases, then sends only what changed (a scrap on another PC)', async () => {
    for (let i = 0; i < 5; i++) await cylinder(`FEED-H2-${i}`, { materialId: h2 });
    await cylinder('FEED-N2-X');
    const full = await pullAll([h2], null, 2);
    expect(full.pages[0]!.reset).toBe(true);
    expect(full.pages.slice(1).every((p) => !p.reset)).toBe(true);
    expect(full.pages.every((p) => p.cylinders.length <= 2)).toBe(true);
    expect(full.pages.length).toBeGreaterThanOrEqual(3);
    expect([...full.rows.keys()].sort()).toEqual([0, 1, 2, 3, 4].map((i) => `FEED-H2-${i}`));
    expect(full.cursor).toMatch(/^t\.\d+$/);

    // Nothing happened since: nothing to send.
    const quiet = await pullAll([h2], full.cursor);
    expect(quiet.rows.size).toBe(0);

    // Scrapped at another PC: the next pull carries it, as the gate refuses it.
    const id = (await t.db.selectFrom('cylinders').select('id').where('code', '=', 'FEED-H2-3').executeTakeFirstOrThrow()).id;
    const scrapped = await t.call('POST', '/api/product/scrap', { token, body: { id, reason: '瓶体腐蚀' }, headers: WS('仓库二号机') });
    expect(scrapped.body.code, scrapped.body.msg).toBe(0);
    await cylinder('FEED-N2-Y'); // another gas: not this station's
    const next = await pullAll([h2], full.cursor);
    expect([...next.rows.keys()]).toEqual(['FEED-H2-3']);
    expect(next.rows.get('FEED-H2-3')).toMatchObject({ status: 0, scrapped: true });
    expect(localGateMessages(next.rows.get('FEED-H2-3')!, { id: h2, materialName: '氢气' }, TODAY)).toContain('气瓶 FEED-H2-3 已报废');
    // And after that, quiet again.
    expect((await pullAll([h2], next.cursor)).rows.size).toBe(0);
  });

  it('keeps a 领瓶 copy to the statuses it acts on: a cylinder picked elsewhere is removed, one back in stock comes in', async () => {
    const gas = await createGas(t, token, { materialName: '氩气', code: 'AR' });
    await cylinder('SCOPE-1', { materialId: gas });
    await cylinder('SCOPE-2', { materialId: gas });
    const id3 = await cylinder('SCOPE-3', { materialId: gas });
    await forceStatus(t, id3, 9);
    const full = await pullAll([gas], null);
    const post2 = (cursor: string) => post<FactsPage>('/api/offline/facts', { materialIds: [gas], statuses: [2], cursor });
    const first = await post<FactsPage>('/api/offline/facts', { materialIds: [gas], statuses: [2], cursor: null });
    expect(first.body.data.cylinders.map((c) => c.code)).toEqual(['SCOPE-1', 'SCOPE-2']);
    expect(full.rows.size).toBe(3);
    const picked = await post('/api/produce/addPicking', { code: 'SCOPE-1', materialId: gas, scanId: randomUUID() }, WS('充装二号台'));
    expect(picked.body.code, picked.body.msg).toBe(0);
    const next = await post2(first.body.data.cursor);
    expect(next.body.data).toMatchObject({ cylinders: [], removed: ['SCOPE-1'] });
  });

  it('does not pass events that may still have earlier ones uncommitted: they come again until settled', async () => {
    const gas = await createGas(t, token, { materialName: '二氧化碳', code: 'CO2' });
    await cylinder('SETTLE-1', { materialId: gas });
    const { cursor } = await pullAll([gas], null);
    FEED.settleSeconds = 3600;
    try {
      const id = (await t.db.selectFrom('cylinders').select('id').where('code', '=', 'SETTLE-1').executeTakeFirstOrThrow()).id;
      expect((await t.call('POST', '/api/product/scrap', { token, body: { id, reason: '报废' } })).body.code).toBe(0);
      const a = await post<FactsPage>('/api/offline/facts', { materialIds: [gas], cursor });
      expect(a.body.data.cylinders.map((c) => c.code)).toEqual(['SETTLE-1']);
      expect(a.body.data.cursor).toBe(cursor);
      const b = await post<FactsPage>('/api/offline/facts', { materialIds: [gas], cursor: a.body.data.cursor });
      expect(b.body.data.cylinders.map((c) => [c.code, c.scrapped])).toEqual([['SETTLE-1', true]]);
    } finally {
      FEED.settleSeconds = 0;
    }
    const settled = await pullAll([gas], cursor);
    expect(settled.cursor).not.toBe(cursor);
    expect((await pullAll([gas], settled.cursor)).rows.size).toBe(0);
  });

  it('shares one mark reading between the pulls of a second: a stale one holds the cursor back, never loses an event', async () => {
    const gas = await createGas(t, token, { materialName: '氦气', code: 'HE' });
    await cylinder('SHARED-1', { materialId: gas });
    const { cursor } = await pullAll([gas], null);
    FEED.markTtlMs = 3_600_000;
    try {
      // The reading is taken now, before the scrap: every later pull of this process reuses it.
      expect((await pullAll([gas], cursor)).rows.size).toBe(0);
      const id = (await t.db.selectFrom('cylinders').select('id').where('code', '=', 'SHARED-1').executeTakeFirstOrThrow()).id;
      expect((await t.call('POST', '/api/product/scrap', { token, body: { id, reason: '报废' } })).body.code).toBe(0);
      for (let i = 0; i < 2; i++) {
        const page = await post<FactsPage>('/api/offline/facts', { materialIds: [gas], cursor });
        // Sent every time, as the reading does not yet know its event settled; the cursor stays before it.
        expect(page.body.data.cylinders.map((c) => [c.code, c.scrapped])).toEqual([['SHARED-1', true]]);
        expect(page.body.data.cursor).toBe(cursor);
      }
    } finally {
      FEED.markTtlMs = 0;
    }
    const fresh = await pullAll([gas], cursor);
    expect(fresh.cursor).not.toBe(cursor);
    expect((await pullAll([gas], fresh.cursor)).rows.size).toBe(0);
  });

  it('bounds the page and refuses a forged cursor or too many gases with code -1', async () => {
    for (const body of [
      { cursor: null, limit: 5000 }, { cursor: null, limit: 0 }, { cursor: 'x.1' }, { cursor: 't.1; drop table cylinders' },
      { materialIds: Array.from({ length: 51 }, (_, i) => i + 1) }, { station: 'a\u0000b' },
    ]) {
      const res = await post('/api/offline/facts', body);
      expect(res.body.code, JSON.stringify(body)).toBe(-1);
    }
  });

  it('answers only a user of a scanning station: a clerk without one is refused the plant\'s gate facts', async () => {
    const clerk = await createLimitedUser(t, token, 'factsclerk', ['home:view', 'user:view']);
    const filler = await createLimitedUser(t, token, 'factsfiller', ['home:view', 'produce:filling']);
    const as = async (u: { username: string; password: string }) => (await t.login(u.username, u.password)).token;
    expect((await post('/api/offline/facts', { materialIds: [n2], cursor: null }, WS('办公室'), await as(clerk))).body.code).toBe(403);
    expect((await post<FactsPage>('/api/offline/facts', { materialIds: [n2], cursor: null }, WS('充装一号台'), await as(filler))).body.code).toBe(0);
  });
});

describe('检验 offline: the feed carries each gas\'s test projects, and the station\'s verdict is the server\'s', () => {
  let co2: number;
  beforeAll(async () => {
    co2 = await createGas(t, token, { materialName: '二氧化碳', code: 'CO2X' });
    const saved = await t.call('POST', '/api/produce/saveTestProject', {
      token, body: {
        materialId: co2, projects: [
          { projectName: '纯度', standardMin: 99.9, unit: '%', required: true },
          { projectName: '水分', standardMax: 10, unit: 'ppm', required: true },
          { projectName: '外观', standardText: '无油污', required: true },
          { projectName: '压力', standardMin: 5, standardMax: 6, unit: 'MPa', required: false },
          { projectName: '旧项目', standardMin: 1, required: true },
        ],
      },
    });
    expect(saved.body.code, saved.body.msg).toBe(0);
    // 旧项目 removed from the list: retired, so neither testScan nor the feed names it.
    const kept = await t.db.selectFrom('test_projects').select(['id', 'project_name', 'standard_min', 'standard_max', 'standard_text', 'unit', 'required'])
      .where('material_id', '=', co2).where('project_name', '!=', '旧项目').orderBy('sort').execute();
    const again = await t.call('POST', '/api/produce/saveTestProject', {
      token, body: {
        materialId: co2, projects: kept.map((p) => ({
          id: p.id, projectName: p.project_name, standardMin: p.standard_min === null ? null : Number(p.standard_min),
          standardMax: p.standard_max === null ? null : Number(p.standard_max), standardText: p.standard_text, unit: p.unit, required: p.required,
        })),
      },
    });
    expect(again.body.code, again.body.msg).toBe(0);
  });

  const feedProjects = async (materialIds: number[] | undefined) => {
    const { pages } = await pullAll(materialIds, null);
    return pages[0]!.gases;
  };

  it('each gas of the copy\'s scope comes with its projects as testScan answers them; gases outside the scope without', async () => {
    const id = await cylinder('INSP-FEED-1', { materialId: co2 });
    await forceStatus(t, id, 4);
    const preview = await post<InspectionPreview>('/api/produce/testScan', { code: 'INSP-FEED-1' });
    expect(preview.body.code, preview.body.msg).toBe(0);
    expect(preview.body.data.projects.map((p) => p.projectName)).toEqual(['纯度', '水分', '外观', '压力']);

    const scoped = await feedProjects([co2]);
    expect(scoped.find((g) => g.id === co2)!.projects).toEqual(preview.body.data.projects);
    // Another gas, not this station's: what the gate reads, without projects.
    expect(scoped.find((g) => g.id === n2)).toBeDefined();
    expect(scoped.find((g) => g.id === n2)!.projects).toBeUndefined();
    // No scope (a station for every gas, as 检验 is): every gas with its projects, none for a gas without.
    const all = await feedProjects(undefined);
    expect(all.find((g) => g.id === co2)!.projects).toEqual(preview.body.data.projects);
    expect(all.find((g) => g.id === n2)!.projects).toEqual([]);
    // The later pulls (by the trace cursor) carry them too: the station keeps the last page's.
    const { cursor } = await pullAll([co2], null);
    const next = await post<FactsPage>('/api/offline/facts', { station: 'inspect', materialIds: [co2], cursor });
    expect(next.body.data.gases.find((g) => g.id === co2)!.projects).toEqual(preview.body.data.projects);
  });

  it('case by case, the shared verdict on the feed\'s projects names the status testResult leaves (or its refusal)', async () => {
    const gases = await feedProjects(undefined);
    const projects = gases.find((g) => g.id === co2)!.projects!;
    const pid = (name: string) => projects.find((p) => p.projectName === name)!.id;
    const [purity, moisture, looks, pressure] = [pid('纯度'), pid('水分'), pid('外观'), pid('压力')];
    type Body = { items: { projectId: number; value?: number; passed?: boolean }[]; result?: 0 | 1 };
    const cases: [string, number, Body][] = [
      ['all within', co2, { items: [{ projectId: purity, value: 99.95 }, { projectId: moisture, value: 5 }, { projectId: looks, passed: true }] }],
      ['on the bounds', co2, { items: [{ projectId: purity, value: 99.9 }, { projectId: moisture, value: 10 }, { projectId: looks, passed: true }, { projectId: pressure, value: 6 }] }],
      ['required below its minimum', co2, { items: [{ projectId: purity, value: 99.89 }, { projectId: moisture, value: 5 }, { projectId: looks, passed: true }] }],
      ['required above its maximum', co2, { items: [{ projectId: purity, value: 99.95 }, { projectId: moisture, value: 10.001 }, { projectId: looks, passed: true }] }],
      ['required verdict 不合格', co2, { items: [{ projectId: purity, value: 99.95 }, { projectId: moisture, value: 5 }, { projectId: looks, passed: false }] }],
      ['optional out of range only', co2, { items: [{ projectId: purity, value: 99.95 }, { projectId: moisture, value: 5 }, { projectId: looks, passed: true }, { projectId: pressure, value: 7 }] }],
      ['a range project judged by hand', co2, { items: [{ projectId: purity, passed: false }, { projectId: moisture, value: 5 }, { projectId: looks, passed: true }] }],
      ['a required project missing', co2, { items: [{ projectId: purity, value: 99.95 }, { projectId: looks, passed: true }] }],
      ['a project of another gas', co2, { items: [{ projectId: purity, value: 99.95 }, { projectId: moisture, value: 5 }, { projectId: looks, passed: true }, { projectId: 999999, value: 1 }] }],
      ['a verdict project given a number only', co2, { items: [{ projectId: purity, value: 99.95 }, { projectId: moisture, value: 5 }, { projectId: looks, value: 1 }] }],
      ['a gas without projects, 合格', n2, { items: [], result: 1 }],
      ['a gas without projects, 不合格', n2, { items: [], result: 0 }],
      ['a gas without projects, no result', n2, { items: [] }],
    ];
    const seen = new Set<string>();
    for (const [i, [name, gas, body]] of cases.entries()) {
      const code = `INSP-AGREE-${i}`;
      await forceStatus(t, await cylinder(code, { materialId: gas }), 4);
      const local = inspectionVerdict(gases.find((g) => g.id === gas)!.projects!, body, code);
      const res = await post('/api/produce/testResult', { code, ...body });
      if (local.ok) {
        expect(res.body.code, `${name}: ${res.body.msg}`).toBe(0);
        expect(res.body.data.toStatus, name).toBe(local.passed ? 5 : 1);
        expect(res.body.data.failedItems ?? [], name).toEqual(local.passed ? [] : local.failed);
        expect(await statusOf(code), name).toBe(local.passed ? 5 : 1);
        seen.add(local.passed ? 'passed' : 'failed');
      } else {
        expect(res.body, name).toMatchObject({ code: -1, msg: local.problem });
        expect(await statusOf(code), name).toBe(4);
        seen.add('refused');
      }
    }
    // The cases cover each outcome (a verdict that agreed only by always refusing would not do).
    expect([...seen].sort()).toEqual(['failed', 'passed', 'refused']);
  });
});

/**
 * Moves every event of the cylinder `hours` back, as if it had been registered (and moved) that long ago: a kept
 * scan's station time is refused when it comes before the cylinder's previous event. The append-only guard is a
 * trigger; a replication role (superuser) sets triggers aside for this one statement.
 */
async function backdate(code: string, hours: number): Promise<void> {
  await t.db.transaction().execute(async (trx) => {
    await sql`set local session_replication_role = replica`.execute(trx);
    await sql`update cylinder_traces set at = at - make_interval(hours => ${hours})
      where cylinder_id = (select id from cylinders where code = ${code})`.execute(trx);
  });
}
const replay = (minutesAgo: number, ws = '充装一号台') => ({
  ...WS(ws), 'x-replayed': '1', 'x-station-at': new Date(Date.now() - minutesAgo * 60_000).toISOString(),
});

describe('replay: X-Replayed and X-Station-At', () => {
  it('keeps the station\'s time and the server\'s, marks the event replayed, and the trace answer shows it', async () => {
    await cylinder('REPLAY-1');
    await backdate('REPLAY-1', 1);
    const stationAt = new Date(Date.now() - 20 * 60_000).toISOString();
    const res = await post('/api/produce/addPicking', { code: 'REPLAY-1', scanId: randomUUID() }, { ...WS('充装一号台'), 'x-replayed': '1', 'x-station-at': stationAt });
    expect(res.body.code, res.body.msg).toBe(0);
    const [ev] = await events('REPLAY-1', 'pick');
    expect(ev!.replayed).toBe(true);
    expect(new Date(ev!.station_at!).toISOString()).toBe(stationAt);
    expect(new Date(ev!.at).getTime()).toBeGreaterThan(new Date(ev!.station_at!).getTime());
    const trace = await post<TraceInfo>('/api/trace/getInfo', { code: 'REPLAY-1' });
    const pick = trace.body.data.events.find((e) => e.action === 'pick')!;
    expect(pick).toMatchObject({ replayed: true, stationAt: expect.any(String), timeFlag: null });
    // A scan made online is not marked.
    await cylinder('REPLAY-2');
    await post('/api/produce/addPicking', { code: 'REPLAY-2', scanId: randomUUID() });
    expect((await post<TraceInfo>('/api/trace/getInfo', { code: 'REPLAY-2' })).body.data.events.find((e) => e.action === 'pick'))
      .toMatchObject({ replayed: false, stationAt: null });
  });

  it('refuses impossible, far-future, year-old and malformed station times with code -1 and changes nothing', async () => {
    await cylinder('REPLAY-BAD');
    for (const headers of [
      { 'x-station-at': '2026-02-30T10:00:00Z' } as Record<string, string>, { 'x-station-at': 'yesterday' }, { 'x-station-at': '2026-06-01T25:00:00Z' },
      { 'x-station-at': new Date(Date.now() + 24 * 3600_000).toISOString() }, { 'x-station-at': '1999-01-01T00:00:00Z' },
      { 'x-station-at': '0001-01-01T00:00:00Z' }, { 'x-station-at': '9999-12-31T00:00:00Z' }, { 'x-replayed': 'yes' },
    ]) {
      const res = await post('/api/produce/addPicking', { code: 'REPLAY-BAD', scanId: randomUUID() }, { ...WS('充装一号台'), 'x-replayed': '1', ...headers });
      expect(res.body.code, JSON.stringify(headers)).toBe(-1);
      expect(res.body.msg).toMatch(/X-Station-At|X-Replayed/);
    }
    // A station time says when a kept scan happened: a scan made now (no X-Replayed) happened now.
    const online = await post('/api/produce/addPicking', { code: 'REPLAY-BAD', scanId: randomUUID() }, { ...WS('充装一号台'), 'x-station-at': new Date().toISOString() });
    expect(online.body).toMatchObject({ code: -1, msg: expect.stringContaining('只随补传的扫描') });
    expect(await statusOf('REPLAY-BAD')).toBe(2);
    expect(await events('REPLAY-BAD', 'pick')).toEqual([]);
  });

  it('a scan whose answer was lost (the server acted, the station never heard) replayed with its scanId acts once', async () => {
    await cylinder('LOST-1');
    const scanId = randomUUID();
    // The first send reached the server and acted; its answer never reached the station.
    const first = await post('/api/produce/addPicking', { code: 'LOST-1', scanId });
    expect(first.body.code).toBe(0);
    // The station kept the scan and replays it when the server is back, with the same scanId.
    const replayed = await post('/api/produce/addPicking', { code: 'LOST-1', scanId }, {
      ...WS('充装一号台'), 'x-replayed': '1', 'x-station-at': new Date(Date.now() - 60_000).toISOString(),
    });
    expect(replayed.body.code, replayed.body.msg).toBe(0);
    expect(replayed.body.data.traceId).toBe(first.body.data.traceId);
    const picks = await events('LOST-1', 'pick');
    expect(picks).toHaveLength(1);
    expect(picks[0]!.replayed).toBe(false);
    expect(await statusOf('LOST-1')).toBe(3);
  });

  it('the storage scans take the headers too (成品入库): a replayed stock-in keeps the station time', async () => {
    const warehouseId = await createWarehouse(t, token, { warehouseName: '成品一库', kind: 'finished' });
    const bad = await post('/api/storageOrder/inStock', { type: 'productRK', warehouseId }, { ...WS('仓库'), 'x-station-at': 'not a time' });
    expect(bad.body.code).toBe(-1);
    expect(await t.db.selectFrom('storage_orders').select('id').execute()).toEqual([]);
    const id = await cylinder('STORE-1');
    await forceStatus(t, id, 6);
    await backdate('STORE-1', 1);
    const stationAt = new Date(Date.now() - 5 * 60_000).toISOString();
    const res = await post('/api/storageOrder/inStock', { type: 'productRK', warehouseId, code: 'STORE-1', scanId: randomUUID() },
      { ...WS('仓库'), 'x-replayed': '1', 'x-station-at': stationAt });
    expect(res.body.code, res.body.msg).toBe(0);
    const [ev] = (await events('STORE-1')).filter((e) => e.replayed);
    expect(ev).toBeDefined();
    expect(new Date(ev!.station_at!).toISOString()).toBe(stationAt);
  });
});

describe('待处理异常: the server records a refused replay itself', () => {
  let station: { id: number; token: string; name: string };
  let supervisor: { token: string; name: string };
  let nobody: { token: string };
  beforeAll(async () => {
    const s = await createLimitedUser(t, token, 'station1', ['produce:picking']);
    station = { id: s.id, token: (await t.login(s.username, s.password)).token, name: '用户 station1' };
    const v = await createLimitedUser(t, token, 'super1', ['offline:exceptions', 'offline:resolve', 'product:scrap', 'produce:picking']);
    supervisor = { token: (await t.login(v.username, v.password)).token, name: '用户 super1' };
    const n = await createLimitedUser(t, token, 'nobody1', []);
    nobody = { token: (await t.login(n.username, n.password)).token };
  });
  const list = (as: string, ws: string, body: Record<string, unknown> = {}) =>
    post<{ list: ExceptionRow[]; total: number }>('/api/offline/exception/listPage', { page: 1, size: 15, ...body }, WS(ws), as);
  const rowOf = (scanId: string) => t.db.selectFrom('offline_exceptions').selectAll().where('scan_id', '=', scanId).executeTakeFirst();
  const scrapped = async (code: string) => {
    const id = await cylinder(code);
    await backdate(code, 2);
    expect((await post('/api/product/scrap', { id, reason: '瓶体腐蚀' })).body.code).toBe(0);
  };

  it('in the same request, as the one who sent it, once per scanId; the answer names it', async () => {
    await scrapped('EXC-1');
    const scanId = randomUUID();
    const body = { code: 'EXC-1', scanId };
    const res = await post('/api/produce/addPicking', body, replay(30), station.token);
    expect(res.body).toMatchObject({ code: -1, msg: expect.stringContaining('报废'), data: { exceptionId: expect.any(Number) } });
    const row = await rowOf(scanId);
    expect(row).toMatchObject({
      id: exceptionIdOf(res), kind: 'refused', station: 'pick', code: 'EXC-1', path: '/api/produce/addPicking', body,
      operator: station.name, user_id: station.id, workstation: '充装一号台', status: 'open', message: res.body.msg,
    });
    expect(row!.station_at).not.toBeNull();
    // Sent again (its answer lost): the same row.
    const again = await post('/api/produce/addPicking', body, replay(30), station.token);
    expect(again.body.data).toEqual({ exceptionId: exceptionIdOf(res) });
    expect(await t.db.selectFrom('offline_exceptions').select('id').where('code', '=', 'EXC-1').execute()).toHaveLength(1);
  });

  it('records nothing for a scan made online, a replay without scanId, or a caller without the station\'s key', async () => {
    await scrapped('EXC-NONE');
    const before = await t.db.selectFrom('offline_exceptions').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
    const online = await post('/api/produce/addPicking', { code: 'EXC-NONE', scanId: randomUUID() }, WS('充装一号台'), station.token);
    expect(online.body).toMatchObject({ code: -1, data: null });
    const noScanId = await post('/api/produce/addPicking', { code: 'EXC-NONE' }, replay(30), station.token);
    expect(noScanId.body).toMatchObject({ code: -1, data: null });
    // No one plants an exception: a user without 领瓶 is refused before anything is recorded, in their name or another's.
    const planted = await post('/api/produce/addPicking', { code: 'EXC-NONE', scanId: randomUUID() }, replay(30, '充装二号台'), nobody.token);
    expect(planted.status).toBe(403);
    expect((await post('/api/offline/exception/add', { code: 'EXC-NONE' }, WS('充装二号台'), nobody.token)).status).toBe(404);
    expect(await t.db.selectFrom('offline_exceptions').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow()).toEqual(before);
  });

  it('a user reads only their own, whatever workstation they name; a supervisor reads everyone\'s', async () => {
    await scrapped('EXC-2');
    const scanId = randomUUID();
    expect((await post('/api/produce/addPicking', { code: 'EXC-2', scanId }, replay(30, '充装二号台'), station.token)).body.code).toBe(-1);
    const mine = await list(station.token, '充装二号台');
    expect(mine.body.data.list.map((r) => r.code).sort()).toEqual(['EXC-1', 'EXC-2']);
    expect(mine.body.data.list[0]).toMatchObject({ kind: 'refused', station: 'pick', operator: station.name, status: 'open', stationAt: expect.any(String) });
    // The leak: a user with an empty role naming the station's workstation sees nothing of it.
    for (const ws of ['充装一号台', '充装二号台']) expect((await list(nobody.token, ws)).body.data).toEqual({ list: [], total: 0 });
    expect((await list(nobody.token, '办公室', { workstation: '充装二号台' })).body.data.total).toBe(0);
    const all = await list(supervisor.token, '办公室');
    expect(all.body.data.list.map((r) => r.code)).toEqual(expect.arrayContaining(['EXC-1', 'EXC-2']));
    expect((await list(supervisor.token, '办公室', { workstation: '充装二号台' })).body.data.list.map((r) => r.code)).toEqual(['EXC-2']);
  });

  it('resolves once with the reason recorded: 忽略, and 报废 in the transaction of the resolution', async () => {
    const [a, b] = await Promise.all(['EXC-1', 'EXC-2'].map(async (code) =>
      Number((await t.db.selectFrom('offline_exceptions').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id)));
    // A station operator without offline:resolve cannot resolve.
    expect((await post('/api/offline/exception/resolve', { id: a, action: 'dismiss', reason: '重复' }, WS('充装一号台'), station.token)).status).toBe(403);
    const dismissed = await post<ExceptionRow>('/api/offline/exception/resolve', { id: a, action: 'dismiss', reason: '已人工核对' }, WS('办公室'), supervisor.token);
    expect(dismissed.body.code, dismissed.body.msg).toBe(0);
    expect(dismissed.body.data).toMatchObject({ status: 'resolved', action: 'dismiss', reason: '已人工核对', resolvedBy: supervisor.name });
    expect((await post('/api/offline/exception/resolve', { id: a, action: 'scrap', reason: '再来' }, WS('办公室'), supervisor.token)).body.code).toBe(-1);
    const done = await post<ExceptionRow>('/api/offline/exception/resolve', { id: b, action: 'scrap', reason: '瓶阀损坏' }, WS('办公室'), supervisor.token);
    expect(done.body.code, done.body.msg).toBe(0);
    expect(done.body.data).toMatchObject({ status: 'resolved', action: 'scrap', result: '气瓶 EXC-2 已报废' });
    expect((await list(supervisor.token, '办公室', { status: 'resolved' })).body.data.list.map((r) => r.code).sort()).toEqual(['EXC-1', 'EXC-2']);
  });

  it('重新扫描 runs what the server recorded, as the operator who scanned, the supervisor named in the trace', async () => {
    const id = await cylinder('EXC-RE');
    await backdate('EXC-RE', 2);
    await t.db.updateTable('cylinders').set({ next_inspection_date: addDays(TODAY, -1) }).where('id', '=', id).execute();
    const scanId = randomUUID();
    const refusedReplay = await post('/api/produce/addPicking', { code: 'EXC-RE', scanId }, replay(30), station.token);
    expect(refusedReplay.body.msg).toContain('超期未检');
    const exceptionId = exceptionIdOf(refusedReplay);
    const refused = await post('/api/offline/exception/resolve', { id: exceptionId, action: 'rescan', reason: '已检验' }, WS('办公室'), supervisor.token);
    expect(refused.body.code).toBe(-1);
    expect(refused.body.msg).toMatch(/重新扫描被拒绝：.*超期未检/);
    expect((await rowOf(scanId))).toMatchObject({ status: 'open', result: expect.stringContaining('超期未检') });

    await t.db.updateTable('cylinders').set({ next_inspection_date: addYears(TODAY, 1) }).where('id', '=', id).execute();
    // The admin resolves it: the pick is the station operator's, at their workstation; the admin is named beside.
    const done = await post<ExceptionRow>('/api/offline/exception/resolve', { id: exceptionId, action: 'rescan', reason: '已检验' }, WS('办公室'));
    expect(done.body.code, done.body.msg).toBe(0);
    expect(done.body.data).toMatchObject({ status: 'resolved', action: 'rescan', result: expect.stringContaining('重新扫描') });
    expect(await statusOf('EXC-RE')).toBe(3);
    const pick = await t.db.selectFrom('cylinder_traces').selectAll().where('cylinder_id', '=', id).where('action', '=', 'pick').executeTakeFirstOrThrow();
    expect(pick).toMatchObject({ scan_id: scanId, operator: station.name, operator_id: station.id, workstation: '充装一号台', replayed: true, entered_by: '管理员' });
    const trace = await post<TraceInfo>('/api/trace/getInfo', { code: 'EXC-RE' });
    expect(trace.body.data.events.find((e) => e.action === 'pick')).toMatchObject({ operator: station.name, enteredBy: '管理员' });
  });

  it('重新扫描 needs the operator to hold the call\'s key still: the supervisor\'s keys do not stand in', async () => {
    const s = await createLimitedUser(t, token, 'station9', ['produce:picking']);
    const stationToken = (await t.login(s.username, s.password)).token;
    const id = await cylinder('EXC-KEY');
    await backdate('EXC-KEY', 2);
    await t.db.updateTable('cylinders').set({ next_inspection_date: addDays(TODAY, -1) }).where('id', '=', id).execute();
    const refusedReplay = await post('/api/produce/addPicking', { code: 'EXC-KEY', scanId: randomUUID() }, replay(30), stationToken);
    await t.db.updateTable('cylinders').set({ next_inspection_date: addYears(TODAY, 1) }).where('id', '=', id).execute();
    await t.db.deleteFrom('user_roles').where('user_id', '=', s.id).execute();
    const res = await post('/api/offline/exception/resolve', { id: exceptionIdOf(refusedReplay), action: 'rescan', reason: '补录' }, WS('办公室'));
    expect(res.body).toMatchObject({ code: -1, msg: expect.stringContaining('原操作人 用户 station9 已没有') });
    expect(await statusOf('EXC-KEY')).toBe(2);
  });

  it('refuses bad input with code -1 and keeps nothing', async () => {
    for (const body of [{ id: 1, action: 'delete', reason: 'x' }, { id: 1, action: 'dismiss', reason: '' }, { id: 0, action: 'dismiss', reason: 'x' }, { id: 999999, action: 'dismiss', reason: 'x' }]) {
      expect((await post('/api/offline/exception/resolve', body)).body.code, JSON.stringify(body)).toBe(-1);
    }
    for (const body of [
      { waiting: -1 }, { waiting: 1.5 }, { waiting: 2_000_000 }, { waiting: 1, oldestAt: 'soon' },
      { waiting: 1, oldestAt: '0001-01-01T00:00:00Z' }, { waiting: 1, oldestAt: '9999-12-31T23:59:59Z' }, { waiting: 1, oldestAt: '2025-02-29T10:00:00Z' },
    ]) {
      const res = await post('/api/offline/queueReport', body, WS('坏数据台'));
      expect(res.body.code, JSON.stringify(body)).toBe(-1);
    }
    expect(await t.db.selectFrom('workstation_queues').select('workstation').where('workstation', '=', '坏数据台').execute()).toEqual([]);
  });
});

describe('the stations\' queues', () => {
  it('a station reports what it keeps; administrators see every workstation, those waiting first', async () => {
    const oldest = new Date(Date.now() - 15 * 60_000).toISOString();
    expect((await post('/api/offline/queueReport', { waiting: 20, oldestAt: oldest }, WS('充装三号台'))).body.code).toBe(0);
    expect((await post('/api/offline/queueReport', { waiting: 0, oldestAt: null }, WS('出库台'))).body.code).toBe(0);
    expect((await post('/api/offline/queueReport', { waiting: 3, oldestAt: oldest }, WS('出库台'))).body.code).toBe(0);
    expect((await post('/api/offline/queueReport', { waiting: 0 }, WS('出库台'))).body.code).toBe(0);
    const res = await t.call<WorkstationQueueRow[]>('GET', '/api/offline/queues', { token });
    expect(res.body.code, res.body.msg).toBe(0);
    expect(res.body.data[0]).toMatchObject({ workstation: '充装三号台', waiting: 20, oldestAt: expect.any(String), userName: expect.any(String) });
    expect(res.body.data.find((r) => r.workstation === '出库台')).toMatchObject({ waiting: 0, oldestAt: null });
    const station = await createLimitedUser(t, token, 'station2', ['produce:picking']);
    const stationToken = (await t.login(station.username, station.password)).token;
    expect((await t.call('GET', '/api/offline/queues', { token: stationToken })).status).toBe(403);
  });

  it('a user writes only their own report: another station\'s stays as it sent it; a user without a station has none', async () => {
    const other = await createLimitedUser(t, token, 'station3', ['produce:filling']);
    const otherToken = (await t.login(other.username, other.password)).token;
    const oldest = new Date(Date.now() - 30 * 60_000).toISOString();
    expect((await post('/api/offline/queueReport', { waiting: 7, oldestAt: oldest }, WS('充装四号台'))).body.code).toBe(0);
    // Another user naming the same workstation writes a report of their own, beside it.
    expect((await post('/api/offline/queueReport', { waiting: 0 }, WS('充装四号台'), otherToken)).body.code).toBe(0);
    const nobody = await createLimitedUser(t, token, 'nobody2', []);
    const nobodyToken = (await t.login(nobody.username, nobody.password)).token;
    expect((await post('/api/offline/queueReport', { waiting: 0 }, WS('充装四号台'), nobodyToken)).status).toBe(403);
    const rows = (await t.call<WorkstationQueueRow[]>('GET', '/api/offline/queues', { token })).body.data.filter((r) => r.workstation === '充装四号台');
    expect(rows.map((r) => [r.userName, r.waiting]).sort()).toEqual([['用户 station3', 0], ['管理员', 7]]);
  });
});

describe('the trace stays append-only', () => {
  it('refuses to change a replayed event\'s station time, mark, time flag or supervisor afterwards', async () => {
    await cylinder('APPEND-1');
    await backdate('APPEND-1', 1);
    await post('/api/produce/addPicking', { code: 'APPEND-1', scanId: randomUUID() }, {
      ...WS('充装一号台'), 'x-replayed': '1', 'x-station-at': new Date(Date.now() - 60_000).toISOString(),
    });
    const [register, ev] = await events('APPEND-1');
    // Only setting reverted_by_id is allowed (a rollback): not with a station time or mark changed on the way.
    const sneak = (patch: { station_at?: Date; replayed?: boolean; time_flag?: string; entered_by?: string }) =>
      t.db.updateTable('cylinder_traces').set({ reverted_by_id: register!.id, ...patch }).where('id', '=', ev!.id).execute();
    await expect(sneak({ station_at: new Date() })).rejects.toThrow(/append-only/);
    await expect(sneak({ replayed: false })).rejects.toThrow(/append-only/);
    await expect(sneak({ time_flag: '无' })).rejects.toThrow(/append-only/);
    await expect(sneak({ entered_by: '某人' })).rejects.toThrow(/append-only/);
    expect((await events('APPEND-1', 'pick'))[0]!.replayed).toBe(true);
  });
});
