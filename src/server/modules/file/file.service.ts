import type { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import { fileDownloadUrl, type UploadedFile } from '@shared/api/file';
import type { DB } from '../../db/schema';
import { BusinessError } from '../../lib/errors';
import { isStoredPath, newStoredPath } from '../../storage/object-path';
import type { FileStorage } from '../../storage/storage';
import { cleanOriginalName, mimeOf } from './content';
import * as files from './file.repository';

export const tooLargeMessage = (maxBytes: number) => `文件超过大小限制（最大 ${Math.floor(maxBytes / 1024 / 1024)}M）`;
export const MSG_BAD_PATH = '文件路径无效';
export const MSG_NOT_FOUND = '文件不存在';

/**
 * Stores one upload and records it. The file is written first (it cannot join a database transaction);
 * when the row cannot be written the file is removed again, so the store never holds an unrecorded file.
 */
export async function saveUpload(
  db: Kysely<DB>,
  storage: FileStorage,
  upload: { source: Readable; filename: string | undefined; maxBytes: number; userId: number },
): Promise<UploadedFile> {
  const name = cleanOriginalName(upload.filename);
  const path = newStoredPath(name);
  const stored = await storage.put(path, upload.source, { maxBytes: upload.maxBytes });
  if (stored.tooLarge) throw new BusinessError(tooLargeMessage(upload.maxBytes));
  try {
    await db.transaction().execute((trx) =>
      files.insertFile(trx, { path, originalName: name, size: stored.size, mime: mimeOf(name), sha256: stored.sha256, uploadedBy: upload.userId }),
    );
  } catch (err) {
    await storage.delete(path);
    throw err;
  }
  return { path, name, size: stored.size, url: fileDownloadUrl(path) };
}

/** The recorded file behind a download path; refuses anything that is not a stored path we generated. */
export async function fileToServe(db: Kysely<DB>, storage: FileStorage, path: string): Promise<files.FileRecord> {
  if (!isStoredPath(path)) throw new BusinessError(MSG_BAD_PATH);
  const record = await files.findByPath(db, path);
  if (!record || !(await storage.stat(path))) throw new BusinessError(MSG_NOT_FOUND);
  return record;
}
