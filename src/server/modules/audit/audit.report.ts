import ExcelJS from 'exceljs';
import { AUDIT_LINE_NAMES, AUDIT_STATUS_NAMES, type AuditLine, type AuditLineKind, type AuditRow } from '@shared/api/audit';
import { statusName } from '@shared/lifecycle';
import { docx, para, table } from '../report';

/**
 * 盘点报告: the audit's customer, date, counts and every line, as a workbook (exceljs) and as a Word document the
 * documents module's LibreOffice turns into PDF. Built in code, not from a plant's template: the report is the
 * audit's own record, the same everywhere.
 */

const kindName = (kind: string) => AUDIT_LINE_NAMES[kind as AuditLineKind]?.zh ?? kind;
const statusText = (s: number | null) => (s === null ? '' : statusName(s));

export const reportTitle = (a: AuditRow) => `客户盘点报告-${a.auditNo}`;

/** The head of the report: label and value pairs. */
function summary(a: AuditRow): Array<[string, string]> {
  return [
    ['盘点单号', a.auditNo], ['客户', a.customerName], ['盘点时间', a.countedAt], ['盘点人', a.countedBy ?? ''],
    ['状态', AUDIT_STATUS_NAMES[a.status]?.zh ?? String(a.status)], ['对账时间', a.reconciledAt ?? ''], ['对账人', a.reconciledBy ?? ''],
    ['盘点数量', String(a.counted)], ['账实相符', String(a.found)], ['账外发现', `${a.unexpected}（转入本客户 ${a.moved}）`],
    ['未登记编码', String(a.unknown)], ['盘点未见', `${a.missing}（判定丢失 ${a.lost}）`], ['备注', a.remark ?? ''],
  ];
}

const LINE_COLUMNS: Array<{ header: string; width: number; value: (l: AuditLine, i: number) => string | number }> = [
  { header: '序号', width: 6, value: (_l, i) => i + 1 },
  { header: '结果', width: 12, value: (l) => kindName(l.kind) },
  { header: '气瓶编码', width: 18, value: (l) => l.code },
  { header: '介质', width: 12, value: (l) => l.materialName ?? '' },
  { header: '规格', width: 10, value: (l) => l.specification ?? '' },
  { header: '对账时状态', width: 10, value: (l) => statusText(l.status) },
  { header: '已转入', width: 8, value: (l) => (l.moved ? '是' : '') },
  { header: '丢失', width: 6, value: (l) => (l.lost ? '是' : '') },
  { header: '说明', width: 60, value: (l) => l.note ?? '' },
];

export async function auditWorkbook(a: AuditRow, lines: AuditLine[]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const head = book.addWorksheet('盘点汇总');
  head.columns = [{ header: '项目', key: 'k', width: 14 }, { header: '内容', key: 'v', width: 48 }];
  head.getRow(1).font = { bold: true };
  for (const [k, v] of summary(a)) head.addRow({ k, v });
  const sheet = book.addWorksheet('盘点明细');
  sheet.columns = LINE_COLUMNS.map((c, i) => ({ header: c.header, key: `c${i}`, width: c.width }));
  sheet.getRow(1).font = { bold: true };
  lines.forEach((l, n) => sheet.addRow(Object.fromEntries(LINE_COLUMNS.map((c, i) => [`c${i}`, c.value(l, n)]))));
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** The report as a Word document (A4, the lines as one table). */
export function auditDocx(a: AuditRow, lines: AuditLine[]): Buffer {
  const head = summary(a);
  const pairs: string[][] = [];
  for (let i = 0; i < head.length; i += 2) pairs.push([head[i]![0], head[i]![1], head[i + 1]?.[0] ?? '', head[i + 1]?.[1] ?? '']);
  const widths = [600, 1100, 1700, 900, 800, 1000, 700, 600, 2700];
  return docx([
    para('客户盘点报告', { bold: true, size: 32, center: true }),
    table([1400, 3600, 1400, 3600], ['项目', '内容', '项目', '内容'], pairs),
    para(''),
    table(widths, LINE_COLUMNS.map((c) => c.header), lines.map((l, n) => LINE_COLUMNS.map((c) => String(c.value(l, n))))),
  ].join(''));
}
