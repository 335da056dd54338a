/**
 * The worker thread that reads report templates (template-jobs.ts starts one per job, with a heap limit): the
 * upload check and the fill of a print run here, so a large or hostile template costs this thread's time and
 * memory, never the server's event loop. Also bundled on its own (out/server/template-worker.mjs).
 */
import { setPriority } from 'node:os';
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

// Below the event loop's priority: on Linux a nice value is per thread, so this lowers this worker alone and a
// template keeps to the CPU the server's answers leave. Elsewhere (the whole process) it is not tried.
if (process.platform === 'linux') {
  try {
    setPriority(10);
  } catch {
    // Not allowed here: the worker runs at the server's priority.
  }
}

run(workerData as TemplateJob).then(
  (answer) => parentPort!.postMessage(answer),
  (error: unknown) => parentPort!.postMessage({
    ok: false, business: error instanceof BusinessError, message: error instanceof Error ? error.message : String(error),
  } satisfies TemplateJobAnswer),
);
