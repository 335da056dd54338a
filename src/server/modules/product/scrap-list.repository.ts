import { sql, type Kysely } from 'kysely';
import type { PageResult } from '@shared/api/schema';
import type { SCRAP_SORTS, ScrapPageQuery, ScrapRow } from '@shared/api/product';
import type { DB } from '../../db/schema';
import { addDays } from '../../lib/dates';
import { escapeLike, paginate } from '../../lib/paging';
import { STATUS } from '@shared/lifecycle';

const SORTS: Record<(typeof SCRAP_SORTS)[number], string> = { scrappedAt: 'c.scrapped_at', code: 'c.code', id: 'c.id' };

/** Scrapped cylinders, newest scrap first (partial index on scrapped_at where status = 0). */
export function pageScrapped(db: Kysely<DB>, q: ScrapPageQuery): Promise<PageResult<ScrapRow>> {
  let query = db.selectFrom('cylinders as c').where('c.status', '=', STATUS.scrap).select((eb) => [
    'c.id', 'c.code',
    eb.selectFrom('materials as m').select('m.material_name').whereRef('m.id', '=', 'c.material_id').as('materialName'),
    'c.specification', 'c.scrap_reason as scrapReason',
    sql<string>`to_char(c.scrapped_at, 'YYYY-MM-DD HH24:MI:SS')`.as('scrappedAt'), 'c.scrapped_by as scrappedBy',
  ]);
  if (q.code) query = query.where('c.code', 'like', `${escapeLike(q.code.trim())}%`);
  if (q.materialId) query = query.where('c.material_id', '=', q.materialId);
  if (q.scrappedFrom) query = query.where('c.scrapped_at', '>=', sql<Date>`${q.scrappedFrom}::date`);
  if (q.scrappedTo) query = query.where('c.scrapped_at', '<', sql<Date>`${addDays(q.scrappedTo, 1)}::date`);
  return paginate(query, q, { sorts: SORTS, defaultSort: 'scrappedAt', tieBreaker: 'c.id' });
}
