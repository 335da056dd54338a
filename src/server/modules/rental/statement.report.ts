import ExcelJS from 'exceljs';
import { RENTAL_METHOD_NAMES, type StatementDetail } from '@shared/api/rental';
import { yuan } from '@shared/rental/money';

/**
 * 月结对账单 as a workbook, and the data its PDF is filled with (the shipped template RENTAL_STATEMENT, through the
 * documents module), from the statement as issued. Money in yuan with two decimals, from integer cents (no floating point on the way).
 */

export const statementTitle = (s: StatementDetail) => `月结对账单-${s.statementNo ?? `${s.customerName}-${s.month}`}`;

const exemptText = (e: string | null) => (e === 'customerOwned' ? '客户自有' : e === 'depositHeld' ? '押金抵租' : '');

function summary(s: StatementDetail): Array<[string, string]> {
  return [
    ['对账单号', s.statementNo ?? '（预览）'], ['客户', s.customerName], ['月份', s.month], ['出具时间', s.issuedAt ?? ''],
    ['租金', yuan(s.rentalCents)], ['最低租金补足', yuan(s.minimumTopUpCents)], ['押金收取', yuan(s.depositTakenCents)],
    ['押金退还', yuan(s.depositRefundedCents)], ['月末押金余额', yuan(s.depositBalanceCents)], ['本月合计', yuan(s.totalCents)],
    ['调整后应收', yuan(s.dueCents)],
  ];
}

const LINE_COLUMNS: Array<{ header: string; width: number; value: (l: StatementDetail['lines'][number]) => string | number }> = [
  { header: '气瓶编码', width: 18, value: (l) => l.code },
  { header: '介质', width: 10, value: (l) => l.materialName ?? '' },
  { header: '规格', width: 8, value: (l) => l.specification ?? '' },
  { header: '交付时间', width: 20, value: (l) => l.deliveredAt },
  { header: '归还时间', width: 20, value: (l) => l.returnedAt ?? '' },
  { header: '计租方式', width: 12, value: (l) => RENTAL_METHOD_NAMES[l.method].zh },
  { header: '在租天数', width: 8, value: (l) => l.daysHeld },
  { header: '免租天数', width: 8, value: (l) => l.freeDays },
  { header: '计费天数', width: 8, value: (l) => l.daysCharged },
  { header: '单价', width: 8, value: (l) => yuan(l.rateCents) },
  { header: '金额', width: 10, value: (l) => yuan(l.amountCents) },
  { header: '备注', width: 10, value: (l) => [l.capped ? '封顶' : '', exemptText(l.exempt)].filter(Boolean).join(' ') },
];

export async function statementWorkbook(s: StatementDetail): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const head = book.addWorksheet('对账汇总');
  head.columns = [{ header: '项目', key: 'k', width: 16 }, { header: '内容', key: 'v', width: 36 }];
  for (const [k, v] of summary(s)) head.addRow({ k, v });
  const sheet = book.addWorksheet('气瓶明细');
  sheet.columns = LINE_COLUMNS.map((c, i) => ({ header: c.header, key: `c${i}`, width: c.width }));
  for (const l of s.lines) sheet.addRow(Object.fromEntries(LINE_COLUMNS.map((c, i) => [`c${i}`, c.value(l)])));
  const balances = book.addWorksheet('月结存');
  balances.columns = ['介质', '规格', '计租方式', '结存数', '单价', '计费天数', '金额'].map((header, i) => ({ header, key: `b${i}`, width: 12 }));
  for (const b of s.balances) balances.addRow([b.materialName ?? '全部', b.specification ?? '全部', RENTAL_METHOD_NAMES[b.method].zh, b.balance, yuan(b.rateCents), b.days, yuan(b.amountCents)]);
  const deposits = book.addWorksheet('押金');
  deposits.columns = ['气瓶编码', '类型', '时间', '金额'].map((header, i) => ({ header, key: `d${i}`, width: 18 }));
  for (const d of s.deposits) deposits.addRow([d.code, d.kind === 'taken' ? '收取' : '退还', d.at, yuan(d.amountCents)]);
  const notes = book.addWorksheet('调整单');
  notes.columns = ['调整单号', '类型', '金额', '原因', '时间'].map((header, i) => ({ header, key: `n${i}`, width: 18 }));
  for (const n of s.notes) notes.addRow([n.noteNo, n.kind === 'credit' ? '贷项（减少应收）' : '借项（增加应收）', yuan(n.amountCents), n.reason, n.createdAt]);
  for (const ws of book.worksheets) ws.getRow(1).font = { bold: true };
  return Buffer.from(await book.xlsx.writeBuffer());
}

