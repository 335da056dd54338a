/**
 * The worker thread that reads report templates (template-jobs.ts starts one per job, with a heap limit): the
 * upload check and the fill of a print run here, so a large or hostile template costs this thread's time and
 * memory, never the server's event loop. Also bundled on its own (out/server/template-worker.mjs).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { BusinessError } from '../../lib/errors';
import { fillDocx, placeholdersOf } from './docx';
import { stripLinks } from './links';
import { inspectTemplate, linksMessage } from './template-limits';
import type { TemplateJob, TemplateJobAnswer } from './template-jobs';

async function run(job: TemplateJob): Promise<TemplateJobAnswer> {
  const bytes = Buffer.from(job.bytes);
  const { links } = await inspectTemplate(bytes);
  if (job.op === 'check') {
    if (links.length) throw new BusinessError(linksMessage(links));
    return { ok: true, placeholders: placeholdersOf(bytes) };
  }
  let stripped: string[] = [];
  const docx = fillDocx(bytes, job.data, (zip) => { stripped = stripLinks(zip); });
  return { ok: true, docx, stripped };
}

run(workerData as TemplateJob).then(
  (answer) => parentPort!.postMessage(answer),
  (error: unknown) => parentPort!.postMessage({
    ok: false, business: error instanceof BusinessError, message: error instanceof Error ? error.message : String(error),
  } satisfies TemplateJobAnswer),
);
