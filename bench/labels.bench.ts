// Label jobs generated per second: a batch of 1,000 cylinder labels (placeholders resolved, layout,
// encoding) rendered to TSPL (GBK) and to ZPL (UTF-8). Pure generation; no printer involved.
import type { LabelJob } from '../src/shared/devices';
import { cylinderLabel } from '../src/shared/label/cylinder-label.fixture';
import { buildTspl } from '../src/main/devices/printing/tspl';
import { buildZpl } from '../src/main/devices/printing/zpl';

const BATCH = 1000;
const ROUNDS = 5;

const jobs: LabelJob[] = Array.from({ length: BATCH }, (_v, i) =>
  cylinderLabel({ data: { cylinder: { code: `CP${String(2024000 + i).padStart(9, '0')}` } } }),
);

function run(name: string, build: (job: LabelJob) => Buffer): void {
  for (const job of jobs.slice(0, 50)) build(job); // warm-up
  const times: number[] = [];
  let bytes = 0;
  for (let r = 0; r < ROUNDS; r++) {
    const start = process.hrtime.bigint();
    bytes = 0;
    for (const job of jobs) bytes += build(job).length;
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(ROUNDS / 2)]!;
  const perSecond = Math.round((BATCH / median) * 1000);
  console.info(
    `${name.padEnd(5)} batch of ${BATCH}: median ${median.toFixed(1)} ms (best ${times[0]!.toFixed(1)} ms) → ${perSecond.toLocaleString('en-US')} labels/s, ${(bytes / BATCH).toFixed(0)} bytes/label`,
  );
  if (!(perSecond > 0)) process.exit(1);
}

run('TSPL', buildTspl);
run('ZPL', buildZpl);
