/**
 * Builds the default report templates (resources/reports/*.docx): 质量证明书, 产品合格证, 发货清单, 签收单 and 月结对账单, plain
 * WordprocessingML with docxtemplater placeholders naming fields of src/shared/dataSources.ts. Chinese text is
 * set in "Noto Sans CJK SC" (fonts-noto-cjk), so LibreOffice never falls back to a font without the glyphs.
 *
 *   npx tsx scripts/report-templates/build.ts
 *
 * The .docx files are committed; the server installs them as the default REPORT settings at first start.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import PizZip from 'pizzip';

const FONT = 'Noto Sans CJK SC';
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const run = (text: string, opts: { bold?: boolean; size?: number } = {}) =>
  `<w:r><w:rPr>${opts.bold ? '<w:b/>' : ''}${opts.size ? `<w:sz w:val="${opts.size}"/><w:szCs w:val="${opts.size}"/>` : ''}</w:rPr>`
  + `<w:t xml:space="preserve">${esc(text)}</w:t></w:r>`;
export const para = (text: string, opts: { bold?: boolean; size?: number; center?: boolean } = {}) =>
  `<w:p><w:pPr>${opts.center ? '<w:jc w:val="center"/>' : ''}<w:spacing w:after="80"/></w:pPr>${run(text, opts)}</w:p>`;
const cell = (text: string, width: number, bold = false) =>
  `<w:tc><w:tcPr><w:tcW w:w="${width}" w:type="dxa"/></w:tcPr><w:p><w:pPr><w:spacing w:after="0"/></w:pPr>${run(text, { bold, size: 18 })}</w:p></w:tc>`;
const border = (side: string) => `<w:${side} w:val="single" w:sz="4" w:space="0" w:color="000000"/>`;

/**
 * A table: a header row, and one row repeated over `loop` (docxtemplater repeats a row whose first cell opens the
 * loop and last closes it). A column's third value is its relative width (1 when absent).
 */
