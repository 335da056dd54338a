import type { ImportRowError } from '@shared/api/schema';
import { BusinessError } from '../errors';
import { importReport } from '../import-report';
import { EXAMPLE_MARK, type SheetColumn } from './columns';
import { CELL_TOO_LONG, dateStyles, parsePart, sharedStrings, workbookParts, XLSX_LIMITS } from './parts';
import { localName, MAX_ATTRIBUTES, MAX_DEPTH, XmlError, XmlLimitError } from './xml';
import { openZip, ZipEntryTooLargeError, ZipError } from './zip';

export { XLSX_LIMITS };

export interface SheetRow<K extends string> {
  /** 1-based row number as the office suite shows it. */
  row: number;
  values: Record<K, string>;
}

/** A column without its own maxLength keeps at most this many characters (the longest text columns). */
export const DEFAULT_MAX_LENGTH = 255;
/** Header cells longer than this match no column. */
const HEADER_CHARS = 256;
/** Kept beyond a column's maxLength, so spaces around a value (trimmed) do not make it too long. */
const SPACE_MARGIN = 64;

const UNREADABLE = '文件无法读取：请上传 .xlsx 格式的电子表格';
export const XML_TOO_DEEP = `文件结构异常（标签嵌套超过 ${MAX_DEPTH} 层），无法导入：请用 Excel 或 WPS 另存为 .xlsx 后再导入`;
export const XML_TOO_MANY_ATTRIBUTES = `文件结构异常（一个标签的属性超过 ${MAX_ATTRIBUTES} 个），无法导入：请用 Excel 或 WPS 另存为 .xlsx 后再导入`;
const pad = (n: number) => String(n).padStart(2, '0');

/** A date as a person typed it: YYYY-MM-DD, with the time only when there is one (spreadsheet dates have no zone). */
function dateText(value: Date): string {
  if (Number.isNaN(value.getTime())) return '';
  const d = `${value.getUTCFullYear()}-${pad(value.getUTCMonth() + 1)}-${pad(value.getUTCDate())}`;
  const hasTime = value.getUTCHours() || value.getUTCMinutes() || value.getUTCSeconds();
  return hasTime ? `${d} ${pad(value.getUTCHours())}:${pad(value.getUTCMinutes())}:${pad(value.getUTCSeconds())}` : d;
}

/** A spreadsheet serial day number as a date (1900 or 1904 date system). */
const serialDate = (serial: number, date1904: boolean) => new Date(Math.round((serial - 25569 + (date1904 ? 1462 : 0)) * 86_400_000));

/** `B7` → 2: the column of a cell reference; 0 when there is none. */
function columnOf(reference: string | undefined): number {
  let column = 0;
  for (const c of reference ?? '') {
    const code = c.charCodeAt(0);
    if (code < 65 || code > 90) break;
    column = column * 26 + code - 64;
    if (column > 16_384) return 0;
  }
  return column;
}

interface SheetContext {
  shared: string[];
  dates: Set<number>;
  date1904: boolean;
}

/** A cell's value as the text a person typed: numbers as written, dates as YYYY-MM-DD, formulas by their result. */
function cellText(type: string, style: number, raw: string, ctx: SheetContext): string {
  switch (type) {
    case 's':
      return (ctx.shared[Number(raw)] ?? '').trim();
    case 'inlineStr':
    case 'str':
      return raw.trim();
    case 'b':
      return raw.trim() === '1' ? 'true' : 'false';
    case 'e':
      return '';
    case 'd':
      return dateText(new Date(raw.trim()));
    default: {
      const text = raw.trim();
      const n = Number(text);
      if (!text || !Number.isFinite(n)) return text;
      return ctx.dates.has(style) ? dateText(serialDate(n, ctx.date1904)) : String(n);
    }
  }
}

/**
 * The first sheet's data rows keyed by column, found by header text in the first row (any column order,
 * extra columns ignored). Rows with no value at all, and the template's example row, are skipped. A missing
 * header or an unreadable file is refused as a whole.
 *
 * The workbook is read as a stream, part by part, and what it may cost is checked while reading (see
 * XLSX_LIMITS): a zip bomb, a sheet with more than `maxRows` data rows or a flood of cells is refused as soon
 * as it shows, and only the columns asked for are kept. A cell longer than its column's maxLength refuses the
 * import, naming its row and column.
 */
export async function readSheet<K extends string>(buffer: Buffer, columns: SheetColumn<K>[], maxRows = 10_000): Promise<SheetRow<K>[]> {
  try {
    return await read(buffer, columns, maxRows);
  } catch (error) {
    if (error instanceof BusinessError) throw error;
    if (error instanceof ZipEntryTooLargeError) {
      throw new BusinessError(`文件内容过大（解压后超过 ${Math.round(error.maxBytes / 1024 / 1024)} MB），请删除模板以外的内容或分批导入`);
    }
    if (error instanceof XmlLimitError) throw new BusinessError(error.limit === 'depth' ? XML_TOO_DEEP : XML_TOO_MANY_ATTRIBUTES);
    if (error instanceof ZipError || error instanceof XmlError) throw new BusinessError(UNREADABLE);
    throw error;
  }
}

