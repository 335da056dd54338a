import type { CustodyPeriod } from '@shared/rental/charge';
import { sql, type Kysely } from 'kysely';
import type { PageParams, PageResult } from '@shared/api/schema';
import type { DB } from '../../db/schema';
import { pageWindow } from '../../lib/paging';
import { today } from '../../lib/dates';

/**
 * The custody record as other modules read it (rental, statements, the customer portal): who held each cylinder from
 * when to when (cylinder_custody, migration 0040), each end naming its trace event.
 */
type Db = Kysely<DB>;

/** A span of time, [from, to): a month of a statement or a run. */
export interface CustodySpan {
  from: Date;
  to: Date;
}

/** One custody period with its cylinder: the shape the rental rules read (CustodyPeriod), with its id. */
export interface CustodyRow extends CustodyPeriod {
  periodId: number;
  materialId: number;
  materialName: string;
}

/** Periods overlapping `span` (from_at < to and (to_at is null or to_at > from)), with their cylinder. */
function overlapping(db: Db, span: CustodySpan) {
  return db.selectFrom('cylinder_custody as k')
    .innerJoin('cylinders as c', 'c.id', 'k.cylinder_id')
    .leftJoin('materials as m', 'm.id', 'c.material_id')
    .leftJoin('cylinder_traces as t', 't.id', 'k.from_trace_id')
    .select([
      'k.id as periodId', 'k.cylinder_id as cylinderId', 'c.code', 'c.material_id as materialId',
      sql<string>`coalesce(m.material_name, '')`.as('materialName'), 'c.specification', 'c.owner_enterprise_id as ownerEnterpriseId',
      'k.enterprise_id as enterpriseId', 'k.from_at as fromAt', 'k.to_at as toAt', 'k.from_trace_id as fromTraceId', 'k.to_trace_id as toTraceId',
      sql<number | null>`case when t.action = 'deliver' then (t.detail->>'stopId')::int end`.as('deliveredStopId'),
    ])
    .where('k.from_at', '<', span.to)
    .where((eb) => eb.or([eb('k.to_at', 'is', null), eb('k.to_at', '>', span.from)]));
}

/** Keyset order of the periods (index cylinder_custody_holder_idx). */
const ordered = <Q extends ReturnType<typeof overlapping>>(q: Q) =>
  q.orderBy('k.enterprise_id').orderBy('k.cylinder_id').orderBy('k.from_at').orderBy('k.id');

const asRow = (r: CustodyRow): CustodyRow => ({
  ...r, fromAt: new Date(r.fromAt), toAt: r.toAt === null ? null : new Date(r.toAt),
  deliveredStopId: r.deliveredStopId === null ? null : Number(r.deliveredStopId),
});

/**
 * The periods overlapping [from, to), ordered by holder, cylinder and start: of one customer (`customerId`), or of the
 * customers after `afterCustomerId`, at most `limit` rows.
 */
export async function custodyInMonth(db: Db, q: CustodySpan & { customerId?: number; afterCustomerId?: number; limit?: number }): Promise<CustodyRow[]> {
  let query = overlapping(db, q);
  if (q.customerId !== undefined) query = query.where('k.enterprise_id', '=', q.customerId);
  if (q.afterCustomerId !== undefined) query = query.where('k.enterprise_id', '>', q.afterCustomerId);
  let sorted = ordered(query);
  if (q.limit !== undefined) sorted = sorted.limit(q.limit);
  return (await sorted.execute()).map(asRow);
}

/**
 * Every customer's periods overlapping [from, to), in batches of `batch` rows in the order of custodyInMonth,
 * keyset-paginated on (enterprise_id, cylinder_id, from_at, id): memory is one batch whatever the plant's size.
 */
export async function* streamCustody(db: Db, span: CustodySpan, batch = 5000): AsyncGenerator<CustodyRow[]> {
  let after: CustodyRow | null = null;
  for (;;) {
    let query = overlapping(db, span);
    if (after) {
      const a: CustodyRow = after;
      query = query.where(sql<boolean>`(k.enterprise_id, k.cylinder_id, k.from_at, k.id) > (${a.enterpriseId}, ${a.cylinderId}, ${a.fromAt.toISOString()}::timestamptz, ${a.periodId})`);
    }
    const rows = (await ordered(query).limit(batch).execute()).map(asRow);
    if (rows.length) yield rows;
    if (rows.length < batch) return;
    after = rows[rows.length - 1]!;
  }
}

/** The customers with any period overlapping [from, to), ascending, after `afterId`, at most `limit`. */
export async function customersWithCustody(db: Db, q: CustodySpan & { afterId?: number; limit: number }): Promise<number[]> {
  let query = db.selectFrom('cylinder_custody as k').select('k.enterprise_id')
    .where('k.from_at', '<', q.to)
    .where((eb) => eb.or([eb('k.to_at', 'is', null), eb('k.to_at', '>', q.from)]));
  if (q.afterId !== undefined) query = query.where('k.enterprise_id', '>', q.afterId);
  const rows = await query.groupBy('k.enterprise_id').orderBy('k.enterprise_id').limit(q.limit).execute();
  return rows.map((r) => Number(r.enterprise_id));
}

/** A cylinder a customer holds now (the customer portal). */
export interface HeldRow {
  periodId: number;
  cylinderId: number;
  code: string;
  materialId: number;
  materialName: string;
  specification: string | null;
  fromAt: Date;
  /** Calendar days (the plant's) it has been held, the first day and today counted (held since today: 1). */
  daysHeld: number;
  fromTraceId: number | null;
  deliveredStopId: number | null;
}

const DAY_MS = 86_400_000;
/** Whole calendar days from `from`'s plant date to `to`'s. */
const dayDiff = (from: Date, to: Date) => Math.round((Date.parse(`${today(to)}T00:00:00Z`) - Date.parse(`${today(from)}T00:00:00Z`)) / DAY_MS);

/**
 * The cylinders `customerId` holds now (its open periods), longest held first, a page of them with the total
 * (index cylinder_custody_held_idx).
 */
export async function heldNow(db: Db, customerId: number, page: PageParams = {}): Promise<PageResult<HeldRow>> {
  const { limit, offset } = pageWindow(page);
  const open = db.selectFrom('cylinder_custody as k').where('k.enterprise_id', '=', customerId).where('k.to_at', 'is', null);
  const [count, rows] = await Promise.all([
    open.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    open.innerJoin('cylinders as c', 'c.id', 'k.cylinder_id')
      .leftJoin('materials as m', 'm.id', 'c.material_id')
      .leftJoin('cylinder_traces as t', 't.id', 'k.from_trace_id')
      .select([
        'k.id as periodId', 'k.cylinder_id as cylinderId', 'c.code', 'c.material_id as materialId',
        sql<string>`coalesce(m.material_name, '')`.as('materialName'), 'c.specification', 'k.from_at as fromAt', 'k.from_trace_id as fromTraceId',
        sql<number | null>`case when t.action = 'deliver' then (t.detail->>'stopId')::int end`.as('deliveredStopId'),
      ])
      .orderBy(page.order === 'desc' ? sql`k.from_at desc` : sql`k.from_at`).orderBy('k.cylinder_id').limit(limit).offset(offset).execute(),
  ]);
  const now = new Date();
  return {
    total: Number(count.n),
    list: rows.map((r) => {
      const fromAt = new Date(r.fromAt);
      return { ...r, fromAt, daysHeld: Math.max(1, dayDiff(fromAt, now) + 1), deliveredStopId: r.deliveredStopId === null ? null : Number(r.deliveredStopId) };
    }),
  };
}
