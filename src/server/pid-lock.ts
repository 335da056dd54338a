import { readFileSync, unlinkSync, writeFileSync } from 'node:fs';

/** A zombie has exited but was not reaped (some container inits never reap): it counts as dead. */
function isZombie(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) === 'Z';
  } catch {
    return false;
  }
}

/** True when a process with this pid runs (EPERM still means it exists, just not ours to signal). */
export function isProcessAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  return !isZombie(pid);
}

export class LockHeldError extends Error {
  override name = 'LockHeldError';
  constructor(
    readonly file: string,
    readonly pid: number,
  ) {
    super(`${file} is held by another running server (pid ${pid}); stop that server first or use another DATA_DIR`);
  }
}

const heldHere = new Set<string>();

function readPid(file: string): number | undefined {
  try {
    return Number.parseInt(readFileSync(file, 'utf8').trim(), 10);
  } catch {
    return undefined;
  }
}

/**
 * Takes a pid-file lock. A lock left by a process that no longer exists (killed, crashed, or an old
 * container whose pid we now reuse) is taken over; a lock of a live process is refused with LockHeldError.
 */
export function acquirePidLock(file: string): { release(): void } {
  if (heldHere.has(file)) throw new LockHeldError(file, process.pid);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      writeFileSync(file, `${process.pid}\n`, { flag: 'wx' });
      heldHere.add(file);
      return { release: () => releasePidLock(file) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const pid = readPid(file);
    if (pid !== undefined && pid !== process.pid && isProcessAlive(pid)) throw new LockHeldError(file, pid);
    try {
      unlinkSync(file);
    } catch {
      // Someone else removed it first; try again.
    }
  }
  throw new Error(`Could not take the lock ${file}`);
}

function releasePidLock(file: string): void {
  if (!heldHere.delete(file)) return;
  if (readPid(file) !== process.pid) return;
  try {
    unlinkSync(file);
  } catch {
    // Already gone.
  }
}
