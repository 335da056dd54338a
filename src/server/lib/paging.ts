import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { PageParams, PageResult } from '@shared/api/schema';
import type { DB } from '../db/schema';
import { BusinessError } from './errors';

/** sidx → SQL column; every column listed has an index that serves it. */
export type Sorts = Record<string, string>;

export interface PageOptions<S extends Sorts> {
  /** The sort keys the list offers (the same keys as the schema's sidx literals). */
  sorts: S;
  /** Used when no sidx is given. */
  defaultSort: keyof S & string;
  /** Direction without sidx (newest first: desc). With sidx it is asc unless `order` says otherwise. */
  defaultOrder?: 'asc' | 'desc';
  /** A unique column after the sort, so pages never overlap. */
  tieBreaker: string;
  /** The total when it is known cheaper than counting the filtered rows (e.g. from counters). */
  total?: () => Promise<number>;
}

/** The SQL column for `sidx`, from the whitelist; anything else is refused by name (never reaches SQL). */
export function sortColumn<S extends Sorts>(sorts: S, sidx: string | undefined, fallback: keyof S & string): string {
  if (sidx === undefined || sidx === '') return sorts[fallback]!;
  if (!Object.hasOwn(sorts, sidx)) throw new BusinessError(`参数错误：不支持按 ${sidx} 排序`);
  return sorts[sidx]!;
}

export function pageWindow(q: PageParams): { limit: number; offset: number } {
  const size = q.size ?? 15;
  return { limit: size, offset: ((q.page ?? 1) - 1) * size };
}

/**
 * One page of a filtered query: the total and the rows of the page in the whitelisted order. The count
 * and the page run side by side.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any table set: the caller's query decides
export async function paginate<R, S extends Sorts>(query: SelectQueryBuilder<DB, any, R>, q: PageParams, opts: PageOptions<S>): Promise<PageResult<R>> {
  const column = sortColumn(opts.sorts, q.sidx, opts.defaultSort);
  const direction = q.order ?? (q.sidx ? 'asc' : (opts.defaultOrder ?? 'desc'));
  const { limit, offset } = pageWindow(q);
  const count = async () => {
    const row = await query.clearSelect().select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
    return Number(row.total);
  };
  const [total, list] = await Promise.all([
    (opts.total ?? count)(),
    query.orderBy(sql.ref(column), direction).orderBy(sql.ref(opts.tieBreaker), direction).limit(limit).offset(offset).execute(),
  ]);
  return { list, total };
}

/**
 * How many rows `query` has, counting no further than `cap`: the total of a list over a table that grows
 * without end (trace events, production records), where an exact count would read every row.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any table set, as paginate
export async function cappedCount(db: Kysely<DB>, query: SelectQueryBuilder<DB, any, unknown>, cap: number): Promise<number> {
  const row = await db.selectFrom(query.clearSelect().select(sql<number>`1`.as('one')).limit(cap).as('capped'))
    .select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** `s` with LIKE's wildcards escaped, for `like`/`ilike` patterns built around user text. */
export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Empty strings from cleared form fields mean "not given". */
export function blankToNull(value: string | null | undefined): string | null {
  const v = value?.trim();
  return v ? v : null;
}

/**
 * Records and events grow by every scan, for the life of the plant: their list totals count at most this far
 * (a person narrows by date or code to see further).
 */
export const GROWING_COUNT_CAP = 100_000;

/** Page options for such a list: sorted by its id (or `sort`), the total counted up to GROWING_COUNT_CAP. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any record query
export const growingPage = (db: Kysely<DB>, query: SelectQueryBuilder<DB, any, unknown>, sort: Record<string, string>, tieBreaker: string) => ({
  sorts: sort, defaultSort: 'id' as const, tieBreaker, total: () => cappedCount(db, query, GROWING_COUNT_CAP),
});
