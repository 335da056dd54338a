import { sql, type Kysely, type Transaction } from 'kysely';
import type { TemplatePageQuery, TemplateRow } from '@shared/api/message';
import type { PageResult } from '@shared/api/schema';
import type { DB } from '../../db/schema';
import { escapeLike, paginate } from '../../lib/paging';
import { ts } from '../../lib/sql';

type Db = Kysely<DB> | Transaction<DB>;

export interface TemplateValues {
  code: string;
  name: string;
  title: string;
  content: string;
  digest: string;
  enabled: number;
  role_ids: number[];
  updated_by: string;
}

function rows(db: Db) {
  return db.selectFrom('message_templates as t').select([
    't.id', 't.code', 't.name', 't.title', 't.content', 't.digest', 't.enabled', 't.role_ids as roleIds',
    sql<string[]>`array(select r.role_name from roles r where r.id = any(t.role_ids) order by r.id)`.as('roleNames'),
    ts('t.updated_at').as('updatedAt'),
  ]);
}

export function pageTemplates(db: Db, q: TemplatePageQuery): Promise<PageResult<TemplateRow>> {
  let query = rows(db);
  const keyword = q.keyword?.trim();
  if (keyword) {
    const like = `%${escapeLike(keyword)}%`;
    query = query.where((eb) => eb.or([eb('t.name', 'ilike', like), eb('t.title', 'ilike', like), eb('t.code', 'ilike', like)]));
  }
  return paginate(query, q, { sorts: { id: 't.id' }, defaultSort: 'id', defaultOrder: 'asc', tieBreaker: 't.id' });
}

export const findTemplate = (db: Db, by: { id?: number; code?: string }) => {
  let q = rows(db);
  if (by.id !== undefined) q = q.where('t.id', '=', by.id);
  if (by.code !== undefined) q = q.where('t.code', '=', by.code);
  return q.executeTakeFirst();
};

/** The template the alert job renders (enabled or not). */
export const templateByCode = (db: Db, code: string) =>
  db.selectFrom('message_templates').select(['code', 'title', 'content', 'digest', 'enabled']).where('code', '=', code).executeTakeFirst();

export async function existingRoles(db: Db, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  return (await db.selectFrom('roles').select('id').where('id', 'in', ids).execute()).map((r) => r.id);
}

export async function insertTemplate(trx: Transaction<DB>, v: TemplateValues): Promise<number> {
  return (await trx.insertInto('message_templates').values(v).returning('id').executeTakeFirstOrThrow()).id;
}

export async function updateTemplate(trx: Transaction<DB>, id: number, v: TemplateValues): Promise<void> {
  await trx.updateTable('message_templates').set({ ...v, updated_at: sql`now()` }).where('id', '=', id).execute();
}
