import type { Kysely } from 'kysely';
import ExcelJS from 'exceljs';
import { QUALITY_EXPORT_CAP, type QualityFilter, type RecallQuery } from '@shared/api/quality';
import { statusName } from '@shared/lifecycle';
import type { DB } from '../../db/schema';
import * as quality from './quality.service';
import * as recall from './recall.service';

type Db = Kysely<DB>;
type Cell = string | number | null;

/**
 * The quality exports: one sheet, the filter in its first line, then the figures (each block a title row, a
 * header row and its rows), then the detail rows (capped, and the sheet says so).
 */
class Sheet {
  readonly workbook = new ExcelJS.Workbook();
  private readonly sheet: ExcelJS.Worksheet;
  constructor(name: string, filter: string) {
    this.sheet = this.workbook.addWorksheet(name);
    this.sheet.addRow([filter]).font = { bold: true };
    this.sheet.addRow([`导出时间：${new Date().toLocaleString('zh-CN', { hour12: false })}`]);
    this.sheet.columns.forEach((c) => { c.width = 16; });
  }
  block(title: string, header: string[], rows: Cell[][]): void {
    this.sheet.addRow([]);
    this.sheet.addRow([title]).font = { bold: true };
    this.sheet.addRow(header).font = { bold: true };
    for (const r of rows) this.sheet.addRow(r);
  }
  async buffer(): Promise<Buffer> {
    for (let i = 1; i <= 18; i++) this.sheet.getColumn(i).width = i === 1 ? 22 : 16;
    return Buffer.from(await this.workbook.xlsx.writeBuffer());
  }
}

const capNote = (total: number, cap: number) => (total > cap ? `明细共 ${total} 行，仅导出前 ${cap} 行` : `明细共 ${total} 行`);
const yesNo = (v: boolean | null) => (v === null ? '' : v ? '合格' : '超差');

export async function deliveryWorkbook(db: Db, f: QualityFilter): Promise<Buffer> {
  const counts = await quality.deliveryCount(db, f);
  const sheet = new Sheet('客户质量', await quality.filterLine(db, f, ['material', 'customer', 'operator']));
  sheet.block('合计', ['发货（瓶）', '回收（瓶）', '客户数'], [[counts.delivered, counts.recovered, counts.customers]]);
  sheet.block('按客户', ['客户', '发货（瓶）', '回收（瓶）'], counts.byCustomer.map((c) => [c.name, c.delivered, c.recovered]));
  sheet.block(f.bucket === 'month' ? '按月' : '按日', ['期间', '发货（瓶）', '回收（瓶）'], counts.byPeriod.map((p) => [p.period, p.delivered, p.recovered]));
  const { list: rows } = await quality.deliveryPage(db, f, QUALITY_EXPORT_CAP, 0);
  sheet.block(`发货明细（${capNote(counts.delivered, QUALITY_EXPORT_CAP)}）`, [
    '出库单号', '出库时间', '客户', '气瓶编码', '介质', '规格', '充装批号', '充装重量(kg)', '充装压力(MPa)', '充装时间', '充装人',
    '检验结论', '检验时间', '复秤净重(kg)', '复秤结论', '复秤时间',
  ], rows.map((r) => [
    r.orderNo, r.shippedAt, r.customerName, r.code, r.materialName, r.specification, r.lotNo, r.filledWeight, r.filledPressure, r.filledAt,
    r.filler, r.testResult === null ? '' : r.testResult === 1 ? '合格' : '不合格', r.testedAt, r.reweighNet, yesNo(r.reweighPassed), r.reweighedAt,
  ]));
  return sheet.buffer();
}

const DECISIONS: Record<number, string> = { 2: '回库', 3: '重新充装', 0: '报废' };

export async function factoryWorkbook(db: Db, f: QualityFilter): Promise<Buffer> {
  const [checks, analysis] = [await quality.checkCount(db, f), await quality.productAnalysis(db, f)];
  const sheet = new Sheet('出厂质量', await quality.filterLine(db, f, ['material', 'operator']));
  const header = ['', '检验合格', '检验不合格', '检验合格率(%)', '复秤合格', '复秤超差', '复秤合格率(%)'];
  const line = (name: string, t: typeof checks.total): Cell[] => [name, t.testPass, t.testFail, t.testRate, t.reweighPass, t.reweighFail, t.reweighRate];
  sheet.block('合计', header, [line('合计', checks.total)]);
  sheet.block('按介质', ['介质', ...header.slice(1)], checks.byGas.map((g) => line(g.name, g)));
  sheet.block('按操作员', ['操作员', ...header.slice(1)], checks.byOperator.map((o) => line(o.name, o)));
  sheet.block(f.bucket === 'month' ? '按月' : '按日', ['期间', '检验合格', '检验不合格', '复秤合格', '复秤超差', '分析回库', '分析重新充装', '分析报废'],
    analysis.byPeriod.map((p) => [p.period, p.testPass, p.testFail, p.reweighPass, p.reweighFail, p.toStock, p.toFilling, p.scrapped]));
  sheet.block('不合格原因', ['类型', '原因', '次数'], analysis.reasons.map((r) => [r.kind === 'test' ? '检验' : '复秤', r.reason, r.n]));
  sheet.block('分析处理', ['处理结果', '原因', '次数'], analysis.decisions.map((d) => [DECISIONS[d.decision] ?? String(d.decision), d.reason, d.n]));
  return sheet.buffer();
}

export async function recallWorkbook(db: Db, q: RecallQuery): Promise<Buffer> {
  const summary = await recall.recallSummary(db, q);
  const { choice } = await recall.resolveChoice(db, q);
  const sheet = new Sheet('追溯召回', `筛选条件：${summary.label}`);
  sheet.block('合计', ['充装记录', '气瓶', '其后已再次充装'], [[summary.fills, summary.cylinders, summary.refilled]]);
  sheet.block('按当前状态', ['状态', '气瓶数'], summary.byStatus.map((s) => [statusName(s.status), s.n]));
  sheet.block('按持有客户', ['客户', '联系人', '电话', '气瓶数', '最早出库于'], summary.byCustomer.map((c) => [c.name, c.contact, c.phone, c.n, c.since]));
  const rows = await recall.recallAllRows(db, choice);
  sheet.block(`气瓶明细（共 ${rows.length} 行）`, ['气瓶编码', '当前状态', '充装时间', '充装批号', '客户', '联系人', '电话', '出库单号', '出库于'],
    rows.map((r) => [r.code, statusName(r.status), r.filledAt, r.lotNo, r.customerName, r.contact, r.phone, r.orderNo, r.since]));
  return sheet.buffer();
}