async function read<K extends string>(buffer: Buffer, columns: SheetColumn<K>[], maxRows: number): Promise<SheetRow<K>[]> {
  const archive = await openZip(buffer);
  const parts = await workbookParts(archive);
  if (!parts.firstSheet) throw new BusinessError('文件中没有工作表');
  const ctx: SheetContext = {
    dates: await dateStyles(archive, parts.styles),
    shared: await sharedStrings(archive, parts.sharedStrings),
    date1904: parts.date1904,
  };

  // Column (1-based) → the sheet column read from it, known once the header row (the first row) has been read.
  let wanted: Map<number, SheetColumn<K>> | undefined;
  const rows: SheetRow<K>[] = [];
  const tooLong: ImportRowError[] = [];
  const headerRow = (cells: Map<number, string>) => {
    const positions = new Map<string, number>();
    for (const [column, text] of cells) positions.set(text, column);
    const missing = columns.filter((c) => !positions.has(c.header)).map((c) => c.header);
    if (missing.length) throw new BusinessError(`表头缺少列：${missing.join('、')}（请使用下载的模板）`);
    return new Map(columns.map((c) => [positions.get(c.header)!, c]));
  };
  const dataRow = (row: number, cells: Map<number, string>) => {
    const values = {} as Record<K, string>;
    const reasons: string[] = [];
    let any = false;
    for (const [column, c] of wanted!) {
      let text = cells.get(column) ?? '';
      const max = c.maxLength ?? DEFAULT_MAX_LENGTH;
      if (text.length > max) {
        reasons.push(`「${c.header}」超过 ${max} 个字符`);
        text = '';
      }
      values[c.key] = text;
      if (text || reasons.length) any = true;
    }
    if (!any) return;
    // The template's example row, left in place.
    const first = values[columns[0]!.key];
    if (first.startsWith(EXAMPLE_MARK) || first.startsWith('示例:')) return;
    rows.push({ row, values });
    if (reasons.length) tooLong.push({ row, reasons });
    if (rows.length > maxRows) throw new BusinessError(`一次最多导入 ${maxRows} 行，请分批导入`);
  };

  let rowNumber = 0;
  let column = 0;
  let cells = new Map<number, string>();
  let cellCount = 0;
  // The cell being read: kept only when its column is wanted (every cell of the header row).
  let cell: { column: number; type: string; style: number; limit: number; text: string; inValue: boolean } | undefined;
  let inInline = false;
  let inText = false;
  let phonetic = 0;
  await parsePart(archive, parts.firstSheet, XLSX_LIMITS.sheetBytes, {
    open(name, attrs) {
      const element = localName(name);
      if (element === 'row') {
        rowNumber = Number.parseInt(attrs.r ?? '', 10) || rowNumber + 1;
        column = 0;
        cells = new Map();
      } else if (element === 'c') {
        cellCount += 1;
        if (cellCount > XLSX_LIMITS.cells) throw new BusinessError('文件中的单元格过多，请删除模板以外的内容或分批导入');
        column = columnOf(attrs.r) || column + 1;
        const sheetColumn = wanted?.get(column);
        const limit = !wanted ? HEADER_CHARS : sheetColumn ? (sheetColumn.maxLength ?? DEFAULT_MAX_LENGTH) + SPACE_MARGIN : 0;
        cell = limit ? { column, type: attrs.t ?? 'n', style: Number(attrs.s ?? 0), limit, text: '', inValue: false } : undefined;
      } else if (cell && element === 'v') {
        cell.inValue = true;
      } else if (element === 'is') {
        inInline = true;
      } else if (element === 'rPh') {
        phonetic += 1;
      } else if (element === 't' && inInline) {
        inText = phonetic === 0;
      }
    },
    text(piece) {
      if (!cell || !(cell.inValue || inText)) return;
      // Beyond its column's limit a cell is refused anyway: what is past it is not kept.
      if (cell.text.length < cell.limit) cell.text += piece.slice(0, cell.limit - cell.text.length);
    },
    close(name) {
      const element = localName(name);
      if (element === 'v' && cell) cell.inValue = false;
      else if (element === 't') inText = false;
      else if (element === 'is') inInline = false;
      else if (element === 'rPh') phonetic = Math.max(0, phonetic - 1);
      else if (element === 'c') {
        if (cell) cells.set(cell.column, cellText(cell.type, cell.style, cell.text, ctx).slice(0, cell.limit));
        cell = undefined;
      } else if (element === 'row') {
        // The first row is the header; a sheet starting further down has none.
        if (!wanted) wanted = headerRow(rowNumber === 1 ? cells : new Map());
        else if (rowNumber > 1) dataRow(rowNumber, cells);
        cells = new Map();
      }
    },
  });
  if (!wanted) headerRow(new Map());
  if (tooLong.length) throw new BusinessError(importReport(rows.length, tooLong));
  if (rows.length === 0) throw new BusinessError('文件中没有数据行');
  return rows;
}

export { CELL_TOO_LONG };
