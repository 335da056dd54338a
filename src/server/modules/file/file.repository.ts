import { sql, type Kysely, type Transaction } from 'kysely';
import { fileDownloadUrl, type FileLinkKind, type FileRow, type SharedFileRow } from '@shared/api/file';
import type { PageResult } from '@shared/api/schema';
import type { DB } from '../../db/schema';
import { pageWindow } from '../../lib/paging';

type Db = Kysely<DB>;

export interface NewFile {
  path: string;
  originalName: string;
  size: number;
  mime: string;
  sha256: string;
  uploadedBy: number | null;
}

export interface FileRecord {
  id: number;
  path: string;
  originalName: string;
  size: number;
  mime: string;
  uploadedBy: number | null;
  /** What the file is attached to. */
  kinds: string[];
}

export async function insertFile(trx: Transaction<DB>, f: NewFile): Promise<number> {
  const row = await trx
    .insertInto('files')
    .values({ path: f.path, original_name: f.originalName, size: f.size, mime: f.mime, sha256: f.sha256, uploaded_by: f.uploadedBy })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function linkFile(trx: Transaction<DB>, fileId: number, kind: FileLinkKind, recordId: number | null = null): Promise<void> {
  await trx.insertInto('file_links').values({ file_id: fileId, kind, record_id: recordId }).execute();
}

/** Where file `id` is kept (its path in the store), or undefined when there is no such file. */
export async function storedPath(db: Db, id: number): Promise<string | undefined> {
  return (await db.selectFrom('files').select('path').where('id', '=', id).executeTakeFirst())?.path;
}

export async function findByPath(db: Db, path: string): Promise<FileRecord | undefined> {
  const row = await db
    .selectFrom('files as f')
    .select((eb) => [
      'f.id', 'f.path', 'f.original_name', 'f.size', 'f.mime', 'f.uploaded_by',
      eb.fn.coalesce(
        eb.selectFrom('file_links as l').select(sql<string[]>`array_agg(distinct l.kind)`.as('k')).whereRef('l.file_id', '=', 'f.id'),
        sql<string[]>`'{}'::text[]`,
      ).as('kinds'),
    ])
    .where('f.path', '=', path)
    .executeTakeFirst();
  return row && {
    id: row.id, path: row.path, originalName: row.original_name, size: Number(row.size), mime: row.mime, uploadedBy: row.uploaded_by, kinds: row.kinds,
  };
}

const fileColumns = [
  'f.id', 'f.path', 'f.original_name', 'f.size', 'f.mime',
  sql<string>`to_char(f.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`.as('createdAt'),
] as const;

const toRow = (r: { id: number; path: string; original_name: string; size: number; mime: string; createdAt: string }): FileRow => ({
  id: r.id, path: r.path, name: r.original_name, size: Number(r.size), mime: r.mime, createdAt: r.createdAt, url: fileDownloadUrl(r.path),
});

/** The files one person uploaded, newest first (index files_uploaded_by_created_idx). */
export async function pageByUploader(db: Db, userId: number, page: number, size: number): Promise<PageResult<FileRow>> {
  const base = db.selectFrom('files as f').where('f.uploaded_by', '=', userId);
  const { limit, offset } = pageWindow({ page, size });
  const [{ total }, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    base.select([...fileColumns]).orderBy('f.created_at', 'desc').orderBy('f.id', 'desc').limit(limit).offset(offset).execute(),
  ]);
  return { total: Number(total), list: rows.map(toRow) };
}

/** The shared documents, newest first (index file_links_kind_record_idx); a file is shared once, at upload. */
export async function pageShared(db: Db, userId: number, mayDeleteAny: boolean, page: number, size: number): Promise<PageResult<SharedFileRow>> {
  const base = db.selectFrom('file_links as l').innerJoin('files as f', 'f.id', 'l.file_id').where('l.kind', '=', 'shared');
  const { limit, offset } = pageWindow({ page, size });
  const [{ total }, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    base.leftJoin('users as u', 'u.id', 'f.uploaded_by')
      .select([...fileColumns, 'u.name as uploadedBy', 'f.uploaded_by'])
      .orderBy('l.created_at', 'desc').orderBy('f.id', 'desc').limit(limit).offset(offset).execute(),
  ]);
  return {
    total: Number(total),
    list: rows.map((r) => ({ ...toRow(r), uploadedBy: r.uploadedBy, canDelete: mayDeleteAny || r.uploaded_by === userId })),
  };
}

/** A shared document's file, locked for its removal. */
export function lockSharedFile(trx: Transaction<DB>, id: number) {
  return trx.selectFrom('files as f').innerJoin('file_links as l', 'l.file_id', 'f.id')
    .select(['f.id', 'f.path', 'f.original_name as name', 'f.uploaded_by as uploadedBy'])
    .where('f.id', '=', id).where('l.kind', '=', 'shared').forUpdate('f').executeTakeFirst();
}

/** Removes the shared link; the file row goes too when nothing else refers to it (answers whether it went). */
export async function unshare(trx: Transaction<DB>, id: number): Promise<boolean> {
  await trx.deleteFrom('file_links').where('file_id', '=', id).where('kind', '=', 'shared').execute();
  const other = await trx.selectFrom('file_links').select('id').where('file_id', '=', id).executeTakeFirst();
  if (other) return false;
  await trx.deleteFrom('files').where('id', '=', id).execute();
  return true;
}
