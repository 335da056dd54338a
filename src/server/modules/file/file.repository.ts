import { sql, type Kysely, type Transaction } from 'kysely';
import type { PageResult } from '@shared/api/envelope';
import { fileDownloadUrl, type FileRow } from '@shared/api/file';
import type { DB } from '../../db/schema';

type Db = Kysely<DB> | Transaction<DB>;

export interface NewFile {
  path: string;
  originalName: string;
  size: number;
  mime: string;
  sha256: string;
  uploadedBy: number;
}

export interface FileRecord {
  path: string;
  originalName: string;
  size: number;
  mime: string;
}

export async function insertFile(db: Db, f: NewFile): Promise<number> {
  const row = await db
    .insertInto('files')
    .values({ path: f.path, original_name: f.originalName, size: f.size, mime: f.mime, sha256: f.sha256, uploaded_by: f.uploadedBy })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function findByPath(db: Db, path: string): Promise<FileRecord | undefined> {
  const row = await db
    .selectFrom('files')
    .select(['path', 'original_name', 'size', 'mime'])
    .where('path', '=', path)
    .executeTakeFirst();
  return row && { path: row.path, originalName: row.original_name, size: Number(row.size), mime: row.mime };
}

/** The files one person uploaded, newest first (index files_uploaded_by_created_idx). */
export async function pageByUploader(db: Db, userId: number, page: number, size: number): Promise<PageResult<FileRow>> {
  const base = db.selectFrom('files').where('uploaded_by', '=', userId);
  const [{ total }] = await base.select((eb) => eb.fn.countAll<string>().as('total')).execute();
  const rows = await base
    .select([
      'id', 'path', 'original_name', 'size', 'mime',
      sql<string>`to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`.as('createdAt'),
    ])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(size)
    .offset((page - 1) * size)
    .execute();
  return {
    total: Number(total),
    list: rows.map((r) => ({
      id: r.id, path: r.path, name: r.original_name, size: Number(r.size), mime: r.mime, createdAt: r.createdAt,
      url: fileDownloadUrl(r.path),
    })),
  };
}
