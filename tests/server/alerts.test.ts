import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDb } from '../../src/server/db/database';
import { runAlertJob } from '../../src/server/modules/message';
import { buildTestApp, type TestApp } from './app-helper';
import { createEnterprise, createGas, forceStatus } from './master-data-helper';

let t: TestApp;
let admin: string;
let adminId: number;
let gas: number;
const DAY = 86_400_000;
const at = (day: string) => new Date(`${day}T08:00:00`);

async function register(prefix: string, n: number): Promise<Array<{ id: number; code: string }>> {
  const res = await t.call('POST', '/api/product/addProduct', { token: admin, body: { range: { prefix, start: 1, end: n }, materialId: gas } });
  expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 0 });
  return t.db.selectFrom('cylinders').select(['id', 'code']).where('code', 'like', `${prefix}%`).orderBy('code').execute();
}
const setNext = (ids: number[], date: string) => t.db.updateTable('cylinders').set({ next_inspection_date: date }).where('id', 'in', ids).execute();
const messagesOf = (kind: string) => t.db.selectFrom('messages').select(['user_id', 'title', 'content', 'link', 'subject_key'])
  .where('kind', '=', kind).orderBy('id').execute();
const openMarks = (cause: string) => t.db.selectFrom('alert_marks').select('subject_key').where('cause', '=', cause).where('cleared_at', 'is', null).execute();

beforeAll(async () => {
  t = await buildTestApp();
  const login = await t.login();
  admin = login.token;
  adminId = login.user.id;
  gas = await createGas(t, admin, { materialName: '氧气', code: 'O2' });
});
afterAll(async () => { await t?.close(); });

