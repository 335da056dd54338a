import { StringDecoder } from 'node:string_decoder';
import { BusinessError } from '../errors';
import type { ZipArchive, ZipEntry } from './zip';
import { localName, XmlParser, type XmlHandler } from './xml';

/**
 * What an uploaded workbook may cost, checked while it is read: inflated bytes per part (a zip bomb stops
 * there, whatever sizes the archive claims), the shared-strings table kept in memory, characters per cell,
 * cells per sheet. A legitimate import (10 000 rows of the templates) stays far below each.
 */
export const XLSX_LIMITS = {
  sheetBytes: 64 * 1024 * 1024,
  sharedStringsBytes: 32 * 1024 * 1024,
  /** workbook.xml, relationships, styles.xml */
  otherPartBytes: 16 * 1024 * 1024,
  sharedStrings: 300_000,
  sharedStringChars: 8_000_000,
  /** Excel's own limit for one cell. */
  cellChars: 32_767,
  cells: 1_000_000,
};

/** A part of the workbook, fed through the XML parser as it inflates. */
export async function parsePart(archive: ZipArchive, entry: ZipEntry, maxBytes: number, handler: XmlHandler): Promise<void> {
  const parser = new XmlParser(handler);
  const decoder = new StringDecoder('utf8');
  for await (const chunk of archive.chunks(entry, maxBytes)) parser.write(decoder.write(chunk));
  parser.write(decoder.end());
  parser.end();
}

/** An attribute by its local name (`r:id`, `x:r`, `r`). */
function attribute(attributes: Record<string, string>, name: string, prefixed = false): string | undefined {
  for (const [key, value] of Object.entries(attributes)) {
    if (localName(key) === name && (!prefixed || key.includes(':'))) return value;
  }
  return undefined;
}

/** A relationship target as a path in the archive, relative to the part that names it. */
function resolveTarget(base: string, target: string): string {
  if (target.startsWith('/')) return target.slice(1);
  const parts = base.split('/').slice(0, -1);
  for (const segment of target.split('/')) {
    if (segment === '..') parts.pop();
    else if (segment !== '.') parts.push(segment);
  }
  return parts.join('/');
}

async function relationships(archive: ZipArchive, part: string): Promise<Array<{ id: string; type: string; target: string }>> {
  const slash = part.lastIndexOf('/');
  const relsPath = `${part.slice(0, slash + 1)}_rels/${part.slice(slash + 1)}.rels`;
  const entry = archive.entries.get(relsPath);
  if (!entry) return [];
  const found: Array<{ id: string; type: string; target: string }> = [];
  await parsePart(archive, entry, XLSX_LIMITS.otherPartBytes, {
    open(name, attrs) {
      if (localName(name) !== 'Relationship' || !attrs.Target || found.length >= 1000) return;
      found.push({ id: attrs.Id ?? '', type: attrs.Type ?? '', target: resolveTarget(part, attrs.Target) });
    },
    close() {},
    text() {},
  });
  return found;
}

export interface WorkbookParts {
  /** The first sheet's part, e.g. xl/worksheets/sheet1.xml; absent when the workbook has no sheet. */
  firstSheet?: ZipEntry;
  sharedStrings?: ZipEntry;
  styles?: ZipEntry;
  date1904: boolean;
}

/** Finds the first sheet (in the workbook's order, as an office suite shows the tabs) and the parts it needs. */
export async function workbookParts(archive: ZipArchive): Promise<WorkbookParts> {
  const { entries } = archive;
  const root = await relationships(archive, '');
  const workbookPath = root.find((r) => r.type.endsWith('/officeDocument'))?.target ?? 'xl/workbook.xml';
  const workbook = entries.get(workbookPath);
  if (!workbook) throw new BusinessError('文件无法读取：请上传 .xlsx 格式的电子表格');
  let firstSheetId: string | undefined;
  let date1904 = false;
  await parsePart(archive, workbook, XLSX_LIMITS.otherPartBytes, {
    open(name, attrs) {
      const element = localName(name);
      if (element === 'workbookPr') date1904 = ['1', 'true'].includes(attribute(attrs, 'date1904') ?? '');
      if (element === 'sheet' && firstSheetId === undefined) firstSheetId = attribute(attrs, 'id', true) ?? '';
    },
    close() {},
    text() {},
  });
  const rels = await relationships(archive, workbookPath);
  const byType = (type: string) => entries.get(rels.find((r) => r.type.endsWith(`/${type}`))?.target ?? '');
  const sheetPath = rels.find((r) => r.id === firstSheetId)?.target;
  return {
    firstSheet: sheetPath ? entries.get(sheetPath) : undefined,
    sharedStrings: byType('sharedStrings') ?? entries.get('xl/sharedStrings.xml'),
    styles: byType('styles') ?? entries.get('xl/styles.xml'),
    date1904,
  };
}

