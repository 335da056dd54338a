import { sql, type RawBuilder } from 'kysely';
import { OWN_OWNER_NAME } from '@shared/owner';

/**
 * SQL pieces every repository writes the same way: timestamps and dates as the API sends them, the date
 * filter of the lists, and 产权单位.
 */

/** A timestamp column as 'YYYY-MM-DD HH24:MI:SS' (the server's zone), as every list sends it. */
export const ts = (column: string) => sql<string>`to_char(${sql.ref(column)}, 'YYYY-MM-DD HH24:MI:SS')`;
/** The same for a column that may be null. */
export const tsOrNull = (column: string) => sql<string | null>`to_char(${sql.ref(column)}, 'YYYY-MM-DD HH24:MI:SS')`;
/** A date (or the day of a timestamp) as 'YYYY-MM-DD'. */
export const day = (column: string) => sql<string | null>`to_char(${sql.ref(column)}, 'YYYY-MM-DD')`;

/** The 开始日期/结束日期 filter of a list: both days included. */
export interface DateRange {
  dateFrom?: string | null;
  dateTo?: string | null;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any query builder with where(ref, op, value)
export function withinDates<Q extends { where: (...args: any[]) => Q }>(query: Q, column: string, range: DateRange): Q {
  let out = query;
  if (range.dateFrom) out = out.where(sql.ref(column), '>=', sql<Date>`${range.dateFrom}::date`);
  if (range.dateTo) out = out.where(sql.ref(column), '<', sql<Date>`${range.dateTo}::date + 1`);
  return out;
}

/**
 * 产权单位 as every screen shows it (see src/shared/owner.ts), for the cylinder row aliased `cylinder`:
 * 自有 for the plant's own, else the owning enterprise's name (a primary-key lookup, no join needed).
 */
export function ownerName(cylinder = 'c'): RawBuilder<string | null> {
  return sql<string | null>`case when ${sql.ref(`${cylinder}.owner_type`)} = 1 then ${sql.lit(OWN_OWNER_NAME)}
    else (select e.enterprise_name from enterprises e where e.id = ${sql.ref(`${cylinder}.owner_enterprise_id`)}) end`;
}
