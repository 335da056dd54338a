import type { FastifyPluginAsync } from 'fastify';
import multipart from '@fastify/multipart';
import { COMPANY } from '@shared/api/company';
import { operatorOf } from '../../lib/access';
import { route } from '../../lib/endpoint';
import { BusinessError } from '../../lib/errors';
import * as company from './company.service';

const MSG_NO_FILE = '请选择要上传的文件';

/** COMPANY routes (src/shared/api/company.ts); screen /Setting/enterpriseInfo. */
export const companyRoutes: FastifyPluginAsync = async (app) => {
  // The file module's store, so the logo downloads through /objectStorage/file/download.
  const storage = app.blobs;
  // One small image per request: busboy stops reading past the limit (the part is then marked truncated).
  await app.register(multipart, { limits: { fileSize: company.LOGO_MAX_BYTES, files: 1, fields: 10, parts: 12 }, throwFileSizeLimit: false });

  route(app, COMPANY.info, async () => company.companyInfo(app.db));
  route(app, COMPANY.save, async (request) => {
    await company.saveCompany(app.db, request.body);
    return null;
  });
  route(app, COMPANY.uploadLogo, async (request) => {
    if (!request.isMultipart()) throw new BusinessError(MSG_NO_FILE);
    const part = await request.file();
    if (!part) throw new BusinessError(MSG_NO_FILE);
    // The operation log records which file was sent (never its bytes).
    request.body = { file: part.filename };
    const bytes = await part.toBuffer();
    const saved = await company.storeLogo(app.db, storage, { bytes, truncated: part.file.truncated, filename: part.filename, userId: operatorOf(request).operatorId });
    request.body = { file: saved.name, path: saved.path, size: saved.size };
    return saved;
  });
};