/** Built-in number formats that show a date or time (ECMA-376 18.8.30, and the CJK ones). */
const BUILT_IN_DATE_FORMATS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51, 52, 53, 54, 55, 56, 57, 58]);

/** A format code that shows a date or time: y, m, d, h, s outside quoted text and [..] sections (as exceljs decides). */
const isDateFormat = (code: string) => /[ymdhMsb]/.test(code.replace(/\[[^\]]*]/g, '').replace(/"[^"]*"/g, ''));

/** The cell styles (`s` of a cell) whose number format shows a date: such numbers are read as dates. */
export async function dateStyles(archive: ZipArchive, styles: ZipEntry | undefined): Promise<Set<number>> {
  const dates = new Set<number>();
  if (!styles) return dates;
  const customFormats = new Map<number, string>();
  const formatOfStyle: number[] = [];
  let inCellXfs = false;
  await parsePart(archive, styles, XLSX_LIMITS.otherPartBytes, {
    open(name, attrs, selfClosing) {
      const element = localName(name);
      if (element === 'numFmt' && customFormats.size < 1000) customFormats.set(Number(attrs.numFmtId), (attrs.formatCode ?? '').slice(0, 255));
      if (element === 'cellXfs' && !selfClosing) inCellXfs = true;
      if (element === 'xf' && inCellXfs && formatOfStyle.length < 65_536) formatOfStyle.push(Number(attrs.numFmtId ?? 0));
    },
    close(name) {
      if (localName(name) === 'cellXfs') inCellXfs = false;
    },
    text() {},
  });
  formatOfStyle.forEach((format, style) => {
    const custom = customFormats.get(format);
    if (custom !== undefined ? isDateFormat(custom) : BUILT_IN_DATE_FORMATS.has(format)) dates.add(style);
  });
  return dates;
}

export const CELL_TOO_LONG = `文件中有单元格超过 ${XLSX_LIMITS.cellChars} 个字符（Excel 单元格的上限），无法导入`;

/**
 * The shared-strings table (the text of cells with t="s"), rich text runs joined, phonetic guides left out.
 * Refused while reading when one string, the count or the characters go beyond XLSX_LIMITS.
 */
export async function sharedStrings(archive: ZipArchive, entry: ZipEntry | undefined): Promise<string[]> {
  const strings: string[] = [];
  if (!entry) return strings;
  let total = 0;
  let current: string[] = [];
  let length = 0;
  let inText = false;
  let phonetic = 0;
  await parsePart(archive, entry, XLSX_LIMITS.sharedStringsBytes, {
    open(name) {
      const element = localName(name);
      if (element === 'si') {
        current = [];
        length = 0;
      } else if (element === 'rPh') {
        phonetic += 1;
      } else if (element === 't') {
        inText = phonetic === 0;
      }
    },
    text(piece) {
      if (!inText) return;
      length += piece.length;
      if (length > XLSX_LIMITS.cellChars) throw new BusinessError(CELL_TOO_LONG);
      current.push(piece);
    },
    close(name) {
      const element = localName(name);
      if (element === 't') inText = false;
      else if (element === 'rPh') phonetic = Math.max(0, phonetic - 1);
      else if (element === 'si') {
        total += length;
        if (strings.length >= XLSX_LIMITS.sharedStrings || total > XLSX_LIMITS.sharedStringChars) {
          throw new BusinessError('文件中的文字过多，请删除模板以外的内容或分批导入');
        }
        strings.push(current.join(''));
      }
    },
  });
  return strings;
}
