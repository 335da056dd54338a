import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { BusinessError } from '../../lib/errors';
import type { Placeholder } from './docx';
import { boundedQueue } from './queue';

/** A job for template-worker.ts: the upload check of a template, or the fill of a print. */
export type TemplateJob = { op: 'check'; bytes: Uint8Array } | { op: 'fill'; bytes: Uint8Array; data: object };
export type TemplateJobAnswer =
  | { ok: true; placeholders: Placeholder[] }
  | { ok: true; docx: Uint8Array; stripped: string[] }
  | { ok: false; business: boolean; message: string };

/** The heap one job may use; beyond it the worker is stopped and the template refused. */
export const TEMPLATE_JOB_HEAP_MB = 256;
/**
 * Jobs reading templates at once (at most two, and one core left to the event loop), and waiting: more is
 * answered 系统繁忙.
 */
export const MAX_TEMPLATE_JOBS = Math.max(1, Math.min(2, availableParallelism() - 1));
export const MAX_WAITING_TEMPLATE_JOBS = 16;
/** A job running longer is stopped (REPORT_TEMPLATE_TIMEOUT_MS, default 30 s). */
const timeoutMs = () => Number(process.env.REPORT_TEMPLATE_TIMEOUT_MS) || 30_000;

export const TEMPLATES_BUSY = '系统繁忙：正在处理的报表模板过多，请稍后再试';
const queue = boundedQueue(MAX_TEMPLATE_JOBS, MAX_WAITING_TEMPLATE_JOBS, TEMPLATES_BUSY);

/**
 * The built worker next to the server bundle (out/server); else (tests, tsx) the source, through tsx's loader
 * registered inside the worker (a worker does not take `--import`).
 */
function workerEntry(): { code: string | URL; eval: boolean } {
  const built = new URL('./template-worker.mjs', import.meta.url);
  if (existsSync(fileURLToPath(built))) return { code: built, eval: false };
  const tsx = createRequire(import.meta.url).resolve('tsx/cjs/api');
  const source = fileURLToPath(new URL('./template-worker.ts', import.meta.url));
  return { code: `require(${JSON.stringify(tsx)}).register(); require(${JSON.stringify(source)});`, eval: true };
}

function runWorker(job: TemplateJob): Promise<TemplateJobAnswer & { ok: true }> {
  return new Promise((resolve, reject) => {
    const entry = workerEntry();
    const worker = new Worker(entry.code, {
      eval: entry.eval, workerData: job, env: {}, stdout: false, stderr: false,
      resourceLimits: { maxOldGenerationSizeMb: TEMPLATE_JOB_HEAP_MB, maxYoungGenerationSizeMb: 32, stackSizeMb: 4 },
    });
    let settled = false;
    const settle = (done: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      done();
    };
    const ms = timeoutMs();
    const timer = setTimeout(() => settle(() => reject(new BusinessError(`处理报表模板超时（超过 ${Math.round(ms / 1000)} 秒），已终止：请检查模板是否过大或有误`))), ms);
    worker.on('message', (answer: TemplateJobAnswer) => settle(() => {
      if (answer.ok) resolve(answer);
      else reject(answer.business ? new BusinessError(answer.message) : new Error(answer.message));
    }));
    worker.on('error', (error: Error & { code?: string }) => settle(() => reject(error.code === 'ERR_WORKER_OUT_OF_MEMORY'
      ? new BusinessError(`报表模板过大：处理时超出内存上限（${TEMPLATE_JOB_HEAP_MB} MB），已终止，请精简后重新上传`)
      : error)));
    worker.on('exit', (code) => settle(() => reject(new Error(`template worker exited with code ${code}`))));
  });
}

/** The placeholders of an uploaded template, refused (BusinessError) beyond its bounds or with outside references. */
export async function checkTemplateFile(bytes: Buffer): Promise<Placeholder[]> {
  const answer = await queue(() => runWorker({ op: 'check', bytes }));
  return 'placeholders' in answer ? answer.placeholders : [];
}

/** A template filled with `data`, outside references stripped (`stripped` says which), ready to convert. */
export async function fillTemplate(bytes: Buffer, data: object): Promise<{ docx: Buffer; stripped: string[] }> {
  const answer = await queue(() => runWorker({ op: 'fill', bytes, data }));
  if (!('docx' in answer)) throw new Error('template worker answered no document');
  return { docx: Buffer.from(answer.docx.buffer, answer.docx.byteOffset, answer.docx.byteLength), stripped: answer.stripped };
}
