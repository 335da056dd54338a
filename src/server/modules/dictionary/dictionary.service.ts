import type { Kysely } from 'kysely';
import type { DictDeleteBody, DictEntryPageQuery, DictSaveBody, DictTypePageQuery } from '@shared/api/dictionary';
import type { DB } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { mapUniqueViolation } from '../../lib/db-errors';
import { BusinessError } from '../../lib/errors';
import { blankToNull } from '../../lib/paging';
import * as repo from './dictionary.repository';

type Db = Kysely<DB>;
type TypeSave = Extract<DictSaveBody, { kind: 'type' }>;
type EntrySave = Extract<DictSaveBody, { kind: 'entry' }>;

export const MSG_TYPE_NOT_FOUND = '字典类型不存在';
export const MSG_ENTRY_NOT_FOUND = '字典条目不存在';
export const MSG_BUILT_IN_DELETE = '内置字典类型不能删除';
export const MSG_BUILT_IN_RECODE = '内置字典类型的编码不能修改';
const duplicateCode = (code: string) => `字典类型编码已存在：${code}`;
const duplicateValue = (value: string) => `该类型下已有值：${value}`;

export const pageTypes = (db: Db, q: DictTypePageQuery) => repo.pageTypes(db, q);
export const pageEntries = (db: Db, q: DictEntryPageQuery & { typeId: number }) => repo.pageEntries(db, q);
/** Unknown type codes answer no entries: a form then offers nothing and still takes free text. */
export const enabledEntries = (db: Db, typeCode: string) => repo.enabledEntries(db, typeCode);

function required(value: string, label: string): string {
  const v = value.trim();
  if (!v) throw new BusinessError(`参数错误：${label}不能为空`);
  return v;
}

/** Codes are unique in any letter case; a built-in type keeps its code, since the forms ask for it by code. */
async function saveType(db: Db, body: TypeSave): Promise<number> {
  const values: repo.TypeValues = {
    type_code: required(body.typeCode, '类型编码'),
    type_name: required(body.typeName, '类型名称'),
    remark: blankToNull(body.remark),
  };
  return mapUniqueViolation(() => inTransaction(db, async (trx) => {
    const owner = await repo.typeCodeOwner(trx, values.type_code);
    if (owner && owner.id !== body.id) throw new BusinessError(duplicateCode(values.type_code));
    if (body.id === undefined) return repo.insertType(trx, values);
    const current = await repo.findType(trx, body.id);
    if (!current) throw new BusinessError(MSG_TYPE_NOT_FOUND);
    if (current.builtIn && current.typeCode !== values.type_code) throw new BusinessError(MSG_BUILT_IN_RECODE);
    await repo.updateType(trx, body.id, values);
    return body.id;
  }), { dictionary_types_code_key: () => duplicateCode(values.type_code) });
}

/** Values are unique within their type (the stored value is what a form writes into a record). */
async function saveEntry(db: Db, body: EntrySave): Promise<number> {
  const values: repo.EntryValues = {
    type_id: body.typeId,
    data_name: required(body.dataName, '名称'),
    data_value: required(body.dataValue, '值'),
    remark: blankToNull(body.remark),
    ...(body.sort !== undefined ? { sort: body.sort } : {}),
    ...(body.status !== undefined ? { status: body.status } : {}),
  };
  return mapUniqueViolation(() => inTransaction(db, async (trx) => {
    if (!(await repo.findType(trx, body.typeId))) throw new BusinessError(MSG_TYPE_NOT_FOUND);
    const owner = await repo.valueOwner(trx, body.typeId, values.data_value);
    if (owner && owner.id !== body.id) throw new BusinessError(duplicateValue(values.data_value));
    if (body.id === undefined) return repo.insertEntry(trx, values);
    if (!(await repo.findEntry(trx, body.id))) throw new BusinessError(MSG_ENTRY_NOT_FOUND);
    await repo.updateEntry(trx, body.id, values);
    return body.id;
  }), { dictionary_entries_value_key: () => duplicateValue(values.data_value) });
}

export const saveDictionary = (db: Db, body: Extract<DictSaveBody, { kind: 'type' | 'entry' }>): Promise<number> => (body.kind === 'type' ? saveType(db, body) : saveEntry(db, body));

/** A type goes with its entries, unless it is built in; an entry goes alone. */
export async function deleteDictionary(db: Db, body: Extract<DictDeleteBody, { kind: 'type' | 'entry' }>): Promise<void> {
  await inTransaction(db, async (trx) => {
    if (body.kind === 'entry') {
      if (!(await repo.findEntry(trx, body.id))) throw new BusinessError(MSG_ENTRY_NOT_FOUND);
      return repo.deleteEntry(trx, body.id);
    }
    const type = await repo.findType(trx, body.id);
    if (!type) throw new BusinessError(MSG_TYPE_NOT_FOUND);
    if (type.builtIn) throw new BusinessError(MSG_BUILT_IN_DELETE);
    await repo.deleteType(trx, body.id);
  });
}
