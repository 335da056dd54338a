import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import type { Kysely } from 'kysely';
import { REPORT_KEYS, type ReportKey } from '@shared/api/setting';
import { DATA_SOURCES, fieldKeys, type DataSourceKind } from '@shared/dataSources';
import type { BlobStore } from '../../blobs/blob-store';
import { newStoredPath } from '../../blobs/object-path';
import type { DB } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { BusinessError } from '../../lib/errors';
import { ownFields } from '../dataSource';
import { insertFile, linkFile } from '../file';
import * as repo from './report.repository';
import { checkTemplateFile } from './template-jobs';

/** What each named report is filled from. */
export const REPORT_SOURCE: Record<ReportKey, DataSourceKind> = {
  QUALITY_CERTIFICATE: 'OUTBOUND_ORDER',
  ACCOMPANYING_LIST: 'OUTBOUND_ORDER',
  GRAIN_FORMULA_PACKAGE_GP_PROCESS_RECORD: 'LOT',
};

const DOCX_MIME = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** The contentKeys a template of `source` may name: the built-in ones and the plant's own. */
export async function knownKeys(db: Kysely<DB>, source: DataSourceKind): Promise<Set<string>> {
  const own = await ownFields(db, source);
  return new Set([...fieldKeys(source), ...own.map((o) => o.contentKey)]);
}

/**
 * Refuses a template beyond its bounds or referencing outside content (template-limits.ts, links.ts: read in a
 * worker thread), and one whose placeholders name a field its data source does not have, naming each. A name
 * inside loops is looked up relative to each enclosing loop (`cylinders.code`), then from the top.
 */
export async function checkTemplate(db: Kysely<DB>, bytes: Buffer, source: DataSourceKind): Promise<string[]> {
  const placeholders = await checkTemplateFile(bytes);
  const known = await knownKeys(db, source);
  const unknown: string[] = [];
  for (const { name, loops } of placeholders) {
    const candidates = [name];
    for (let i = loops.length; i > 0; i--) candidates.unshift(`${loops.slice(0, i).join('.')}.${name}`);
    if (name !== '.' && !candidates.some((c) => known.has(c)) && !unknown.includes(name)) unknown.push(name);
  }
  if (unknown.length) {
    throw new BusinessError(`模板中有数据源「${DATA_SOURCES[source].name}」没有的字段：${unknown.map((p) => `{${p}}`).join('、')}`);
  }
  return [...new Set(placeholders.map((p) => p.name))];
}

/** Reads a stored file whole. */
export async function readBlob(blobs: BlobStore, path: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of blobs.get(path)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Where the shipped templates are: REPORTS_DIR, next to the desktop app, or the repository's resources/reports. */
export function reportsDir(): string | null {
  const here = dirname(fileURLToPath(import.meta.url));
  const candidates = [
    process.env.REPORTS_DIR,
    (process as { resourcesPath?: string }).resourcesPath && join((process as { resourcesPath?: string }).resourcesPath!, 'reports'),
    resolve(process.cwd(), 'resources', 'reports'),
    // src/server/modules/report in development, out/server when built.
    resolve(here, '..', '..', '..', '..', 'resources', 'reports'),
    resolve(here, '..', '..', 'resources', 'reports'),
  ].filter((d): d is string => !!d);
  return candidates.find((d) => existsSync(join(d, 'QUALITY_CERTIFICATE.docx'))) ?? null;
}

/**
 * At first start, each named report without any template gets the shipped one (resources/reports/<key>.docx)
 * as its enabled default REPORT setting. Two servers starting together: the second's insert meets the
 * unique default and is dropped with its file row (one transaction), the stored copy left unreferenced.
 */
export async function installDefaultTemplates(db: Kysely<DB>, blobs: BlobStore): Promise<string[]> {
  const dir = reportsDir();
  if (!dir) return [];
  const have = await repo.keysWithTemplates(db);
  const installed: string[] = [];
  for (const key of Object.keys(REPORT_KEYS) as ReportKey[]) {
    if (have.has(key)) continue;
    const file = join(dir, `${key}.docx`);
    if (!existsSync(file)) continue;
    const bytes = await readFile(file);
    const fileName = `${REPORT_KEYS[key]}.docx`;
    const path = newStoredPath(fileName);
    const stored = await blobs.put(path, Readable.from([bytes]), { maxBytes: 50 * 1024 * 1024 });
    try {
      await inTransaction(db, async (trx) => {
        await repo.lockDefaultTemplates(trx);
        if ((await repo.keysWithTemplates(trx)).has(key)) throw new AlreadyInstalled();
        const fileId = await insertFile(trx, { path, originalName: fileName, size: stored.size, mime: DOCX_MIME, sha256: stored.sha256, uploadedBy: null });
        await linkFile(trx, fileId, 'reportTemplate');
        await repo.insertDefaultTemplate(trx, { key, name: REPORT_KEYS[key], dataSource: REPORT_SOURCE[key], content: { fileId, fileName } });
      });
      installed.push(key);
    } catch (err) {
      await blobs.delete(path);
      if (!(err instanceof AlreadyInstalled)) throw err;
    }
  }
  return installed;
}

class AlreadyInstalled extends Error {}
