import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MessageRow, TemplateRow, UserMessages } from '../../src/shared/api/message';
import type { PageResult } from '../../src/shared/api/schema';
import { postMessages, renderTemplate, templateRecipients } from '../../src/server/modules/message';
import { buildTestApp, createLimitedUser, type TestApp } from './app-helper';

let t: TestApp;
let admin: string;
let adminId: number;
let other: { id: number; token: string };

const send = (userId: number, n: number, kind = 'inspectionDue') => postMessages(t.db, Array.from({ length: n }, (_, i) => ({
  userId, kind, title: `标题${i}`, content: `气瓶 C${i} 将到期`, link: `/product/product?code=C${i}`, subjectKey: `k${i}`,
})));
const unread = async (userId: number) => Number((await t.db.selectFrom('messages').select((eb) => eb.fn.countAll<string>().as('n'))
  .where('user_id', '=', userId).where('read_flag', '=', 0).executeTakeFirstOrThrow()).n);

beforeAll(async () => {
  t = await buildTestApp();
  const login = await t.login();
  admin = login.token;
  adminId = login.user.id;
  const u = await createLimitedUser(t, admin, 'msguser', ['message:view', 'message:readAll', 'message:emptyAll']);
  other = { id: u.id, token: (await t.login(u.username, u.password)).token };
});
afterAll(async () => { await t?.close(); });

describe('messages', () => {
  it('answers the unread count and the newest five unread, newest first; select marks nothing', async () => {
    await send(adminId, 7);
    const res = await t.call<UserMessages>('GET', '/api/message/getUserMessage/0', { token: admin });
    expect(res.body.code).toBe(0);
    expect(res.body.data.messageNum).toBe(7);
    expect(res.body.data.messageList.map((m) => m.title)).toEqual(['标题6', '标题5', '标题4', '标题3', '标题2']);
    expect(res.body.data).toMatchObject({ initiateList: [], handleList: [] });
    const one = res.body.data.messageList[0]!;
    const sel = await t.call<MessageRow>('GET', `/api/message/select/${one.id}`, { token: admin });
    expect(sel.body.data).toMatchObject({ id: one.id, kind: 'inspectionDue', link: '/product/product?code=C6', readFlag: 0 });
    expect(await unread(adminId)).toBe(7);
  });

  it('reads one, pages with filters, reads all and empties only the read ones', async () => {
    const before = await t.call<PageResult<MessageRow>>('POST', '/api/message/listPage', { token: other.token, body: {} });
    expect(before.body.data.total).toBe(0);
    await send(other.id, 3);
    await send(other.id, 1, 'longOut');
    const page = await t.call<PageResult<MessageRow>>('POST', '/api/message/listPage', { token: other.token, body: { page: 1, size: 2 } });
    expect(page.body.data.total).toBe(4);
    expect(page.body.data.list).toHaveLength(2);
    expect(page.body.data.list[0]!.kind).toBe('longOut');
    const first = page.body.data.list[1]!;
    expect((await t.call('POST', `/api/message/readOne/${first.id}`, { token: other.token })).body.code).toBe(0);
    const read = await t.call<PageResult<MessageRow>>('POST', '/api/message/listPage', { token: other.token, body: { readFlag: 1 } });
    expect(read.body.data.list.map((m) => m.id)).toEqual([first.id]);
    const kind = await t.call<PageResult<MessageRow>>('POST', '/api/message/listPage', { token: other.token, body: { kind: 'longOut' } });
    expect(kind.body.data.total).toBe(1);
    const keyword = await t.call<PageResult<MessageRow>>('POST', '/api/message/listPage', { token: other.token, body: { keyword: 'C1' } });
    expect(keyword.body.data.total).toBe(1);

    const emptied = await t.call<{ count: number }>('POST', '/api/message/emptyAll', { token: other.token });
    expect(emptied.body.data).toEqual({ count: 1 });
    expect(await unread(other.id)).toBe(3);
    expect((await t.call<{ count: number }>('POST', '/api/message/readAll', { token: other.token })).body.data).toEqual({ count: 3 });
    expect(await unread(other.id)).toBe(0);
    expect(await unread(adminId)).toBe(7);
    const badge = await t.call<UserMessages>('GET', '/api/message/getUserMessage/0', { token: other.token });
    expect(badge.body.data.messageNum).toBe(0);
  });

  it("refuses another user's message with -1 and changes nothing", async () => {
    const mine = (await t.call<UserMessages>('GET', '/api/message/getUserMessage/0', { token: admin })).body.data.messageList[0]!;
    expect((await t.call('GET', `/api/message/select/${mine.id}`, { token: other.token })).body).toEqual({ code: -1, msg: `消息不存在：${mine.id}`, data: null });
    expect((await t.call('POST', `/api/message/readOne/${mine.id}`, { token: other.token })).body).toMatchObject({ code: -1 });
    const row = await t.db.selectFrom('messages').select('read_flag').where('id', '=', mine.id).executeTakeFirstOrThrow();
    expect(row.read_flag).toBe(0);
  });

  it('refuses bad input with -1, never a 500', async () => {
    for (const [method, url, body] of [
      ['GET', '/api/message/select/99999999999', undefined],
      ['POST', '/api/message/readOne/0', undefined],
      ['POST', '/api/message/listPage', { keyword: 'a\u0000b' }],
      ['POST', '/api/message/listPage', { keyword: 'x'.repeat(65) }],
      ['POST', '/api/message/listPage', { readFlag: 2 }],
      ['POST', '/api/message/listPage', { kind: 'nope' }],
    ] as const) {
      const res = await t.call(method, url, { token: admin, body });
      expect(res.status, url).toBe(200);
      expect(res.body.code, `${url} ${JSON.stringify(body)}`).toBe(-1);
    }
  });

  it('needs message:view; a user without it is refused with 403', async () => {
    const u = await createLimitedUser(t, admin, 'nomsg', ['warehouse:view']);
    const token = (await t.login(u.username, u.password)).token;
    expect((await t.call('GET', '/api/message/getUserMessage/0', { token })).status).toBe(403);
  });
});

