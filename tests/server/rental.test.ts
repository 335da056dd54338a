import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeedEvent, IntegrationEventsPage, RentalEvent } from '../../src/shared/api/integration';
import type { RentalRun, StatementDetail, StatementRow } from '../../src/shared/api/rental';
import type { PageResult } from '../../src/shared/api/schema';
import type { OutOrderInfo } from '../../src/shared/api/storage';
import type { SavedWebhook } from '../../src/shared/api/webhook';
import { addYears, today } from '../../src/server/lib/dates';
import { sequenceNow } from '../../src/server/modules/integration';
import { buildTestApp, createLimitedUser, type TestApp } from './app-helper';
import { createEnterprise, createGas, forceStatus } from './master-data-helper';

/**
 * Issue 38: statements charged from the custody record through the API, with answers computed by hand. The custody
 * periods are made by real shipments and recoveries (tests/server/custody.test.ts proves their times are the events'
 * and the stations'), then moved into October 2026 so the days are known; the rules themselves are proved case by case
 * in src/shared/rental/charge.test.ts.
 */
let t: TestApp;
let admin: string;
let n2: number;
let custA: number;
let custB: number;
let statementA: number;
let noteA: number;
const TODAY = today();
const MONTH = '2026-10';
const ids: Record<string, number> = {};

const ok = async <T>(p: Promise<{ body: { code: number; msg: string; data: T } }>): Promise<T> => {
  const res = await p;
  expect(res.body, res.body.msg).toMatchObject({ code: 0 });
  return res.body.data;
};
const post = <T>(path: string, body: unknown, token = admin) => t.call<T>('POST', path, { token, body });
const get = <T>(path: string, token = admin) => t.call<T>('GET', path, { token });
const download = (url: string) => t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${admin}` } });

async function ship(customerId: number, codes: string[]): Promise<void> {
  const made = await ok(post<OutOrderInfo>('/api/storageOrder/outStock', { type: 'productCK', customerId, lines: [{ materialId: n2, quantity: codes.length }] }));
  for (const code of codes) {
    await ok(post('/api/product/addProduct', { code, materialId: n2, manufactureDate: addYears(TODAY, -2), nextInspectionDate: addYears(TODAY, 1), tareWeight: 50 }));
    ids[code] = (await t.db.selectFrom('cylinders').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
    await forceStatus(t, ids[code], 7);
    await ok(post('/api/storageOrder/scanOutStock', { orderId: made.id, code }));
  }
  await ok(post('/api/storageOrder/outStock', { id: made.id, complete: true }));
}
const recover = (code: string, customerId: number) => ok(post('/api/storageOrder/scanHandel', { code, customerId, scanId: randomUUID() }));
/** Moves a cylinder's (only) custody period to known October days (plant time). */
const moveTo = (code: string, from: string, to: string | null) => t.db.updateTable('cylinder_custody')
  .set({ from_at: new Date(from), to_at: to ? new Date(to) : null }).where('cylinder_id', '=', ids[code]!).execute();

/** Every numbered event of the pull feed, as an integrator reads it (numbers what has committed first). */
async function feed(): Promise<FeedEvent[]> {
  await sequenceNow(t.app);
  const out: FeedEvent[] = [];
  for (let after = 0; ;) {
    const page = await ok(get<IntegrationEventsPage>(`/api/integration/events?after=${after}&limit=1000`));
    if (page.list.length === 0) return out;
    out.push(...page.list);
    after = page.next;
  }
}
const rentalEvents = async () => (await feed()).filter((e): e is RentalEvent => e.schema === 'cylinder-trace.rental/1');
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?([+-]\d\d:\d\d|Z)$/;

/** A webhook receiver on 127.0.0.1 that keeps the bodies whose signature verifies. */
const hook = { secret: '', got: [] as Array<{ id: string; body: FeedEvent }>, server: null as http.Server | null };

beforeAll(async () => {
  t = await buildTestApp();
  admin = (await t.login()).token;
  n2 = await createGas(t, admin, { materialName: '氮气', code: 'N2' });
  custA = await createEnterprise(t, admin, { enterpriseName: '甲客户' });
  custB = await createEnterprise(t, admin, { enterpriseName: '乙客户' });
  // A: R-A1 delivered 3 Oct 10:00, returned 20 Oct 09:00; R-A2 delivered 25 Oct, held still.
  await ship(custA, ['R-A1', 'R-A2']);
  await recover('R-A1', custA);
  await moveTo('R-A1', '2026-10-03T10:00:00', '2026-10-20T09:00:00');
  await moveTo('R-A2', '2026-10-25T10:00:00', null);
  // B: R-B1 shipped to B, taken back at the plant as A's (a forced return): B held it, 1–11 Oct.
  await ship(custB, ['R-B1']);
  await recover('R-B1', custA);
  await moveTo('R-B1', '2026-10-01T08:00:00', '2026-10-11T08:00:00');
  // An accounting package subscribed to the notes only (接口推送).
  hook.server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = new Webhook(hook.secret).verify(Buffer.concat(chunks).toString('utf8'), req.headers as Record<string, string>) as FeedEvent;
      hook.got.push({ id: String(req.headers['webhook-id']), body });
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => hook.server!.listen(0, '127.0.0.1', resolve));
  const saved = await ok(post<SavedWebhook>('/api/integration/webhook/save', {
    url: `http://127.0.0.1:${(hook.server.address() as AddressInfo).port}/ar`, events: ['rental.note.issued'], enabled: true,
  }));
  hook.secret = saved.secret!;
});
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => hook.server?.close(resolve));
});

