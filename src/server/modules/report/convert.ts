import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { BusinessError } from '../../lib/errors';
import { boundedQueue } from './queue';
import { closeConverters, ConversionFailedError, ConverterLostError, ConverterStartError, convertWarm, poolSize, unoPython } from './converters';
import { findCommand, isolation } from './sandbox';

/** At most this many LibreOffice conversions run at once; the others wait their turn. */
export const MAX_CONVERSIONS = 2;

/** The LibreOffice command (SOFFICE_PATH, default `soffice` on the PATH). */
const sofficeCommand = () => process.env.SOFFICE_PATH || 'soffice';
/** A conversion running longer is killed (REPORT_CONVERT_TIMEOUT_MS, default 60 s). */
const timeoutMs = () => Number(process.env.REPORT_CONVERT_TIMEOUT_MS) || 60_000;

/** Thrown when LibreOffice is not installed: the caller answers the .docx instead, saying why. */
export class NoConverterError extends Error {}

/** Conversions waiting for a slot; one more is answered 系统繁忙 at once. */
export const MAX_WAITING_CONVERSIONS = 8;
export const CONVERSIONS_BUSY = '系统繁忙：正在生成的 PDF 过多，请稍后再试';
const slot = boundedQueue(MAX_CONVERSIONS, MAX_WAITING_CONVERSIONS, CONVERSIONS_BUSY);

/**
 * soffice in the job's folder with nothing of the server's environment (its secrets stay out), HOME and TMPDIR
 * in the folder, and, where the platform allows, in a network namespace of its own with no interface.
 */
async function runSoffice(dir: string, args: string[], ms: number): Promise<{ code: number | null; stderr: string; timedOut: boolean }> {
  // Behind unshare a missing soffice is unshare's exit code, not ENOENT: looked up first.
  const soffice = findCommand(sofficeCommand());
  if (!soffice) throw new NoConverterError(sofficeCommand());
  const { prefix } = await isolation();
  const env = process.platform === 'win32' ? process.env : {
    PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: dir, TMPDIR: dir, LANG: process.env.LANG || 'C.UTF-8', SAL_USE_VCLPLUGIN: 'svp',
  };
  const [command, ...rest] = [...prefix, soffice, ...args];
  return new Promise((resolve, reject) => {
    // Its own process group, so a hung conversion is killed with every process it started.
    const child = spawn(command!, rest, { cwd: dir, env, detached: true, stdio: ['ignore', 'ignore', 'pipe'] });
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

const timedOutMessage = (ms: number) => `生成 PDF 超时（超过 ${Math.round(ms / 1000)} 秒），已终止转换：请检查模板是否过大或有误`;
const FAILED = '生成 PDF 失败：LibreOffice 无法转换该模板，请检查模板文件';

/** One cold conversion: soffice started for this document alone, in its own folder with an empty profile. */
async function convertCold(docx: Buffer, ms: number): Promise<Buffer> {
  const dir = await mkdtemp(join(tmpdir(), 'report-'));
  try {
    const input = join(dir, 'document.docx');
    await writeFile(input, docx);
    const result = await runSoffice(dir, [
      `-env:UserInstallation=${pathToFileURL(join(dir, 'profile')).href}`,
      '--headless', '--norestore', '--nolockcheck', '--convert-to', 'pdf', '--outdir', dir, input,
    ], ms);
    if (result.timedOut) throw new BusinessError(timedOutMessage(ms));
    const pdf = await readFile(join(dir, 'document.pdf')).catch(() => null);
    if (result.code !== 0 || !pdf || pdf.length === 0) throw new BusinessError(FAILED);
    return pdf;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * One conversion on a warm converter (converters.ts), in a job folder inside the converter's own folder (removed
 * after). A lost converter (killed, crashed, past the time limit) is replaced and the conversion tried once more on
 * the fresh one; lost twice, it fails as the cold path would (timeout or failure).
 */
async function convertOnPool(soffice: string, python: string, docx: Buffer, ms: number): Promise<Buffer> {
  let lost: ConverterLostError | undefined;
  for (let attempt = 0; attempt < 2; attempt++) {
    let job = '';
    try {
      await convertWarm(soffice, python, ms, async (converterDir) => {
        job = await mkdtemp(join(converterDir, 'jobs', 'job-'));
        await writeFile(join(job, 'document.docx'), docx);
        return { input: join(job, 'document.docx'), output: join(job, 'document.pdf') };
      });
      const pdf = await readFile(join(job, 'document.pdf')).catch(() => null);
      if (!pdf || pdf.length === 0) throw new BusinessError(FAILED);
      return pdf;
    } catch (err) {
      if (err instanceof ConversionFailedError) throw new BusinessError(FAILED);
      if (!(err instanceof ConverterLostError)) throw err;
      lost = err;
    } finally {
      if (job) await rm(job, { recursive: true, force: true });
    }
  }
  throw new BusinessError(lost?.message === 'timeout' ? timedOutMessage(ms) : FAILED);
}

/** Warm converters that could not start are not tried again for this long: conversions go cold meanwhile. */
const WARM_RETRY_MS = 60_000;
let warmFailedAt = 0;
let warmCommand: string | undefined;

/**
 * How conversions run now, for the server's start log: warm (a pool of N) or cold, and why.
 */
export function conversionMode(): string {
  const soffice = findCommand(sofficeCommand());
  if (!soffice) return `cold: LibreOffice not found (${sofficeCommand()})`;
  if (process.platform === 'win32') return 'cold: warm converters are not used on Windows';
  if (poolSize() === 0) return 'cold (REPORT_CONVERTERS=0)';
  const python = unoPython(soffice);
  if (!python) return 'cold: no Python with the LibreOffice UNO bridge (install python3-uno, or set SOFFICE_PYTHON)';
  return `warm: up to ${poolSize()} LibreOffice converters (${python})`;
}

/**
 * Converts a .docx to PDF with LibreOffice headless, in a queue of at most MAX_CONVERSIONS (and
 * MAX_WAITING_CONVERSIONS waiting: beyond, 系统繁忙), sandboxed (runSoffice; the warm converters run the same way)
 * and with a time limit. On a warm converter when the pool is on and available (converters.ts); otherwise — no
 * Python with the UNO bridge, REPORT_CONVERTERS=0, Windows, a converter that would not start in the last minute, or
 * SOFFICE_PATH changed since the pool started — cold: each conversion in its own temporary folder with an empty
 * profile (a crashed one leaves nothing behind). Throws NoConverterError where LibreOffice is missing, a
 * BusinessError when it hangs or fails.
 */
export function docxToPdf(docx: Buffer): Promise<Buffer> {
  return slot(async () => {
    const ms = timeoutMs();
    const soffice = findCommand(sofficeCommand());
    if (!soffice) throw new NoConverterError(sofficeCommand());
    const warm = process.platform !== 'win32' && poolSize() > 0 && Date.now() - warmFailedAt > WARM_RETRY_MS
      && (warmCommand === undefined || warmCommand === soffice);
    const python = warm ? unoPython(soffice) : null;
    if (python) {
      warmCommand = soffice;
      try {
        return await convertOnPool(soffice, python, docx, ms);
      } catch (err) {
        // The pool could not even start a converter: cold this time, and for a while.
        if (!(err instanceof ConverterStartError)) throw err;
        warmFailedAt = Date.now();
      }
    }
    return convertCold(docx, ms);
  });
}

/** Closes the warm converters (the server's onClose); a later conversion starts them again. */
export async function stopConverters(): Promise<void> {
  await closeConverters();
  warmCommand = undefined;
}
