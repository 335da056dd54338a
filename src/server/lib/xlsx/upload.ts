import type { FastifyRequest } from 'fastify';
import { BusinessError } from '../errors';

/** Spreadsheets are small; 10 MB is far above fifty thousand rows. */
export const XLSX_MAX_BYTES = 10 * 1024 * 1024;

/**
 * The uploaded .xlsx (multipart field `file`) as bytes. The caller's scope must have registered
 * @fastify/multipart.
 */
export async function receiveXlsx(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new BusinessError('请选择要导入的 .xlsx 文件');
  const part = await request.file({ limits: { fileSize: XLSX_MAX_BYTES, files: 1 } });
  if (!part) throw new BusinessError('请选择要导入的 .xlsx 文件');
  if (!/\.xlsx$/i.test(part.filename)) throw new BusinessError(`只支持 .xlsx 文件：${part.filename}`);
  const buffer = await part.toBuffer().catch(() => {
    throw new BusinessError('文件超过 10M，请分批导入');
  });
  // The operation log records which file was imported, never its bytes.
  request.body = { file: part.filename, size: buffer.length };
  return buffer;
}
