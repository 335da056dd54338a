import type { Kysely } from 'kysely';
import type { AtCustomers, DashboardPeriod, FillsByDay, OutputBySpec, PassRates, StatusesNow, StockByWarehouse } from '@shared/api/dashboard';
import { WAREHOUSE_STATUSES } from '@shared/cylinder/place';
import { filledByWeight, STATUS } from '@shared/lifecycle';
import type { DB } from '../../db/schema';
import { addDays, today } from '../../lib/dates';
import { statusCounts } from '../product';
import * as repo from './dashboard.repository';

const TOP_HOLDERS = 10;

/** The plant days of a period and its buckets: days up to 30 days, months for 12m (this month included). */
export function spanOf(period: DashboardPeriod, day: string = today()): repo.Span & { buckets: string[] } {
  if (period === '12m') {
    const [y, m] = day.split('-').map(Number) as [number, number];
    const buckets = Array.from({ length: 12 }, (_, i) => {
      const d = new Date(Date.UTC(y, m - 12 + i, 1));
      return d.toISOString().slice(0, 7);
    });
    return { from: `${buckets[0]}-01`, to: day, monthly: true, buckets };
  }
  const days = period === 'today' ? 1 : period === '7d' ? 7 : 30;
  const buckets = Array.from({ length: days }, (_, i) => addDays(day, i - days + 1));
  return { from: buckets[0]!, to: day, monthly: false, buckets };
}

async function names(db: Kysely<DB>, ids: number[]) {
  const rows = await repo.materials(db, [...new Set(ids)]);
  return new Map(rows.map((r) => [r.id, r]));
}

export async function fillsByDay(db: Kysely<DB>, period: DashboardPeriod): Promise<FillsByDay> {
  const span = spanOf(period);
  const rows = await repo.countsByBucket(db, ['fill'], span, true);
  const gas = await names(db, rows.map((r) => r.materialId));
  const index = new Map(span.buckets.map((b, i) => [b, i]));
  const series = new Map<number, number[]>();
  for (const r of rows) {
    const values = series.get(r.materialId) ?? span.buckets.map(() => 0);
    values[index.get(r.bucket)!]! += r.n;
    series.set(r.materialId, values);
  }
  return {
    buckets: span.buckets,
    series: [...series].map(([materialId, values]) => ({ materialId, materialName: gas.get(materialId)?.name ?? null, values }))
      .sort((a, b) => b.values.reduce((s, v) => s + v, 0) - a.values.reduce((s, v) => s + v, 0) || a.materialId - b.materialId),
    total: rows.reduce((s, r) => s + r.n, 0),
  };
}

export async function outputBySpec(db: Kysely<DB>, period: DashboardPeriod): Promise<OutputBySpec> {
  const rows = await repo.fillsBySpec(db, spanOf(period));
  const gas = await names(db, rows.map((r) => r.materialId));
  return {
    rows: rows.map((r) => {
      const m = gas.get(r.materialId);
      return { ...r, materialName: m?.name ?? null, kg: m && filledByWeight(m.category) ? Math.round(r.kg * 1000) / 1000 : null };
    }).sort((a, b) => b.fills - a.fills || a.materialId - b.materialId || a.specification.localeCompare(b.specification)),
  };
}

/** 仓库库存: what each warehouse holds (shared/cylinder/place.ts), as 库存查询 and 气瓶档案 place each cylinder. */
export async function stockByWarehouse(db: Kysely<DB>): Promise<StockByWarehouse> {
  return { rows: await repo.stockByWarehouse(db, WAREHOUSE_STATUSES) };
}

export async function atCustomers(db: Kysely<DB>, longOutDays: number): Promise<AtCustomers> {
  const [statuses, longOut, top] = await Promise.all([statusCounts(db), repo.longOutCount(db, longOutDays), repo.topHolders(db, TOP_HOLDERS)]);
  const total = statuses.find((s) => s.status === STATUS.outbound)?.count ?? 0;
  return { total, longOut, longOutDays, top };
}

/** Statuses now and today's attention; "due" is within the 检验到期提前提醒天数 rule, the window the alerts use. */
export async function statusesNow(db: Kysely<DB>, dueDays: number): Promise<StatusesNow> {
  const day = today();
  const [statuses, { due, overdue }, openOutbound] = await Promise.all([
    statusCounts(db), repo.dueCounts(db, day, addDays(day, dueDays)), repo.openOutboundOrders(db),
  ]);
  const analyze = statuses.find((s) => s.status === STATUS.analyze)?.count ?? 0;
  return { statuses: statuses.filter((s) => s.count > 0), attention: { due, overdue, analyze, openOutbound, dueDays } };
}

const rate = (pass: number, fail: number) => (pass + fail === 0 ? null : Math.round((pass * 1000) / (pass + fail)) / 10);

export async function passRates(db: Kysely<DB>, period: DashboardPeriod): Promise<PassRates> {
  const span = spanOf(period);
  const rows = await repo.countsByBucket(db, ['testPass', 'testFail', 'reweighPass', 'reweighFail'], span, false);
  const points = span.buckets.map(() => ({ testPass: 0, testFail: 0, reweighPass: 0, reweighFail: 0 }));
  const index = new Map(span.buckets.map((b, i) => [b, i]));
  for (const r of rows) points[index.get(r.bucket)!]![r.action as keyof (typeof points)[number]] += r.n;
  const sum = (k: keyof (typeof points)[number]) => points.reduce((s, p) => s + p[k], 0);
  return {
    buckets: span.buckets, points,
    testRate: rate(sum('testPass'), sum('testFail')), reweighRate: rate(sum('reweighPass'), sum('reweighFail')),
  };
}
