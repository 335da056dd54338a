import type { Kysely, Transaction } from 'kysely';
import type { OwnFieldRow } from '@shared/api/dataSource';
import type { PageParams, PageResult } from '@shared/api/schema';
import type { DataSourceKind } from '@shared/dataSources';
import type { DB } from '../../db/schema';
import { escapeLike, paginate } from '../../lib/paging';
import { ts } from '../../lib/sql';

const columns = [
  'f.id', 'f.data_source as dataSource', 'f.content_key as contentKey', 'f.content_name as contentName', 'f.type', 'f.created_by as createdBy',
  ts('f.created_at').as('createdAt'),
] as const;

/** The plant's own fields of a data source (记录建模), oldest first. */
export function ownFields(db: Kysely<DB>, source: DataSourceKind): Promise<OwnFieldRow[]> {
  return db.selectFrom('data_source_fields as f').select([...columns]).where('f.data_source', '=', source).orderBy('f.id').execute();
}

export function pageOwnFields(db: Kysely<DB>, source: DataSourceKind, q: PageParams & { keyword?: string }): Promise<PageResult<OwnFieldRow>> {
  let query = db.selectFrom('data_source_fields as f').select([...columns]).where('f.data_source', '=', source);
  const keyword = q.keyword?.trim();
  if (keyword) {
    const like = `%${escapeLike(keyword)}%`;
    query = query.where((eb) => eb.or([eb('f.content_key', 'ilike', like), eb('f.content_name', 'ilike', like)]));
  }
  return paginate(query, { ...q, sidx: undefined }, { sorts: { id: 'f.id' }, defaultSort: 'id', defaultOrder: 'asc', tieBreaker: 'f.id' });
}

export interface OwnFieldValues {
  dataSource: DataSourceKind;
  key: string;
  name: string;
  type: string;
  by: string;
}

export async function insertOwnField(trx: Transaction<DB>, f: OwnFieldValues): Promise<number> {
  const row = await trx.insertInto('data_source_fields')
    .values({ data_source: f.dataSource, content_key: f.key, content_name: f.name, type: f.type, created_by: f.by })
    .returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Deletes a field; false when there was none. */
export async function deleteOwnFieldRow(trx: Transaction<DB>, id: number): Promise<boolean> {
  return (await trx.deleteFrom('data_source_fields').where('id', '=', id).returning('id').executeTakeFirst()) !== undefined;
}

/** The data source's own fields, locked until the transaction ends. */
export function lockOwnFields(trx: Transaction<DB>, source: DataSourceKind): Promise<Array<{ id: number; content_key: string }>> {
  return trx.selectFrom('data_source_fields').select(['id', 'content_key']).where('data_source', '=', source).forUpdate().execute();
}

export async function deleteOwnFieldRows(trx: Transaction<DB>, ids: number[]): Promise<void> {
  if (ids.length) await trx.deleteFrom('data_source_fields').where('id', 'in', ids).execute();
}

export async function updateOwnField(trx: Transaction<DB>, id: number, f: { key: string; name: string; type: string }): Promise<void> {
  await trx.updateTable('data_source_fields').set({ content_key: f.key, content_name: f.name, type: f.type }).where('id', '=', id).execute();
}
