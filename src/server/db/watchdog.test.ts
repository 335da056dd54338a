import { afterEach, expect, it, vi } from 'vitest';
import { watch } from './watchdog';

afterEach(() => { vi.useRealTimers(); });

it('starts a stopped process again, waiting longer after each failed start, and stops watching on stop()', async () => {
  vi.useFakeTimers();
  let running = true;
  let failuresLeft = 3;
  const restarts: number[] = [];
  const lines: string[] = [];
  const dog = watch({
    name: 'The test process',
    isRunning: () => running,
    restart: async () => {
      restarts.push(Date.now());
      if (failuresLeft-- > 0) throw new Error('port in use');
      running = true;
    },
    log: (line) => lines.push(line),
    intervalMs: 1000,
    maxDelayMs: 5000,
  });
  const start = Date.now();
  await vi.advanceTimersByTimeAsync(3000);
  expect(restarts).toEqual([]);
  running = false;
  await vi.advanceTimersByTimeAsync(30_000);
  // Noticed at the next check, then after 2 s, 4 s and 5 s (the cap).
  expect(restarts.map((t) => t - start)).toEqual([4000, 6000, 10_000, 15_000]);
  expect(lines).toEqual([
    'The test process is not running (stopped or died): starting it again',
    'The test process did not start (attempt 1; next in 2 s): port in use',
    'The test process did not start (attempt 2; next in 4 s): port in use',
    'The test process did not start (attempt 3; next in 5 s): port in use',
    'The test process is running again',
  ]);
  await dog.stop();
  running = false;
  await vi.advanceTimersByTimeAsync(30_000);
  expect(restarts).toHaveLength(4);
});
