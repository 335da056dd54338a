import { PassThrough } from 'node:stream';
import type { FastifyReply } from 'fastify';
import ExcelJS from 'exceljs';
import { EXAMPLE_MARK, type SheetColumn } from './columns';

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

/**
 * An import template: the header row, one example row and a 说明 sheet with each column's rule. The example
 * row is marked (its first cell starts with 示例：, grey italic) and readSheet never imports a marked row.
 */
export async function templateBuffer(sheetName: string, columns: SheetColumn[], example: Record<string, string | number>): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName);
  header(sheet, columns);
  const first = columns[0]!.key;
  const text = String(example[first] ?? '');
  const row = sheet.addRow({ ...example, [first]: text.startsWith(EXAMPLE_MARK) ? text : `${EXAMPLE_MARK}${text}` });
  row.font = { italic: true, color: { argb: 'FF888888' } };
  row.getCell(1).note = '示例行：导入时忽略，可直接在下面填写数据';
  const notes = workbook.addWorksheet('说明');
  notes.columns = [{ header: '列', key: 'header', width: 18 }, { header: '说明', key: 'note', width: 80 }];
  for (const c of columns) notes.addRow({ header: c.header, note: c.note ?? '' });
  notes.addRow({ header: '', note: `第一列以“${EXAMPLE_MARK}”开头的行是示例，导入时忽略；任何一行有误时整批不导入，并列出每个错误行的行号和原因。` });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A whole sheet built in memory, then sent: any failure happens before the first byte (an envelope, not a cut file). */
export async function sendXlsxRows<T extends Record<string, unknown>>(
  reply: FastifyReply, filename: string, sheetName: string, columns: SheetColumn[], rows: T[],
): Promise<FastifyReply> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName);
  header(sheet, columns);
  sheet.addRows(rows);
  return sendXlsxBuffer(reply, filename, Buffer.from(await workbook.xlsx.writeBuffer()));
}

/**
 * Streams a one-sheet workbook to the reply: rows come in batches and are committed as they are
 * written, so a large export never holds the whole file in memory. The first batch is read before any
 * header is sent, so a query that fails at all fails as an envelope.
 */
export async function sendXlsxStream<T extends Record<string, unknown>>(
  reply: FastifyReply, filename: string, sheetName: string, columns: SheetColumn[], batches: AsyncIterable<T[]>,
): Promise<FastifyReply> {
  const iterator = batches[Symbol.asyncIterator]();
  const first = await iterator.next();
  const rest = { [Symbol.asyncIterator]: () => iterator };
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(sheetName);
  header(sheet, columns);
  void (async () => {
    try {
      if (!first.done) for (const row of first.value) sheet.addRow(row).commit();
      if (!first.done) for await (const batch of rest) for (const row of batch) sheet.addRow(row).commit();
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
