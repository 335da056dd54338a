import { join } from 'node:path';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import multipart from '@fastify/multipart';
import { Page } from '@shared/api/envelope';
import { FILE_DOWNLOAD_PATH, FileDownloadQuery, FileListQuery, FileRow, UploadedFile } from '@shared/api/file';
import { DEFAULT_UPLOAD_MAX_BYTES } from '../../config';
import { ok } from '../../lib/envelope';
import { BusinessError } from '../../lib/errors';
import { okResponse } from '../../lib/route-schema';
import { LocalDiskStorage } from '../../storage/local-disk';
import type { FileStorage } from '../../storage/storage';
import { attachmentDisposition } from './content';
import { fileToServe, saveUpload } from './file.service';
import { pageByUploader } from './file.repository';

const tags = ['file'];
const MSG_NO_FILE = '请选择要上传的文件';

export interface FileRoutesOptions {
  /** Defaults to the local disk under DATA_DIR/files. */
  storage?: FileStorage;
}

/**
 * Uploads, the uploader's own list and downloads (SPEC section 7, Files). Downloads need a signed-in
 * caller's Authorization header: the renderer fetches files as blobs through its HTTP client (which also
 * refreshes the token), so no credential ever travels in a URL, a log line or the browser history.
 */
export const fileRoutes: FastifyPluginAsync<FileRoutesOptions> = async (fastify, opts) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const storage = opts.storage ?? new LocalDiskStorage(join(app.config.dataDir, 'files'));
  const maxBytes = app.config.uploadMaxBytes ?? DEFAULT_UPLOAD_MAX_BYTES;
  // One file per request; the limit makes busboy stop reading, the storage checks the size again.
  await app.register(multipart, { limits: { fileSize: maxBytes, files: 1, fields: 10, parts: 12 }, throwFileSizeLimit: false });

  async function receive(request: FastifyRequest): Promise<UploadedFile> {
    if (!request.isMultipart()) throw new BusinessError(MSG_NO_FILE);
    const part = await request.file();
    if (!part) throw new BusinessError(MSG_NO_FILE);
    // The operation log records which file was sent (never its bytes).
    request.body = { file: part.filename };
    const saved = await saveUpload(app.db, storage, { source: part.file, filename: part.filename, maxBytes, userId: request.auth!.userId });
    request.body = { file: saved.name, path: saved.path, size: saved.size };
    return saved;
  }

  app.post('/api/file/upload', {
    config: { permission: 'file:upload' },
    schema: { tags, summary: '上传附件（multipart，字段 file）', consumes: ['multipart/form-data'], response: okResponse(UploadedFile) },
  }, async (request) => ok(await receive(request)));

  app.post('/api/document/upSysFile', {
    config: { permission: 'report:upload' },
    schema: { tags, summary: '上传报表模板文件（multipart，字段 file）', consumes: ['multipart/form-data'], response: okResponse(UploadedFile) },
  }, async (request) => ok(await receive(request)));

  app.get('/api/file/listMine', {
    config: { permission: 'authenticated' },
    schema: { tags, summary: '我上传的文件', querystring: FileListQuery, response: okResponse(Page(FileRow)) },
  }, async (request) => ok(await pageByUploader(app.db, request.auth!.userId, request.query.page ?? 1, request.query.size ?? 15)));

  app.get(FILE_DOWNLOAD_PATH, {
    config: { permission: 'authenticated' },
    schema: { tags, summary: '下载文件', querystring: FileDownloadQuery },
  }, async (request, reply) => {
    const file = await fileToServe(app.db, storage, request.query.path);
    // A preview (inline) names no file: the client saves every response that names one.
    const disposition = request.query.inline === '1' ? 'inline' : attachmentDisposition(file.originalName);
    return reply
      .header('content-type', file.mime)
      .header('content-length', file.size)
      .header('content-disposition', disposition)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('cache-control', 'private, no-cache')
      .send(storage.get(file.path));
  });
};
