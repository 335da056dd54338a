import { sql, type Insertable, type Kysely, type Transaction } from 'kysely';
import type { PageResult } from '@shared/api/schema';
import type { DUE_SORTS, DueRow, DuePageQuery, PeriodicInspectionHistoryQuery, PeriodicInspectionRow } from '@shared/api/periodicInspection';
import type { DB } from '../../db/schema';
import { addDays } from '../../lib/dates';
import { escapeLike, paginate } from '../../lib/paging';
import { STATUS } from '@shared/lifecycle';
import { heldBy, whereColumns } from '../cylinder';

type Db = Kysely<DB>;

const SORTS: Record<(typeof DUE_SORTS)[number], string> = { nextInspectionDate: 'c.next_inspection_date', code: 'c.code', id: 'c.id' };

/** Not scrapped, next inspection on or before today + days (index on next_inspection_date); soonest first. */
export function pageDue(db: Db, q: DuePageQuery, today: string): Promise<PageResult<DueRow>> {
  const limitDate = q.overdueOnly ? addDays(today, -1) : addDays(today, q.days ?? 30);
  let query = db.selectFrom('cylinders as c').where('c.status', '<>', STATUS.scrap).where('c.next_inspection_date', '<=', limitDate).select((eb) => [
    'c.id', 'c.code',
    eb.selectFrom('materials as m').select('m.material_name').whereRef('m.id', '=', 'c.material_id').as('materialName'),
    'c.specification', 'c.status',
    sql<string | null>`to_char(c.last_inspection_date, 'YYYY-MM-DD')`.as('lastInspectionDate'),
    sql<string>`to_char(c.next_inspection_date, 'YYYY-MM-DD')`.as('nextInspectionDate'),
    sql<number>`(c.next_inspection_date - ${today}::date)`.as('daysLeft'),
    // 所在位置 as every screen reads it (shared/cylinder/place.ts).
    ...whereColumns('c'),
  ]);
  if (q.materialId) query = query.where('c.material_id', '=', q.materialId);
  if (q.warehouseId) query = query.where(heldBy(q.warehouseId, 'c'));
  if (q.code) query = query.where('c.code', 'like', `${escapeLike(q.code.trim())}%`);
  return paginate(query, q, { sorts: SORTS, defaultSort: 'nextInspectionDate', defaultOrder: 'asc', tieBreaker: 'c.id' });
}

export function lockForInspection(db: Transaction<DB>, id: number) {
  return db.selectFrom('cylinders as c').innerJoin('materials as m', 'm.id', 'c.material_id')
    .select([
      'c.id', 'c.code', 'c.status', 'm.inspection_interval_years as interval',
      sql<string | null>`to_char(c.manufacture_date, 'YYYY-MM-DD')`.as('manufactureDate'),
      sql<string | null>`to_char(c.last_inspection_date, 'YYYY-MM-DD')`.as('lastInspectionDate'),
    ])
    .where('c.id', '=', id).forUpdate('c').executeTakeFirst();
}

/** Inspections, newest first (index on cylinder_id for one cylinder's history). */
export function pageHistory(db: Db, q: PeriodicInspectionHistoryQuery): Promise<PageResult<PeriodicInspectionRow>> {
  let query = db.selectFrom('periodic_inspections as p').innerJoin('cylinders as c', 'c.id', 'p.cylinder_id').select([
    'p.id', 'p.cylinder_id as cylinderId', 'c.code', sql<string>`to_char(p.inspected_on, 'YYYY-MM-DD')`.as('inspectedOn'),
    'p.result', sql<string | null>`to_char(p.next_date, 'YYYY-MM-DD')`.as('nextDate'), 'p.agency', 'p.report_no as reportNo',
    'p.remark', 'p.operator', sql<string>`to_char(p.created_at, 'YYYY-MM-DD HH24:MI:SS')`.as('createdAt'),
  ]);
  if (q.cylinderId) query = query.where('p.cylinder_id', '=', q.cylinderId);
  if (q.code) query = query.where('c.code', '=', q.code.trim());
  return paginate(query, q, { sorts: { id: 'p.inspected_on' }, defaultSort: 'id', tieBreaker: 'p.id' });
}

export async function insertInspection(trx: Transaction<DB>, values: Insertable<DB['periodic_inspections']>): Promise<number> {
  return (await trx.insertInto('periodic_inspections').values(values).returning('id').executeTakeFirstOrThrow()).id;
}

// A cylinder's inspection dates are written by the cylinder module, which owns the register.
export { setInspectionDates } from '../cylinder';

/** One periodic inspection as a report to the regulator reads it. */
export async function inspectionById(db: Db, id: number): Promise<{
  inspectedOn: string; result: number; nextDate: string | null; agency: string | null; reportNo: string | null;
} | null> {
  const row = await db.selectFrom('periodic_inspections')
    .select([
      sql<string>`to_char(inspected_on, 'YYYY-MM-DD')`.as('inspectedOn'), 'result',
      sql<string | null>`to_char(next_date, 'YYYY-MM-DD')`.as('nextDate'), 'agency', 'report_no as reportNo',
    ])
    .where('id', '=', id).executeTakeFirst();
  return row ?? null;
}
