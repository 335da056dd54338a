import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditLine, AuditRow, AuditSubmitResult } from '../../src/shared/api/audit';
import type { PageResult } from '../../src/shared/api/schema';
import type { OutOrderInfo } from '../../src/shared/api/storage';
import { addYears, today } from '../../src/server/lib/dates';
import { buildTestApp, createLimitedUser, type TestApp } from './app-helper';
import { createEnterprise, createGas, createWarehouse, forceStatus, stationTime } from './master-data-helper';

/**
 * Issue 37, 客户盘点: customer A holds c1, c2, c3 (shipped through the outbound flow), B holds c4, c5 is in stock in a
 * warehouse. A blind count at A finds c1, c2, c4, c5: found c1, c2; unexpected c4 (moved to A, the trace names B) and
 * c5 (not moved: the line says where the records have it, the supervisors get a message); missing c3 (盘点未见), lost
 * (丢失) when the second audit misses it too (the default rule: 2 audits).
 */
let t: TestApp;
let token: string;
let n2: number;
let store: number;
let customerA: number;
let customerB: number;
const TODAY = today();
const ids: Record<string, number> = {};

const post = <T>(path: string, body: unknown, as = token) => t.call<T>('POST', path, { token: as, body });
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

async function register(code: string, warehouseId?: number): Promise<number> {
  const res = await post('/api/product/addProduct', {
    code, materialId: n2, manufactureDate: addYears(TODAY, -2), nextInspectionDate: addYears(TODAY, 1), tareWeight: 50, ...(warehouseId ? { warehouseId } : {}),
  });
  expect(res.body.code, res.body.msg).toBe(0);
  const { id } = await t.db.selectFrom('cylinders').select('id').where('code', '=', code).executeTakeFirstOrThrow();
  return id;
}

/** Ships finished cylinders to a customer: an outbound order, each scanned onto it, completed (8 → 9). */
async function ship(customerId: number, codes: string[]): Promise<void> {
  const order = await post<OutOrderInfo>('/api/storageOrder/outStock', { type: 'productCK', customerId, lines: [{ materialId: n2, quantity: codes.length }] });
  expect(order.body.code, order.body.msg).toBe(0);
  for (const code of codes) {
    await forceStatus(t, ids[code]!, 7);
    const scan = await post('/api/storageOrder/scanOutStock', { orderId: order.body.data.id, code });
    expect(scan.body.code, scan.body.msg).toBe(0);
  }
  const done = await post('/api/storageOrder/outStock', { id: order.body.data.id, complete: true });
  expect(done.body.code, done.body.msg).toBe(0);
}

const cylinder = (code: string) => t.db.selectFrom('cylinders').select(['status', 'location_enterprise_id', 'located_since']).where('id', '=', ids[code]!).executeTakeFirstOrThrow();
const lastEvent = (code: string) => t.db.selectFrom('cylinder_traces').select(['action', 'from_status', 'to_status', 'detail'])
  .where('cylinder_id', '=', ids[code]!).orderBy('seq', 'desc').limit(1).executeTakeFirstOrThrow();
const submit = (body: Record<string, unknown>, as = token) => post<AuditSubmitResult>('/api/audit/submit', { customerId: customerA, ...body }, as);
const reconcile = (id: number, as = token) => post<AuditRow>('/api/audit/reconcile', { id }, as);
async function linesOf(auditId: number): Promise<Record<string, Pick<AuditLine, 'kind' | 'moved' | 'lost' | 'misses' | 'note' | 'status'>>> {
  const res = await post<PageResult<AuditLine>>('/api/audit/lines', { auditId, size: 100 });
  expect(res.body.code, res.body.msg).toBe(0);
  return Object.fromEntries(res.body.data.list.map((l) => [l.code, { kind: l.kind, moved: l.moved, lost: l.lost, misses: l.misses, note: l.note, status: l.status }]));
}

beforeAll(async () => {
  t = await buildTestApp();
  token = (await t.login()).token;
  n2 = await createGas(t, token, { materialName: '氮气', code: 'N2' });
  store = await createWarehouse(t, token, { warehouseName: '空瓶一库' });
  customerA = await createEnterprise(t, token, { enterpriseName: '甲客户' });
  customerB = await createEnterprise(t, token, { enterpriseName: '乙客户' });
  for (const code of ['AC1', 'AC2', 'AC3', 'AC4']) ids[code] = await register(code);
  ids.AC5 = await register('AC5', store);
  await ship(customerA, ['AC1', 'AC2', 'AC3']);
  await ship(customerB, ['AC4']);
});
afterAll(async () => { await t?.close(); });

