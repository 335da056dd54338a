import ExcelJS from 'exceljs';
import { BusinessError } from '../errors';
import { EXAMPLE_MARK, type SheetColumn } from './columns';

export interface SheetRow<K extends string> {
  /** 1-based row number as the office suite shows it. */
  row: number;
  values: Record<K, string>;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A cell as the text a person typed: dates as YYYY-MM-DD, formulas by their result, rich text joined. */
export function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) {
    // Spreadsheet dates carry no time zone: exceljs reads them as UTC midnight.
    const d = `${value.getUTCFullYear()}-${pad(value.getUTCMonth() + 1)}-${pad(value.getUTCDate())}`;
    const hasTime = value.getUTCHours() || value.getUTCMinutes() || value.getUTCSeconds();
    return hasTime ? `${d} ${pad(value.getUTCHours())}:${pad(value.getUTCMinutes())}:${pad(value.getUTCSeconds())}` : d;
  }
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((r) => r.text).join('').trim();
    if ('result' in value) return cellText(value.result);
    if ('text' in value) return String(value.text).trim();
    if ('error' in value) return '';
    return '';
  }
  return String(value).trim();
}

/**
 * The first sheet's data rows keyed by column, found by header text in the first row (any column order,
 * extra columns ignored). Rows with no value at all, and the template's example row, are skipped. A missing header or an unreadable file is
 * refused as a whole.
 */
export async function readSheet<K extends string>(buffer: Buffer, columns: SheetColumn<K>[], maxRows = 10_000): Promise<SheetRow<K>[]> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  } catch {
    throw new BusinessError('文件无法读取：请上传 .xlsx 格式的电子表格');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new BusinessError('文件中没有工作表');
  const positions = new Map<string, number>();
  sheet.getRow(1).eachCell((cell, col) => positions.set(cellText(cell.value), col));
  const missing = columns.filter((c) => !positions.has(c.header)).map((c) => c.header);
  if (missing.length) throw new BusinessError(`表头缺少列：${missing.join('、')}（请使用下载的模板）`);

  const rows: SheetRow<K>[] = [];
  for (let r = 2; r <= sheet.rowCount; r += 1) {
    const row = sheet.getRow(r);
    const values = {} as Record<K, string>;
    let any = false;
    for (const c of columns) {
      const text = cellText(row.getCell(positions.get(c.header)!).value);
      values[c.key] = text;
      if (text) any = true;
    }
    if (!any) continue;
    // The template's example row, left in place.
    if (values[columns[0]!.key].startsWith(EXAMPLE_MARK) || values[columns[0]!.key].startsWith('示例:')) continue;
    rows.push({ row: r, values });
    if (rows.length > maxRows) throw new BusinessError(`一次最多导入 ${maxRows} 行，请分批导入`);
  }
  if (rows.length === 0) throw new BusinessError('文件中没有数据行');
  return rows;
}
