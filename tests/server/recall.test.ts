import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecallNotified, RecallRow, RecallSummary } from '../../src/shared/api/quality';
import type { PageResult } from '../../src/shared/api/schema';
import { addDays, today } from '../../src/server/lib/dates';
import { buildApp } from '../../src/server/app';
import { NOTICES_PER_MINUTE } from '../../src/server/modules/message';
import { buildTestApp, createLimitedUser, type TestApp } from './app-helper';
import { createWarehouse } from './master-data-helper';
import { Plant } from './quality-helper';

/**
 * 追溯召回 against real scans: a lot of six cylinders, four shipped to two customers (one returned and
 * refilled in another lot), one still in stock, one in the workshop. The expected holders are worked out
 * from the script here.
 */
let t: TestApp;
let token: string;
let plant: Plant;
let acme: number;
let beta: number;
let orderA = '';
let orderB = '';
let keeperId = 0;
const LOT = 'RLOT-1';
const CODES = ['RC1', 'RC2', 'RC3', 'RC4', 'RC5', 'RC6'];

beforeAll(async () => {
  t = await buildTestApp();
  token = (await t.login()).token;
  plant = new Plant(t, token, 'R');
  await plant.setup();
  acme = await plant.customer('丙医院', { contact: '张三', phone: '13800000001' });
  beta = await plant.customer('丁工厂', { contact: '李四', phone: '13800000002' });
  for (const code of CODES) {
    await plant.cylinder(code, 'n2');
    await plant.fill(code, 'n2', LOT);
    if (code !== 'RC6') await plant.test(code, 'n2');
  }
  for (const code of ['RC1', 'RC2', 'RC3', 'RC4', 'RC5']) await plant.stockIn(code);
  orderA = await plant.ship(acme, [{ code: 'RC1', gas: 'n2' }, { code: 'RC2', gas: 'n2' }]);
  orderB = await plant.ship(beta, [{ code: 'RC3', gas: 'n2' }, { code: 'RC4', gas: 'n2' }]);
  // RC4 comes back and is filled again in another lot.
  await plant.recover('RC4');
  const empty = await createWarehouse(t, token, { warehouseName: '空瓶库R', kind: 'empty' });
  await plant.ok('/api/storageOrder/inStock', { type: 'spaceRk', warehouseId: empty, code: 'RC4' });
  await plant.fill('RC4', 'n2', 'RLOT-2');
  // RC7, lot RLOT-3, shipped by a storekeeper of its own.
  const keeper = await createLimitedUser(t, token, 'rkeeper', ['outbound:view', 'outbound:add', 'outbound:scan']);
  keeperId = keeper.id;
  await plant.cylinder('RC7', 'n2');
  await plant.fill('RC7', 'n2', 'RLOT-3');
  await plant.test('RC7', 'n2');
  await plant.stockIn('RC7');
  await plant.ship(beta, [{ code: 'RC7', gas: 'n2' }], (await t.login(keeper.username, keeper.password)).token);
}, 120_000);
afterAll(async () => { await t?.close(); });

const post = <T>(path: string, body: unknown) => t.call<T>('POST', path, { token, body });
const ok = async <T>(path: string, body: unknown): Promise<T> => {
  const res = await post<T>(path, body);
  expect(res.body.code, res.body.msg).toBe(0);
  return res.body.data;
};

