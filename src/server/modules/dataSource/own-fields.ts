import type { Kysely } from 'kysely';
import type { OwnFieldRow, SaveContentBody, SaveDataFieldBody } from '@shared/api/dataSource';
import type { PageResult } from '@shared/api/schema';
import { DATA_SOURCES, fieldKeys, type DataSourceKind } from '@shared/dataSources';
import type { DB } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { mapUniqueViolation } from '../../lib/db-errors';
import { BusinessError } from '../../lib/errors';
import type { PageParams } from '@shared/api/schema';
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

/** Adds a field of the plant's own; its key may not be one the data source already has. */
export async function saveOwnField(db: Kysely<DB>, body: SaveDataFieldBody, by: string): Promise<number> {
  const key = body.contentKey.trim();
  const name = body.contentName.trim();
  if (!name) throw new BusinessError('参数错误：字段名称不能为空');
  const lower = key.toLowerCase();
  if (fieldKeys(body.dataSource).some((k) => k.toLowerCase() === lower)) {
    throw new BusinessError(`数据源「${DATA_SOURCES[body.dataSource].name}」已有字段：${key}`);
  }
  return mapUniqueViolation(() => inTransaction(db, async (trx) => {
    const row = await trx.insertInto('data_source_fields')
      .values({ data_source: body.dataSource, content_key: key, content_name: name, type: body.type, created_by: by })
      .returning('id').executeTakeFirstOrThrow();
    return row.id;
  }), { data_source_fields_key: () => `数据源「${DATA_SOURCES[body.dataSource].name}」已有字段：${key}` });
}

export async function deleteOwnField(db: Kysely<DB>, id: number): Promise<void> {
  await inTransaction(db, async (trx) => {
    const gone = await trx.deleteFrom('data_source_fields').where('id', '=', id).returning('id').executeTakeFirst();
    if (!gone) throw new BusinessError(`本厂字段不存在：${id}`);
  });
}

/**
 * contentConfig/saveContent: the data source's own fields become exactly `fields` (matched by key, case-insensitive:
 * kept ones take the new name and type, missing ones are removed, new ones added), in one transaction.
 */
export async function saveOwnContent(db: Kysely<DB>, body: SaveContentBody, by: string): Promise<void> {
  const source = DATA_SOURCES[body.dataSource].name;
  const builtIn = new Set(fieldKeys(body.dataSource).map((k) => k.toLowerCase()));
  const seen = new Set<string>();
  const fields = body.fields.map((f) => ({ key: f.contentKey.trim(), name: f.contentName.trim(), type: f.type }));
  for (const f of fields) {
    const lower = f.key.toLowerCase();
    if (!f.name) throw new BusinessError(`参数错误：字段 ${f.key} 的名称不能为空`);
    if (builtIn.has(lower)) throw new BusinessError(`数据源「${source}」已有字段：${f.key}`);
    if (seen.has(lower)) throw new BusinessError(`字段编码重复：${f.key}`);
    seen.add(lower);
  }
  await inTransaction(db, async (trx) => {
    const old = await trx.selectFrom('data_source_fields').select(['id', 'content_key']).where('data_source', '=', body.dataSource).forUpdate().execute();
    const byKey = new Map(old.map((r) => [r.content_key.toLowerCase(), r.id]));
    const gone = old.filter((r) => !seen.has(r.content_key.toLowerCase())).map((r) => r.id);
    if (gone.length) await trx.deleteFrom('data_source_fields').where('id', 'in', gone).execute();
    for (const f of fields) {
      const id = byKey.get(f.key.toLowerCase());
      if (id !== undefined) await trx.updateTable('data_source_fields').set({ content_key: f.key, content_name: f.name, type: f.type }).where('id', '=', id).execute();
      else await trx.insertInto('data_source_fields').values({ data_source: body.dataSource, content_key: f.key, content_name: f.name, type: f.type, created_by: by }).execute();
    }
  });
}