const two = (n: number) => String(n).padStart(2, '0');
const printedAt = (d: Date) => `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())} ${two(d.getHours())}:${two(d.getMinutes())}`;

/**
 * What the shipped template RENTAL_STATEMENT prints (scripts/report-templates/build.ts): the plant, the customer, the
 * statement's lines, balances, deposits and notes, and its totals in yuan with two decimals.
 */
export function statementTemplateData(s: StatementDetail, company: object, customer: { contact: string | null; phone: string | null } | undefined) {
  const notesCents = s.dueCents - s.totalCents;
  return {
    company,
    statementNo: s.statementNo ?? '（预览，未出具）', month: s.month, issuedAt: s.issuedAt ?? '', issuedBy: s.issuedBy ?? '',
    customer: { name: s.customerName, contact: customer?.contact ?? '', phone: customer?.phone ?? '' },
    totals: {
      rental: yuan(s.rentalCents), minimumTopUp: yuan(s.minimumTopUpCents), depositTaken: yuan(s.depositTakenCents), depositRefunded: yuan(s.depositRefundedCents),
      depositBalance: yuan(s.depositBalanceCents), total: yuan(s.totalCents), notes: yuan(notesCents), due: yuan(s.dueCents),
    },
    lines: s.lines.map((l) => ({
      code: l.code, gasName: l.materialName ?? '', specification: l.specification ?? '', deliveredAt: l.deliveredAt, returnedAt: l.returnedAt ?? '',
      methodName: RENTAL_METHOD_NAMES[l.method].zh, daysHeld: l.daysHeld, freeDays: l.freeDays, daysCharged: l.daysCharged, rate: yuan(l.rateCents),
      amount: yuan(l.amountCents), note: [l.capped ? '封顶' : '', exemptText(l.exempt)].filter(Boolean).join(' '),
    })),
    lineCount: s.lines.length,
    balances: s.balances.map((b) => ({
      gasName: b.materialName ?? '全部', specification: b.specification ?? '全部', methodName: RENTAL_METHOD_NAMES[b.method].zh, balance: b.balance,
      rate: yuan(b.rateCents), days: b.days, amount: yuan(b.amountCents),
    })),
    balanceCount: s.balances.length,
    deposits: s.deposits.map((d) => ({ code: d.code, kindName: d.kind === 'taken' ? '收取' : '退还', at: d.at, amount: yuan(d.amountCents) })),
    depositCount: s.deposits.length,
    notes: s.notes.map((n) => ({
      noteNo: n.noteNo, kindName: n.kind === 'credit' ? '贷项（减少应收）' : '借项（增加应收）', amount: yuan(n.amountCents), reason: n.reason, createdAt: n.createdAt,
    })),
    noteCount: s.notes.length,
    printedAt: printedAt(new Date()),
  };
}

/**
 * 应收导出 (docs/RENTAL.md): one row per issued statement of the month, the columns an accounting package maps:
 * 凭证日期, 客户编码, 客户名称, 对账单号, 月份, 租金, 最低租金补足, 押金收取, 押金退还, 调整, 应收合计.
 */
export async function exportWorkbook(month: string, rows: Array<{ statementNo: string; customerCode: string | null; customerName: string; issuedAt: string;
  rentalCents: number; minimumTopUpCents: number; depositTakenCents: number; depositRefundedCents: number; notesCents: number; dueCents: number }>): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(`应收${month}`);
  const headers = ['凭证日期', '客户编码', '客户名称', '对账单号', '月份', '租金', '最低租金补足', '押金收取', '押金退还', '调整', '应收合计'];
  sheet.columns = headers.map((header, i) => ({ header, key: `x${i}`, width: i === 2 ? 28 : 14 }));
  sheet.getRow(1).font = { bold: true };
  for (const r of rows) {
    sheet.addRow([r.issuedAt.slice(0, 10), r.customerCode ?? '', r.customerName, r.statementNo, month, yuan(r.rentalCents), yuan(r.minimumTopUpCents),
      yuan(r.depositTakenCents), yuan(r.depositRefundedCents), yuan(r.notesCents), yuan(r.dueCents)]);
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}