describe('recall', () => {
  it('of a lot: every cylinder filled in it, by status now and by the customer holding it, with contact and since when', async () => {
    const s = await ok<RecallSummary>('/api/qualityCenter/recall', { lotNo: LOT });
    expect(s).toMatchObject({ lotNo: LOT, fills: 6, cylinders: 6, refilled: 1 });
    // Now: RC1–RC3 shipped (9), RC4 filled again (4), RC5 in finished stock (7), RC6 filled, not inspected (4).
    expect(s.byStatus).toEqual([{ status: 4, n: 2 }, { status: 7, n: 1 }, { status: 9, n: 3 }]);
    expect(s.byCustomer).toHaveLength(2);
    expect(s.byCustomer[0]).toMatchObject({ id: acme, name: '丙医院', contact: '张三', phone: '13800000001', n: 2 });
    expect(s.byCustomer[1]).toMatchObject({ id: beta, name: '丁工厂', contact: '李四', n: 1 });
    expect(s.byCustomer[0]!.since).toMatch(new RegExp(`^${today()} \\d\\d:\\d\\d:\\d\\d$`));

    const list = await ok<PageResult<RecallRow>>('/api/qualityCenter/recallList', { lotNo: LOT, size: 4 });
    expect(list.total).toBe(6);
    expect(list.list.map((r) => r.code)).toEqual(['RC1', 'RC2', 'RC3', 'RC4']);
    expect(list.list[0]).toMatchObject({ status: 9, customerName: '丙医院', contact: '张三', orderNo: orderA, lotNo: LOT });
    expect(list.list[2]).toMatchObject({ status: 9, customerName: '丁工厂', orderNo: orderB });
    expect(list.list[3]).toMatchObject({ status: 4, customerName: null, orderNo: null, since: null });
    const rest = await ok<PageResult<RecallRow>>('/api/qualityCenter/recallList', { lotNo: LOT, size: 4, page: 2 });
    expect(rest.list.map((r) => r.code)).toEqual(['RC5', 'RC6']);
  });

  it("of one cylinder's fill: its lot; of a gas over a time window: every fill in it", async () => {
    const byCylinder = await ok<RecallSummary>('/api/qualityCenter/recall', { code: 'rc2' });
    expect(byCylinder).toMatchObject({ lotNo: LOT, cylinders: 6 });
    // RC4's latest fill is in RLOT-2, which holds it alone.
    expect(await ok<RecallSummary>('/api/qualityCenter/recall', { code: 'RC4' })).toMatchObject({ lotNo: 'RLOT-2', fills: 1, cylinders: 1 });
    const window = { materialId: plant.n2, from: `${addDays(today(), -1)} 00:00:00`, to: `${addDays(today(), 1)} 00:00:00` };
    // Eight fills (RC1–RC7, RC4 twice) of seven cylinders.
    expect(await ok<RecallSummary>('/api/qualityCenter/recall', window)).toMatchObject({ lotNo: null, fills: 8, cylinders: 7 });
    expect((await ok<PageResult<RecallRow>>('/api/qualityCenter/recallList', window)).total).toBe(8);
    expect(await ok<RecallSummary>('/api/qualityCenter/recall', { lotNo: 'NO-SUCH-LOT' })).toMatchObject({ fills: 0, cylinders: 0, byCustomer: [] });
  });

  it('recallExport: the choice in the first line, the summary, every cylinder', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/qualityCenter/recallExport', headers: { authorization: `Bearer ${token}` }, payload: { lotNo: LOT } });
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const rows = Array.from(book.worksheets[0]!.getSheetValues().slice(1), (r) => (Array.isArray(r) ? Array.from(r.slice(1)) : []));
    expect(rows[0]![0]).toBe(`筛选条件：充装批号 ${LOT}`);
    const holders = rows.findIndex((r) => r[0] === '按持有客户');
    expect(rows[holders + 2]!.slice(0, 4)).toEqual(['丙医院', '张三', '13800000001', 2]);
    const detail = rows.findIndex((r) => String(r[0] ?? '').startsWith('气瓶明细'));
    expect(rows.slice(detail + 2).map((r) => r[0])).toEqual(CODES);
    expect(rows[detail + 2]!.slice(4, 8)).toEqual(['丙医院', '张三', '13800000001', orderA]);
  });

  it('refuses anything but exactly one way to choose, with a message, changing nothing', async () => {
    const refused = async (body: unknown, msg: string | RegExp) => {
      const res = await post('/api/qualityCenter/recall', body);
      expect(res.body.code, JSON.stringify(body)).toBe(-1);
      if (typeof msg === 'string') expect(res.body.msg).toBe(msg); else expect(res.body.msg).toMatch(msg);
    };
    const one = '请选择一种召回方式：充装批号；介质和充装时间段；或气瓶编码';
    await refused({}, one);
    await refused({ lotNo: LOT, code: 'RC1' }, one);
    await refused({ materialId: plant.n2 }, '按介质召回需要选择介质、开始时间和结束时间');
    await refused({ materialId: plant.n2, from: '2026-01-02 00:00:00', to: '2026-01-01 00:00:00' }, '开始时间必须早于结束时间');
    await refused({ materialId: plant.n2, from: '2024-01-01', to: '2025-06-01' }, '充装时间段不能超过 366 天');
    await refused({ code: 'NOPE1' }, '气瓶不存在：NOPE1');
    await refused({ lotNo: 'A\u0000B' }, /批号/);
    await refused({ lotNo: 'x'.repeat(65) }, /批号/);
    await refused({ code: 'RC1', fillId: 3_000_000_000 }, /充装记录/);
  });
});