describe('a customer audit', () => {
  let first: number;
  /** The count's time on the device: after the shipments (set in the first test: a second ahead, to the second). */
  let countedAt: string;

  it('takes the blind count once: a retry of the same auditId adds nothing and makes no second audit', async () => {
    countedAt = stationTime(1);
    const body = { auditId: uuid(1), codes: ['AC1', 'AC2', 'AC4', 'AC5', 'ac1'], countedAt };
    const made = await submit(body);
    expect(made.body, made.body.msg).toMatchObject({ code: 0, data: { counted: 4, added: 4, repeated: false, status: 0 } });
    expect(made.body.data.auditNo).toMatch(/^PD\d{8}-\d{6}$/);
    first = made.body.data.id;
    const again = await submit(body);
    expect(again.body.data).toEqual({ ...made.body.data, added: 0, repeated: true });
    expect(await t.db.selectFrom('audits').select('id').execute()).toHaveLength(1);
    // Still counting: the same count with a code scanned since adds that code only.
    expect((await submit({ ...body, codes: ['AC1', 'AC2'] })).body.data).toMatchObject({ id: first, counted: 4, added: 0, repeated: true });
  });

  it('reconciles: found c1 c2, c4 moved from B with the reason, c5 left in its warehouse with a message, c3 missing', async () => {
    const before = await t.db.selectFrom('messages').select('id').where('kind', '=', 'auditUnexpected').execute();
    const res = await reconcile(first);
    expect(res.body, res.body.msg).toMatchObject({
      code: 0, data: { status: 1, counted: 4, found: 2, unexpected: 2, moved: 1, unknown: 0, missing: 1, lost: 0, customerName: '甲客户' },
    });
    const lines = await linesOf(first);
    expect(Object.keys(lines).sort()).toEqual(['AC1', 'AC2', 'AC3', 'AC4', 'AC5']);
    expect(lines.AC1).toMatchObject({ kind: 'found', moved: false });
    expect(lines.AC2).toMatchObject({ kind: 'found', moved: false });
    expect(lines.AC4).toMatchObject({ kind: 'unexpected', moved: true, status: 9 });
    expect(lines.AC4!.note).toBe(`客户盘点 ${res.body.data.auditNo} 在客户「甲客户」处发现，系统原记录在客户「乙客户」`);
    expect(lines.AC5).toEqual({ kind: 'unexpected', moved: false, lost: false, misses: null, status: 2, note: '系统记录该瓶在仓库「空瓶一库」（「在库(2)」），未转移' });
    expect(lines.AC3).toMatchObject({ kind: 'missing', misses: 1, lost: false });

    // c4 is at A from the count's time; its trace names B.
    const c4 = await cylinder('AC4');
    expect(c4).toMatchObject({ status: 9, location_enterprise_id: customerA });
    expect(c4.located_since!.getTime()).toBe(new Date(countedAt.replace(' ', 'T')).getTime());
    expect(await lastEvent('AC4')).toMatchObject({
      action: 'auditFound', from_status: 9, to_status: 9, detail: { previousCustomerId: customerB, previousCustomer: '乙客户', auditId: first, customer: '甲客户' },
    });
    // c5 stays where it was; c3 stays at A with an event that changes nothing.
    expect(await cylinder('AC5')).toMatchObject({ status: 2, location_enterprise_id: null });
    expect(await lastEvent('AC5')).toMatchObject({ action: 'register' });
    expect(await cylinder('AC3')).toMatchObject({ status: 9, location_enterprise_id: customerA });
    expect(await lastEvent('AC3')).toMatchObject({ action: 'auditMissing', from_status: 9, to_status: 9, detail: { auditId: first, misses: 1, lost: false } });
    const told = await t.db.selectFrom('messages').select(['title', 'content', 'link']).where('kind', '=', 'auditUnexpected').execute();
    expect(told.length).toBe(before.length + 1);
    expect(told.at(-1)!.content).toContain('AC5（在仓库「空瓶一库」（「在库(2)」））');
    expect(told.at(-1)!.link).toBe(`/storage/audit?id=${first}`);
  });

  it('reconciles once: a second reconcile is told it was done, a reconciled audit takes no new code', async () => {
    expect((await reconcile(first)).body).toMatchObject({ code: -1, msg: expect.stringMatching(/^盘点 PD\d{8}-\d{6} 已于 .+ 对账，无需重复对账$/) });
    const more = await submit({ auditId: uuid(1), codes: ['AC1', 'AC3'] });
    expect(more.body).toMatchObject({ code: -1, msg: expect.stringContaining('已对账，不能再加入气瓶（AC3）') });
    // Repeating what was counted is still answered.
    expect((await submit({ auditId: uuid(1), codes: ['AC2'] })).body.data).toMatchObject({ id: first, repeated: true, status: 1 });
  });

  it('of two reconciles at once, one wins', async () => {
    const made = await submit({ auditId: uuid(2), customerId: customerB, codes: ['ZZ-NOT-REGISTERED'] });
    const [a, b] = await Promise.all([reconcile(made.body.data.id), reconcile(made.body.data.id)]);
    expect([a.body.code, b.body.code].sort()).toEqual([-1, 0]);
    expect(await linesOf(made.body.data.id)).toEqual({ 'ZZ-NOT-REGISTERED': { kind: 'unknown', moved: false, lost: false, misses: null, status: null, note: '气瓶档案中没有该编码' } });
  });

  it('reckons c3 lost when the second audit misses it, and a later audit finding it ends the run', async () => {
    const second = (await submit({ auditId: uuid(3), codes: ['AC1', 'AC2', 'AC4'] })).body.data.id;
    expect((await reconcile(second)).body.data).toMatchObject({ found: 3, unexpected: 0, missing: 1, lost: 1 });
    expect((await linesOf(second)).AC3).toMatchObject({ kind: 'missing', misses: 2, lost: true, note: expect.stringContaining('连续 2 次盘点未见') });
    expect(await lastEvent('AC3')).toMatchObject({ action: 'auditMissing', detail: { misses: 2, lost: true } });

    const third = (await submit({ auditId: uuid(4), codes: ['AC1', 'AC3', 'AC4'] })).body.data.id;
    expect((await reconcile(third)).body.data).toMatchObject({ found: 3, missing: 1, lost: 0 });
    expect((await linesOf(third)).AC2).toMatchObject({ kind: 'missing', misses: 1, lost: false });
    expect(await t.db.selectFrom('audit_misses').select('cylinder_id').execute()).toEqual([{ cylinder_id: ids.AC2 }]);
  });

  it('refuses bad input, changing nothing', async () => {
    const count = async () => (await t.db.selectFrom('audits').select('id').execute()).length;
    const before = await count();
    expect((await submit({ auditId: uuid(9), codes: ['AC\u00001'] })).body).toMatchObject({ code: -1, msg: expect.stringContaining('气瓶编码') });
    const many = Array.from({ length: 5001 }, (_, i) => `X${i}`);
    expect((await submit({ auditId: uuid(9), codes: many })).body).toMatchObject({ code: -1, msg: expect.stringContaining('盘点气瓶编码') });
    expect((await submit({ auditId: 'not-a-uuid', codes: [] })).body.code).toBe(-1);
    expect((await submit({ auditId: uuid(9), codes: ['AC1'], countedAt: `${addYears(TODAY, 1)} 08:00` })).body.msg).toContain('晚于服务器当前时间');
    expect((await submit({ auditId: uuid(9), codes: ['AC1'], customerId: 999_999 })).body.msg).toBe('客户不存在：999999');
    expect((await submit({ auditId: uuid(1), customerId: customerB, codes: ['AC1'] })).body.msg).toContain('已按另一客户提交');
    expect(await count()).toBe(before);
    // 5,000 codes are taken.
    const full = await submit({ auditId: uuid(10), codes: Array.from({ length: 5000 }, (_, i) => `Y${i}`) });
    expect(full.body, full.body.msg).toMatchObject({ code: 0, data: { counted: 5000 } });
  });

  it('needs audit:count to submit and audit:reconcile to reconcile', async () => {
    const counter = await createLimitedUser(t, token, 'audit_counter', ['audit:count']);
    const as = (await t.login(counter.username, counter.password)).token;
    const made = await submit({ auditId: uuid(20), codes: ['AC1'] }, as);
    expect(made.body.code, made.body.msg).toBe(0);
    expect((await reconcile(made.body.data.id, as)).body.code).toBe(403);
  });

  it('exports the report as Excel and PDF with the customer, the counts and each line', async () => {
    const xlsx = await t.app.inject({ method: 'GET', url: `/api/audit/export/${first}`, headers: { authorization: `Bearer ${token}` } });
    expect(xlsx.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const head = book.getWorksheet('盘点汇总')!.getSheetValues().slice(2).map((r) => (r as unknown[]).slice(1, 3));
    expect(head).toEqual(expect.arrayContaining([['客户', '甲客户'], ['账实相符', '2'], ['账外发现', '2（转入本客户 1）'], ['盘点未见', '1（判定丢失 0）']]));
    const rows = book.getWorksheet('盘点明细')!.getSheetValues().slice(2).map((r) => (r as unknown[]).slice(2, 4));
    expect(rows).toEqual([['账外发现', 'AC4'], ['账外发现', 'AC5'], ['盘点未见', 'AC3'], ['账实相符', 'AC1'], ['账实相符', 'AC2']]);

    const pdf = await t.app.inject({ method: 'GET', url: `/api/audit/report/${first}`, headers: { authorization: `Bearer ${token}` } });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  }, 60_000);
});