describe('alerts the server raises', () => {
  it('raises an overdue inspection once, not again while it stands, and again after it went away and came back', async () => {
    const [c] = await register('OVD', 1);
    await setNext([c!.id], '2026-03-01');
    const first = await runAlertJob(t.db, { now: at('2026-03-10') });
    expect(first.raised.inspectionOverdue).toBe(1);
    const msgs = await messagesOf('inspectionOverdue');
    expect(msgs).toEqual([{
      user_id: adminId, title: '气瓶定期检验已超期', content: '气瓶 OVD1（氧气，—）的定期检验已于 2026-03-01 到期，请停止充装并送检。',
      link: '/product/product?code=OVD1', subject_key: `inspectionOverdue:${c!.id}`,
    }]);
    expect((await runAlertJob(t.db, { now: at('2026-03-11') })).raised.inspectionOverdue).toBeUndefined();
    expect(await messagesOf('inspectionOverdue')).toHaveLength(1);

    await setNext([c!.id], '2031-03-01'); // inspected: the cause is gone
    await runAlertJob(t.db, { now: at('2026-03-12') });
    expect(await openMarks('inspectionOverdue')).toEqual([]);
    await setNext([c!.id], '2026-03-01'); // a wrong entry corrected back: overdue again
    expect((await runAlertJob(t.db, { now: at('2026-03-13') })).raised.inspectionOverdue).toBe(1);
    expect(await messagesOf('inspectionOverdue')).toHaveLength(2);
    await setNext([c!.id], '2031-03-01');
    await runAlertJob(t.db, { now: at('2026-03-14') });
  });

  it('raises once with two job runners on two pools of one database at the same moment', async () => {
    const cylinders = await register('TWO', 3);
    await setNext(cylinders.map((c) => c.id), '2026-04-01');
    const { rows } = await sql<{ db: string }>`select current_database() as db`.execute(t.db);
    const url = new URL(inject('pgAdminUrl'));
    url.pathname = `/${rows[0]!.db}`;
    const other = createDb(url.toString());
    try {
      const now = at('2026-04-05');
      const runs = await Promise.all([runAlertJob(t.db, { now }), runAlertJob(other, { now }), runAlertJob(other, { now })]);
      expect(runs.reduce((n, r) => n + (r.raised.inspectionOverdue ?? 0), 0)).toBe(3);
    } finally {
      await other.destroy();
    }
    expect((await messagesOf('inspectionOverdue')).filter((m) => m.link?.includes('TWO'))).toHaveLength(3);
    await setNext(cylinders.map((c) => c.id), '2031-04-01');
    await runAlertJob(t.db, { now: at('2026-04-06') });
  });

  it('sends one digest per recipient above 20 subjects, linking to the filtered list', async () => {
    const cylinders = await register('DUE', 25);
    await setNext(cylinders.map((c) => c.id), '2026-05-20');
    const run = await runAlertJob(t.db, { now: at('2026-05-01') });
    expect(run.raised.inspectionDue).toBe(25);
    expect(await messagesOf('inspectionDue')).toEqual([{
      user_id: adminId, title: '气瓶定期检验即将到期', content: '25 个气瓶将在 30 天内到期检验，请安排送检。',
      link: '/product/product?inspectionDueBefore=2026-05-31', subject_key: null,
    }]);
    expect(await openMarks('inspectionDue')).toHaveLength(25);
    await setNext(cylinders.map((c) => c.id), '2031-05-20');
    await runAlertJob(t.db, { now: at('2026-05-02') });
  });

  it('raises the marks of a disabled template but sends nothing; recipients are enabled holders of its roles', async () => {
    await t.db.updateTable('message_templates').set({ enabled: 0 }).where('code', '=', 'inspectionOverdue').execute();
    const [c] = await register('OFF', 1);
    await setNext([c!.id], '2026-06-01');
    const before = (await messagesOf('inspectionOverdue')).length;
    expect((await runAlertJob(t.db, { now: at('2026-06-10') })).raised.inspectionOverdue).toBe(1);
    expect(await messagesOf('inspectionOverdue')).toHaveLength(before);
    await t.db.updateTable('message_templates').set({ enabled: 1 }).where('code', '=', 'inspectionOverdue').execute();
    await setNext([c!.id], '2031-06-01');
    await runAlertJob(t.db, { now: at('2026-06-11') });
  });

  it('raises long out, waiting for analysis, design life ending, an unscanned outbound order and the licence expiring', async () => {
    const customer = await createEnterprise(t, admin, { enterpriseName: '甲客户' });
    const [out, analyse, life] = await register('MIX', 3);
    // The trace's newest event of the cylinder waiting for analysis is now: the run is two days ahead.
    const now = new Date(Date.now() + 2 * DAY);
    const iso = (ms: number) => new Date(now.getTime() + ms).toISOString();
    await forceStatus(t, out!.id, 9);
    await t.db.updateTable('cylinders').set({ location_enterprise_id: customer, located_since: iso(-100 * DAY) }).where('id', '=', out!.id).execute();
    await forceStatus(t, analyse!.id, 1);
    const lifeEnd = new Date(now.getTime() + 30 * DAY);
    lifeEnd.setUTCFullYear(lifeEnd.getUTCFullYear() - 10);
    await t.db.updateTable('cylinders').set({ manufacture_date: lifeEnd.toISOString().slice(0, 10), design_life_years: 10 }).where('id', '=', life!.id).execute();
    await t.db.insertInto('storage_orders').values({ order_no: 'CK-OLD-1', direction: 'out', type: 'productCK', customer_id: customer, created_at: iso(-3 * DAY) }).execute();
    const expiry = iso(10 * DAY).slice(0, 10);
    await t.db.insertInto('company').values({ id: 1, licence_no: 'TS-001', licence_expiry: expiry })
      .onConflict((oc) => oc.column('id').doUpdateSet({ licence_no: 'TS-001', licence_expiry: expiry })).execute();

    const run = await runAlertJob(t.db, { now });
    expect(run.raised).toMatchObject({ longOut: 1, analysisWaiting: 1, designLifeEnding: 1, outboundUnscanned: 1, licenceExpiring: 1 });
    expect((await messagesOf('longOut'))[0]).toMatchObject({ content: expect.stringContaining('在客户 甲客户 处，已超过 90 天'), link: '/product/product?code=MIX1' });
    expect((await messagesOf('outboundUnscanned'))[0]).toMatchObject({ link: '/storage/outbound?orderNo=CK-OLD-1' });
    expect((await messagesOf('licenceExpiring'))[0]!.content).toBe(`充装许可证 TS-001 将于 ${expiry} 到期（剩余 10 天），请及时办理延续。`);
    expect((await runAlertJob(t.db, { now })).raised).toEqual({});
  });
});

