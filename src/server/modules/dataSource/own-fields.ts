import type { Kysely } from 'kysely';
import type { SaveContentBody, SaveDataFieldBody } from '@shared/api/dataSource';
import { DATA_SOURCES, fieldKeys } from '@shared/dataSources';
import type { DB } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { mapUniqueViolation } from '../../lib/db-errors';
import { BusinessError } from '../../lib/errors';
import * as repo from './own-fields.repository';

export { ownFields, pageOwnFields } from './own-fields.repository';

/** Adds a field of the plant's own; its key may not be one the data source already has. */
export async function saveOwnField(db: Kysely<DB>, body: SaveDataFieldBody, by: string): Promise<number> {
  const key = body.contentKey.trim();
  const name = body.contentName.trim();
  if (!name) throw new BusinessError('参数错误：字段名称不能为空');
  const lower = key.toLowerCase();
  if (fieldKeys(body.dataSource).some((k) => k.toLowerCase() === lower)) {
    throw new BusinessError(`数据源「${DATA_SOURCES[body.dataSource].name}」已有字段：${key}`);
  }
  return mapUniqueViolation(
    () => inTransaction(db, (trx) => repo.insertOwnField(trx, { dataSource: body.dataSource, key, name, type: body.type, by })),
    { data_source_fields_key: () => `数据源「${DATA_SOURCES[body.dataSource].name}」已有字段：${key}` },
  );
}

export async function deleteOwnField(db: Kysely<DB>, id: number): Promise<void> {
  await inTransaction(db, async (trx) => {
    if (!(await repo.deleteOwnFieldRow(trx, id))) throw new BusinessError(`本厂字段不存在：${id}`);
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
    const old = await repo.lockOwnFields(trx, body.dataSource);
    const byKey = new Map(old.map((r) => [r.content_key.toLowerCase(), r.id]));
    await repo.deleteOwnFieldRows(trx, old.filter((r) => !seen.has(r.content_key.toLowerCase())).map((r) => r.id));
    for (const f of fields) {
      const id = byKey.get(f.key.toLowerCase());
      if (id !== undefined) await repo.updateOwnField(trx, id, f);
      else await repo.insertOwnField(trx, { dataSource: body.dataSource, ...f, by });
    }
  });
}
