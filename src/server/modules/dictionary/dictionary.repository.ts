import { sql, type Kysely, type Transaction } from 'kysely';
import type { DictEntry, DictEntryPageQuery, DictEntryRow, DictTypePageQuery, DictTypeRow } from '@shared/api/dictionary';
import type { PageResult } from '@shared/api/schema';
import type { DB } from '../../db/schema';
import { escapeLike, paginate } from '../../lib/paging';

type Db = Kysely<DB>;

/** sidx → column. The types are a handful of rows; the entries' order has index dictionary_entries_order_idx. */
const TYPE_SORTS = { id: 't.id', typeCode: 't.type_code', typeName: 't.type_name' };
const ENTRY_SORTS = { sort: 'e.sort', dataName: 'e.data_name', dataValue: 'e.data_value' };

export interface TypeValues {
  type_code: string;
  type_name: string;
  remark: string | null;
}

export interface EntryValues {
  type_id: number;
  data_name: string;
  data_value: string;
  sort?: number;
  status?: number;
  remark: string | null;
}

function typeRows(db: Db) {
  return db.selectFrom('dictionary_types as t').select([
    't.id', 't.type_code as typeCode', 't.type_name as typeName', 't.remark',
    sql<boolean>`t.built_in = 1`.as('builtIn'),
    // Counted through dictionary_entries_order_idx (type_id first).
    sql<number>`(select count(*)::int from dictionary_entries e where e.type_id = t.id)`.as('entryCount'),
  ]);
}

export function pageTypes(db: Db, q: DictTypePageQuery): Promise<PageResult<DictTypeRow>> {
  let query = typeRows(db);
  const keyword = q.keyword?.trim();
  if (keyword) {
    const like = `%${escapeLike(keyword)}%`;
    query = query.where((eb) => eb.or([eb('t.type_code', 'ilike', like), eb('t.type_name', 'ilike', like)]));
  }
  return paginate(query, q, { sorts: TYPE_SORTS, defaultSort: 'id', defaultOrder: 'asc', tieBreaker: 't.id' });
}

export const findType = (db: Db, id: number): Promise<DictTypeRow | undefined> => typeRows(db).where('t.id', '=', id).executeTakeFirst();

/** The type holding a code in any letter case (index dictionary_types_code_key). */
export function typeCodeOwner(db: Db, code: string): Promise<{ id: number } | undefined> {
  return db.selectFrom('dictionary_types').select('id').where(sql`lower(type_code)`, '=', code.toLowerCase()).executeTakeFirst();
}

export async function insertType(trx: Transaction<DB>, values: TypeValues): Promise<number> {
  return (await trx.insertInto('dictionary_types').values(values).returning('id').executeTakeFirstOrThrow()).id;
}

export async function updateType(trx: Transaction<DB>, id: number, values: TypeValues): Promise<void> {
  await trx.updateTable('dictionary_types').set(values).where('id', '=', id).execute();
}

/** The type and (foreign key on delete cascade) its entries. */
export async function deleteType(trx: Transaction<DB>, id: number): Promise<void> {
  await trx.deleteFrom('dictionary_types').where('id', '=', id).execute();
}

const entryColumns = [
  'e.id', 'e.type_id as typeId', 'e.data_name as dataName', 'e.data_value as dataValue', 'e.sort', sql<0 | 1>`e.status`.as('status'), 'e.remark',
] as const;

export function pageEntries(db: Db, q: DictEntryPageQuery & { typeId: number }): Promise<PageResult<DictEntryRow>> {
  let query = db.selectFrom('dictionary_entries as e').select([...entryColumns]).where('e.type_id', '=', q.typeId);
  const keyword = q.keyword?.trim();
  if (keyword) {
    const like = `%${escapeLike(keyword)}%`;
    query = query.where((eb) => eb.or([eb('e.data_name', 'ilike', like), eb('e.data_value', 'ilike', like)]));
  }
  return paginate(query, q, { sorts: ENTRY_SORTS, defaultSort: 'sort', defaultOrder: 'asc', tieBreaker: 'e.id' });
}

export function findEntry(db: Db, id: number): Promise<{ id: number; typeId: number } | undefined> {
  return db.selectFrom('dictionary_entries').select(['id', 'type_id as typeId']).where('id', '=', id).executeTakeFirst();
}

/** The entry of a type holding a value (index dictionary_entries_value_key). */
export function valueOwner(db: Db, typeId: number, value: string): Promise<{ id: number } | undefined> {
  return db.selectFrom('dictionary_entries').select('id').where('type_id', '=', typeId).where('data_value', '=', value).executeTakeFirst();
}

export async function insertEntry(trx: Transaction<DB>, values: EntryValues): Promise<number> {
  return (await trx.insertInto('dictionary_entries').values(values).returning('id').executeTakeFirstOrThrow()).id;
}

export async function updateEntry(trx: Transaction<DB>, id: number, values: EntryValues): Promise<void> {
  await trx.updateTable('dictionary_entries').set(values).where('id', '=', id).execute();
}

export async function deleteEntry(trx: Transaction<DB>, id: number): Promise<void> {
  await trx.deleteFrom('dictionary_entries').where('id', '=', id).execute();
}

/** The enabled entries of a type code in any letter case, in their order (the forms' suggestions). */
export function enabledEntries(db: Db, typeCode: string): Promise<DictEntry[]> {
  return db.selectFrom('dictionary_entries as e')
    .innerJoin('dictionary_types as t', 't.id', 'e.type_id')
    .select(['e.data_name as dataName', 'e.data_value as dataValue'])
    .where(sql`lower(t.type_code)`, '=', typeCode.toLowerCase())
    .where('e.status', '=', 1)
    .orderBy('e.sort').orderBy('e.id')
    .execute();
}
