import type { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import { FILE_LINK_ACCESS, fileDownloadUrl, type FileLinkKind, type UploadedFile } from '@shared/api/file';
import type { DB } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { BusinessError } from '../../lib/errors';
import { isStoredPath, newStoredPath } from '../../blobs/object-path';
import type { BlobStore } from '../../blobs/blob-store';
import { userHolds } from '../auth';
import { cleanOriginalName, mimeOf } from './content';
import * as files from './file.repository';

export const tooLargeMessage = (maxBytes: number) => `文件超过大小限制（最大 ${Math.floor(maxBytes / 1024 / 1024)}M）`;
export const MSG_BAD_PATH = '文件路径无效';
export const MSG_NOT_FOUND = '文件不存在';
/** Also for a file the caller may not see: whether it exists is not told. */
export const MSG_NOT_ALLOWED = '文件不存在或无权下载';

/**
 * Stores one upload and records it (with its attachment, when it is shared). The file is written first (it
 * cannot join a database transaction); when the rows cannot be written the file is removed again, so the
 * store never holds an unrecorded file.
 */
export async function saveUpload(
  db: Kysely<DB>,
  storage: BlobStore,
  upload: { source: Readable; filename: string | undefined; maxBytes: number; userId: number | null; link?: FileLinkKind },
): Promise<UploadedFile & { id: number }> {
  const name = cleanOriginalName(upload.filename);
  const path = newStoredPath(name);
  const stored = await storage.put(path, upload.source, { maxBytes: upload.maxBytes });
  if (stored.tooLarge) throw new BusinessError(tooLargeMessage(upload.maxBytes));
  let id = 0;
  try {
    await inTransaction(db, async (trx) => {
      id = await files.insertFile(trx, { path, originalName: name, size: stored.size, mime: mimeOf(name), sha256: stored.sha256, uploadedBy: upload.userId });
      if (upload.link) await files.linkFile(trx, id, upload.link);
    });
  } catch (err) {
    await storage.delete(path);
    throw err;
  }
  return { id, path, name, size: stored.size, url: fileDownloadUrl(path) };
}

/** Whether the user may see a record of one of these kinds. */
async function seesAnyOf(db: Kysely<DB>, userId: number, kinds: string[]): Promise<boolean> {
  for (const kind of kinds) {
    const key = Object.hasOwn(FILE_LINK_ACCESS, kind) ? FILE_LINK_ACCESS[kind as FileLinkKind] : undefined;
    if (key === 'authenticated') return true;
    if (key && (await userHolds(db, userId, key))) return true;
  }
  return false;
}

/**
 * The recorded file behind a download path, for a caller who uploaded it or may see a record it is
 * attached to; refuses anything that is not a stored path we generated.
 */
export async function fileToServe(db: Kysely<DB>, storage: BlobStore, path: string, userId: number): Promise<files.FileRecord> {
  if (!isStoredPath(path)) throw new BusinessError(MSG_BAD_PATH);
  const record = await files.findByPath(db, path);
  if (!record) throw new BusinessError(MSG_NOT_FOUND);
  if (record.uploadedBy !== userId && !(await seesAnyOf(db, userId, record.kinds))) throw new BusinessError(MSG_NOT_ALLOWED);
  if (!(await storage.stat(path))) throw new BusinessError(MSG_NOT_FOUND);
  return record;
}

/** The shared documents, with whether the caller may delete each (the uploader, or a holder of file:delete). */
export async function pageShared(db: Kysely<DB>, userId: number, page: number, size: number) {
  return files.pageShared(db, userId, await userHolds(db, userId, 'file:delete'), page, size);
}

/** Removes a shared document: its uploader may, and so may a holder of file:delete. */
export async function deleteShared(db: Kysely<DB>, storage: BlobStore, id: number, userId: number): Promise<void> {
  const mayDeleteAny = await userHolds(db, userId, 'file:delete');
  const gone = await inTransaction(db, async (trx) => {
    const file = await files.lockSharedFile(trx, id);
    if (!file) throw new BusinessError(`常用文件不存在：${id}`);
    if (file.uploadedBy !== userId && !mayDeleteAny) throw new BusinessError(`只有上传人或管理员可以删除：${file.name}`);
    return (await files.unshare(trx, id)) ? file.path : null;
  });
  // After the commit: a failed removal leaves an unreferenced object, never a row without its file.
  if (gone) await storage.delete(gone);
}
