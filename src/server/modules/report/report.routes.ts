import { Readable } from 'node:stream';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { DOCUMENT } from '@shared/api/document';
import { REPORT } from '@shared/api/report';
import { DEFAULT_UPLOAD_MAX_BYTES } from '../../config';
import { operatorOf, requirePermission } from '../../lib/access';
import { route } from '../../lib/endpoint';
import { BusinessError } from '../../lib/errors';
import { saveUpload, tooLargeMessage } from '../file';
import { conversionMode, stopConverters } from './convert';
import { officeRoutes } from './office.routes';
import { printReport, subjectOf } from './report.service';
import { sendPrinted } from './send.routes';
import { isolation } from './sandbox';
import { checkTemplate, installDefaultTemplates } from './templates';

const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

/** Printing reports, report template files and the in-place editor (src/shared/api/report.ts, document.ts, office.ts). */
export const reportRoutes: FastifyPluginAsync = async (app) => {
  const maxBytes = app.config.uploadMaxBytes ?? DEFAULT_UPLOAD_MAX_BYTES;
  await app.register(multipart, { limits: { fileSize: maxBytes, files: 1, fields: 10, parts: 12 }, throwFileSizeLimit: false });

  // The shipped templates become the default REPORT settings at first start; a failure (the database not
  // there yet) is logged and tried again at the next start.
  app.addHook('onReady', async () => {
    try {
      const installed = await installDefaultTemplates(app.db, app.blobs);
      if (installed.length) app.log.info({ installed }, 'Default report templates installed');
    } catch (err) {
      app.log.warn({ err }, 'Default report templates were not installed; tried again at the next start');
    }
    const { prefix, description } = await isolation();
    if (prefix.length) app.log.info(`LibreOffice conversions: ${description}`);
    else app.log.warn(`LibreOffice conversions: ${description}; outside references are still stripped before each conversion`);
    app.log.info(`LibreOffice conversions: ${conversionMode()}`);
  });
  // The warm converters end with the server: no LibreOffice is left running after app.close().
  app.addHook('onClose', async () => { await stopConverters(); });

  route(app, REPORT.print, async (request, reply) => {
    const subject = subjectOf(request.body);
    await requirePermission(request, subject.kind === 'OUTBOUND_ORDER' ? 'outbound:print' : 'product:view');
    return sendPrinted(reply, await printReport(app.db, app.blobs, request.body, originOf(request)));
  });

  route(app, DOCUMENT.upSysFile, async (request) => {
    if (!request.isMultipart()) throw new BusinessError('请选择要上传的文件');
    const part = await request.file();
    if (!part) throw new BusinessError('请选择要上传的文件');
    request.body = { file: part.filename };
    if (!/\.docx$/i.test(part.filename)) throw new BusinessError('报表模板须为 Word 文档（.docx）');
    const bytes = await part.toBuffer().catch(() => null);
    if (!bytes || part.file.truncated) throw new BusinessError(tooLargeMessage(maxBytes));
    const placeholders = await checkTemplate(app.db, bytes, request.query.dataSource ?? 'OUTBOUND_ORDER');
    const saved = await saveUpload(app.db, app.blobs, { source: Readable.from([bytes]), filename: part.filename, maxBytes, userId: operatorOf(request).operatorId, link: 'reportTemplate' });
    request.body = { file: saved.name, path: saved.path, size: saved.size };
    return { ...saved, placeholders };
  });

  await app.register(officeRoutes);
};
