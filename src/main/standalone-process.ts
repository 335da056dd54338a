import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { createInterface } from 'node:readline';
import { resolvePgBinaries, resolveRunAs, runPg } from '../server/db/pg-process';
import { isProcessAlive } from '../server/pid-lock';
import type { ServerChild, SpawnRequest, StandaloneDeps } from './standalone';

/**
 * The real processes, files and ports behind StandaloneDeps. Node only: the desktop app passes Electron's
 * binary as `execPath` (the child runs it with ELECTRON_RUN_AS_NODE=1), the tests plain node.
 */

export function spawnServerWith(execPath: string): (request: SpawnRequest) => ServerChild {
  return ({ entry, env, cwd }) => {
    const child = spawn(execPath, ['--enable-source-maps', entry], {
      cwd,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
      windowsHide: true,
    });
    const lineListeners: Array<(line: string) => void> = [];
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream }).on('line', (line) => lineListeners.forEach((fn) => fn(line)));
    }
    return {
      get pid() {
        return child.pid;
      },
      onExit: (listener) => {
        // A spawn failure (missing binary) ends the child without an exit event.
        child.once('error', () => listener(null, null));
        child.once('exit', (code, signal) => listener(code, signal));
      },
      onLine: (listener) => void lineListeners.push(listener),
      kill: (signal) => void child.kill(signal),
    };
  };
}

/** Command line on Linux and macOS; on Windows only the image name (enough to recognise our own exe). */
export function describeProcess(pid: number): string | undefined {
  try {
    if (process.platform === 'linux') return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
    if (process.platform === 'win32') {
      const out = execFileSync('tasklist', ['/FI', `PID eq ${pid}`, '/FO', 'CSV', '/NH'], { encoding: 'utf8', windowsHide: true });
      return /^"([^"]+)"/.exec(out.trim())?.[1];
    }
    return execFileSync('ps', ['-o', 'command=', '-p', String(pid)], { encoding: 'utf8' }).trim() || undefined;
  } catch {
    return undefined;
  }
}

/** pg_ctl of the bundled PostgreSQL; packaged, its binaries run from app.asar.unpacked, never from inside the asar. */
export async function stopPostgres(pgDir: string): Promise<void> {
  const bin = await resolvePgBinaries();
  const pgCtl = bin.pg_ctl.replace(/app\.asar([\\/])/, 'app.asar.unpacked$1');
  await runPg(pgCtl, ['stop', '-D', pgDir, '-m', 'fast', '-w', '-t', '60'], resolveRunAs(() => {}), pgDir);
}

/** A port the OS has free right now (the server binds it a moment later). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export async function answers(url: string): Promise<boolean> {
  try {
    const response = await fetch(`${url}/`, { signal: AbortSignal.timeout(2000) });
    await response.body?.cancel();
    return true;
  } catch {
    return false;
  }
}

export function nodeStandaloneDeps(execPath: string, log: (line: string) => void): StandaloneDeps {
  return {
    spawnServer: spawnServerWith(execPath),
    readFile: (path) => {
      try {
        return readFileSync(path, 'utf8');
      } catch {
        return undefined;
      }
    },
    mkdir: (path) => void mkdirSync(path, { recursive: true }),
    isProcessAlive,
    describeProcess,
    killProcess: (pid, signal) => {
      try {
        process.kill(pid, signal);
      } catch {
        // Gone already.
      }
    },
    stopPostgres,
    freePort,
    answers,
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    now: () => Date.now(),
    log,
  };
}
