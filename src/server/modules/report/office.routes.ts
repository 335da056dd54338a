import { createHmac, timingSafeEqual } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { ResultCode } from '@shared/api/envelope';
import { NO_OFFICE_MESSAGE, OFFICE, type OfficeCallbackAnswer } from '@shared/api/office';
import { route } from '../../lib/endpoint';
import { BusinessError, MSG } from '../../lib/errors';
import { inTransaction } from '../../db/transaction';
import { attachmentDisposition, saveUpload, storedPath } from '../file';
import { findTemplate, replaceTemplateFile } from './report.repository';
import { checkTemplateFile } from './template-jobs';
import { readBlob } from './templates';

/** The plant's document server (ONLYOFFICE_URL, e.g. http://office.plant.local); absent → templates are edited in an office suite. */
export const officeUrl = (): string | null => process.env.ONLYOFFICE_URL?.trim().replace(/\/$/, '') || null;

const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

/** Whether `url` is an address on `host`'s origin (a URL that does not parse is not). */
function sameOrigin(url: string, host: string): boolean {
  try {
    return new URL(url).origin === new URL(host).origin;
  } catch {
    return false;
  }
}

/**
 * The in-place editor (SPEC section 3 and 7): the config a document server opens a template with, the signed
 * link it reads the file from, and its save callback, which stores the edited file as a new version.
 */
export const officeRoutes: FastifyPluginAsync = async (app) => {
  const sign = (id: number) => createHmac('sha256', app.config.accessTokenSecret).update(`only-office:${id}`).digest('hex');
  const verify = (id: number, token: string) => {
    const want = Buffer.from(sign(id));
    const got = Buffer.from(token);
    return want.length === got.length && timingSafeEqual(want, got);
  };
  const template = async (id: number) => {
    const row = await findTemplate(app.db, id);
    if (!row) throw new BusinessError(`报表模板不存在：${id}`);
    return row;
  };

  route(app, OFFICE.host, async () => ({ host: officeUrl(), message: officeUrl() ? null : NO_OFFICE_MESSAGE }));

  route(app, OFFICE.config, async (request) => {
    const host = officeUrl();
    if (!host) return null;
    const t = await template(request.query.documentId);
    const q = `id=${t.id}&token=${sign(t.id)}`;
    return {
      document: { fileType: 'docx', key: `${t.id}-${t.version}`, title: t.content.fileName, url: `${originOf(request)}${OFFICE.file.path}?${q}` },
      documentType: 'word',
      editorConfig: { callbackUrl: `${originOf(request)}${OFFICE.upload.path}?${q}`, mode: request.query.isEdit === 0 ? 'view' : 'edit', lang: 'zh-CN' },
    };
  });

  route(app, OFFICE.file, async (request, reply) => {
    if (!officeUrl() || !verify(request.query.id, request.query.token)) throw new BusinessError('链接无效');
    const t = await template(request.query.id);
    const path = await storedPath(app.db, t.content.fileId);
    if (!path) throw new BusinessError('模板文件不存在');
    return reply.header('content-type', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document')
      .header('content-disposition', attachmentDisposition(t.content.fileName)).send(await readBlob(app.blobs, path));
  });

  // The document server's callback: status 2 (ready to save) or 6 (force save) carries the edited file's URL.
  // ONLYOFFICE's protocol needs `error` in the answer (0: saved; anything else makes the editor tell its user the
  // file could not be saved): it is answered in the envelope with `error` beside code, msg and data.
  route(app, OFFICE.upload, async (request, reply) => {
    const answer = (msg: string | null) => {
      request.resultCode = msg ? ResultCode.FAIL : ResultCode.OK;
      return reply.send({ code: request.resultCode, msg: msg ?? MSG.OK, data: null, error: msg ? 1 : 0 } satisfies OfficeCallbackAnswer);
    };
    const host = officeUrl();
    if (!host || !verify(request.query.id, request.query.token)) return answer('链接无效');
    const { status, url } = request.body;
    if ((status === 2 || status === 6) && url) {
      // Only from the configured document server: the callback never makes this server fetch elsewhere.
      if (!sameOrigin(url, host)) return answer('文件地址不是配置的在线文档服务（ONLYOFFICE_URL）');
      const fetched = await fetch(url).catch(() => null);
      if (!fetched?.ok) return answer('无法从在线文档服务取回编辑后的文件');
      const bytes = Buffer.from(await fetched.arrayBuffer());
      // An edited template meets the bounds and link rules of an uploaded one; the editor then reports the save failed.
      const refused = await checkTemplateFile(bytes).then(() => null, (error: unknown) => {
        if (error instanceof BusinessError) return error;
        throw error;
      });
      if (refused) {
        request.log.warn({ id: request.query.id, reason: refused.message }, 'Edited report template refused');
        return answer(refused.message);
      }
      const t = await template(request.query.id);
      const saved = await saveUpload(app.db, app.blobs, { source: Readable.from([bytes]), filename: t.content.fileName, maxBytes: 50 * 1024 * 1024, userId: null, link: 'reportTemplate' });
      await inTransaction(app.db, (trx) => replaceTemplateFile(trx, t.id, { fileId: saved.id, fileName: t.content.fileName }));
    }
    return answer(null);
  });
};