describe('rental statements from the custody record', () => {
  it('agreements: A its own (2.00/day, 7 free days, deposit 100.00), the default for everyone else (1.00/day)', async () => {
    const own = await ok(post<{ id: number }>('/api/rental/agreement/save', { customerId: custA, name: '甲客户租赁协议' }));
    await ok(post('/api/rental/agreement/saveVersion', {
      agreementId: own.id, validFrom: '2026-01-01', minimumMonthCents: 0, depositOffsetsRental: false,
      lines: [{ materialId: null, specification: null, method: 'daily', rateCents: 200, freeDays: 7, capCents: null, depositCents: 10000 }],
    }));
    const fallback = await ok(post<{ id: number }>('/api/rental/agreement/save', { customerId: null, name: '默认协议' }));
    await ok(post('/api/rental/agreement/saveVersion', {
      agreementId: fallback.id, validFrom: '2026-01-01', minimumMonthCents: 0, depositOffsetsRental: false,
      lines: [{ materialId: null, specification: null, method: 'daily', rateCents: 100, freeDays: 0, capCents: null, depositCents: 0 }],
    }));
    expect((await post('/api/rental/agreement/save', { customerId: null, name: '另一个默认' })).body.msg).toBe('默认协议已存在，一个工厂只有一个默认协议');
    expect((await post('/api/rental/agreement/save', { customerId: custA, name: '重复' })).body.msg).toBe('该客户已有租赁协议：请在其协议中新增版本');
    // Money is integer cents: a fraction, a negative or a float is refused by the schema.
    const bad = await post('/api/rental/agreement/saveVersion', { agreementId: own.id, validFrom: '2026-02-01', minimumMonthCents: 0, depositOffsetsRental: false,
      lines: [{ materialId: null, specification: null, method: 'daily', rateCents: 2.5, freeDays: 0, capCents: null, depositCents: 0 }] });
    expect(bad.body.code).toBe(-1);
    const info = await ok(get<{ versions: unknown[]; customerName: string }>(`/api/rental/agreement/info/${own.id}`));
    expect(info).toMatchObject({ customerName: '甲客户', versions: [{ validFrom: '2026-01-01', lines: [{ rateCents: 200, freeDays: 7, depositCents: 10000 }] }] });
  });

  it('previews A: 17 days held, 10 charged = 20.00; deposits 200.00 taken, 100.00 refunded; total 120.00', async () => {
    // R-A1: held 3–19 Oct (17), free 3–9 (7), charged 10 × 2.00 = 20.00; deposit taken 3 Oct, refunded 20 Oct.
    // R-A2: held 25–31 Oct (7), all free; deposit taken 25 Oct, held at the month's end.
    // Total = 20.00 + 200.00 − 100.00 = 120.00; deposit balance 100.00.
    const s = await ok(post<StatementDetail>('/api/rental/statement/preview', { customerId: custA, month: MONTH }));
    expect(s.lines.map((l) => [l.code, l.daysHeld, l.freeDays, l.daysCharged, l.amountCents])).toEqual([['R-A1', 17, 7, 10, 2000], ['R-A2', 7, 7, 0, 0]]);
    expect(s.lines[0]).toMatchObject({ deliveredAt: '2026-10-03 10:00:00', returnedAt: '2026-10-20 09:00:00' });
    expect(s).toMatchObject({ id: null, rentalCents: 2000, depositTakenCents: 20000, depositRefundedCents: 10000, depositBalanceCents: 10000, totalCents: 12000 });
  });

  it('charges B, which held R-B1 until it came back as a forced return, by the default agreement: 10 days = 10.00', async () => {
    const s = await ok(post<StatementDetail>('/api/rental/statement/preview', { customerId: custB, month: MONTH }));
    expect(s.lines.map((l) => [l.code, l.daysHeld, l.daysCharged, l.amountCents])).toEqual([['R-B1', 10, 10, 1000]]);
    expect(s.totalCents).toBe(1000);
  });

  it('issues A once: locked (a second issue and a version claiming its days are refused), corrected by a note', async () => {
    expect((await post('/api/rental/statement/issue', { customerId: custA, month: TODAY.slice(0, 7) })).body.msg).toContain('尚未结束');
    statementA = (await ok(post<{ id: number }>('/api/rental/statement/issue', { customerId: custA, month: MONTH }))).id;
    expect((await post('/api/rental/statement/issue', { customerId: custA, month: MONTH })).body.msg)
      .toBe(`客户「甲客户」${MONTH} 的对账单已出具，不能重复出具；更正请开具调整单`);
    const agreementId = (await t.db.selectFrom('rental_agreements').select('id').where('customer_id', '=', custA).executeTakeFirstOrThrow()).id;
    const version = { agreementId, minimumMonthCents: 0, depositOffsetsRental: false, lines: [{ materialId: null, specification: null, method: 'daily', rateCents: 999, freeDays: 0, capCents: null, depositCents: 0 }] };
    expect((await post('/api/rental/agreement/saveVersion', { ...version, validFrom: '2026-10-15' })).body.msg).toContain('生效日期须晚于已出具对账单的月份（2026-10）');
    await ok(post('/api/rental/agreement/saveVersion', { ...version, validFrom: '2026-11-01' }));
    // The custody record changing later does not change what was issued.
    await moveTo('R-A2', '2026-10-05T10:00:00', null);
    const issued = await ok(get<StatementDetail>(`/api/rental/statement/info/${statementA}`));
    expect(issued).toMatchObject({ id: statementA, statementNo: 'DZ202610-0001', totalCents: 12000, dueCents: 12000 });
    expect(issued.lines.map((l) => [l.code, l.daysHeld])).toEqual([['R-A1', 17], ['R-A2', 7]]);
    await moveTo('R-A2', '2026-10-25T10:00:00', null);

    noteA = (await ok(post<{ id: number }>('/api/rental/statement/note', { statementId: statementA, kind: 'credit', amountCents: 500, reason: '气瓶 R-A1 提前归还未登记' }))).id;
    const corrected = await ok(get<StatementDetail>(`/api/rental/statement/info/${statementA}`));
    expect(corrected.dueCents).toBe(11500);
    expect(corrected.notes).toMatchObject([{ noteNo: 'TZ202610-0001', kind: 'credit', amountCents: 500 }]);
    expect(corrected.totalCents).toBe(12000);
    expect((await post('/api/rental/statement/note', { statementId: statementA, kind: 'credit', amountCents: 0, reason: 'x' })).body.code).toBe(-1);
  });

  it('issuing the statement and the note appended their outbox events: the pull feed reads them, with the totals in cents', async () => {
    const events = await rentalEvents();
    const code = (await t.db.selectFrom('enterprises').select('enterprise_code').where('id', '=', custA).executeTakeFirstOrThrow()).enterprise_code;
    const statement = {
      id: statementA, no: 'DZ202610-0001', customer: { id: custA, code, name: '甲客户' }, month: MONTH, cylinders: 2,
      rentalCents: 2000, minimumTopUpCents: 0, depositTakenCents: 20000, depositRefundedCents: 10000, depositBalanceCents: 10000, totalCents: 12000,
      issuedBy: '管理员',
    };
    expect(events).toMatchObject([
      { schema: 'cylinder-trace.rental/1', type: 'rental.statement.issued', statement: { ...statement, notesCents: 0, dueCents: 12000 }, note: null },
      {
        schema: 'cylinder-trace.rental/1', type: 'rental.note.issued',
        // The statement it corrects, with what is due after the note.
        statement: { ...statement, notesCents: -500, dueCents: 11500 },
        note: { id: noteA, no: 'TZ202610-0001', kind: 'credit', amountCents: 500, reason: '气瓶 R-A1 提前归还未登记', createdBy: '管理员' },
      },
    ]);
    const [issued, noted] = events as [RentalEvent, RentalEvent];
    expect(issued.seq).toBeLessThan(noted.seq);
    expect(issued.at).toBe(issued.statement.issuedAt);
    expect(noted.at).toBe(noted.note!.createdAt);
    for (const at of [issued.at, noted.at]) expect(at).toMatch(ISO);
    // The statement as issued says the same (its plant-time issuedAt is the same instant).
    const detail = await ok(get<StatementDetail>(`/api/rental/statement/info/${statementA}`));
    expect(new Date(issued.at).getTime() - new Date(detail.issuedAt!.replace(' ', 'T')).getTime()).toBeLessThan(1000);
    // No cylinder: the rows carry none.
    const rows = await t.db.selectFrom('outbox_events').select(['type', 'cylinder_id', 'trace_id']).where('type', 'like', 'rental.%').orderBy('id').execute();
    expect(rows).toEqual([
      { type: 'rental.statement.issued', cylinder_id: null, trace_id: null }, { type: 'rental.note.issued', cylinder_id: null, trace_id: null },
    ]);

    // The webhook of 'rental.note.issued' got the note alone (neither the statement nor any cylinder's event), signed.
    await expect.poll(() => hook.got.length, { timeout: 15_000 }).toBe(1);
    expect(hook.got[0]).toEqual({ id: `evt_${noted.seq}`, body: noted });
    // Its type is offered on 接口推送; an unknown rental type is refused.
    expect((await post('/api/integration/webhook/save', { url: 'http://127.0.0.1:9/x', events: ['rental.statement.paid'], enabled: true })).body.code).toBe(-1);
  });

  it('a failed issue appends nothing: the statement or note and its event go together', async () => {
    // Fails at commit, after the statement (or note) and its event were written in the transaction.
    await sql`create function rental_test_fail() returns trigger language plpgsql as $$
      begin raise exception 'commit refused by the test'; end $$`.execute(t.db);
    await sql`create constraint trigger rental_test_fail after insert on rental_statements deferrable initially deferred
      for each row execute function rental_test_fail()`.execute(t.db);
    await sql`create constraint trigger rental_test_fail after insert on rental_notes deferrable initially deferred
      for each row execute function rental_test_fail()`.execute(t.db);
    try {
      const before = await t.db.selectFrom('outbox_events').select((eb) => eb.fn.countAll<string>().as('n')).where('type', 'like', 'rental.%').executeTakeFirstOrThrow();
      expect((await post('/api/rental/statement/issue', { customerId: custB, month: MONTH })).body.code).not.toBe(0);
      expect((await post('/api/rental/statement/note', { statementId: statementA, kind: 'debit', amountCents: 100, reason: '不应留下' })).body.code).not.toBe(0);
      const after = await t.db.selectFrom('outbox_events').select((eb) => eb.fn.countAll<string>().as('n')).where('type', 'like', 'rental.%').executeTakeFirstOrThrow();
      expect(after.n).toBe(before.n);
      expect(await t.db.selectFrom('rental_statements').select('id').where('customer_id', '=', custB).execute()).toEqual([]);
      expect((await ok(get<StatementDetail>(`/api/rental/statement/info/${statementA}`))).notes).toHaveLength(1);
      expect((await rentalEvents()).map((e) => e.type)).toEqual(['rental.statement.issued', 'rental.note.issued']);
    } finally {
      await sql`drop trigger rental_test_fail on rental_statements`.execute(t.db);
      await sql`drop trigger rental_test_fail on rental_notes`.execute(t.db);
      await sql`drop function rental_test_fail()`.execute(t.db);
    }
  });

  it('the PDF (the default template 月结对账单) holds each cylinder, its days and the total; the Excel the same lines', async () => {
    const pdf = await download(`/api/rental/statement/pdf/${statementA}`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const dir = mkdtempSync(join(tmpdir(), 'statement-'));
    writeFileSync(join(dir, 's.pdf'), pdf.rawPayload);
    const text = execFileSync('pdftotext', ['-layout', join(dir, 's.pdf'), '-'], { encoding: 'utf8' });
    for (const words of ['月结对账单', 'DZ202610-0001', '甲客户', 'R-A1', 'R-A2', '120.00', '115.00', 'TZ202610-0001']) expect(text).toContain(words);
    expect(text).toMatch(/R-A1.*\b17\b.*\b10\b.*20\.00/);
    // The shipped default template RENTAL_STATEMENT (resources/reports), filled: its totals line and the customer's sign-off.
    expect(text).toMatch(/应收合计：115\.00 元/);
    expect(text).toContain('客户确认');

    const xlsx = await download(`/api/rental/statement/excel/${statementA}`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const rows = book.getWorksheet('气瓶明细')!.getSheetValues().slice(2).map((r) => (r as unknown[]).slice(1));
    expect(rows.map((r) => [r[0], r[6], r[8], r[10]])).toEqual([['R-A1', 17, 10, '20.00'], ['R-A2', 7, 0, '0.00']]);
  }, 60_000);

  it('the month\'s run resumes where a dead process left it: A issued before, B issued now', async () => {
    // A run left 'running' by a process that died after issuing A (its cursor).
    const [first] = [custA, custB].sort((a, b) => a - b);
    expect(first).toBe(custA);
    const left = await t.db.insertInto('rental_runs').values({ month: MONTH, total: 2, done: 1, cursor_customer_id: custA, started_by: 'admin' }).returning('id').executeTakeFirstOrThrow();
    expect((await post('/api/rental/run/start', { month: MONTH })).body.msg).toContain('正在进行（或已中断，请续跑）');
    await ok(post('/api/rental/run/resume', { id: left.id }));
    await expect.poll(async () => (await ok(get<RentalRun[]>('/api/rental/run/list')))[0], { timeout: 20_000 })
      .toMatchObject({ id: left.id, status: 'done', total: 2, done: 2, skipped: 0 });
    const page = await ok(post<PageResult<StatementRow>>('/api/rental/statement/listPage', { month: MONTH }));
    expect(page.list.map((r) => [r.customerName, r.totalCents, r.dueCents]).sort()).toEqual([['乙客户', 1000, 1000], ['甲客户', 12000, 11500]]);
    // The run issued B through the same path: its event is in the feed.
    expect((await rentalEvents()).filter((e) => e.type === 'rental.statement.issued').map((e) => [e.statement.customer.name, e.statement.no, e.statement.totalCents]))
      .toEqual([['甲客户', 'DZ202610-0001', 12000], ['乙客户', 'DZ202610-0002', 1000]]);
    // A new run of an issued month skips both.
    const again = await ok(post<{ id: number }>('/api/rental/run/start', { month: MONTH }));
    await expect.poll(async () => (await ok(get<RentalRun[]>('/api/rental/run/list')))[0], { timeout: 20_000 })
      .toMatchObject({ id: again.id, status: 'done', total: 2, done: 0, skipped: 2 });
  });

  it('exports the month\'s receivables, one row per statement, in the documented columns', async () => {
    const res = await download(`/api/rental/export?month=${MONTH}`);
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet(`应收${MONTH}`)!;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(['凭证日期', '客户编码', '客户名称', '对账单号', '月份', '租金', '最低租金补足', '押金收取', '押金退还', '调整', '应收合计']);
    const rows = sheet.getSheetValues().slice(2).map((r) => (r as unknown[]).slice(3, 12));
    expect(rows).toEqual(expect.arrayContaining([
      ['甲客户', 'DZ202610-0001', MONTH, '20.00', '0.00', '200.00', '100.00', '-5.00', '115.00'],
    ]));
  });

  it('needs its keys: a user with statement:view previews but may not issue', async () => {
    const viewer = await createLimitedUser(t, admin, 'rent-viewer', ['statement:view']);
    const token = (await t.login('rent-viewer', viewer.password)).token;
    expect((await post('/api/rental/statement/preview', { customerId: custB, month: MONTH }, token)).body.code).toBe(0);
    expect((await post('/api/rental/statement/issue', { customerId: custB, month: '2026-09' }, token)).status).toBe(403);
  });
});
