import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { BusinessError } from '../../lib/errors';

/** At most this many LibreOffice conversions run at once; the others wait their turn. */
export const MAX_CONVERSIONS = 2;

/** The LibreOffice command (SOFFICE_PATH, default `soffice` on the PATH). */
const sofficeCommand = () => process.env.SOFFICE_PATH || 'soffice';
/** A conversion running longer is killed (REPORT_CONVERT_TIMEOUT_MS, default 60 s). */
const timeoutMs = () => Number(process.env.REPORT_CONVERT_TIMEOUT_MS) || 60_000;

/** Thrown when LibreOffice is not installed: the caller answers the .docx instead, saying why. */
export class NoConverterError extends Error {}

let running = 0;
const waiting: Array<() => void> = [];

async function slot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONVERSIONS) await new Promise<void>((resolve) => waiting.push(resolve));
  else running += 1;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

function runSoffice(args: string[], ms: number): Promise<{ code: number | null; stderr: string; timedOut: boolean }> {
  return new Promise((resolve, reject) => {
    // Its own process group, so a hung conversion is killed with every process it started.
    const child = spawn(sofficeCommand(), args, { detached: true, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    let timedOut = false;
    child.stderr.on('data', (d: Buffer) => {
      if (stderr.length < 4000) stderr += d.toString();
    });
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
    }, ms);
    child.on('error', (err: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      if (err.code === 'ENOENT') reject(new NoConverterError(sofficeCommand()));
      else reject(err);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr, timedOut });
    });
  });
}

/**
 * Converts a .docx to PDF with LibreOffice headless, in a queue of at most MAX_CONVERSIONS, each with its own
 * temporary profile (two conversions never share one, and a crashed one leaves nothing behind) and a time
 * limit. Throws NoConverterError where LibreOffice is missing, a BusinessError when it hangs or fails.
 */
export function docxToPdf(docx: Buffer): Promise<Buffer> {
  return slot(async () => {
    const dir = await mkdtemp(join(tmpdir(), 'report-'));
    try {
      const input = join(dir, 'document.docx');
      await writeFile(input, docx);
      const ms = timeoutMs();
      const result = await runSoffice([
        `-env:UserInstallation=${pathToFileURL(join(dir, 'profile')).href}`,
        '--headless', '--norestore', '--nolockcheck', '--convert-to', 'pdf', '--outdir', dir, input,
      ], ms);
      if (result.timedOut) throw new BusinessError(`生成 PDF 超时（超过 ${Math.round(ms / 1000)} 秒），已终止转换：请检查模板是否过大或有误`);
      const pdf = await readFile(join(dir, 'document.pdf')).catch(() => null);
      if (result.code !== 0 || !pdf || pdf.length === 0) throw new BusinessError('生成 PDF 失败：LibreOffice 无法转换该模板，请检查模板文件');
      return pdf;
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
}
