import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { BusinessError } from '../../lib/errors';
import { boundedQueue } from './queue';
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

/**
 * Converts a .docx to PDF with LibreOffice headless, in a queue of at most MAX_CONVERSIONS (and
 * MAX_WAITING_CONVERSIONS waiting: beyond, 系统繁忙), each in its own temporary folder with an empty profile
 * (two conversions never share one, and a crashed one leaves nothing behind), sandboxed (runSoffice) and with a
 * time limit. Throws NoConverterError where LibreOffice is missing, a BusinessError when it hangs or fails.
 */
export function docxToPdf(docx: Buffer): Promise<Buffer> {
  return slot(async () => {
    const dir = await mkdtemp(join(tmpdir(), 'report-'));
    try {
      const input = join(dir, 'document.docx');
      await writeFile(input, docx);
      const ms = timeoutMs();
      const result = await runSoffice(dir, [
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
