import type { Kysely } from 'kysely';
import type { RecallNotified, RecallNotifyBody, RecallPageQuery, RecallQuery, RecallRow, RecallSummary } from '@shared/api/quality';
import type { PageResult } from '@shared/api/schema';
import type { DB } from '../../db/schema';
import { BusinessError } from '../../lib/errors';
import { pageWindow } from '../../lib/paging';
import { checkNoticeRate, renderTemplate, sendNotice, templateRecipients, templateText } from '../message';
import * as repo from './recall.repository';

type Db = Kysely<DB>;

/** Fills one recall covers at most: a gas over a long window beyond this is refused, asking for a shorter one. */
export const RECALL_MAX_FILLS = 100_000;
const MAX_WINDOW_DAYS = 366;

const text = (v: string | null | undefined) => (typeof v === 'string' ? v.trim() : '');
const num = (v: number | null | '' | undefined) => (typeof v === 'number' ? v : null);
const asTime = (v: string) => (v.length === 10 ? `${v} 00:00:00` : v.length === 16 ? `${v}:00` : v);

/**
 * Exactly one way to choose: a lot; a gas with a window of fill times; a cylinder (and one of its fills, its
 * latest by default) — which recalls that fill's whole lot, or the fill alone when it has no lot.
 */
export async function resolveChoice(db: Db, q: RecallQuery): Promise<{ choice: repo.FillChoice; lotNo: string | null; label: string }> {
  const lotNo = text(q.lotNo);
  const code = text(q.code);
  const materialId = num(q.materialId);
  const window = materialId !== null || text(q.from) !== '' || text(q.to) !== '';
  const ways = [lotNo !== '', window, code !== ''].filter(Boolean).length;
  if (ways !== 1) throw new BusinessError('请选择一种召回方式：充装批号；介质和充装时间段；或气瓶编码');
  if (lotNo) return { choice: { lotNo }, lotNo, label: `充装批号 ${lotNo}` };
  if (window) {
    const from = text(q.from);
    const to = text(q.to);
    if (materialId === null || !from || !to) throw new BusinessError('按介质召回需要选择介质、开始时间和结束时间');
    const [a, b] = [Date.parse(asTime(from).replace(' ', 'T')), Date.parse(asTime(to).replace(' ', 'T'))];
    if (!Number.isFinite(a) || !Number.isFinite(b)) throw new BusinessError('参数错误：时间无效');
    if (a >= b) throw new BusinessError('开始时间必须早于结束时间');
    if (b - a > MAX_WINDOW_DAYS * 86_400_000) throw new BusinessError(`充装时间段不能超过 ${MAX_WINDOW_DAYS} 天`);
    const name = await repo.materialName(db, materialId);
    if (name === undefined) throw new BusinessError(`介质不存在：${materialId}`);
    return { choice: { materialId, from: asTime(from), to: asTime(to) }, lotNo: null, label: `介质 ${name}，充装时间 ${from} 至 ${to}` };
  }
  const found = await repo.cylinderFill(db, code, num(q.fillId));
  if (found.cylinderId === null) throw new BusinessError(`气瓶不存在：${code}`);
  if (!found.fill) throw new BusinessError(num(q.fillId) !== null ? `气瓶 ${code} 没有该充装记录` : `气瓶 ${code} 没有充装记录`);
  if (found.fill.lotNo) return { choice: { lotNo: found.fill.lotNo }, lotNo: found.fill.lotNo, label: `气瓶 ${code} 的充装批号 ${found.fill.lotNo}` };
  return { choice: { fillId: found.fill.id }, lotNo: null, label: `气瓶 ${code} 的充装记录 ${found.fill.id}（无批号）` };
}

async function checkedChoice(db: Db, q: RecallQuery) {
  const resolved = await resolveChoice(db, q);
  if ((await repo.countFills(db, resolved.choice, RECALL_MAX_FILLS + 1)) > RECALL_MAX_FILLS) {
    throw new BusinessError(`所选范围的充装记录超过 ${RECALL_MAX_FILLS} 条，请缩短充装时间段`);
  }
  return resolved;
}

