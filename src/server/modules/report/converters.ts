import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { realpathSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { randomBytes } from 'node:crypto';
import { findCommand, isolation } from './sandbox';
import { WARM_HELPER } from './warm-helper';

/**
 * Warm converters (issue 38): a small pool of long-lived LibreOffice processes, each with a user profile of its own,
 * driven through the Python-UNO bridge (warm-helper.ts) so a conversion costs the document's own work and not
 * LibreOffice's start (about 3 s cold, well under 1 s warm).
 *
 * - At most `size` converters (REPORT_CONVERTERS, default 2 on a machine with two cores or more, else 1; 0 turns the
 *   pool off), started at the first conversion that needs one, not at the server's start.
 * - A converter is killed with its process group and replaced when it dies, when a conversion runs past the time
 *   limit, and after REPORT_CONVERTER_MAX_JOBS conversions (default 200: LibreOffice's memory and its profile stay
 *   bounded). The caller's conversion is tried once more on a fresh converter when its converter was lost.
 * - Each runs exactly as a cold conversion does (convert.ts): in the network namespace of `isolation()`, with none
 *   of the server's environment, HOME and TMPDIR in a folder of its own, detached in a process group of its own.
 * - `closeConverters()` (the server's onClose) kills every one; a converter also ends by itself when its standard
 *   input closes, so none outlives the server even if it is killed.
 */

/** A converter was lost under a conversion (died, hung, or closed with the server): the conversion may be retried. */
export class ConverterLostError extends Error {}
/** No converter could be started (no listener within the limit, Python or LibreOffice failing): go cold. */
export class ConverterStartError extends Error {}
/** A document LibreOffice could not open or convert, on a healthy converter. */
export class ConversionFailedError extends Error {}

export const poolSize = () => {
  const raw = process.env.REPORT_CONVERTERS;
  if (raw !== undefined && raw !== '' && Number.isInteger(Number(raw)) && Number(raw) >= 0) return Number(raw);
  return Math.min(2, Math.max(1, cpus().length));
};
const maxJobs = () => Number(process.env.REPORT_CONVERTER_MAX_JOBS) || 200;

interface Job {
  resolve: () => void;
  reject: (err: Error) => void;
  timer: NodeJS.Timeout;
}

interface Converter {
  child: ChildProcessWithoutNullStreams;
  dir: string;
  /** LibreOffice's pid (oosplash, which runs soffice.bin) once ready. */
  officePid: number | null;
  ready: Promise<void>;
  busy: boolean;
  jobs: number;
  dead: boolean;
  current: Job | null;
  exited: Promise<void>;
}

let seq = 0;
/** Converters being set up (their folder made) and not yet in `converters`: counted against the pool's size. */
let starting = 0;
const converters = new Set<Converter>();
const waiting: Array<() => void> = [];
let pythonFound: { command: string; python: string | null } | undefined;

/** A Python that imports `uno`: SOFFICE_PYTHON, LibreOffice's own (program/python of its builds), /usr/bin/python3, python3. */
export function unoPython(soffice: string): string | null {
  if (pythonFound?.command === soffice) return pythonFound.python;
  const candidates: string[] = [];
  if (process.env.SOFFICE_PYTHON) candidates.push(process.env.SOFFICE_PYTHON);
  else {
    try {
      candidates.push(join(dirname(realpathSync(soffice)), 'python'));
    } catch { /* not a file */ }
    candidates.push('/usr/bin/python3', 'python3');
  }
  let python: string | null = null;
  for (const candidate of candidates) {
    const found = findCommand(candidate);
    if (!found) continue;
    const probe = spawnSync(found, ['-c', 'import uno'], { env: { PATH: process.env.PATH ?? '/usr/bin:/bin' }, stdio: 'ignore', timeout: 20_000 });
    if (probe.status === 0) {
      python = found;
      break;
    }
  }
  pythonFound = { command: soffice, python };
  return python;
}

const killNow = (c: Converter) => {
  try {
    process.kill(-c.child.pid!, 'SIGKILL');
  } catch {
    try { c.child.kill('SIGKILL'); } catch { /* gone */ }
  }
};

/**
 * Stops a converter: SIGTERM asks its helper to kill and reap LibreOffice and leave (no zombie is left for a `pgrep`
 * to see); its whole process group is killed if it has not left within 3 s.
 */
const killGroup = (c: Converter) => {
  if (c.dead) return;
  c.dead = true;
  converters.delete(c);
  // Waited for: the server's process stays up until the converter has gone.
  c.child.ref();
  try {
    c.child.kill('SIGTERM');
  } catch { /* gone */ }
  const hard = setTimeout(() => killNow(c), 3_000);
  hard.unref();
  void c.exited.then(() => clearTimeout(hard));
};

const release = () => {
  const next = waiting.shift();
  if (next) next();
};

async function startConverter(soffice: string, python: string, startMs: number): Promise<Converter> {
  const dir = await mkdtemp(join(tmpdir(), 'converter-'));
  await mkdir(join(dir, 'jobs'));
  const { prefix } = await isolation();
  const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: dir, TMPDIR: dir, LANG: process.env.LANG || 'C.UTF-8', SAL_USE_VCLPLUGIN: 'svp' };
  const pipe = `cylconv_${process.pid}_${++seq}_${randomBytes(6).toString('hex')}`;
  const profile = pathToFileURL(join(dir, 'profile')).href;
  const [command, ...args] = [...prefix, python, '-c', WARM_HELPER, soffice, pipe, profile, String(startMs)];
  const child = spawn(command, args, { cwd: dir, env, detached: true, stdio: ['pipe', 'pipe', 'pipe'] });
  // An idle converter does not keep the server's process alive; a conversion's timer does while it runs.
  child.unref();
  for (const stream of [child.stdin, child.stdout, child.stderr]) (stream as unknown as { unref?: () => void }).unref?.();
  child.stderr.resume();
  const c: Converter = { child, dir, officePid: null, ready: Promise.resolve(), busy: true, jobs: 0, dead: false, current: null, exited: Promise.resolve() };
  converters.add(c);
  let onReady: (() => void) | undefined;
  let onFail: ((err: Error) => void) | undefined;
  c.ready = new Promise<void>((resolve, reject) => { onReady = resolve; onFail = reject; });
  c.ready.catch(() => undefined);
  const startTimer = setTimeout(() => {
    killGroup(c);
    onFail?.(new ConverterStartError('LibreOffice did not start listening in time'));
  }, startMs + 2_000);
  c.exited = new Promise<void>((resolve) => {
    child.on('close', () => {
      clearTimeout(startTimer);
      killNow(c); // anything of its group still there
      c.dead = true;
      converters.delete(c);
      onFail?.(new ConverterStartError('the converter exited while starting'));
      if (c.current) {
        clearTimeout(c.current.timer);
        c.current.reject(new ConverterLostError('the converter exited during a conversion'));
        c.current = null;
      }
      void rm(dir, { recursive: true, force: true }).finally(resolve);
      // A waiting conversion may now start a converter of its own in this one's place.
      release();
    });
    child.on('error', () => { /* close follows */ });
  });
  let buffer = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => {
    buffer += chunk;
    let nl: number;
    while ((nl = buffer.indexOf('\n')) >= 0) {
      const line = buffer.slice(0, nl);
      buffer = buffer.slice(nl + 1);
      let msg: { ready?: boolean; pid?: number; ok?: boolean; error?: string };
      try {
        msg = JSON.parse(line) as typeof msg;
      } catch {
        continue;
      }
      if (msg.ready) {
        clearTimeout(startTimer);
        c.officePid = msg.pid ?? null;
        onReady?.();
        onFail = undefined;
      } else if (c.current) {
        const job = c.current;
        c.current = null;
        clearTimeout(job.timer);
        if (msg.ok) job.resolve();
        else job.reject(new ConversionFailedError(msg.error ?? 'conversion failed'));
      }
    }
  });
  return c;
}

