export interface WatchdogOptions {
  /** What is watched, for the log: "the embedded PostgreSQL". */
  name: string;
  isRunning: () => boolean;
  /** Starts it again; a rejection is logged and tried again later. */
  restart: () => Promise<void>;
  log: (line: string) => void;
  /** How often it is checked, and the first wait after a failed restart (doubling up to maxDelayMs). */
  intervalMs: number;
  maxDelayMs: number;
}

export interface Watchdog {
  /** Stops watching; waits for a restart under way to finish, so the caller can then stop the process itself. */
  stop(): Promise<void>;
}

/**
 * Checks every intervalMs that a process we started still runs, and starts it again when it does not
 * (it died, or someone stopped it). A restart that fails is tried again after a growing pause, so a
 * process that cannot start is not started in a tight loop. The timers never keep the process alive.
 */
export function watch(options: WatchdogOptions): Watchdog {
  const { name, isRunning, restart, log, intervalMs, maxDelayMs } = options;
  let stopped = false;
  let wake: (() => void) | undefined;
  let timer: NodeJS.Timeout | undefined;
  const sleep = (ms: number) => new Promise<void>((resolve) => {
    wake = resolve;
    timer = setTimeout(resolve, ms);
    timer.unref();
  });

  const loop = (async () => {
    let failures = 0;
    while (!stopped) {
      await sleep(failures ? Math.min(maxDelayMs, intervalMs * 2 ** failures) : intervalMs);
      if (stopped) break;
      if (isRunning()) {
        failures = 0;
        continue;
      }
      if (!failures) log(`${name} is not running (stopped or died): starting it again`);
      try {
        await restart();
        failures = 0;
        log(`${name} is running again`);
      } catch (error) {
        failures += 1;
        const next = Math.min(maxDelayMs, intervalMs * 2 ** failures);
        log(`${name} did not start (attempt ${failures}; next in ${Math.round(next / 1000)} s): ${(error as Error).message}`);
      }
    }
  })();

  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      wake?.();
      await loop;
    },
  };
}
