import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docxToPdf } from '../../src/server/modules/report/convert';
import { converterProcesses } from '../../src/server/modules/report/converters';
import { buildTestApp, type TestApp } from './app-helper';
import { docxOf, DOCUMENT_CLOSE, DOCUMENT_OPEN, paragraph } from './docx-craft';

/**
 * Warm converters (issue 38): conversions run on long-lived LibreOffice processes, which are replaced when killed or
 * hung (the conversion under way still succeeds) and end with the server.
 */
let t: TestApp;
const saved = { converters: process.env.REPORT_CONVERTERS, timeout: process.env.REPORT_CONVERT_TIMEOUT_MS };

/** The PDF's text without white space (pdftotext spaces CJK from digits). */
const text = (pdf: Buffer) => execFileSync('pdftotext', ['-', '-'], { input: pdf, encoding: 'utf8' }).replace(/\s+/g, '');
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
/** LibreOffice's own processes under a converter's oosplash (soffice.bin). */
const officeBin = (oosplash: number) => execFileSync('pgrep', ['-P', String(oosplash)], { encoding: 'utf8' }).split('\n').filter(Boolean).map(Number);
/** Every process of this test's converters: the helper and LibreOffice carry the pipe name `cylconv_<our pid>_…`. */
const ours = () => {
  try {
    return execFileSync('pgrep', ['-f', `cylconv_${process.pid}_`], { encoding: 'utf8' }).split('\n').filter(Boolean);
  } catch {
    return []; // pgrep exits 1 when nothing matches
  }
};
const many = (prefix: string, n: number) => docxOf(DOCUMENT_OPEN + Array.from({ length: n }, (_v, i) => paragraph(`${prefix} 第${i + 1}行 气瓶 CP${String(i).padStart(6, '0')}`)).join('') + DOCUMENT_CLOSE);

beforeAll(async () => {
  process.env.REPORT_CONVERTERS = '1';
  t = await buildTestApp();
});
afterAll(async () => {
  for (const [k, v] of [['REPORT_CONVERTERS', saved.converters], ['REPORT_CONVERT_TIMEOUT_MS', saved.timeout]] as const) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
});

describe('warm converters', { timeout: 180_000 }, () => {
  it('converts on a warm LibreOffice: the PDF reads right and the next conversion reuses the same process', async () => {
    const first = await docxToPdf(await docxOf(DOCUMENT_OPEN + paragraph('质量证明书 CP2026000001 合格') + DOCUMENT_CLOSE));
    expect(text(first)).toContain('质量证明书CP2026000001合格');
    const [converter] = converterProcesses();
    expect(converter).toMatchObject({ jobs: 1 });
    expect(alive(converter!.office!)).toBe(true);
    const started = Date.now();
    const second = await docxToPdf(await docxOf(DOCUMENT_OPEN + paragraph('发货清单 CP2026000002') + DOCUMENT_CLOSE));
    const ms = Date.now() - started;
    expect(text(second)).toContain('发货清单CP2026000002');
    expect(converterProcesses()).toEqual([{ ...converter, jobs: 2 }]);
    // A cold start takes seconds; a warm one a fraction of that (generous for a loaded machine).
    expect(ms).toBeLessThan(2_500);
  });

  it('LibreOffice killed (kill -9) during a conversion: that conversion still succeeds, on a restarted converter', async () => {
    const [before] = converterProcesses();
    const docx = await many('被杀', 3000);
    const conversion = docxToPdf(docx);
    await new Promise((resolve) => setTimeout(resolve, 150));
    const bins = officeBin(before!.office!);
    expect(bins.length).toBeGreaterThan(0);
    for (const pid of bins) process.kill(pid, 'SIGKILL');
    const pdf = await conversion;
    expect(text(pdf)).toContain('被杀第3000行气瓶CP002999');
    const [after] = converterProcesses();
    expect(after!.group).not.toBe(before!.group);
    expect(alive(before!.office!)).toBe(false);
    // And the next one runs on the new converter.
    expect(text(await docxToPdf(await docxOf(DOCUMENT_OPEN + paragraph('之后 OK') + DOCUMENT_CLOSE)))).toContain('之后OK');
    expect(converterProcesses()[0]!.group).toBe(after!.group);
  });

  it('LibreOffice hanging (stopped) past the time limit: killed and replaced, the conversion retried and done', async () => {
    await docxToPdf(await docxOf(DOCUMENT_OPEN + paragraph('预热') + DOCUMENT_CLOSE));
    const [before] = converterProcesses();
    process.env.REPORT_CONVERT_TIMEOUT_MS = '3000';
    try {
      for (const pid of officeBin(before!.office!)) process.kill(pid, 'SIGSTOP');
      const started = Date.now();
      const pdf = await docxToPdf(await docxOf(DOCUMENT_OPEN + paragraph('挂起后重试 OK') + DOCUMENT_CLOSE));
      expect(text(pdf)).toContain('挂起后重试OK');
      expect(Date.now() - started).toBeGreaterThanOrEqual(3_000);
    } finally {
      delete process.env.REPORT_CONVERT_TIMEOUT_MS;
    }
    expect(converterProcesses()[0]!.group).not.toBe(before!.group);
    expect(alive(before!.office!)).toBe(false);
  });

  it('app.close() leaves no LibreOffice process behind', async () => {
    const running = converterProcesses();
    expect(running.length).toBe(1);
    expect(ours().length).toBeGreaterThan(0);
    await t.close();
    expect(converterProcesses()).toEqual([]);
    expect(ours()).toEqual([]);
    for (const c of running) {
      expect(alive(c.group)).toBe(false);
      expect(alive(c.office!)).toBe(false);
    }
  });
});