export async function recallSummary(db: Db, q: RecallQuery): Promise<RecallSummary & { label: string }> {
  const { choice, lotNo, label } = await checkedChoice(db, q);
  const { fills, cells } = await repo.holders(db, choice);
  const byStatus = new Map<number, number>();
  const held = new Map<number, { n: number; since: string | null }>();
  for (const c of cells) {
    byStatus.set(c.status, (byStatus.get(c.status) ?? 0) + c.n);
    if (c.customerId !== null) held.set(c.customerId, { n: c.n, since: c.since });
  }
  const contacts = await repo.customers(db, [...held.keys()]);
  const byCustomer = contacts.map((e) => ({ ...e, n: held.get(e.id)!.n, since: held.get(e.id)!.since }))
    .sort((a, b) => b.n - a.n || a.name.localeCompare(b.name, 'zh'));
  return {
    label, lotNo, fills,
    cylinders: cells.reduce((s, c) => s + c.n, 0),
    refilled: cells.reduce((s, c) => s + c.refilled, 0),
    byStatus: [...byStatus.entries()].sort((a, b) => a[0] - b[0]).map(([status, n]) => ({ status, n })),
    byCustomer,
  };
}

export async function recallList(db: Db, q: RecallPageQuery): Promise<PageResult<RecallRow>> {
  const { choice } = await checkedChoice(db, q);
  const { limit, offset } = pageWindow(q);
  const [list, total] = await Promise.all([repo.recallRows(db, choice, limit, offset), repo.countFills(db, choice, RECALL_MAX_FILLS + 1)]);
  return { list, total };
}

/** Every row of a recall for its export (at most RECALL_MAX_FILLS, checked by the summary). */
export const recallAllRows = (db: Db, choice: repo.FillChoice): Promise<RecallRow[]> => repo.recallRows(db, choice, RECALL_MAX_FILLS, 0);

const DEFAULT_TEMPLATE = { title: '气瓶召回通知', digest: '{count} 个气瓶须召回：{reason}' };
/** Customers named in one message at most (the recall screen lists them all). */
const NAMED_CUSTOMERS = 20;

/** The cause of a recall notice: what was recalled (a cylinder's fill recalls its lot, so it is the lot's cause). */
const causeOf = (c: repo.FillChoice): string =>
  ('lotNo' in c ? `recall:lot:${c.lotNo}` : 'fillId' in c ? `recall:fill:${c.fillId}` : `recall:gas:${c.materialId}:${c.from}:${c.to}`);

/**
 * 通知: one message per user who handles those customers — the operators of the outbound orders holding the
 * cylinders, and the users whose role receives the recall template — rendered from that template's title and
 * digest, followed by what was recalled and who holds the cylinders. Nothing is sent when nobody would get it.
 * A recall reaches each user once (a second 通知 of the same lot or window sends only to users not notified
 * yet, and answers how many were and since when), and each sender has NOTICES_PER_MINUTE a minute.
 */
export async function recallNotify(db: Db, body: RecallNotifyBody, senderId: number): Promise<RecallNotified> {
  const reason = body.reason.trim();
  if (!reason) throw new BusinessError('参数错误：召回原因不能为空');
  await checkNoticeRate(db, senderId);
  const summary = await recallSummary(db, body);
  if (summary.cylinders === 0) throw new BusinessError('没有要召回的气瓶');
  const { choice } = await resolveChoice(db, body);
  const [operators, byRole, template] = await Promise.all([repo.outboundOperators(db, choice), templateRecipients(db, 'recall'), templateText(db, 'recall')]);
  const users = [...new Set([...operators, ...byRole])];
  if (users.length === 0) throw new BusinessError('没有可通知的用户：这些气瓶的出库单没有经办人，召回通知模板也没有接收角色');
  const values = { count: summary.cylinders, reason };
  const holders = summary.byCustomer.slice(0, NAMED_CUSTOMERS)
    .map((c) => `${c.name} ${c.n} 个${c.contact || c.phone ? `（${[c.contact, c.phone].filter(Boolean).join(' ')}）` : ''}`).join('、');
  const more = summary.byCustomer.length > NAMED_CUSTOMERS ? ` 等 ${summary.byCustomer.length} 个客户` : '';
  // What was recalled, then who holds it: two sentences.
  const content = `${renderTemplate((template ?? DEFAULT_TEMPLATE).digest, values)}（${summary.label}）。${holders ? `持有客户：${holders}${more}` : '没有客户持有这些气瓶'}`;
  const title = renderTemplate((template ?? DEFAULT_TEMPLATE).title, values);
  const subjectKey = summary.lotNo ? `recall:${summary.lotNo}` : null;
  const sent = await sendNotice(db, { cause: causeOf(choice), senderId, recipients: users, message: { kind: 'recall', title, content, link: '/quality/recall', subjectKey } });
  return { recipients: sent.sent, messages: sent.sent, alreadyNotified: sent.already, notifiedAt: sent.firstAt };
}
