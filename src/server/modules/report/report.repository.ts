import { sql, type Kysely, type Transaction } from 'kysely';
import type { ReportContent, ReportKey } from '@shared/api/setting';
import type { DB } from '../../db/schema';

type Db = Kysely<DB> | Transaction<DB>;

/** The report keys that have at least one template (REPORT setting). */
export async function keysWithTemplates(db: Db): Promise<Set<string>> {
  return new Set((await db.selectFrom('settings').select('setting_key').where('kind', '=', 'REPORT').execute()).map((r) => r.setting_key));
}

/** Serialises the install of the shipped templates across servers starting together (until the transaction ends). */
export async function lockDefaultTemplates(trx: Transaction<DB>): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext('report-default-templates'))`.execute(trx);
}

export interface DefaultTemplate {
  key: ReportKey;
  name: string;
  dataSource: string;
  content: ReportContent;
}

/** The shipped template of a report, enabled and its default. */
export async function insertDefaultTemplate(trx: Transaction<DB>, t: DefaultTemplate): Promise<void> {
  await trx.insertInto('settings').values({
    kind: 'REPORT', setting_key: t.key, name: t.name, data_source: t.dataSource, enabled: 1, is_default: 1,
    content: JSON.stringify(t.content), remark: '系统默认模板', created_by: '系统', updated_by: '系统',
  }).execute();
}

/** Report template `id` (a REPORT setting) as the in-place editor opens it; undefined when there is none. */
export async function findTemplate(db: Db, id: number): Promise<{ id: number; name: string; version: number; content: ReportContent } | undefined> {
  const row = await db.selectFrom('settings').select(['id', 'name', 'version', 'content']).where('id', '=', id).where('kind', '=', 'REPORT').executeTakeFirst();
  return row && { ...row, content: row.content as ReportContent };
}

/** The edited file becomes the template's content: a new version, saved by the in-place editor. */
export async function replaceTemplateFile(trx: Transaction<DB>, id: number, content: ReportContent): Promise<void> {
  await trx.updateTable('settings').set({
    content: JSON.stringify(content), version: sql`version + 1`, updated_at: sql`now()`, updated_by: '在线编辑',
  }).where('id', '=', id).execute();
}