describe('design life ending, as the fill gate reads it', () => {
  it('an LPG cylinder extended by a passed inspection in its last year is warned before 12 years, not 8', async () => {
    const lpg = await createGas(t, admin, { materialName: '液化石油气', code: 'LPGX' });
    await t.db.updateTable('materials').set({ design_life_years: 8, extended_life_years: 12 }).where('id', '=', lpg).execute();
    const now = new Date(Date.now() + 2 * DAY);
    const ymd = (d: Date) => d.toISOString().slice(0, 10);
    /** Made so that `years` of life end 20 days after `now`. */
    const madeFor = (years: number) => { const d = new Date(now.getTime() + 20 * DAY); d.setUTCFullYear(d.getUTCFullYear() - years); return ymd(d); };
    const plusYears = (day: string, years: number) => { const d = new Date(`${day}T00:00:00Z`); d.setUTCFullYear(d.getUTCFullYear() + years); return ymd(d); };
    const add = async (code: string, made: string, inspected?: string) => {
      const res = await t.call('POST', '/api/product/addProduct', { token: admin, body: { code, materialId: lpg, manufactureDate: made } });
      expect(res.body.code, res.body.msg).toBe(0);
      const { id } = await t.db.selectFrom('cylinders').select('id').where('code', '=', code).executeTakeFirstOrThrow();
      if (inspected) await t.db.insertInto('periodic_inspections').values({ cylinder_id: id, inspected_on: inspected, result: 1 }).execute();
      return id;
    };
    const at8 = madeFor(8);
    const extendedAt8 = await add('LIFEX8', at8, plusYears(at8, 7)); // inspected in its 8th year: life now 12
    const plainAt8 = await add('LIFEP8', at8); // never inspected: life ends at 8
    const early = await add('LIFEE8', at8, plusYears(at8, 5)); // inspected too early to extend
    const at12 = madeFor(12);
    const extendedAt12 = await add('LIFEX12', at12, plusYears(at12, 7));
    await t.db.updateTable('message_templates').set({ enabled: 1 }).where('code', '=', 'designLifeEnding').execute();

    await runAlertJob(t.db, { now });
    const marked = (await openMarks('designLifeEnding')).map((m) => Number(m.subject_key));
    expect(marked).toEqual(expect.arrayContaining([plainAt8, early, extendedAt12]));
    expect(marked).not.toContain(extendedAt8);
    const lifeEnds = (await messagesOf('designLifeEnding')).map((m) => m.content).join('\n');
    expect(lifeEnds).toContain(plusYears(at12, 12));
  });
});

describe('the alert ticker', () => {
  it('runs at the start of each process when the last run is older than the interval (catch-up) and stops on close', async () => {
    const { rows } = await sql<{ db: string }>`select current_database() as db`.execute(t.db);
    await t.db.updateTable('job_runs').set({ last_run_at: new Date(Date.now() - 2 * 3600_000) }).where('job', '=', 'alerts').execute();
    const { buildApp } = await import('../../src/server/app');
    const { testConfig } = await import('./app-helper');
    const url = new URL(inject('pgAdminUrl'));
    url.pathname = `/${rows[0]!.db}`;
    const pools = [createDb(url.toString()), createDb(url.toString())];
    const apps = await Promise.all(pools.map((db) => buildApp({ config: testConfig({ alertIntervalSeconds: 3600 }), db })));
    await Promise.all(apps.map((a) => a.ready()));
    const ran = async () => (await t.db.selectFrom('job_runs').select('last_run_at').where('job', '=', 'alerts').executeTakeFirstOrThrow()).last_run_at;
    await expect.poll(async () => Date.now() - (await ran())!.getTime(), { timeout: 10_000 }).toBeLessThan(60_000);
    await Promise.all(apps.map((a) => a.close()));
    await Promise.all(pools.map((p) => p.destroy()));
  });
});
