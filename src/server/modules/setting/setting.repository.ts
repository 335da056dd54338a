import { sql, type Kysely, type Transaction } from 'kysely';
import type { SettingKind, SettingListBody, SettingPageBody, SettingRow } from '@shared/api/setting';
import type { PageResult } from '@shared/api/schema';
import type { DB } from '../../db/schema';
import { toJsonb } from '../../lib/jsonb';
import { escapeLike, paginate } from '../../lib/paging';
import { ts } from '../../lib/sql';

type Db = Kysely<DB> | Transaction<DB>;

/** Most settings a kind holds (a picker's list is not paged; a plant has dozens). */
export const LIST_LIMIT = 500;

export interface SettingValues {
  kind: SettingKind;
  setting_key: string;
  name: string;
  data_source: string;
  enabled: number;
  is_default: number;
  content: unknown;
  remark: string | null;
}

function rows(db: Db) {
  return db.selectFrom('settings as s').select([
    's.id', sql<SettingKind>`s.kind`.as('kind'), 's.setting_key as settingKey', 's.name', 's.data_source as dataSource', 's.enabled',
    's.is_default as isDefault', 's.version', 's.remark', 's.copied_from as copiedFrom', 's.updated_by as updatedBy', ts('s.updated_at').as('updatedAt'),
  ]);
}

export function listSettings(db: Db, q: SettingListBody): Promise<SettingRow[]> {
  let query = rows(db).where('s.kind', '=', q.kind);
  if (q.settingKey !== undefined) query = query.where('s.setting_key', '=', q.settingKey);
  if (q.enabled !== undefined) query = query.where('s.enabled', '=', q.enabled);
  return query.orderBy('s.setting_key').orderBy('s.is_default', 'desc').orderBy('s.name').limit(LIST_LIMIT).execute();
}

export function pageSettings(db: Db, q: SettingPageBody): Promise<PageResult<SettingRow>> {
  let query = rows(db).where('s.kind', '=', q.kind);
  if (q.settingKey !== undefined) query = query.where('s.setting_key', '=', q.settingKey);
  if (q.enabled !== undefined) query = query.where('s.enabled', '=', q.enabled);
  const keyword = q.keyword?.trim();
  if (keyword) query = query.where('s.name', 'ilike', `%${escapeLike(keyword)}%`);
  return paginate(query, q, {
    sorts: { id: 's.id', name: 's.name', settingKey: 's.setting_key', updatedAt: 's.updated_at' },
    defaultSort: 'updatedAt', defaultOrder: 'desc', tieBreaker: 's.id',
  });
}

/** One setting with its content; `lock` takes the row for an edit or a copy. */
export async function findSetting(db: Db, id: number, lock = false) {
  let query = rows(db).select('s.content').where('s.id', '=', id);
  if (lock) query = query.forUpdate();
  return query.executeTakeFirst();
}

/** The default setting printed for (kind, key), else the newest enabled one; null when the plant has none. */
export function defaultSetting(db: Db, kind: SettingKind, key: string) {
  return rows(db).select('s.content').where('s.kind', '=', kind).where('s.setting_key', '=', key).where('s.enabled', '=', 1)
    .orderBy('s.is_default', 'desc').orderBy('s.updated_at', 'desc').orderBy('s.id', 'desc').limit(1).executeTakeFirst();
}

/** defaultSetting's content as a scalar subquery, for a caller's own statement (the same setting chosen the same way). */
export function defaultContent(kind: SettingKind, key: string) {
  return sql<unknown>`(select s.content from settings s where s.kind = ${kind} and s.setting_key = ${key} and s.enabled = 1
    order by s.is_default desc, s.updated_at desc, s.id desc limit 1)`;
}

export async function insertSetting(trx: Transaction<DB>, v: SettingValues, by: string, copiedFrom: number | null = null): Promise<number> {
  const row = await trx.insertInto('settings')
    .values({ ...v, content: toJsonb(v.content), copied_from: copiedFrom, created_by: by, updated_by: by })
    .returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateSetting(trx: Transaction<DB>, id: number, v: SettingValues, by: string): Promise<void> {
  await trx.updateTable('settings')
    .set({ ...v, content: toJsonb(v.content), updated_by: by, version: sql`version + 1`, updated_at: sql`now()` })
    .where('id', '=', id).execute();
}

/** Clears the default mark of the other settings of (kind, key), before one becomes the default. */
export async function clearDefault(trx: Transaction<DB>, kind: SettingKind, key: string, except: number | null): Promise<void> {
  let query = trx.updateTable('settings').set({ is_default: 0 }).where('kind', '=', kind).where('setting_key', '=', key).where('is_default', '=', 1);
  if (except !== null) query = query.where('id', '<>', except);
  await query.execute();
}

/** A name not yet used by the kind: `base`, else `base（2）`, `base（3）`… */
export async function freeName(trx: Transaction<DB>, kind: SettingKind, base: string): Promise<string> {
  const taken = new Set((await trx.selectFrom('settings').select(sql<string>`lower(name)`.as('n'))
    .where('kind', '=', kind).where(sql`lower(name)`, 'like', `${escapeLike(base.toLowerCase())}%`).execute()).map((r) => r.n));
  if (!taken.has(base.toLowerCase())) return base;
  for (let i = 2; ; i += 1) {
    const name = `${base.slice(0, 58)}（${i}）`;
    if (!taken.has(name.toLowerCase())) return name;
  }
}
