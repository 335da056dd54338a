import type { Kysely } from 'kysely';
import {
  QUALITY_MAX_DAYS, type CheckCount, type CheckRow, type DeliveryCount, type DeliveryRow, type ProductAnalysis, type QualityFilter,
  type QualityPageQuery,
} from '@shared/api/quality';
import type { PageResult } from '@shared/api/schema';
import type { Bilingual, TextLang } from '@shared/lang';
import type { DB } from '../../db/schema';
import { isValidDate } from '../../lib/dates';
import { BusinessError } from '../../lib/errors';
import { pageWindow } from '../../lib/paging';
import * as repo from './quality.repository';

type Db = Kysely<DB>;

const DAY_MS = 86_400_000;

/** A period of plant days: real dates, from ≤ to, at most QUALITY_MAX_DAYS days. */
export function checkPeriod(f: { from: string; to: string }): void {
  if (!isValidDate(f.from) || !isValidDate(f.to)) throw new BusinessError('参数错误：日期无效');
  if (f.from > f.to) throw new BusinessError('开始日期不能晚于结束日期');
  const days = (Date.parse(`${f.to}T00:00:00Z`) - Date.parse(`${f.from}T00:00:00Z`)) / DAY_MS + 1;
  if (days > QUALITY_MAX_DAYS) throw new BusinessError(`统计区间不能超过 ${QUALITY_MAX_DAYS} 天`);
}

/** Pass rate in percent with one decimal; null when nothing was checked. */
export const rate = (pass: number, fail: number): number | null => (pass + fail === 0 ? null : Math.round((1000 * pass) / (pass + fail)) / 10);

export async function deliveryCount(db: Db, f: QualityFilter): Promise<DeliveryCount> {
  checkPeriod(f);
  const [cells, periods] = await Promise.all([repo.deliveriesByCustomer(db, f), repo.countsByPeriod(db, f, ['outbound', 'recover'], true)]);
  const byCustomer = new Map<number, { id: number; name: string; delivered: number; recovered: number }>();
  for (const c of cells) {
    const row = byCustomer.get(c.id) ?? { id: c.id, name: c.name, delivered: 0, recovered: 0 };
    if (c.action === 'outbound') row.delivered += c.n; else row.recovered += c.n;
    byCustomer.set(c.id, row);
  }
  const byPeriod = new Map<string, { period: string; delivered: number; recovered: number }>();
  for (const p of periods) {
    const row = byPeriod.get(p.period) ?? { period: p.period, delivered: 0, recovered: 0 };
    if (p.action === 'outbound') row.delivered += p.n; else row.recovered += p.n;
    byPeriod.set(p.period, row);
  }
  const customers = [...byCustomer.values()].sort((a, b) => b.delivered - a.delivered || a.name.localeCompare(b.name, 'zh'));
  return {
    delivered: customers.reduce((s, c) => s + c.delivered, 0),
    recovered: customers.reduce((s, c) => s + c.recovered, 0),
    customers: customers.filter((c) => c.delivered > 0).length,
    byCustomer: customers,
    byPeriod: [...byPeriod.values()],
  };
}

/** A page of the detail list and how many rows it has (the total from the daily summary). */
export async function deliveryPage(db: Db, f: QualityFilter, limit: number, offset: number): Promise<PageResult<DeliveryRow>> {
  const [list, total] = await Promise.all([repo.deliveryRows(db, f, limit, offset), repo.deliveryTotal(db, f)]);
  return { list, total };
}

export async function deliveryDetailList(db: Db, q: QualityPageQuery): Promise<PageResult<DeliveryRow>> {
  checkPeriod(q);
  const { limit, offset } = pageWindow(q);
  return deliveryPage(db, q, limit, offset);
}

type Tally = Omit<CheckRow, 'id' | 'name'>;
const emptyTally = (): Tally => ({ testPass: 0, testFail: 0, reweighPass: 0, reweighFail: 0, testRate: null, reweighRate: null });
function finish<T extends Tally>(t: T): T {
  return { ...t, testRate: rate(t.testPass, t.testFail), reweighRate: rate(t.reweighPass, t.reweighFail) };
}
const ACTION_FIELD: Record<string, keyof Tally> = {
  testPass: 'testPass', testFail: 'testFail', reweighPass: 'reweighPass', reweighFail: 'reweighFail',
};