function table(loop: string, columns: ReadonlyArray<readonly [string, string, number?]>): string {
  const total = columns.reduce((sum, [, , w]) => sum + (w ?? 1), 0);
  const widths = columns.map(([, , w]) => Math.floor((9600 * (w ?? 1)) / total));
  const head = `<w:tr>${columns.map(([title], i) => cell(title, widths[i]!, true)).join('')}</w:tr>`;
  const body = `<w:tr>${columns.map(([, key], i) => {
    const open = i === 0 ? `{#${loop}}` : '';
    const close = i === columns.length - 1 ? `{/${loop}}` : '';
    return cell(`${open}{${key}}${close}`, widths[i]!);
  }).join('')}</w:tr>`;
  return `<w:tbl><w:tblPr><w:tblW w:w="9600" w:type="dxa"/><w:tblBorders>${['top', 'left', 'bottom', 'right', 'insideH', 'insideV'].map(border).join('')}</w:tblBorders></w:tblPr>`
    + `<w:tblGrid>${widths.map((w) => `<w:gridCol w:w="${w}"/>`).join('')}</w:tblGrid>${head}${body}</w:tbl>`;
}

export function docx(body: string): Buffer {
  const zip = new PizZip();
  zip.file('[Content_Types].xml', '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
    + '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
    + '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
    + '<Default Extension="xml" ContentType="application/xml"/>'
    + '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>'
    + '<Override PartName="/word/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml"/>'
    + '</Types>');
  zip.file('_rels/.rels', '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
    + '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
    + '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>'
    + '</Relationships>');
  zip.file('word/_rels/document.xml.rels', '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
    + '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
    + '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/>'
    + '</Relationships>');
  zip.file('word/styles.xml', '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
    + '<w:styles xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">'
    + `<w:docDefaults><w:rPrDefault><w:rPr><w:rFonts w:ascii="${FONT}" w:hAnsi="${FONT}" w:eastAsia="${FONT}" w:cs="${FONT}"/>`
    + '<w:sz w:val="21"/><w:szCs w:val="21"/><w:lang w:val="en-US" w:eastAsia="zh-CN"/></w:rPr></w:rPrDefault>'
    + '<w:pPrDefault><w:pPr><w:spacing w:after="80" w:line="300" w:lineRule="auto"/></w:pPr></w:pPrDefault></w:docDefaults>'
    + '<w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/></w:style>'
    + '</w:styles>');
  zip.file('word/document.xml', '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
    + '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>'
    + body
    + '<w:sectPr><w:pgSz w:w="11906" w:h="16838"/><w:pgMar w:top="1134" w:right="1134" w:bottom="1134" w:left="1134" w:header="567" w:footer="567" w:gutter="0"/></w:sectPr>'
    + '</w:body></w:document>');
  return zip.generate({ type: 'nodebuffer', compression: 'DEFLATE' });
}

const company = [
  para('{%company.logo}', { center: true }),
  para('{company.name}', { bold: true, size: 24, center: true }),
  para('统一社会信用代码：{company.creditCode}    充装许可证编号：{company.licenceNo}', { size: 18, center: true }),
];
const orderHead = [
  para('出库单号：{order.orderNo}    出库类型：{order.typeName}    出库时间：{order.completedAt}'),
  para('客户名称：{customer.name}    联系人：{customer.contact}    联系电话：{customer.phone}'),
  para('客户地址：{customer.address}'),
];
/** What the rows conclude (src/shared/dataSources.ts conclusion.*): the pass statement only when every row passed. */
const conclusion = [
  para('合格 {conclusion.passedCount}    不合格 {conclusion.failedCount}    待定 {conclusion.pendingCount}'),
  para('结论：{conclusion.statement}', { bold: true }),
];
const signature = para('{#sign.name}签收人：{sign.name} {%sign.image}    签收时间：{sign.at}{/sign.name}{^sign.name}签收人：__________    签收时间：__________{/sign.name}');

/** File name (resources/reports) → the document. */
export const TEMPLATES: Record<string, Buffer> = {
  'QUALITY_CERTIFICATE.docx': docx([
    ...company,
    para('质量证明书', { bold: true, size: 36, center: true }),
    ...orderHead,
    para('下列气瓶（按其出库时的那次充装）的检验与复秤结论如下：'),
    table('cylinders', [
      ['气瓶编码', 'code', 1.4], ['充装介质', 'gasName'], ['规格型号', 'specification', 0.9], ['充装批号', 'lotNo', 1.3],
      ['充装量(kg)', 'fillWeight', 0.8], ['检验结论', 'inspectionResultName', 0.9], ['复秤结论', 'weighResultName', 0.9],
      ['判定', 'verdictName', 0.7], ['下次检验日期', 'nextInspectionDate', 1.5],
    ]),
    para('气瓶数量：{cylinderCount}'),
    ...conclusion,
    signature,
    para('质检专用章    打印时间：{printedAt}'),
  ].join('')),
  'GRAIN_FORMULA_PACKAGE_GP_PROCESS_RECORD.docx': docx([
    ...company,
    para('产品合格证', { bold: true, size: 36, center: true }),
    para('充装批号：{lot.lotNo}    充装介质：{lot.gasName}'),
    para('充装时间：{lot.firstFillAt} 至 {lot.lastFillAt}'),
    para('充装记录：{lot.fillCount} 条    气瓶：{lot.cylinderCount} 只'),
    table('cylinders', [
      ['气瓶编码', 'code', 1.4], ['规格型号', 'specification'], ['充装量(kg)', 'fillWeight'], ['充装压力(MPa)', 'fillPressure'],
      ['充装人员', 'fillOperator'], ['检验结论', 'inspectionResultName'], ['复秤净重(kg)', 'weighNet'], ['复秤结论', 'weighResultName'],
      ['判定', 'verdictName', 0.8],
    ]),
    ...conclusion,
    para('气瓶二维码', { bold: true }),
    para('{#cylinders}{code} {%qrImage}    {/cylinders}', { size: 16 }),
    para('检验员：__________    打印时间：{printedAt}'),
  ].join('')),
  'ACCOMPANYING_LIST.docx': docx([
    ...company,
    para('发货清单', { bold: true, size: 36, center: true }),
    ...orderHead,
    para('车辆：{order.vehicle}    司机：{order.driver}    开单人：{order.operator}'),
    para('出库明细', { bold: true }),
    table('lines', [['充装介质', 'gasName'], ['规格型号', 'specification'], ['数量', 'quantity'], ['已扫描', 'scanned']]),
    para('出库气瓶（共 {cylinderCount} 只）', { bold: true }),
    table('cylinders', [
      ['气瓶编码', 'code', 1.4], ['充装介质', 'gasName'], ['规格型号', 'specification'], ['充装批号', 'lotNo', 1.3],
      ['检验结论', 'inspectionResultName'], ['复秤净重(kg)', 'weighNet'], ['复秤结论', 'weighResultName'], ['判定', 'verdictName', 0.8],
    ]),
    ...conclusion,
    para('备注：{order.remark}'),
    signature,
    para('打印时间：{printedAt}'),
  ].join('')),
  /** 签收单 (issue 37): the receipt a driver leaves at a stop, opened by its QR code without signing in. */
  'TRIP_RECEIPT.docx': docx([
    para('签收单', { bold: true, size: 36, center: true }),
    para('车次：{trip.tripNo}    车辆：{trip.plate}    驾驶员：{trip.driver}    押运员：{trip.escort}'),
    para('客户：{customer.name}    联系人：{customer.contact}    联系电话：{customer.phone}'),
    para('地址：{customer.address}'),
    para('签收人：{receiverName}    签收时间：{provedAt}    位置：{position}'),
    para('交付气瓶（共 {deliveredCount} 只）', { bold: true }),
    table('delivered', [['气瓶编码', 'code', 1.4], ['介质', 'gasName'], ['规格', 'specification'], ['出库单号', 'orderNo', 1.6]]),
    para('差异（共 {differenceCount} 只）', { bold: true }),
    table('differences', [['气瓶编码', 'code', 1.4], ['介质', 'gasName'], ['规格', 'specification'], ['差异原因', 'reasonName', 1.2]]),
    para('回收空瓶（共 {pickupCount} 只）', { bold: true }),
    table('pickups', [['气瓶编码', 'code', 1.4], ['介质', 'gasName'], ['规格', 'specification'], ['说明', 'note', 2]]),
    para('备注：{remark}'),
    para('签名：{%signature}'),
    para('打印时间：{printedAt}'),
  ].join('')),
  /**
   * 月结对账单 (issue 38): a customer's month as issued — each cylinder's custody with its days and amount, the monthly
   * lines' balances, deposits, the notes correcting it, and the totals (yuan with two decimals, from integer cents).
   */
  'RENTAL_STATEMENT.docx': docx([
    ...company,
    para('月结对账单', { bold: true, size: 36, center: true }),
    para('对账单号：{statementNo}    月份：{month}    出具时间：{issuedAt}    出具人：{issuedBy}'),
    para('客户名称：{customer.name}    联系人：{customer.contact}    联系电话：{customer.phone}'),
    para('租金：{totals.rental} 元    最低租金补足：{totals.minimumTopUp} 元    押金收取：{totals.depositTaken} 元    押金退还：{totals.depositRefunded} 元'),
    para('本月合计：{totals.total} 元    调整：{totals.notes} 元    应收合计：{totals.due} 元    月末押金余额：{totals.depositBalance} 元', { bold: true }),
    para('气瓶明细（共 {lineCount} 条）', { bold: true }),
    table('lines', [
      ['气瓶编码', 'code', 1.5], ['介质', 'gasName', 0.8], ['规格', 'specification', 0.6], ['交付时间', 'deliveredAt', 1.6], ['归还时间', 'returnedAt', 1.6],
      ['计租方式', 'methodName', 1], ['在租天数', 'daysHeld', 0.6], ['免租天数', 'freeDays', 0.6], ['计费天数', 'daysCharged', 0.6], ['单价', 'rate', 0.7],
      ['金额', 'amount', 0.8], ['备注', 'note', 0.8],
    ]),
    para('按月计租（共 {balanceCount} 项）', { bold: true }),
    table('balances', [['介质', 'gasName'], ['规格', 'specification'], ['计租方式', 'methodName', 1.2], ['结存/峰值', 'balance'], ['单价', 'rate'], ['计费天数', 'days'], ['金额', 'amount']]),
    para('押金（共 {depositCount} 笔）', { bold: true }),
    table('deposits', [['气瓶编码', 'code', 1.5], ['类型', 'kindName'], ['时间', 'at', 1.6], ['金额', 'amount']]),
    para('调整单（共 {noteCount} 张）', { bold: true }),
    table('notes', [['调整单号', 'noteNo', 1.4], ['类型', 'kindName', 1.2], ['金额', 'amount'], ['原因', 'reason', 2], ['开具时间', 'createdAt', 1.4]]),
    para('客户确认：__________    日期：__________'),
    para('打印时间：{printedAt}'),
  ].join('')),
};

const here = dirname(fileURLToPath(import.meta.url));
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const out = join(here, '..', '..', 'resources', 'reports');
  mkdirSync(out, { recursive: true });
  for (const [name, bytes] of Object.entries(TEMPLATES)) {
    writeFileSync(join(out, name), bytes);
    console.info(`${join('resources/reports', name)} (${bytes.length} bytes)`);
  }
}
