import { spawn, type ChildProcess } from 'node:child_process';

/**
 * The built server (scripts/build-server.mjs's bundle, run as `npm start` runs it) as a child process of a test.
 *
 * Hang bounds, not speed checks: in CI these suites run at nice 19 beside the browser lane, which takes both cores
 * whenever it wants them. A first start (initdb, the migrations) that takes 8 s on the quiet machine passed 60 s there
 * (2026-11-29, server-boot.test.ts, while the browser lane built the app), and a child left running after that failure
 * held the data folder and the port, so every later test of the file failed with it.
 */
export const START_BOUND_MS = 180_000;

export interface BuiltServer {
  child: ChildProcess;
  /** Everything it printed so far (stdout and stderr). */
  output: () => string;
  /** Its exit code (null when ended by a signal). */
  exited: Promise<number | null>;
}

/** `ipc`: with the channel `npm start`'s supervisor gives it. */
export function spawnBuilt(bundle: string, env: NodeJS.ProcessEnv, { ipc = false } = {}): BuiltServer {
  const child = spawn(process.execPath, ['--enable-source-maps', bundle], {
    env,
    stdio: ['ignore', 'pipe', 'pipe', ...(ipc ? ['ipc' as const] : [])],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
  return { child, output: () => output, exited };
}

/** Until it prints that it listens; its output in the error when it exits first or takes longer than `ms`. */
export async function untilListening(server: BuiltServer, ms = START_BOUND_MS, name = 'server'): Promise<void> {
  const deadline = Date.now() + ms;
  while (!server.output().includes('listening on')) {
    if (server.child.exitCode !== null) throw new Error(`${name} exited early:\n${server.output()}`);
    if (Date.now() > deadline) throw new Error(`${name} did not start within ${ms / 1000} s:\n${server.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Ends it if it still runs: SIGTERM (it stops its embedded PostgreSQL and frees its data folder and port), SIGKILL
 * after `graceMs`. For a test's clean-up, so that a failed test leaves nothing running for the next one.
 */
export async function stopBuilt(server: BuiltServer | undefined, graceMs = 30_000): Promise<void> {
  if (!server || server.child.exitCode !== null || server.child.signalCode !== null) return;
  server.child.kill('SIGTERM');
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((done) => (timer = setTimeout(() => done('late'), graceMs)));
  if ((await Promise.race([server.exited, late])) === 'late') {
    server.child.kill('SIGKILL');
    await server.exited;
  }
  clearTimeout(timer);
}