export async function checkCount(db: Db, f: QualityFilter): Promise<CheckCount> {
  checkPeriod(f);
  const cells = await repo.checksByGasAndOperator(db, f);
  const total = emptyTally();
  const byGas = new Map<number, CheckRow>();
  const byOperator = new Map<number, CheckRow>();
  for (const c of cells) {
    const field = ACTION_FIELD[c.action]!;
    const gas = byGas.get(c.materialId) ?? { id: c.materialId, name: c.materialName, ...emptyTally() };
    const op = byOperator.get(c.operatorId) ?? { id: c.operatorId, name: c.operatorName, ...emptyTally() };
    (gas[field] as number) += c.n;
    (op[field] as number) += c.n;
    (total[field] as number) += c.n;
    byGas.set(c.materialId, gas);
    byOperator.set(c.operatorId, op);
  }
  const order = (a: CheckRow, b: CheckRow) => a.name.localeCompare(b.name, 'zh');
  return { total: finish(total), byGas: [...byGas.values()].map(finish).sort(order), byOperator: [...byOperator.values()].map(finish).sort(order) };
}

const DECISION_FIELD: Record<number, 'toStock' | 'toFilling' | 'scrapped'> = { 2: 'toStock', 3: 'toFilling', 0: 'scrapped' };

/** A failed re-weigh's reason as trace_daily keeps it (the Chinese word), in the reader's language. */
const REWEIGH_REASONS: Record<string, Bilingual> = {
  超重: { zh: '超重', en: 'Overweight' }, 欠重: { zh: '欠重', en: 'Underweight' }, 超差: { zh: '超差', en: 'Out of tolerance' },
};
const reweighReason = (stored: string, lang: TextLang): string => {
  const words = REWEIGH_REASONS[stored || '超差'];
  return words ? words[lang] : stored;
};

export async function productAnalysis(db: Db, f: QualityFilter, lang: TextLang = 'zh'): Promise<ProductAnalysis> {
  checkPeriod(f);
  const [periods, why] = await Promise.all([
    repo.countsByPeriod(db, f, ['testPass', 'testFail', 'reweighPass', 'reweighFail', 'analyse'], false),
    repo.reasons(db, f),
  ]);
  const byPeriod = new Map<string, ProductAnalysis['byPeriod'][number]>();
  for (const p of periods) {
    const row = byPeriod.get(p.period) ?? {
      period: p.period, testPass: 0, testFail: 0, reweighPass: 0, reweighFail: 0, toStock: 0, toFilling: 0, scrapped: 0,
    };
    const field = p.action === 'analyse' ? DECISION_FIELD[p.decision] : ACTION_FIELD[p.action];
    if (field) (row[field as keyof typeof row] as number) += p.n;
    byPeriod.set(p.period, row);
  }
  const reasons: ProductAnalysis['reasons'] = [];
  const decisions: ProductAnalysis['decisions'] = [];
  for (const r of why) {
    if (r.action === 'analyse') decisions.push({ decision: r.decision, reason: r.reason, n: r.n });
    else if (r.action === 'testFailItem') reasons.push({ kind: 'test', reason: r.reason, n: r.n });
    else reasons.push({ kind: 'reweigh', reason: reweighReason(r.reason, lang), n: r.n });
  }
  return { byPeriod: [...byPeriod.values()], reasons, decisions };
}

/** The export's first line: the filter in words. */
export async function filterLine(db: Db, f: QualityFilter, parts: Array<'material' | 'customer' | 'operator'>): Promise<string> {
  const n = await repo.names(db, f);
  const words = { material: `介质：${n.material ?? '全部'}`, customer: `客户：${n.customer ?? '全部'}`, operator: `操作员：${n.operator ?? '全部'}` };
  return `筛选条件：期间 ${f.from} 至 ${f.to}；${parts.map((p) => words[p]).join('；')}`;
}