describe('message templates', () => {
  const list = async () => (await t.call<PageResult<TemplateRow>>('POST', '/api/message/template/listPage', { token: admin, body: { size: 50 } })).body.data;

  it('lists one seeded template per kind, received by the super administrator', async () => {
    const { list: rows } = await list();
    expect(rows.map((r) => r.code).sort()).toEqual([
      'analysisWaiting', 'auditUnexpected', 'backup', 'designLifeEnding', 'fillSuspend', 'inspectionDue', 'inspectionOverdue', 'licenceExpiring', 'longOut', 'outboundUnscanned', 'recall', 'regulatorFailing', 'webhookFailing',
    ]);
    expect(rows.every((r) => r.enabled === 1 && r.roleNames.includes('超级管理员'))).toBe(true);
    expect(await templateRecipients(t.db, 'recall')).toEqual([adminId]);
  });

  it('saves title, texts, roles and the switch; recipients follow', async () => {
    const recall = (await list()).list.find((r) => r.code === 'recall')!;
    const roleId = (await t.db.selectFrom('user_roles').select('role_id').where('user_id', '=', other.id).executeTakeFirstOrThrow()).role_id;
    const body = { id: recall.id, code: 'recall', title: '召回', content: '气瓶 {code} 召回：{reason}', digest: '{count} 个气瓶召回', enabled: 1, roleIds: [roleId] };
    expect((await t.call('POST', '/api/message/template/add', { token: admin, body })).body).toMatchObject({ code: 0, data: { id: recall.id } });
    expect(await templateRecipients(t.db, 'recall')).toEqual([other.id]);
    const saved = (await list()).list.find((r) => r.code === 'recall')!;
    expect(saved).toMatchObject({ title: '召回', content: '气瓶 {code} 召回：{reason}', roleIds: [roleId] });
    await t.call('POST', '/api/message/template/add', { token: admin, body: { ...body, enabled: 0 } });
    expect(await templateRecipients(t.db, 'recall')).toEqual([]);
  });

  it('refuses unknown placeholders, missing roles, a second template of a kind, and bad input; nothing changes', async () => {
    const due = (await list()).list.find((r) => r.code === 'inspectionDue')!;
    const body = { id: due.id, code: 'inspectionDue', title: '到期', content: '{code}', digest: '{count}', enabled: 1, roleIds: [] as number[] };
    const refusals: Array<[Record<string, unknown>, string]> = [
      [{ content: '气瓶 {code} {orderNo}' }, '内容中有该类型不支持的占位符：{orderNo}'],
      [{ title: '{code} 到期' }, '标题中有该类型不支持的占位符：{code}'],
      [{ roleIds: [999999] }, '角色不存在：999999'],
      [{ id: undefined }, '该类型已有模板：定期检验即将到期'],
      [{ code: 'longOut' }, '消息模板的类型不能修改'],
    ];
    for (const [patch, msg] of refusals) {
      const res = await t.call('POST', '/api/message/template/add', { token: admin, body: { ...body, ...patch } });
      expect(res.body, msg).toMatchObject({ code: -1, msg });
    }
    for (const patch of [{ title: 'a\u0000' }, { content: 'x'.repeat(1001) }, { enabled: 2 }, { code: 'x' }, { roleIds: [2 ** 40] }]) {
      const res = await t.call('POST', '/api/message/template/add', { token: admin, body: { ...body, ...patch } });
      expect(res.status).toBe(200);
      expect(res.body.code, JSON.stringify(patch)).toBe(-1);
    }
    expect((await list()).list.find((r) => r.code === 'inspectionDue')).toEqual(due);
  });

  it('renders placeholders, leaving unknown ones as written', () => {
    expect(renderTemplate('气瓶 {code} 在 {customer}，{x}', { code: 'A1', customer: null })).toBe('气瓶 A1 在 —，{x}');
  });
});
