import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import bwipjs from 'bwip-js/node';
import type { Kysely } from 'kysely';
import type { PrintReportBody } from '@shared/api/report';
import { REPORT_KEYS, type ReportContent } from '@shared/api/setting';
import { DATA_SOURCES, isDataSourceKind } from '@shared/dataSources';
import type { BlobStore } from '../../blobs/blob-store';
import type { DB } from '../../db/schema';
import { BusinessError } from '../../lib/errors';
import { cylinderData, lotData, orderData } from '../dataSource';
import { storedPath } from '../file';
import { settingFor } from '../setting';
import { docxToPdf, NoConverterError } from './convert';
import { fillTemplate } from './template-jobs';
import { readBlob, reportsDir } from './templates';

export const NO_SOFFICE_MESSAGE = '服务器未安装 LibreOffice（soffice），无法生成 PDF：已返回填好数据的 Word 文档（.docx），请用 Word 或 WPS 打开打印；安装方法见 README「Documents」';

/** Said with a document printed from a template stored before its links were refused at upload. */
const strippedMessage = (stripped: string[]) =>
  `模板引用了文档以外的内容，打印时已去除（${[...new Set(stripped)].slice(0, 3).join('；')}）：请在「报表模板」中修改后重新上传`;

/** A printed document: the PDF, or the filled .docx with why there is no PDF. */
export interface PrintedDocument {
  fileName: string;
  mime: string;
  bytes: Buffer;
  message: string | null;
}

const reportName = (key: string) => (Object.hasOwn(REPORT_KEYS, key) ? REPORT_KEYS[key as keyof typeof REPORT_KEYS] : key);

/** The subject a print names (exactly one), and its title part. */
export function subjectOf(body: PrintReportBody): { kind: 'OUTBOUND_ORDER'; orderId: number } | { kind: 'LOT'; lotNo: string } | { kind: 'CYLINDER'; code: string } {
  const named = [body.orderId !== undefined, body.lotNo !== undefined, body.code !== undefined].filter(Boolean).length;
  if (named !== 1) throw new BusinessError('参数错误：出库单、充装批号、气瓶编码须且只能指定一个');
  if (body.orderId !== undefined) return { kind: 'OUTBOUND_ORDER', orderId: body.orderId };
  if (body.lotNo !== undefined) return { kind: 'LOT', lotNo: body.lotNo.trim() };
  return { kind: 'CYLINDER', code: body.code!.trim() };
}

/** Every cylinder of the data (`qrUrl`) gets its QR code as a PNG data URL (`qrImage`, a template's `{%qrImage}`). */
async function addQrImages(data: object): Promise<void> {
  const cylinders: Array<{ qrUrl: string; qrImage?: string | null }> = [];
  const walk = (v: unknown) => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') {
      if (typeof (v as { qrUrl?: unknown }).qrUrl === 'string') cylinders.push(v as { qrUrl: string });
      else Object.values(v).forEach(walk);
    }
  };
  walk(data);
  for (const c of cylinders) {
    c.qrImage = c.qrUrl ? `data:image/png;base64,${Buffer.from(await bwipjs.toBuffer({ bcid: 'qrcode', text: c.qrUrl, scale: 3 })).toString('base64')}` : null;
  }
}

/** The .docx of template `fileId`. */
async function templateBytes(db: Kysely<DB>, blobs: BlobStore, content: ReportContent): Promise<Buffer> {
  const path = await storedPath(db, content.fileId);
  if (!path || !(await blobs.stat(path))) throw new BusinessError(`模板文件不存在：${content.fileName}，请重新上传`);
  return readBlob(blobs, path);
}

/**
 * Fills the default template of the report with the subject's data and converts it to PDF; where LibreOffice
 * is missing answers the .docx saying why. A template of another data source than the subject is refused.
 */
export async function printReport(db: Kysely<DB>, blobs: BlobStore, body: PrintReportBody, origin?: string): Promise<PrintedDocument> {
  const subject = subjectOf(body);
  const setting = await settingFor(db, 'REPORT', body.reportKey);
  if (!setting || setting.kind !== 'REPORT') throw new BusinessError(`没有可用的报表模板：${reportName(body.reportKey)}，请在「报表模板」中上传并启用`);
  if (!isDataSourceKind(setting.dataSource) || setting.dataSource !== subject.kind) {
    const want = isDataSourceKind(setting.dataSource) ? DATA_SOURCES[setting.dataSource].subject : setting.dataSource;
    throw new BusinessError(`报表「${setting.name}」按${want}打印，请指定${want}`);
  }
  const [template, data] = await Promise.all([
    templateBytes(db, blobs, setting.content),
    subject.kind === 'OUTBOUND_ORDER' ? orderData(db, blobs, subject.orderId, origin)
      : subject.kind === 'LOT' ? lotData(db, blobs, subject.lotNo, origin)
        : cylinderData(db, blobs, subject.code, origin),
  ]);
  await addQrImages(data);
  const { docx, stripped } = await fillTemplate(template, data);
  const title = `${reportName(body.reportKey)}`;
  try {
    const pdf = await docxToPdf(docx);
    return { fileName: `${title}.pdf`, mime: 'application/pdf', bytes: pdf, message: stripped.length ? strippedMessage(stripped) : null };
  } catch (err) {
    if (!(err instanceof NoConverterError)) throw err;
    return { fileName: `${title}.docx`, mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', bytes: docx, message: NO_SOFFICE_MESSAGE };
  }
}

/**
 * A shipped template (resources/reports/<name>.docx, scripts/report-templates/build.ts) filled with `data` and converted
 * to PDF, or the filled .docx where LibreOffice is missing: documents another module prints on its own subject (签收单).
 */
export async function printShipped(name: string, title: string, data: object): Promise<PrintedDocument> {
  const dir = reportsDir();
  if (!dir || !existsSync(join(dir, `${name}.docx`))) throw new BusinessError(`缺少默认模板：${title}（${name}.docx）`);
  const { docx, stripped } = await fillTemplate(await readFile(join(dir, `${name}.docx`)), data);
  try {
    const pdf = await docxToPdf(docx);
    return { fileName: `${title}.pdf`, mime: 'application/pdf', bytes: pdf, message: stripped.length ? strippedMessage(stripped) : null };
  } catch (err) {
    if (!(err instanceof NoConverterError)) throw err;
    return { fileName: `${title}.docx`, mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', bytes: docx, message: NO_SOFFICE_MESSAGE };
  }
}