describe('recallNotify', () => {
  const inbox = (userId: number) => t.db.selectFrom('messages').select(['kind', 'title', 'content', 'link']).where('user_id', '=', userId)
    .where('kind', '=', 'recall').orderBy('id').execute();

  it('messages the operators of the outbound orders holding the cylinders and the recall template\'s roles, naming holders and reason', async () => {
    const admin = (await t.db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow()).id;
    const before = (await inbox(keeperId)).length;
    // RLOT-3: shipped by the storekeeper; the template goes to the super administrator's role.
    expect(await ok<RecallNotified>('/api/qualityCenter/recallNotify', { lotNo: 'RLOT-3', reason: '纯度复检不合格' }))
      .toEqual({ recipients: 2, messages: 2, alreadyNotified: 0, notifiedAt: null });
    const got = (await inbox(keeperId)).slice(before);
    expect(got).toEqual([{
      kind: 'recall', title: '气瓶召回通知', link: '/quality/recall',
      content: '1 个气瓶须召回：纯度复检不合格（充装批号 RLOT-3）。持有客户：丁工厂 1 个（李四 13800000002）',
    }]);
    expect((await inbox(admin)).at(-1)!.content).toBe(got[0]!.content);
    // RLOT-1 was shipped by admin alone (who is also the template's recipient): one message, both customers named.
    expect(await ok<RecallNotified>('/api/qualityCenter/recallNotify', { lotNo: LOT, reason: '阀门批次缺陷' }))
      .toEqual({ recipients: 1, messages: 1, alreadyNotified: 0, notifiedAt: null });
    expect((await inbox(admin)).at(-1)!.content).toBe('6 个气瓶须召回：阀门批次缺陷（充装批号 RLOT-1）。持有客户：丙医院 2 个（张三 13800000001）、丁工厂 1 个（李四 13800000002）');
    expect(await inbox(keeperId)).toHaveLength(before + 1);
  });

  it('needs a reason and its own key; an empty recall sends nothing', async () => {
    const count = async () => Number((await t.db.selectFrom('messages').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const n = await count();
    expect((await post('/api/qualityCenter/recallNotify', { lotNo: LOT, reason: '' })).body.code).toBe(-1);
    expect((await post('/api/qualityCenter/recallNotify', { lotNo: 'NO-SUCH', reason: '测试' })).body).toMatchObject({ code: -1, msg: '没有要召回的气瓶' });
    const viewer = await createLimitedUser(t, token, 'rviewer', ['qualityRecall:view', 'qualityRecall:export']);
    const vt = (await t.login(viewer.username, viewer.password)).token;
    expect((await t.call('POST', '/api/qualityCenter/recallNotify', { token: vt, body: { lotNo: LOT, reason: '测试' } })).status).toBe(403);
    expect(await count()).toBe(n);
  });
});

describe('recall notices: once per cause, rate-limited per sender', () => {
  const recalls = (userId: number) => t.db.selectFrom('messages').select(['content']).where('user_id', '=', userId).where('kind', '=', 'recall').orderBy('id').execute();
  let n = 0;
  /** A user who may send recall notices (and nothing else), signed in. */
  async function sender(): Promise<{ id: number; token: string }> {
    const u = await createLimitedUser(t, token, `rsender${++n}`, ['qualityRecall:view', 'qualityRecall:notify']);
    return { id: u.id, token: (await t.login(u.username, u.password)).token };
  }
  const notify = (as: string, body: Record<string, unknown>) => t.call<RecallNotified>('POST', '/api/qualityCenter/recallNotify', { token: as, body });

  it('the same recall reaches each user once: a second 通知 says who was notified and when, and sends only to users not notified yet', async () => {
    const admin = (await t.db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow()).id;
    const [a, b] = [await sender(), await sender()];
    const before = (await recalls(admin)).length;
    // RLOT-2 (RC4's second fill, not shipped): the recall template's role (the administrator) only.
    const first = await notify(a.token, { lotNo: 'RLOT-2', reason: '阀门批次缺陷' });
    expect(first.body.data).toEqual({ recipients: 1, messages: 1, alreadyNotified: 0, notifiedAt: null });
    // Again, by another sender, with another reason, or through the cylinder whose fill is in that lot: nothing is sent.
    for (const [as, body] of [[a, { lotNo: 'RLOT-2', reason: '阀门批次缺陷' }], [b, { lotNo: 'RLOT-2', reason: '另一个原因' }], [a, { code: 'RC4', reason: '阀门批次缺陷' }]] as const) {
      const again = await notify(as.token, body);
      expect(again.body, JSON.stringify(body)).toMatchObject({ code: 0, data: { recipients: 0, messages: 0, alreadyNotified: 1 } });
      expect(again.body.data.notifiedAt).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    }
    expect((await recalls(admin)).length).toBe(before + 1);

    // A user given the template's role since: the next 通知 reaches that user alone.
    const role = await t.db.insertInto('roles').values({ role_code: 'recallReader', role_name: '召回接收', remark: null }).returning('id').executeTakeFirstOrThrow();
    const reader = await createLimitedUser(t, token, 'rreader', ['qualityRecall:view']);
    await t.db.insertInto('user_roles').values({ user_id: reader.id, role_id: role.id }).execute();
    await t.db.updateTable('message_templates').set({ role_ids: sql`array_append(role_ids, ${role.id})` }).where('code', '=', 'recall').execute();
    const widened = await notify(b.token, { lotNo: 'RLOT-2', reason: '阀门批次缺陷' });
    expect(widened.body.data).toMatchObject({ recipients: 1, messages: 1, alreadyNotified: 1 });
    expect(await recalls(reader.id)).toHaveLength(1);
    expect((await recalls(admin)).length).toBe(before + 1);
  });

  it('four 通知 of one recall at the same moment send each user one message', async () => {
    const s = await sender();
    const window = { materialId: plant.n2, from: `${addDays(today(), -1)} 00:00:00`, to: `${addDays(today(), 1)} 00:00:00`, reason: '同时点击' };
    const answers = await Promise.all(Array.from({ length: 4 }, () => notify(s.token, window)));
    expect(answers.map((r) => r.body.code)).toEqual([0, 0, 0, 0]);
    const got = await t.db.selectFrom('messages').select(['user_id', (eb) => eb.fn.countAll<string>().as('n')])
      .where('kind', '=', 'recall').where('content', 'like', '%同时点击%').groupBy('user_id').execute();
    // The operators of the shipments (the administrator, the storekeeper) and the template's roles: once each.
    expect(got.length).toBeGreaterThanOrEqual(2);
    expect(got.every((g) => Number(g.n) === 1)).toBe(true);
    expect(answers.reduce((sum, r) => sum + r.body.data.recipients, 0)).toBe(got.length);
  });

  it(`a sender may send ${NOTICES_PER_MINUTE} notices a minute, counted across every server of the database; past that: a clear -1, nothing sent`, async () => {
    const s = await sender();
    const other = await sender();
    const second = await buildApp({ config: t.config, db: t.db, loginAttemptsPerMinute: 1000 });
    const count = async () => Number((await t.db.selectFrom('messages').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    try {
      const viaSecond = (body: Record<string, unknown>) => second.inject({
        method: 'POST', url: '/api/qualityCenter/recallNotify', headers: { authorization: `Bearer ${s.token}` }, payload: body,
      }).then((r) => r.json<{ code: number; msg: string }>());
      // Alternating between the two servers: every call counts, sent or refused.
      for (let i = 0; i < NOTICES_PER_MINUTE; i++) {
        const body = { lotNo: `NO-LOT-${i}`, reason: '测试' };
        const r = i % 2 ? await viaSecond(body) : (await notify(s.token, body)).body;
        expect(r).toMatchObject({ code: -1, msg: '没有要召回的气瓶' });
      }
      const n = await count();
      const refused = { code: -1, msg: `通知发送过于频繁：每人每分钟最多 ${NOTICES_PER_MINUTE} 次，请稍后再试` };
      expect((await notify(s.token, { lotNo: 'RLOT-3', reason: '洪水' })).body).toMatchObject(refused);
      expect(await viaSecond({ lotNo: 'RLOT-3', reason: '洪水' })).toMatchObject(refused);
      expect(await count()).toBe(n);
      // Another sender is not held back; the next minute starts a new count.
      expect((await notify(other.token, { lotNo: 'NO-LOT', reason: '测试' })).body.msg).toBe('没有要召回的气瓶');
      await t.db.updateTable('notice_rates').set({ window_start: new Date(Date.now() - 61_000) }).where('sender_id', '=', s.id).execute();
      expect((await notify(s.token, { lotNo: 'NO-LOT', reason: '测试' })).body.msg).toBe('没有要召回的气瓶');
    } finally {
      await second.close();
    }
  });
});
