import type { Kysely, RawBuilder } from 'kysely';
import { recordFieldName } from '@shared/recordFields';
import {
  RECORD_KEYS, SETTING_KIND_NAMES, type RecordContent, type RecordKey, type ReportContent, type SettingCopyBody, type SettingInfo, type SettingKind, type SettingListBody, type SettingPageBody, type SettingSaveBody,
} from '@shared/api/setting';
import type { DB } from '../../db/schema';
import { storedPath } from '../file';
import { inTransaction } from '../../db/transaction';
import { mapUniqueViolation } from '../../lib/db-errors';
import { BusinessError } from '../../lib/errors';
import { systemWordIn } from '../../lib/system-words';
import type { TextLang } from '@shared/lang';
import { checkContent } from './setting.content';
import * as repo from './setting.repository';

const notFound = (id: number) => new BusinessError(`设置不存在：${id}`);
const UNIQUE = {
  settings_kind_name_key: (v: string) => `名称已存在：${v.split(',').pop()?.trim() ?? v}`,
  settings_record_key: (v: string) => `该记录已有记录内容设置：${v}`,
  settings_default_key: () => '另一个设置同时被设为默认，请刷新后重试',
};

/** A row as the reader sees it: the server's own words (author 系统, 系统默认模板) in the reader's language. */
const shown = <R extends { updatedBy: string | null; remark: string | null }>(r: R, lang: TextLang): R =>
  lang === 'zh' ? r : { ...r, updatedBy: systemWordIn(r.updatedBy, lang), remark: systemWordIn(r.remark, lang) };

export const listSettings = async (db: Kysely<DB>, q: SettingListBody, lang: TextLang = 'zh') =>
  (await repo.listSettings(db, q)).map((r) => shown(r, lang));
export async function pageSettings(db: Kysely<DB>, q: SettingPageBody, lang: TextLang = 'zh') {
  const page = await repo.pageSettings(db, q);
  return { total: page.total, list: page.list.map((r) => shown(r, lang)) };
}

/** The kind of setting `id`, for the permission check before anything else is read. */
export async function kindOf(db: Kysely<DB>, id: number): Promise<SettingKind> {
  const row = await repo.findSetting(db, id);
  if (!row) throw notFound(id);
  return row.kind;
}

export async function settingInfo(db: Kysely<DB>, kind: SettingKind, id: number): Promise<SettingInfo> {
  const row = await repo.findSetting(db, id);
  if (!row || row.kind !== kind) throw new BusinessError(`${SETTING_KIND_NAMES[kind]}不存在：${id}`);
  if (row.kind === 'REPORT') {
    // The template's stored path, so the screen can download it (a REPORT template file is linked for report:view).
    const content = row.content as ReportContent;
    const path = await storedPath(db, content.fileId);
    return { ...row, content: { fileId: content.fileId, fileName: content.fileName, ...(path ? { path } : {}) } } as SettingInfo;
  }
  return row as SettingInfo;
}

/** The setting printed for (kind, key): the default, else the newest enabled one; null when there is none. */
export async function settingFor(db: Kysely<DB>, kind: SettingKind, key: string): Promise<SettingInfo | null> {
  return ((await repo.defaultSetting(db, kind, key)) as SettingInfo | undefined) ?? null;
}

/**
 * Adds a setting, or (with id) saves a new version of it. The kind of a setting never changes; a RECORD keeps
 * its record. Made the default, it takes the mark from the others of its kind and key in the same transaction.
 */
export async function saveSetting(db: Kysely<DB>, body: SettingSaveBody, by: string): Promise<number> {
  checkContent(body);
  const values: repo.SettingValues = {
    kind: body.kind, setting_key: body.settingKey, name: body.name.trim(), data_source: body.dataSource,
    enabled: body.enabled ?? 1, is_default: body.isDefault ?? 0, remark: body.remark?.trim() || null,
    content: body.kind === 'REPORT' ? { fileId: body.content.fileId, fileName: body.content.fileName } : body.content,
  };
  if (!values.name) throw new BusinessError('参数错误：名称不能为空');
  if (values.is_default === 1 && values.enabled === 0) throw new BusinessError('停用的设置不能设为默认');
  return mapUniqueViolation(() => inTransaction(db, async (trx) => {
    if (body.id !== undefined) {
      const current = await repo.findSetting(trx, body.id, true);
      if (!current) throw notFound(body.id);
      if (current.kind !== body.kind) throw new BusinessError('设置的类别不能修改');
      if (current.kind === 'RECORD' && current.settingKey !== body.settingKey) throw new BusinessError('记录内容设置的用途不能修改');
    }
    if (values.is_default === 1) await repo.clearDefault(trx, values.kind, values.setting_key, body.id ?? null);
    if (body.id === undefined) return repo.insertSetting(trx, values, by);
    await repo.updateSetting(trx, body.id, values, by);
    return body.id;
  }), UNIQUE);
}

/** A copy to change without touching the original: same content, not the default, named `… 副本` unless named. */
export async function copySetting(db: Kysely<DB>, body: SettingCopyBody, by: string): Promise<number> {
  return mapUniqueViolation(() => inTransaction(db, async (trx) => {
    const source = await repo.findSetting(trx, body.id);
    if (!source) throw notFound(body.id);
    if (source.kind === 'RECORD') throw new BusinessError('每种记录只有一条记录内容设置，不能复制');
    const name = body.name?.trim() || await repo.freeName(trx, source.kind, `${source.name.slice(0, 60)} 副本`);
    return repo.insertSetting(trx, {
      kind: source.kind, setting_key: source.settingKey, name, data_source: source.dataSource, enabled: source.enabled,
      is_default: 0, content: source.content, remark: source.remark,
    }, by, source.id);
  }), UNIQUE);
}

const empty = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '');

/** The record's enabled 记录内容设置 (the default, else the newest), or null when the plant saved none. */
export async function recordRules(db: Kysely<DB>, record: RecordKey): Promise<RecordContent | null> {
  const setting = await repo.defaultSetting(db, 'RECORD', record);
  return setting ? (setting.content as RecordContent) : null;
}

/**
 * Refuses a station's record missing a field its RECORD setting (记录内容设置, enabled) requires, naming the
 * field; a plant without a setting requires nothing beyond the record's own schema.
 */
export async function requireRecordFields(db: Kysely<DB>, record: RecordKey, body: object): Promise<void> {
  const setting = await repo.defaultSetting(db, 'RECORD', record);
  if (!setting || setting.kind !== 'RECORD') return;
  checkRecordFields(record, setting.content, body);
}

/** The refusal of requireRecordFields for the setting's content (null: no setting). */
function checkRecordFields(record: RecordKey, content: unknown, body: object): void {
  if (!content) return;
  const values = body as Record<string, unknown>;
  const missing = (content as RecordContent).fields.find((f) => f.required === 1 && empty(values[f.key]));
  if (missing) throw new BusinessError(`${recordFieldName(record, missing.key)}为必填项（记录内容设置：${RECORD_KEYS[record]}）`);
}

/**
 * requireRecordFields as a read for another statement of the caller's (a transition's first one, see the
 * cylinder module's FirstRead) and the check of what it read: the same setting, the same refusal.
 */
export function recordFieldsRead(record: RecordKey, body: object): { read: RawBuilder<unknown>; check: (content: unknown) => void } {
  return { read: repo.defaultContent('RECORD', record), check: (content) => checkRecordFields(record, content, body) };
}
