// A 50-cylinder 发货清单 (the shipped template, resources/reports/ACCOMPANYING_LIST.docx) filled and converted to
// PDF by LibreOffice headless, as POST /api/report/printReprot does after reading the order: p50/p95 of one at a
// time, then ten requests at once through the server's queue (at most two conversions run together).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { docxToPdf, MAX_CONVERSIONS } from '../src/server/modules/report/convert';
import { fillDocx } from '../src/server/modules/report/docx';

const ROUNDS = Number(process.env.DOCUMENTS_BENCH_ROUNDS) || 10;
const CONCURRENT = 10;
const template = readFileSync(join(import.meta.dirname, '..', 'resources', 'reports', 'ACCOMPANYING_LIST.docx'));

const cylinder = (i: number) => ({
  code: `CP2026${String(i).padStart(6, '0')}`, steelStamp: `GB${i}`, gasName: '液化石油气', gasCode: 'LPG', specification: 'YSP-15',
  waterVolume: 35.5, tareWeight: 15.2, workingPressure: 2.1, manufacturer: '某某气瓶制造有限公司', manufactureDate: '2024-03-01',
  lastInspectionDate: '2025-03-01', nextInspectionDate: '2029-03-01', designLifeUntil: '2032-03-01', statusName: '已出库', ownerName: '本单位',
  qrUrl: '', fillAt: '2026-11-20 08:00:00', lotNo: 'L20261120', fillWeight: 14.5, fillPressure: null, fillOperator: '张三',
  inspectionAt: '2026-11-20 08:10:00', inspectionResultName: '合格', weighNet: 14.48, weighStandard: '14.5 ± 0.5', weighResultName: '合格',
  verdictName: '合格', passed: true,
});
const data = {
  order: { orderNo: 'CK202611200001', typeName: '销售出库', statusName: '已出库', createdAt: '2026-11-20 09:00:00', completedAt: '2026-11-20 10:00:00', operator: '李四', vehicle: '沪A12345', driver: '王师傅', remark: null },
  customer: { name: '华东气体贸易有限公司', code: 'C001', contact: '赵经理', phone: '021-12345678', address: '上海市浦东新区某路 1 号' },
  sign: null,
  lines: [{ gasName: '液化石油气', specification: 'YSP-15', quantity: 50, scanned: 50 }],
  cylinders: Array.from({ length: 50 }, (_v, i) => cylinder(i + 1)),
  cylinderCount: 50,
  conclusion: { allPassed: true, total: 50, passedCount: 50, failedCount: 0, pendingCount: 0, notPassedCount: 0, statement: '以上气瓶经检验合格，准予出厂。' },
  company: { name: '某某燃气有限公司', creditCode: '91310000XXXXXXXXXX', licenceNo: 'TS4231001-2028', licenceExpiry: '2028-12-31', address: null, phone: null, logo: null },
  printedAt: '2026-11-20 10:05:00',
};

const once = async () => {
  const start = process.hrtime.bigint();
  const pdf = await docxToPdf(fillDocx(template, data));
  if (pdf.subarray(0, 4).toString() !== '%PDF') throw new Error('not a PDF');
  return Number(process.hrtime.bigint() - start) / 1e6;
};
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

try {
  await once(); // warm-up (the first LibreOffice start reads its fonts)
  const times: number[] = [];
  for (let i = 0; i < ROUNDS; i++) times.push(await once());
  times.sort((a, b) => a - b);
  console.info(`delivery list, 50 cylinders, one at a time (${ROUNDS}): p50 ${pct(times, 50).toFixed(0)} ms, p95 ${pct(times, 95).toFixed(0)} ms`);
  const start = process.hrtime.bigint();
  const each = await Promise.all(Array.from({ length: CONCURRENT }, once));
  const wall = Number(process.hrtime.bigint() - start) / 1e6;
  each.sort((a, b) => a - b);
  console.info(`${CONCURRENT} at once (queue of ${MAX_CONVERSIONS}): all done in ${wall.toFixed(0)} ms; per request p50 ${pct(each, 50).toFixed(0)} ms, p95 ${pct(each, 95).toFixed(0)} ms, last ${each[each.length - 1]!.toFixed(0)} ms`);
} catch (err) {
  console.error(err);
  process.exit(1);
}
