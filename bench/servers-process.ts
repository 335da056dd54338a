// The bench servers (bench/lifecycle-servers.ts: the real app and the bare endpoint) in a child process of their own,
// so the load generator does not share their event loop. Used by lifecycle.bench.ts and integration.bench.ts.
import { fork, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import type { ServersReady } from './lifecycle-servers';

export async function startServers(url: string): Promise<{ child: ChildProcess; ready: ServersReady }> {
  const child = fork(resolve('bench/lifecycle-servers.ts'), [], {
    // BENCH_CPU_PROF=1: a CPU profile of the servers' process (.cpuprofile in .tmp/cpu-prof) to read in DevTools.
    execArgv: ['--import', 'tsx', ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir=.tmp/cpu-prof'] : [])],
    env: { ...process.env, BENCH_DATABASE_URL: url, BENCH_LIFECYCLE_SERVERS: '1' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = await new Promise<ServersReady>((done, fail) => {
    child.once('message', (message) => done(message as ServersReady));
    child.once('exit', (code) => fail(new Error(`the bench servers exited (${code}) before listening`)));
    child.once('error', fail);
  });
  return { child, ready };
}

export async function stopServers(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  child.send('stop');
  const timer = setTimeout(() => child.kill('SIGTERM'), 10_000);
  await exited;
  clearTimeout(timer);
}
