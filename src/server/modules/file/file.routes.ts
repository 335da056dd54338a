import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import multipart from '@fastify/multipart';
import { FILE, FILE_DOWNLOAD_PATH, FileDownloadQuery, type FileLinkKind, type UploadedFile } from '@shared/api/file';
import { DEFAULT_UPLOAD_MAX_BYTES } from '../../config';
import { operatorOf } from '../../lib/access';
import { route } from '../../lib/endpoint';
import { BusinessError } from '../../lib/errors';
import type { BlobStore } from '../../blobs';
import { attachmentDisposition } from './content';
import { deleteShared, fileToServe, pageShared, saveUpload } from './file.service';
import { pageByUploader } from './file.repository';

const MSG_NO_FILE = '请选择要上传的文件';

export interface FileRoutesOptions {
  /** Defaults to the app's store (app.blobs). */
  storage?: BlobStore;
}

/**
 * Uploads, lists and downloads (src/shared/api/file.ts). Downloads need a signed-in caller's Authorization
 * header: the renderer fetches files as blobs through its HTTP client (which also refreshes the token), so
 * no credential ever travels in a URL, a log line or the browser history.
 */
export const fileRoutes: FastifyPluginAsync<FileRoutesOptions> = async (fastify, opts) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const storage = opts.storage ?? app.blobs;
  const maxBytes = app.config.uploadMaxBytes ?? DEFAULT_UPLOAD_MAX_BYTES;
  // One file per request; the limit makes busboy stop reading, the storage checks the size again.
  await app.register(multipart, { limits: { fileSize: maxBytes, files: 1, fields: 10, parts: 12 }, throwFileSizeLimit: false });

  async function receive(request: FastifyRequest, link?: FileLinkKind): Promise<UploadedFile> {
    if (!request.isMultipart()) throw new BusinessError(MSG_NO_FILE);
    const part = await request.file();
    if (!part) throw new BusinessError(MSG_NO_FILE);
    // The operation log records which file was sent (never its bytes).
    request.body = { file: part.filename };
    const { id: _id, ...saved } = await saveUpload(app.db, storage, { source: part.file, filename: part.filename, maxBytes, userId: operatorOf(request).operatorId, link });
    request.body = { file: saved.name, path: saved.path, size: saved.size };
    return saved;
  }

  route(app, FILE.upload, async (request) => receive(request, request.query.shared === true ? 'shared' : undefined));
  route(app, FILE.mine, async (request) => pageByUploader(app.db, operatorOf(request).operatorId, request.query.page ?? 1, request.query.size ?? 15));
  route(app, FILE.shared, async (request) => pageShared(app.db, operatorOf(request).operatorId, request.query.page ?? 1, request.query.size ?? 15));
  route(app, FILE.deleteShared, async (request) => {
    await deleteShared(app.db, storage, request.body.id, operatorOf(request).operatorId);
    return null;
  });

  app.get(FILE_DOWNLOAD_PATH, {
    config: { permission: 'authenticated' },
    schema: { tags: ['file'], summary: '下载文件（上传人，或可查看其所附记录的用户）', querystring: FileDownloadQuery },
  }, async (request, reply) => {
    const file = await fileToServe(app.db, storage, request.query.path, operatorOf(request).operatorId);
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
