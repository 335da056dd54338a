import { PassThrough } from 'node:stream';
import type { FastifyReply } from 'fastify';
import ExcelJS from 'exceljs';
import type { SheetColumn } from './columns';

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** RFC 6266 attachment header with a UTF-8 (Chinese) file name and an ASCII fallback. */
export function xlsxDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

function header(sheet: ExcelJS.Worksheet, columns: SheetColumn[]) {
  sheet.columns = columns.map((c) => ({ header: c.header, key: c.key, width: c.width ?? Math.max(12, c.header.length * 2 + 4) }));
  sheet.getRow(1).font = { bold: true };
}

/** An import template: the header row, one example row and a 说明 sheet with each column's rule. */
export async function templateBuffer(sheetName: string, columns: SheetColumn[], example: Record<string, string | number>): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName);
  header(sheet, columns);
  sheet.addRow(example);
  const notes = workbook.addWorksheet('说明');
  notes.columns = [{ header: '列', key: 'header', width: 18 }, { header: '说明', key: 'note', width: 80 }];
  for (const c of columns) notes.addRow({ header: c.header, note: c.note ?? '' });
  notes.addRow({ header: '', note: '示例行请删除或替换；任何一行有误时整批不导入，并列出每个错误行的行号和原因。' });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/**
 * Streams a one-sheet workbook to the reply: rows come in batches and are committed as they are
 * written, so a large export never holds the whole file in memory.
 */
export function sendXlsxStream<T extends Record<string, unknown>>(
  reply: FastifyReply, filename: string, sheetName: string, columns: SheetColumn[], batches: AsyncIterable<T[]>,
): FastifyReply {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(sheetName);
  header(sheet, columns);
  void (async () => {
    try {
      for await (const batch of batches) for (const row of batch) sheet.addRow(row).commit();
      sheet.commit();
      await workbook.commit();
    } catch (error) {
      out.destroy(error as Error);
    }
  })();
  return reply.header('content-type', XLSX_MIME).header('content-disposition', xlsxDisposition(filename)).send(out);
}

export function sendXlsxBuffer(reply: FastifyReply, filename: string, buffer: Buffer): FastifyReply {
  return reply.header('content-type', XLSX_MIME).header('content-disposition', xlsxDisposition(filename)).send(buffer);
}
