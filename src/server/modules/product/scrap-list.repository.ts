import { sql, type Kysely } from 'kysely';
import type { PageResult } from '@shared/api/envelope';
import type { ScrapPageQuery, ScrapRow } from '@shared/api/product';
import type { DB } from '../../db/schema';
import { pageWindow, sortColumn } from '../master/paging';
import { addDays } from '../master/dates';

const SORTS = { scrappedAt: 'c.scrapped_at', code: 'c.code', id: 'c.id' } as const;

/** Scrapped cylinders, newest scrap first (partial index on scrapped_at where status = 0). */
export async function pageScrapped(db: Kysely<DB>, q: ScrapPageQuery): Promise<PageResult<ScrapRow>> {
  const orderBy = sortColumn(SORTS, q.sidx, 'scrappedAt');
  let query = db.selectFrom('cylinders as c').where('c.status', '=', 0);
  if (q.code) query = query.where('c.code', 'like', `${q.code.trim().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`);
  if (q.materialId) query = query.where('c.material_id', '=', q.materialId);
  if (q.scrappedFrom) query = query.where('c.scrapped_at', '>=', sql<Date>`${q.scrappedFrom}::date`);
  if (q.scrappedTo) query = query.where('c.scrapped_at', '<', sql<Date>`${addDays(q.scrappedTo, 1)}::date`);
  const { limit, offset } = pageWindow(q);
  const [{ n }] = await query.select((eb) => eb.fn.countAll<number>().as('n')).execute();
  const list = await query.select((eb) => [
    'c.id', 'c.code',
    eb.selectFrom('materials as m').select('m.material_name').whereRef('m.id', '=', 'c.material_id').as('materialName'),
    'c.specification', 'c.scrap_reason as scrapReason',
    sql<string>`to_char(c.scrapped_at, 'YYYY-MM-DD HH24:MI:SS')`.as('scrappedAt'), 'c.scrapped_by as scrappedBy',
  ]).orderBy(sql.ref(orderBy), q.order ?? (q.sidx ? 'asc' : 'desc')).orderBy('c.id', 'desc').limit(limit).offset(offset).execute();
  return { list, total: Number(n) };
}
