import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { supervise, type RestartPolicy } from '../../scripts/supervise.mjs';

const CHILD = resolve(__dirname, 'fixtures/supervised-child.mjs');
const POLICY: RestartPolicy = { firstDelayMs: 1000, maxDelayMs: 4000, stableMs: 60_000, maxStartFailures: 3 };

/** `npm start`'s supervisor over real child processes, with its pauses recorded instead of waited and a clock the test moves. */
function harness(options: { holdPauses?: boolean } = {}) {
  const children: ChildProcess[] = [];
  const spawned: Array<() => void> = [];
  const pauses: number[] = [];
  const lines: string[] = [];
  const clock = { now: 0 };
  const supervisor = supervise({
    spawnServer: () => {
      const child = spawn(process.execPath, [CHILD], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
      children.push(child);
      spawned.splice(0).forEach((notify) => notify());
      return child;
    },
    log: (line) => lines.push(line),
    policy: POLICY,
    wait: (ms, signal) => {
      pauses.push(ms);
      if (!options.holdPauses) return Promise.resolve();
      return new Promise((done) => signal.addEventListener('abort', () => done()));
    },
    now: () => clock.now,
  });
  /** The n-th server started (0-based), once it runs. */
  const child = async (n: number): Promise<ChildProcess> => {
    while (children.length <= n) await new Promise<void>((done) => spawned.push(done));
    return children[n]!;
  };
  /** Tells the n-th server to report itself ready and waits until it has. */
  const ready = async (n: number): Promise<ChildProcess> => {
    const c = await child(n);
    const reported = new Promise((done) => c.once('message', done));
    c.send({ do: 'ready' });
    await reported;
    return c;
  };
  return { supervisor, children, pauses, lines, clock, child, ready };
}

describe('npm start supervisor (scripts/supervise.mjs)', () => {
  it('restarts a server that dies after it was ready, pausing longer each time, and stops it on SIGTERM', async () => {
    const h = harness();
    (await h.ready(0)).send({ do: 'exit', code: 1 });
    (await h.ready(1)).send({ do: 'kill' });
    (await h.ready(2)).send({ do: 'exit', code: 7 });
    const last = await h.ready(3);
    h.supervisor.stop('SIGTERM');
    expect(await h.supervisor.done).toBe(0);
    expect(last.exitCode).toBe(0);
    expect(h.children).toHaveLength(4);
    expect(h.pauses).toEqual([1000, 2000, 4000]);
    expect(h.lines).toEqual([
      'The server stopped unexpectedly after 0 s (exit code 1): restarting in 1 s',
      'The server stopped unexpectedly after 0 s (signal SIGKILL): restarting in 2 s',
      'The server stopped unexpectedly after 0 s (exit code 7): restarting in 4 s',
    ]);
  });

  it('pauses only the first delay again after a server that had run for a while', async () => {
    const h = harness();
    (await h.ready(0)).send({ do: 'exit', code: 1 });
    (await h.ready(1)).send({ do: 'exit', code: 1 });
    const stable = await h.ready(2);
    h.clock.now += POLICY.stableMs;
    stable.send({ do: 'exit', code: 1 });
    await h.ready(3);
    h.supervisor.stop('SIGINT');
    expect(await h.supervisor.done).toBe(0);
    expect(h.pauses).toEqual([1000, 2000, 1000]);
  });

  it('does not restart a server whose configuration is refused', async () => {
    const h = harness();
    (await h.child(0)).send({ do: 'start-failed', permanent: true });
    expect(await h.supervisor.done).toBe(1);
    expect(h.children).toHaveLength(1);
    expect(h.lines).toEqual(['The server cannot start with this configuration: not restarting (correct it, then run npm start again)']);
  });

  it('tries a failed start again a few times, then gives up', async () => {
    const h = harness();
    for (let n = 0; n < POLICY.maxStartFailures; n += 1) (await h.child(n)).send({ do: 'start-failed', permanent: false });
    expect(await h.supervisor.done).toBe(1);
    expect(h.children).toHaveLength(POLICY.maxStartFailures);
    expect(h.pauses).toEqual([1000, 2000]);
    expect(h.lines.at(-1)).toBe('The server failed to start 3 times in a row: giving up');
  });

  it('lets a server that exits 0 by itself stay stopped', async () => {
    const h = harness();
    (await h.ready(0)).send({ do: 'exit', code: 0 });
    expect(await h.supervisor.done).toBe(0);
    expect(h.children).toHaveLength(1);
  });

  it('ends during the pause before a restart when stopped, starting nothing more', async () => {
    const h = harness({ holdPauses: true });
    (await h.ready(0)).send({ do: 'exit', code: 1 });
    while (h.pauses.length === 0) await new Promise((r) => setImmediate(r));
    h.supervisor.stop('SIGTERM');
    expect(await h.supervisor.done).toBe(0);
    expect(h.children).toHaveLength(1);
  });
});