/** An idle converter for `soffice` (started if the pool has room), marked busy; waits while all are busy. */
async function acquire(soffice: string, python: string, ms: number): Promise<Converter> {
  for (;;) {
    const idle = [...converters].find((c) => !c.busy && !c.dead);
    if (idle) {
      idle.busy = true;
      return idle;
    }
    if (converters.size + starting < Math.max(1, poolSize())) {
      starting += 1;
      let c: Converter;
      try {
        // Starting is LibreOffice's own work (a profile made, under load several seconds), not the document's.
        c = await startConverter(soffice, python, Math.max(ms, 30_000));
      } finally {
        starting -= 1;
      }
      try {
        await c.ready;
      } catch (err) {
        killGroup(c);
        throw err;
      }
      return c;
    }
    await new Promise<void>((resolve) => waiting.push(resolve));
  }
}

function giveBack(c: Converter) {
  c.busy = false;
  if (!c.dead && c.jobs >= maxJobs()) killGroup(c);
  release();
}

let nextJob = 0;

/**
 * `input` (a .docx the converter may read) converted to `output` by a warm converter: ConversionFailedError when
 * LibreOffice cannot convert it, ConverterLostError when the converter died or ran past `ms` (it is then killed
 * and replaced). Retrying is the caller's choice (convert.ts retries once).
 */
export async function convertWarm(soffice: string, python: string, ms: number, jobDir: (converterDir: string) => Promise<{ input: string; output: string }>): Promise<{ converterDir: string }> {
  const c = await acquire(soffice, python, ms);
  try {
    const { input, output } = await jobDir(c.dir);
    c.jobs += 1;
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        c.current = null;
        killGroup(c);
        reject(new ConverterLostError('timeout'));
      }, ms);
      c.current = { resolve, reject, timer };
      c.child.stdin.write(`${JSON.stringify({ id: ++nextJob, input, output })}\n`);
    });
    return { converterDir: c.dir };
  } finally {
    giveBack(c);
  }
}

/** Kills every warm converter (with LibreOffice) and waits until each has exited and its folder is removed. */
export async function closeConverters(): Promise<void> {
  const all = [...converters];
  for (const c of all) killGroup(c);
  await Promise.all(all.map((c) => c.exited));
}

/** For tests and the bench: the running converters' process groups and LibreOffice pids. */
export function converterProcesses(): Array<{ group: number; office: number | null; jobs: number }> {
  return [...converters].filter((c) => !c.dead).map((c) => ({ group: c.child.pid!, office: c.officePid, jobs: c.jobs }));
}

// A server that exits without closing (a crash, process.exit) takes its converters with it.
process.once('exit', () => {
  for (const c of converters) killNow(c);
});
