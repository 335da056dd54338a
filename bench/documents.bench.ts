// Documents fast enough for month end (issue 38): the shipped 质量证明书 (resources/reports/QUALITY_CERTIFICATE.docx, an
// order of 10 cylinders) filled and converted to PDF as POST /api/report/printReprot does after reading the order,
// one at a time — cold (LibreOffice started for each, REPORT_CONVERTERS=0) against warm (the pool of converters.ts) —
// then a month end: N statement-sized documents (the 发货清单 of 50 cylinders, two pages of table like a customer's
// 月结对账单) through docxToPdf from two callers, as the pool and the queue let them run, extrapolated to 2,000.
// Then ten requests at once through the queue. DOCUMENTS_BENCH_ROUNDS (warm, default 20), DOCUMENTS_BENCH_COLD
// (default 5), DOCUMENTS_BENCH_STATEMENTS (default 100).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { conversionMode, docxToPdf, MAX_CONVERSIONS, stopConverters } from '../src/server/modules/report/convert';
import { converterProcesses, poolSize } from '../src/server/modules/report/converters';
import { fillDocx } from '../src/server/modules/report/docx';

const ROUNDS = Number(process.env.DOCUMENTS_BENCH_ROUNDS) || 20;
const COLD_ROUNDS = Number(process.env.DOCUMENTS_BENCH_COLD) || 5;
const STATEMENTS = Number(process.env.DOCUMENTS_BENCH_STATEMENTS) || 100;
const CUSTOMERS = 2000;
const CONCURRENT = 10;
const reports = join(import.meta.dirname, '..', 'resources', 'reports');
const certificate = readFileSync(join(reports, 'QUALITY_CERTIFICATE.docx'));
const template = readFileSync(join(reports, 'ACCOMPANYING_LIST.docx'));
const cylinder = (i: number) => ({
  code: `CP2026${String(i).padStart(6, '0')}`, steelStamp: `GB${i}`, gasName: '液化石油气', gasCode: 'LPG', specification: 'YSP-15',
  waterVolume: 35.5, tareWeight: 15.2, workingPressure: 2.1, manufacturer: '某某气瓶制造有限公司', manufactureDate: '2024-03-01',
  lastInspectionDate: '2025-03-01', nextInspectionDate: '2029-03-01', designLifeUntil: '2032-03-01', statusName: '已出库', ownerName: '本单位',
  qrUrl: '', fillAt: '2026-11-20 08:00:00', lotNo: 'L20261120', fillWeight: 14.5, fillPressure: null, fillOperator: '张三',
  inspectionAt: '2026-11-20 08:10:00', inspectionResultName: '合格', weighNet: 14.48, weighStandard: '14.5 ± 0.5', weighResultName: '合格',
  verdictName: '合格', passed: true,
});
const dataOf = (n: number) => ({
  order: { orderNo: 'CK202611200001', typeName: '销售出库', statusName: '已出库', createdAt: '2026-11-20 09:00:00', completedAt: '2026-11-20 10:00:00', operator: '李四', vehicle: '沪A12345', driver: '王师傅', remark: null },
  customer: { name: '华东气体贸易有限公司', code: 'C001', contact: '赵经理', phone: '021-12345678', address: '上海市浦东新区某路 1 号' },
  sign: null,
  lines: [{ gasName: '液化石油气', specification: 'YSP-15', quantity: n, scanned: n }],
  cylinders: Array.from({ length: n }, (_v, i) => cylinder(i + 1)),
  cylinderCount: n,
  conclusion: { allPassed: true, total: n, passedCount: n, failedCount: 0, pendingCount: 0, notPassedCount: 0, statement: '以上气瓶经检验合格，准予出厂。' },
  company: { name: '某某燃气有限公司', creditCode: '91310000XXXXXXXXXX', licenceNo: 'TS4231001-2028', licenceExpiry: '2028-12-31', address: null, phone: null, logo: null },
  printedAt: '2026-11-20 10:05:00',
});

const once = async (bytes: Buffer, n: number) => {
  const start = process.hrtime.bigint();
  const pdf = await docxToPdf(fillDocx(bytes, dataOf(n)));
  if (pdf.subarray(0, 4).toString() !== '%PDF') throw new Error('not a PDF');
  return Number(process.hrtime.bigint() - start) / 1e6;
};
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const figures = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return { p50: pct(sorted, 50), p95: pct(sorted, 95), text: `p50 ${pct(sorted, 50).toFixed(0)} ms, p95 ${pct(sorted, 95).toFixed(0)} ms, max ${sorted[sorted.length - 1]!.toFixed(0)} ms` };
};
const series = async (rounds: number, bytes: Buffer, n: number) => {
  const times: number[] = [];
  for (let i = 0; i < rounds; i++) times.push(await once(bytes, n));
  return times;
};

try {
  const saved = process.env.REPORT_CONVERTERS;
  process.env.REPORT_CONVERTERS = '0';
  console.info(`cold: ${conversionMode()}`);
  await once(certificate, 10); // the first LibreOffice start reads its fonts
  const cold = figures(await series(COLD_ROUNDS, certificate, 10));
  console.info(`质量证明书 (10 cylinders), cold, one at a time (${COLD_ROUNDS}): ${cold.text}`);
  if (saved === undefined) delete process.env.REPORT_CONVERTERS;
  else process.env.REPORT_CONVERTERS = saved;

  console.info(`warm: ${conversionMode()}`);
  const startWarm = process.hrtime.bigint();
  await once(certificate, 10); // starts the first converter
  console.info(`first warm conversion (the converter's start included): ${(Number(process.hrtime.bigint() - startWarm) / 1e6).toFixed(0)} ms`);
  const warm = figures(await series(ROUNDS, certificate, 10));
  console.info(`质量证明书 (10 cylinders), warm, one at a time (${ROUNDS}): ${warm.text} — ${(cold.p50 / warm.p50).toFixed(1)}× faster at p50; target p50 < 1 s: ${warm.p50 < 1000 ? 'met' : 'MISSED'}`);

  // A month end: two callers (a run for all customers is one job; two keep both converters busy).
  const workers = Math.max(1, Math.min(poolSize(), MAX_CONVERSIONS));
  let next = 0;
  const each: number[] = [];
  const start = process.hrtime.bigint();
  await Promise.all(Array.from({ length: workers }, async () => {
    while (next < STATEMENTS) {
      next += 1;
      each.push(await once(template, 50));
    }
  }));
  const wall = Number(process.hrtime.bigint() - start) / 1e6;
  const perDoc = wall / STATEMENTS;
  const projected = (perDoc * CUSTOMERS) / 60_000;
  console.info(`${STATEMENTS} statement-sized documents (50 rows each), ${workers} at a time on ${converterProcesses().length} converter(s): ${(wall / 1000).toFixed(1)} s, `
    + `${perDoc.toFixed(0)} ms each (per document ${figures(each).text}); ${CUSTOMERS} customers: ${projected.toFixed(1)} min; target < 15 min: ${projected < 15 ? 'met' : 'MISSED'}`);

  const burst = process.hrtime.bigint();
  const burstTimes = await Promise.all(Array.from({ length: CONCURRENT }, () => once(template, 50)));
  console.info(`${CONCURRENT} at once (queue of ${MAX_CONVERSIONS}): all done in ${(Number(process.hrtime.bigint() - burst) / 1e6).toFixed(0)} ms; per request ${figures(burstTimes).text}`);
  await stopConverters();
} catch (err) {
  console.error(err);
  await stopConverters();
  process.exit(1);
}
